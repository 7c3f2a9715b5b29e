"""What is indexed: one document per entry, bilingual text fields plus exact fields."""

from __future__ import annotations

from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from indexer.analysis import BilingualAnalyzer

SCHEMA_VERSION = "7"  # 7: impact postings beside the index
# Field weights for ranking: titles and terms weigh more than body text.
FIELD_BOOSTS: dict[str, float] = {
    "keys": 3.0,
    "defines": 2.0,
    "body": 1.0,
}


def make_schema() -> Schema:
    """Builds the schema; analyzers are module-level classes (the schema is pickled)."""
    analyzer = BilingualAnalyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(stored=True, sortable=True),
        type=ID(stored=True, sortable=True),
        # Official numbers: Q&A numbers ("108"), rule numbers ("16.9.5"), pages ("p12").
        numbers=KEYWORD(lowercase=True, commas=True, scorable=True),
        # What names the entry: titles, the terms it defines and uses (both languages),
        # the cards it cites, its locator. One field, so a word costs one matcher here...
        keys=TEXT(analyzer=analyzer, phrase=True),
        # The forms (both languages) of the terms this entry defines: a term look-up
        # should find the entry that defines it first.
        defines=TEXT(analyzer=analyzer),
        # ...and one in the texts of both languages.
        body=TEXT(analyzer=analyzer, phrase=True),
        title=STORED(),
        body_zh=STORED(),
        body_en=STORED(),
        order=NUMERIC(stored=True, sortable=True),
    )

"""What is indexed: one document per entry, bilingual text fields plus exact fields."""

from __future__ import annotations

from whoosh.fields import ID, KEYWORD, NUMERIC, TEXT, Schema

from indexer.analysis import BilingualAnalyzer

SCHEMA_VERSION = "3"
# Field weights for ranking: titles and terms weigh more than body text.
FIELD_BOOSTS: dict[str, float] = {
    "title": 4.0,
    "defines": 2.0,
    "terms": 2.5,
    "cards": 3.0,
    "body_zh": 1.0,
    "body_en": 1.0,
    "notes": 0.4,
    "locator": 1.5,
}
TEXT_FIELDS: tuple[str, ...] = tuple(FIELD_BOOSTS)


def make_schema() -> Schema:
    """Builds the schema; analyzers are module-level classes (the schema is pickled)."""
    analyzer = BilingualAnalyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(stored=True, sortable=True),
        type=ID(stored=True, sortable=True),
        # Official numbers: Q&A numbers ("108"), rule numbers ("16.9.5"), pages ("p12").
        numbers=KEYWORD(lowercase=True, commas=True, scorable=True),
        title=TEXT(analyzer=analyzer, stored=True, phrase=True),
        # The term forms (both languages) of the terms this entry defines.
        defines=TEXT(analyzer=analyzer, phrase=True),
        terms=TEXT(analyzer=analyzer, phrase=True),
        cards=TEXT(analyzer=analyzer, phrase=True),
        body_zh=TEXT(analyzer=analyzer, stored=True, phrase=True),
        body_en=TEXT(analyzer=analyzer, stored=True, phrase=True),
        notes=TEXT(analyzer=analyzer),
        locator=TEXT(analyzer=analyzer, stored=True),
        order=NUMERIC(stored=True, sortable=True),
    )

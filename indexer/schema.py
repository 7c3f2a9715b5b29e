"""What whoosh indexes: one document per entry, two scored text fields plus exact fields.

The texts a hit shows are not stored here (the generation's `docs/` holds them); whoosh
keeps the id, the labels and the postings, and stays the reference evaluator.
"""

from __future__ import annotations

from whoosh.fields import ID, KEYWORD, NUMERIC, TEXT, Schema

from indexer.analysis import Analysis


def make_schema(analysis: Analysis) -> Schema:
    """The schema, analysed with one generation's analysis (pickled by its digest)."""
    analyzer = analysis.analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(sortable=True),
        type=ID(sortable=True),
        # Official numbers as `kind:value` keys (qa:108, rule:16.9.5, page:12).
        numbers=KEYWORD(lowercase=True, commas=True, scorable=True),
        # What names the entry: titles, the terms it defines and uses (both languages),
        # the cards it cites, its locator. One field, so a word costs one matcher here...
        keys=TEXT(analyzer=analyzer, phrase=True),
        # The forms (both languages) of the terms this entry defines: a term look-up
        # should find the entry that defines it first.
        defines=TEXT(analyzer=analyzer),
        # ...and one in the texts of both languages.
        body=TEXT(analyzer=analyzer, phrase=True),
        # The questions players ask that the entry answers (its "players ask", ours).
        asks=TEXT(analyzer=analyzer, phrase=True),
        order=NUMERIC(stored=True, sortable=True),
    )

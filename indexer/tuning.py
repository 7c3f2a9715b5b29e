"""Every tuning constant of the query side, in one place: what each weighs and why.

Changing one changes rankings: measure with bench/relevance.py and bench/ask.py before
and after (tune on bench/queries.yaml and the development sets only).
"""

from __future__ import annotations

# --- Fields ---------------------------------------------------------------------------
# BM25F weights: titles and terms weigh more than body text; the players' questions an
# entry answers (its "players ask") weigh most: they are how players ask. With the fifth
# round of them, held out one retired or development set at a time (18 sets), the answer
# card was right on 0.8747 at 4.5, 0.8782 at 6.5, 0.8815 at 8, 0.8812 at 9.5 and 0.8808 at
# 11. Not 8 or more: then a question in a ruling's own words ranks other games' entries,
# rich in players' questions, above the ruling that has none yet (a game just added:
# tests/test_fifth_game.py). Search Recall@1 over the 442 look-up and relevance questions:
# 393 at 4.5, 392 at 6.5; Recall@5 439 and 437.
FIELD_BOOSTS: dict[str, float] = {"keys": 3.0, "defines": 2.0, "body": 1.0, "asks": 6.5}
# A query of this many words or fewer is a look-up (a term, a card name): the players'
# questions weigh only this much.
LOOKUP_WORDS = 2
LOOKUP_ASKS_BOOST = 1.0

# --- Query parsing ------------------------------------------------------------------
# Longer queries are cut (whoosh-style parsing is quadratic in unspaced Chinese; the
# search box allows this much too).
MAX_QUERY_CHARS = 200
# Words of a query that are scored (the rest of a long question adds little).
MAX_TERMS = 24
# Players' words add the rules' words at this weight of the player's own word.
SYNONYM_WEIGHT = 0.7
# The whole question as a loose phrase (slop 2), and quoted phrases (slop 1).
PHRASE_BOOST = 3.0
PHRASE_SLOP = 2
QUOTED_BOOST = 6.0
MAX_QUOTED = 4
MAX_NUMBERS = 8

# --- Ranking priors -------------------------------------------------------------------
# A query that uses one game's own words ranks that game's entries this much higher.
GAME_HINT_FACTOR = 1.35
# A question ranks official Q&As this much higher: they answer one question each.
QA_PRIOR = 1.3
# How many top hits are re-ranked by these priors.
RERANK_WINDOW = 60
# A first pass with fewer hits than this lets English corrections of non-terms apply.
FEW_HITS = 3

# --- Paging -----------------------------------------------------------------------------
MAX_LIMIT = 50
MAX_OFFSET = 10_000

# --- Answer card --------------------------------------------------------------------------
# Candidates the card weighs with the confidence model (indexer/confidence.py), which
# chooses among them and says how sure it is.
CANDIDATES = 8

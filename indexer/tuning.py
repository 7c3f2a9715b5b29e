"""Every tuning constant of the query side, in one place: what each weighs and why.

Changing one changes rankings: measure with bench/relevance.py and bench/ask.py before
and after (tune on bench/queries.yaml and the development sets only).
"""

from __future__ import annotations

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
# Candidates the card considers, and how many of the top may trade places by fit.
CANDIDATES = 6
RERANK = 3
# Combined score = search score × (COVERAGE_BASE + fit).
COVERAGE_BASE = 0.5
# A question of two or more words needs this share of them in the ruling.
MIN_COVERAGE = 0.25
# Combined-score ratios of the best over the runner-up that make an answer clear.
HIGH_RATIO = 1.35
MEDIUM_RATIO = 1.2

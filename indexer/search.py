"""Queries the index: clean the input, build the query ourselves, rank, filter, highlight.

User text never reaches whoosh's query parser (quadratic on unspaced Chinese, and
it raises on `NOT NOT x` or deep parentheses). Words are analyzed exactly as at
index time and OR-grouped over weighted fields (BM25F); phrases, official numbers
and exact titles add boosts.
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from whoosh import index
from whoosh.query import And, Every, Query, Term

from indexer.analysis import HAN_RE, BilingualAnalyzer, fold
from indexer.build import CURRENT, IndexUnavailableError, read_meta
from indexer.impacts import ImpactIndex, Labels
from indexer.schema import FIELD_BOOSTS
from indexer.scoring import Clause, dedupe, matching_docs, to_whoosh
from indexer.snippets import make_snippet, snippet_pattern
from indexer.spelling import SpellingCorrector
from indexer.synonyms import expand
from kb.model import ENTRY_TYPES, GAMES

MAX_QUERY_CHARS = 200
MAX_TERMS = 24
MAX_LIMIT = 50
MAX_OFFSET = 10_000
SYNONYM_WEIGHT = 0.7
# A query that names one game's own words ranks that game's entries this much higher.
GAME_HINT_FACTOR = 1.35
# A question ranks official Q&As this much higher: they answer one question each.
QA_PRIOR = 1.3
# How many top hits are re-ranked by these priors.
RERANK_WINDOW = 60
_QUESTION_RE = re.compile(
    r"[?？]|吗|呢|能不能|可不可以|会不会|是不是|有没有|怎么|如何|为什么|几|多少"
    r"|^(?:can|could|do|does|did|is|are|was|what|when|where|which|who|why|how|if|should|must)\b",
    re.IGNORECASE,
)
# A first pass with fewer hits than this lets English corrections of non-terms apply.
FEW_HITS = 3
# Impact postings score every query (see indexer/impacts.py); False makes whoosh do
# it, the reference the tests compare against.
USE_IMPACTS = True
# Stored fields are kept in memory after first use up to this many documents.
KEEP_STORED_DOCS = 20_000
# The fields that keep positions, where the question's words in order add a boost.
PHRASE_FIELDS = ("keys", "body")

_ANALYZER = BilingualAnalyzer()
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_QUOTED_RE = re.compile(r"[\"“”「」『』]([^\"“”「」『』]{1,80})[\"“”「」『』]")
_DOTTED_RE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,2}){1,3})(?![\d.])")
_QA_RE = re.compile(
    r"(?:\bq\s*&?\s*a?\s*|\bfe0\s*|问答|(?<![\d.]))(\d{2,3})(?![\d.])", re.IGNORECASE
)
_PAGE_RE = re.compile(r"(?:\bpage\s*|\bp\.?\s*|第\s*)(\d{1,3})\s*页?", re.IGNORECASE)


class QueryError(ValueError):
    """A request the search cannot answer as asked (bad filter, limit, offset)."""

    def __init__(self, param: str, message: str):
        self.param = param
        super().__init__(message)


@dataclass(frozen=True)
class Hit:
    id: str
    game: str
    type: str
    title: str
    snippet: str
    url: str
    score: float

    def as_dict(self) -> dict:
        return {
            "id": self.id,
            "game": self.game,
            "type": self.type,
            "title": self.title,
            "snippet": self.snippet,
            "url": self.url,
            "score": self.score,
        }


@dataclass(frozen=True)
class SearchResult:
    query: str
    total: int
    hits: list[Hit]
    facets: dict[str, dict[str, int]]
    notices: list[str] = field(default_factory=list)
    corrected: str | None = None


def clean_query(raw: str) -> tuple[str, list[str]]:
    """Removes control characters and lone surrogates, caps the length."""
    notices: list[str] = []
    text = raw.encode("utf-8", "replace").decode("utf-8") if raw else ""
    text = "".join(" " if unicodedata.category(c) == "Cs" else c for c in text)
    text = _CONTROL_RE.sub(" ", text)
    text = unicodedata.normalize("NFKC", text)
    text = " ".join(text.split())
    if len(text) > MAX_QUERY_CHARS:
        text = text[:MAX_QUERY_CHARS]
        notices.append(f"query shortened to its first {MAX_QUERY_CHARS} characters")
    return text, notices


def query_tokens(text: str) -> list[str]:
    """The distinct index terms of a text, in order, as the analyzer makes them."""
    seen: dict[str, None] = {}
    for token in _ANALYZER(text, mode="query"):
        seen.setdefault(token.text, None)
    return list(seen)


def _phrase_words(text: str) -> list[str]:
    return [t.text for t in _ANALYZER(text, positions=True, mode="query")]


def build_clauses(text: str) -> list[Clause]:
    """The scored clauses for a cleaned user text (empty when it has no searchable words).

    Each word is looked up in every weighted field (BM25F); players' words add the
    rules' words at a lower weight; official numbers, the whole question as a loose
    phrase and quoted phrases add boosts. Every word counts, common ones too: impact
    postings add even a word found in half of 100,000 entries in well under a
    millisecond, so the ranking is exact BM25F at any size.
    """
    clauses: list[Clause] = []
    tokens = query_tokens(text)[:MAX_TERMS]
    words_and_weights = [(t, 1.0) for t in tokens]
    for alternatives in expand(tokens).values():
        words_and_weights += [(alt, SYNONYM_WEIGHT) for alt in alternatives if alt not in tokens]
    for word, weight in words_and_weights:
        for fld, boost in FIELD_BOOSTS.items():
            clauses.append(Clause(fld, (word,), boost * weight))
    numbers: list[Clause] = []
    for m in _DOTTED_RE.finditer(text):
        numbers.append(Clause("numbers", (m.group(1),), 40.0))
    for m in _PAGE_RE.finditer(text):
        numbers.append(Clause("numbers", (f"p{m.group(1)}",), 30.0))
    for m in _QA_RE.finditer(text):
        numbers.append(Clause("numbers", (m.group(1),), 30.0))
    clauses.extend(numbers[:8])
    words = tuple(_phrase_words(text))
    if 2 <= len(words) <= MAX_TERMS:
        for fld in PHRASE_FIELDS:
            clauses.append(Clause(fld, words, 3.0, slop=2))
    for m in list(_QUOTED_RE.finditer(text))[:4]:
        quoted = tuple(_phrase_words(m.group(1)))
        if len(quoted) >= 2:
            for fld in PHRASE_FIELDS:
                clauses.append(Clause(fld, quoted, 6.0, slop=1))
    return dedupe(clauses)


def build_query(text: str) -> Query | None:
    """The whoosh query for a cleaned user text (None when it has no searchable words)."""
    clauses = build_clauses(text)
    return to_whoosh(clauses) if clauses else None


@dataclass(frozen=True)
class QueryHints:
    """What the KB tells the query path: spelling, and words that name one game."""

    corrector: SpellingCorrector | None = None
    game_words: dict[str, str] = field(default_factory=dict)  # folded word → game
    _by_first: dict[str, list[tuple[str, str]]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        # Words by first character: a query is scanned once, not once per game word.
        for word, game in self.game_words.items():
            if word:
                self._by_first.setdefault(word[0], []).append((word, game))

    def detect_game(self, text: str) -> str | None:
        """The one game whose own words the query uses (None when none or several)."""
        folded = text.lower()
        by_first = self._by_first
        games = {
            game
            for i, ch in enumerate(folded)
            for word, game in by_first.get(ch, ())
            if folded.startswith(word, i)
        }
        return games.pop() if len(games) == 1 else None


class _Generation:
    """What one worker thread holds for one index generation: the searcher, each
    document's game and type (facets and priors are counted from these), stored fields
    read once, and the impact postings the query is scored from."""

    def __init__(self, target: str):
        self.target = target
        self.searcher = index.open_dir(target).searcher()
        # A generation dropped without close() (a thread ends, an app is discarded)
        # still closes its files: whoosh keeps one open per column and postings file.
        self._finalizer = weakref.finalize(self, self.searcher.close)
        n = self.searcher.doc_count_all()
        # From the sortable columns, not the stored documents: reading every stored
        # document of a 100,000-entry index takes 1.1 s and 150 MB.
        # KB order breaks ties in score: docnums depend on which writer process took
        # which entries.
        reader = self.searcher.reader()
        self.labels = Labels(
            *(list(reader.column_reader(name)) if n else [] for name in ("game", "type", "order"))
        )
        self._stored: dict[int, dict] = {}
        self._keep_stored = n <= KEEP_STORED_DOCS
        self.impacts = ImpactIndex.open(target) if USE_IMPACTS else None

    def stored(self, docnum: int) -> dict:
        """A document's stored fields (kept: snippets read the same texts again)."""
        found = self._stored.get(docnum)
        if found is None:
            found = self.searcher.stored_fields(docnum)
            if self._keep_stored:
                self._stored[docnum] = found
        return found

    def close(self) -> None:
        self._finalizer()


class SearchService:
    """Searches one index directory; one searcher per thread, reopened after a swap."""

    def __init__(self, index_dir: Path, hints: QueryHints | None = None, cache_size: int = 2048):
        self.index_dir = Path(index_dir)
        self.hints = hints or QueryHints()
        self._local = threading.local()
        # Answers by (index generation, query, filters, page): repeated and paged queries
        # cost a dict lookup. A swap changes the generation, so nothing stale is served.
        self._cache: OrderedDict[tuple, SearchResult] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()

    def _target(self) -> str:
        """The generation `current` points at (one readlink: this runs every search)."""
        link = self.index_dir / CURRENT
        try:
            return os.path.join(self.index_dir, os.readlink(link))
        except OSError:
            return os.path.realpath(link)

    def _generation(self) -> _Generation:
        link = self.index_dir / CURRENT
        target = self._target()
        local = self._local
        current = getattr(local, "generation", None)
        if current is None or current.target != target:
            if current is not None:
                current.close()
                local.generation = None
            if not os.path.isdir(target):
                raise IndexUnavailableError(f"no index at {link}")
            local.generation = _Generation(target)
        return local.generation

    def _searcher(self):
        return self._generation().searcher

    def generation(self) -> dict:
        target = Path(os.path.realpath(self.index_dir / CURRENT))
        meta = read_meta(target)
        return {
            "generation": target.name,
            "entries": meta.get("entries"),
            "content_hash": meta.get("content_hash"),
        }

    def search(
        self,
        raw_query: str,
        game: str | None = None,
        entry_type: str | None = None,
        limit: int = 10,
        offset: int = 0,
    ) -> SearchResult:
        """Answers a query with ranked, highlighted hits, facet counts and notices."""
        if game and game not in GAMES:
            raise QueryError("game", f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
        if entry_type and entry_type not in ENTRY_TYPES:
            raise QueryError(
                "type", f"unknown type {entry_type!r}; expected one of {', '.join(ENTRY_TYPES)}"
            )
        if not 1 <= limit <= MAX_LIMIT:
            raise QueryError("limit", f"limit must be between 1 and {MAX_LIMIT}")
        if not 0 <= offset <= MAX_OFFSET:
            raise QueryError("offset", f"offset must be between 0 and {MAX_OFFSET}")
        text, notices = clean_query(raw_query)
        key = (self._target(), text, game, entry_type, limit, offset)
        with self._cache_lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                return cached
        result = self._search_uncached(text, notices, game, entry_type, limit, offset)
        if self._cache_size:
            with self._cache_lock:
                self._cache[key] = result
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return result

    def _search_uncached(
        self,
        text: str,
        notices: list[str],
        game: str | None,
        entry_type: str | None,
        limit: int,
        offset: int,
    ) -> SearchResult:
        result = self._search(text, game, entry_type, limit, offset, notices)
        corrector = self.hints.corrector
        if corrector and text:
            corrected, changes = corrector.correct(text, only_terms=result.total >= FEW_HITS)
            if changes:
                second = self._search(corrected, game, entry_type, limit, offset, list(notices))
                if second.total:
                    second.notices.append(f"showing results for “{corrected}”")
                    return SearchResult(
                        text, second.total, second.hits, second.facets, second.notices, corrected
                    )
        return result

    def _search(
        self,
        text: str,
        game: str | None,
        entry_type: str | None,
        limit: int,
        offset: int,
        notices: list[str],
    ) -> SearchResult:
        gen = self._generation()
        tokens = query_tokens(text) if text else []
        clauses = build_clauses(text) if text else []
        if text and not clauses:
            return SearchResult(text, 0, [], {"game": {}, "type": {}}, notices)
        # Priors re-rank the top hits (whoosh's AndMaybe can loop forever in
        # skip_to_quality, so they are not query clauses).
        hinted = self.hints.detect_game(fold(text)) if text and not game else None
        is_question = bool(text) and _QUESTION_RE.search(text) is not None
        labels = gen.labels
        hinted_code, qa_code = labels.game_code(hinted), labels.type_code("qa")

        def prior(docnum: int) -> float:
            factor = GAME_HINT_FACTOR if hinted and labels.games[docnum] == hinted_code else 1.0
            if is_question and labels.types[docnum] == qa_code:
                factor *= QA_PRIOR
            return factor

        reranked = bool(hinted or is_question)
        window = max(offset + limit, RERANK_WINDOW) if reranked else offset + limit
        ranked: list[tuple[int, float]]  # (docnum, score), best first
        if not clauses:  # no words: browse everything in KB order
            results = gen.searcher.search(
                Every(), filter=self._filter(game, entry_type), limit=window, sortedby="order"
            )
            ranked = [(h.docnum, 0.0) for h in results]
            everything = np.arange(gen.searcher.doc_count_all())
            facets, _ = labels.facets(everything, game, entry_type)
        elif gen.impacts is not None:
            acc = gen.impacts.score(clauses)
            ranked, facets = labels.rank(acc, game, entry_type, window)
        else:
            query = to_whoosh(clauses)
            results = gen.searcher.search(
                query, filter=self._filter(game, entry_type), limit=window
            )
            ranked = [(h.docnum, h.score or 0.0) for h in results]
            matched = np.fromiter(sorted(matching_docs(gen.searcher, clauses)), dtype=np.int64)
            facets, _ = labels.facets(matched, game, entry_type)
        if reranked:
            ranked = [(d, s * prior(d)) for d, s in ranked]
        kb_order = labels.order
        ranked.sort(key=lambda ds: (-ds[1], kb_order[ds[0]]))
        marks = tokens + [alt for alts in expand(tokens).values() for alt in alts]
        pattern = snippet_pattern(marks)
        prefer_zh = bool(HAN_RE.search(text))
        fields = ("body_zh", "body_en") if prefer_zh else ("body_en", "body_zh")
        hits = []
        for docnum, score in ranked[offset : offset + limit]:
            stored = gen.stored(docnum)
            hits.append(
                Hit(
                    id=stored["id"],
                    game=stored["game"],
                    type=stored["type"],
                    title=stored["title"].split("\n")[0 if prefer_zh else -1],
                    snippet=self._snippet(stored, fields, pattern),
                    url=f"/entries/{stored['id']}",
                    score=round(float(score), 4),
                )
            )
        # whoosh's len(results) ignores the filter: count from the facets instead, where
        # the game facet was computed under the type filter.
        total = facets["game"].get(game, 0) if game else sum(facets["game"].values())
        return SearchResult(text, total, hits, facets, notices)

    @staticmethod
    def _filter(game: str | None, entry_type: str | None) -> Query | None:
        filters = [Term("game", game)] if game else []
        if entry_type:
            filters.append(Term("type", entry_type))
        return And(filters) if len(filters) > 1 else (filters[0] if filters else None)

    @staticmethod
    def _snippet(stored: dict, fields: tuple[str, ...], pattern: re.Pattern | None) -> str:
        """The snippet from the preferred language's text that holds the query's words."""
        fallback = ""
        for fld in fields:
            text = stored.get(fld) or ""
            if not text:
                continue
            snippet = make_snippet(text, pattern)
            if "<mark>" in snippet:
                return snippet
            fallback = fallback or snippet
        return fallback

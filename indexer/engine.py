"""The engine: one index generation, opened whole. Searching is a function of it.

`open_engine(index_dir)` is the one way to get one (the app, the command line, the
benchmarks and the tests all use it). It verifies the generation against its manifest,
then loads what the build put there: the KB snapshot the generation was built from, its
own tokenizer, the impact postings, the documents' labels and texts, the query
statistics and the worked examples' results. Nothing here depends on process-wide
state: two engines over two generations answer side by side, each from its own.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from indexer import tuning
from indexer.analysis import HAN_RE, Analysis
from indexer.docs import Labels, ShownTexts, open_labels
from indexer.generation import (
    CURRENT,
    EXAMPLES,
    KB_SNAPSHOT,
    MANIFEST,
    STATS,
    TOKENIZER,
    WHOOSH,
    GenerationError,
    read_snapshot,
    resolve_current,
    verify,
)
from indexer.impacts import ImpactIndex
from indexer.numbers import entry_numbers
from indexer.query import ParsedQuery, QueryParser
from indexer.scoring import build_clauses, to_whoosh
from indexer.snippets import make_snippet, snippet_pattern
from indexer.spelling import SpellingCorrector
from indexer.stats import QueryStats
from kb.documents import SourcePost
from kb.examples import ExampleSet, load_examples
from kb.loader import KnowledgeBase
from kb.model import ENTRY_TYPES, Entry
from kb.rulecheck import WorkedExample
from kb.termbase import Termbase, termbase_of

# What the code reading a generation expects of it: a generation written by other code
# is refused (and rebuilt at start), never misread.
# 16: positions as plain 16-bit gaps (CompactPositions); 15: entries with slots; 14: shown
# texts from the KB snapshot, compact positions; 13: players' words analyzed in the stats.
SCHEMA_VERSION = "16"

T = TypeVar("T")


class QueryError(ValueError):
    """A request the search cannot answer as asked (bad filter, limit, offset)."""

    def __init__(self, param: str, message: str):
        self.param = param
        super().__init__(message)


class StaleGenerationError(GenerationError):
    """A sound generation that this code must not serve (built by other code)."""


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
    # The parsed query the hits answer (the corrected one when the spelling pass won).
    parsed: ParsedQuery | None = field(default=None, compare=False, repr=False)


def code_expectations(examples: ExampleSet) -> dict:
    """What this code needs a generation to have been built with."""
    from indexer.analysis import ANALYZER_VERSION

    return {
        "schema_version": SCHEMA_VERSION,
        "analyzer_version": ANALYZER_VERSION,
        "examples_digest": examples.digest,
        "tables_digest": tables_digest(),
    }


@cache
def tables_digest() -> str:
    """The code whose tables the generation stores: the players' words analyzed
    (indexer.synonyms) and the asking units' gram rarity (indexer.likeness)."""
    from indexer import likeness, synonyms

    digest = hashlib.sha256(Path(synonyms.__file__).read_bytes())
    digest.update(Path(likeness.__file__).read_bytes())
    return digest.hexdigest()[:16]


class Engine:
    """One generation's KB and index, and the search, facets and snippets over them."""

    def __init__(self, path: Path, meta: dict, cache_size: int = 2048, scorer: str = "impacts"):
        self.path = path
        self.name = path.name
        self.meta = meta
        self.content_hash: str = meta["content_hash"]
        kb, records, posts = read_snapshot(path / KB_SNAPSHOT)
        self.kb: KnowledgeBase = kb
        self.source_posts: dict[str, SourcePost] = posts
        self.termbase: Termbase = termbase_of(kb, records)
        self.registry = kb.registry
        self.examples: ExampleSet = load_examples(kb.registry)
        want = code_expectations(self.examples)
        for key, value in want.items():
            if meta.get(key) != value:
                raise StaleGenerationError(
                    f"{self.name} was built by other code ({key} {meta.get(key)!r}, this code "
                    f"has {value!r}): rebuild with `python -m indexer build`"
                )
        self.analysis = Analysis.load(path / TOKENIZER, tuple(meta["terms"]))
        with (path / STATS).open("rb") as f:
            self.stats: QueryStats = pickle.load(f)
        self.example_results: dict[str, dict] = json.loads(
            (path / EXAMPLES).read_text(encoding="utf-8")
        )
        self.labels: Labels = open_labels(path)
        self.docs = _shown_texts(kb, self.labels)
        self.impacts = ImpactIndex.open(path)
        if self.impacts is None or self.impacts.doc_count != self.docs.doc_count:
            raise GenerationError(f"{self.name}: impact postings do not cover its documents")
        if self.docs.doc_count != len(kb):
            raise GenerationError(
                f"{self.name}: {self.docs.doc_count} documents for {len(kb)} entries"
            )
        self.parser = QueryParser(
            self.analysis,
            self.registry,
            self.stats.game_words,
            players_tables=self.stats.players_tables,
        )
        self.corrector = SpellingCorrector(
            self.stats.english_words,
            self.stats.chinese_terms,
            self.stats.english_term_words,
            self.analysis,
            self.stats.real_english_words,
        )
        self.scorer = scorer
        self._cache: OrderedDict[tuple, SearchResult] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._memo: dict[str, Any] = {}
        self._entry_words: dict[str, frozenset[str]] = {}
        self._docnum = {int(o): d for d, o in enumerate(self.labels.order)}
        self._whoosh = threading.local()

    # --- what the generation holds --------------------------------------------------------

    @property
    def games(self) -> tuple[str, ...]:
        return self.registry.slugs

    def memo(self, key: str, factory: Callable[[], T]) -> T:
        """A value derived from this generation, made once (term marker, glossary …).
        The factory runs outside the lock (it may ask for other memos); should two
        threads race, both make it and the first kept is served."""
        found = self._memo.get(key)
        if found is None:
            made = factory()
            with self._lock:
                found = self._memo.setdefault(key, made)
        return found

    def numbers_of(self, entry: Entry) -> set[str]:
        """An entry's official number keys (qa:108, rule:16.9.5, page:12)."""
        return self.memo(f"numbers:{entry.id}", lambda: set(entry_numbers(entry, self.registry)))

    def known_numbers(self) -> set[str]:
        """Every official number key of the KB (a query citing another is not covered)."""
        return self.memo(
            "known_numbers",
            lambda: {k for e in self.kb.entries.values() for k in self.numbers_of(e)},
        )

    def examples_for(self, entry_id: str) -> list[WorkedExample]:
        return self.examples.for_entry(entry_id)

    def entry_words(self, entry: Entry) -> frozenset[str]:
        """An entry's words as the index holds them (sub-words too), made once."""
        found = self._entry_words.get(entry.id)
        if found is None:
            text = "\n".join(
                [
                    entry.title.joined(),
                    entry.text.joined(),
                    " ".join(entry.terms),
                    " ".join(c.name.joined() for c in entry.cards),
                    entry.id.replace("-", " "),
                ]
            )
            found = self._entry_words[entry.id] = self.analysis.index_words(text)
        return found

    # --- search ---------------------------------------------------------------------------

    def parse(self, raw: str, game: str | None = None, scope_named: bool = True) -> ParsedQuery:
        return self.parser.parse(raw, game, scope_named)

    def check_filters(self, game: str | None, entry_type: str | None, limit: int, offset: int):
        if game and game not in self.registry:
            raise QueryError(
                "game", f"unknown game {game!r}; expected one of {', '.join(self.games)}"
            )
        if entry_type and entry_type not in ENTRY_TYPES:
            raise QueryError(
                "type", f"unknown type {entry_type!r}; expected one of {', '.join(ENTRY_TYPES)}"
            )
        if not 1 <= limit <= tuning.MAX_LIMIT:
            raise QueryError("limit", f"limit must be between 1 and {tuning.MAX_LIMIT}")
        if not 0 <= offset <= tuning.MAX_OFFSET:
            raise QueryError("offset", f"offset must be between 0 and {tuning.MAX_OFFSET}")

    def search(
        self,
        query: str | ParsedQuery,
        game: str | None = None,
        entry_type: str | None = None,
        limit: int = 10,
        offset: int = 0,
        scope_named: bool = True,
    ) -> SearchResult:
        """Ranked, highlighted hits for a query, with facet counts and notices. A query
        that names a game is answered in that game (`scope_named=False`: in every game)."""
        self.check_filters(game, entry_type, limit, offset)
        if not isinstance(query, ParsedQuery):
            query = self.parser.parse(query, game, scope_named)
        pq = query
        game = game or pq.scope
        key = (pq.text, game, entry_type, limit, offset, pq.scope_detected)
        with self._lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                return cached
        result = self._search_with_spelling(pq, game, entry_type, limit, offset)
        if self._cache_size:
            with self._lock:
                self._cache[key] = result
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return result

    def _search_with_spelling(
        self, pq: ParsedQuery, game: str | None, entry_type: str | None, limit: int, offset: int
    ) -> SearchResult:
        result = self._search(pq, game, entry_type, limit, offset)
        if pq.text:
            corrected, changes = self.corrector.correct(
                pq.text,
                only_terms=result.total >= tuning.FEW_HITS,
                keep=self.parser.game_names.find(pq.text),
            )
            if changes:
                chosen = None if pq.scope_detected else pq.scope  # the user's own filter
                second_q = self.parser.parse_clean(corrected, pq.notices, chosen, pq.scoping)
                second = self._search(second_q, second_q.scope, entry_type, limit, offset)
                if second.total:
                    notices = [*second.notices, f"showing results for “{corrected}”"]
                    return SearchResult(
                        pq.text,
                        second.total,
                        second.hits,
                        second.facets,
                        notices,
                        corrected,
                        second_q,
                    )
        return result

    def _ranked(
        self, pq: ParsedQuery, game: str | None, entry_type: str | None, window: int
    ) -> tuple[list[tuple[int, float]], dict]:
        labels = self.labels
        clauses = build_clauses(pq)
        if self.scorer == "whoosh":
            searcher = self.whoosh_searcher()
            acc = np.zeros(self.docs.doc_count, dtype=np.float64)
            for hit in searcher.search(to_whoosh(clauses), limit=None):
                acc[hit.docnum] = hit.score or 0.0
        else:
            acc = self.impacts.score(clauses)  # type: ignore[union-attr]
        return labels.rank(acc, game, entry_type, window)

    def _search(
        self, pq: ParsedQuery, game: str | None, entry_type: str | None, limit: int, offset: int
    ) -> SearchResult:
        notices = list(pq.notices)
        labels = self.labels
        if pq.search_text and not pq.searchable:
            return SearchResult(pq.text, 0, [], {"game": {}, "type": {}}, notices, parsed=pq)
        # Priors re-rank the top hits (whoosh's AndMaybe can loop forever in
        # skip_to_quality, so they are not query clauses).
        hinted = pq.hinted_game if not game else None
        hinted_code, qa_code = labels.game_code(hinted), labels.type_code("qa")
        reranked = bool(hinted or pq.is_question)
        window = max(offset + limit, tuning.RERANK_WINDOW) if reranked else offset + limit
        ranked: list[tuple[int, float]]  # (docnum, score), best first
        if not pq.search_text:  # no words (or a game's name alone): browse in KB order
            everything = np.arange(self.docs.doc_count)
            facets, wanted = labels.facets(everything, game, entry_type)
            wanted = wanted[np.argsort(labels.order[wanted], kind="stable")]
            ranked = [(int(d), 0.0) for d in wanted[: offset + limit]]
        else:
            ranked, facets = self._ranked(pq, game, entry_type, window)
        if reranked:
            games, types = labels.games, labels.types

            def prior(docnum: int) -> float:
                factor = tuning.GAME_HINT_FACTOR if hinted and games[docnum] == hinted_code else 1.0
                if pq.is_question and types[docnum] == qa_code:
                    factor *= tuning.QA_PRIOR
                return factor

            ranked = [(d, s * prior(d)) for d, s in ranked]
        kb_order = labels.order
        ranked.sort(key=lambda ds: (-ds[1], kb_order[ds[0]]))
        pattern = snippet_pattern(pq.marks)
        prefer_zh = bool(HAN_RE.search(pq.text))
        fields = ("body_zh", "body_en") if prefer_zh else ("body_en", "body_zh")
        hits = []
        for docnum, score in ranked[offset : offset + limit]:
            stored = self.docs.get(docnum)
            hits.append(
                Hit(
                    id=stored["id"],
                    game=stored["game"],
                    type=stored["type"],
                    title=stored["title"].split("\n")[0 if prefer_zh else -1],
                    snippet=_snippet(stored, fields, pattern),
                    url=f"/entries/{stored['id']}",
                    score=round(float(score), 4),
                )
            )
        # Counted from the facets, where the game facet was computed under the type filter.
        total = facets["game"].get(game, 0) if game else sum(facets["game"].values())
        return SearchResult(pq.text, total, hits, facets, notices, parsed=pq)

    def probe(self) -> str | None:
        """Why this engine cannot answer (None when it can): a real query, its first
        entry's title, must find entries of this KB, and the texts shown must be the
        KB's own."""
        first = next(iter(self.kb.entries.values()), None)
        if first is None:
            return "the KB has no entries"
        title = first.title.get(first.source_lang) or first.id
        try:
            found = self.search(title, limit=10)
            if not found.hits:
                return f"a search for {title!r} finds nothing"
            strangers = [h.id for h in found.hits if self.kb.get(h.id) is None]
            if strangers:
                return f"a search for {title!r} finds entries not in the KB: {strangers[:3]}"
            shown = self.docs.get(self._docnum[0])["id"]
        except Exception as exc:  # the point is to report it, not to raise
            return f"a search fails: {type(exc).__name__}: {exc}"
        if shown != first.id:
            return f"the first document shows {shown}, the KB's first entry is {first.id}"
        return None

    # --- the reference evaluator (tests) -------------------------------------------------

    def whoosh_searcher(self):
        """This thread's whoosh searcher over the generation (opened on first use: the
        service itself never needs whoosh to answer)."""
        searcher = getattr(self._whoosh, "searcher", None)
        if searcher is None:
            from whoosh import index

            searcher = self._whoosh.searcher = index.open_dir(str(self.path / WHOOSH)).searcher()
            # An engine dropped without close() still closes whoosh's files (once).
            self._whoosh.close = weakref.finalize(self, searcher.close)
        return searcher

    def close(self) -> None:
        """Closes this thread's whoosh searcher, if it opened one."""
        close = getattr(self._whoosh, "close", None)
        if close is not None:
            close()
            self._whoosh.searcher = self._whoosh.close = None


def _shown_texts(kb: KnowledgeBase, labels: Labels) -> ShownTexts:
    """The KB's entries in document-number order; the labels' order must be a permutation
    of the KB's places (a damaged or foreign generation is refused)."""
    entries = list(kb.entries.values())
    order = labels.order
    if len(order) != len(entries) or not np.array_equal(
        np.sort(np.asarray(order)), np.arange(len(entries))
    ):
        raise GenerationError("docs/order.npy is not an order of the KB's entries")
    return ShownTexts([entries[int(o)] for o in order])


def _snippet(stored: dict, fields: tuple[str, ...], pattern) -> str:
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


def open_engine(
    location: str | Path, checksums: bool = True, cache_size: int = 2048, scorer: str = "impacts"
) -> Engine:
    """Opens the generation `location` names: an index directory (its `current`
    generation) or a generation directory. Raises `GenerationError` (a clear message)
    when there is none, when it is damaged, or when it was built by other code."""
    location = Path(location)
    link = location / CURRENT
    if link.exists() or link.is_symlink() or not (location / MANIFEST).exists():
        generation = resolve_current(location)
    else:
        generation = location
    meta = verify(generation, checksums=checksums)
    try:
        return Engine(generation, meta, cache_size=cache_size, scorer=scorer)
    except GenerationError:
        raise
    except Exception as exc:  # a file the manifest vouches for that still cannot be read
        raise GenerationError(
            f"{generation.name} cannot be opened: {type(exc).__name__}: {exc}"
        ) from exc

"""Builds an index generation: everything needed to answer, written into a new
directory, verified, then swapped in.

Never rebuild in place: readers would see an empty or half-written index. A build
writes under a temporary name (`.building-…`), writes the manifest last, opens the
result as the service would, and only then renames it to `gen-…` and replaces the
`current` symlink atomically (`os.replace`), under a lock. A build that dies leaves only
a temporary directory, which never counts as a generation and is removed by the next
build. The previous generations are kept a while for readers still using them.
"""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import os
import pickle
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from whoosh import index
from whoosh.multiproc import MpWriter

from indexer.analysis import HAN_RE, Analysis, fold
from indexer.docs import Labels
from indexer.engine import Engine, code_expectations, open_engine
from indexer.generation import (
    BUILDING_PREFIX,
    CURRENT,
    DOCS,
    EXAMPLES,
    GENERATION_PREFIX,
    KB_SNAPSHOT,
    STATS,
    TOKENIZER,
    WHOOSH,
    GenerationError,
    current_target,
    write_manifest,
    write_snapshot,
)
from indexer.impacts_write import write_impacts
from indexer.likeness import rarity_of
from indexer.numbers import entry_numbers
from indexer.query import GameNames
from indexer.schema import make_schema
from indexer.scoring import FIELD_BOOSTS
from indexer.spelling import english_vocabulary, term_words
from indexer.stats import QueryStats
from indexer.synonyms import tables_of
from kb.documents import load_source_posts
from kb.examples import load_examples
from kb.loader import KnowledgeBase
from kb.model import Entry
from kb.termbase import Termbase, TermRecord, load_termbase

# KBs this large are indexed by several writer processes, one index segment each.
PARALLEL_MIN_ENTRIES = 2_000
KEEP_GENERATIONS = 3
# A temporary build directory older than this is a dead build's, and is removed.
STALE_BUILD_SECONDS = 3600


def kb_terms(kb: KnowledgeBase) -> set[str]:
    """The game terms of the KB that segmentation must keep whole (Chinese only)."""
    words: set[str] = set()
    for entry in kb.entries.values():
        words.update(entry.terms)
        if entry.term and entry.term.zh:
            words.add(entry.term.zh)
        for card in entry.cards:
            if card.name.zh:
                words.add(card.name.zh)
    return {w for w in words if HAN_RE.fullmatch(fold(w)) and 2 <= len(w) <= 8}


def analysis_for(kb: KnowledgeBase, cache_dir: Path | None = None) -> Analysis:
    """The analysis a generation of this KB is built with: jieba plus its game terms."""
    return Analysis.for_terms(kb_terms(kb), cache_dir)


@dataclass(frozen=True)
class TermIndex:
    """Per entry, the termbase records it uses and the ones it defines."""

    used: dict[str, list[TermRecord]]
    defined: dict[str, list[TermRecord]]

    @classmethod
    def of(cls, tb: Termbase | None) -> TermIndex:
        used: dict[str, list[TermRecord]] = {}
        defined: dict[str, list[TermRecord]] = {}
        for record in tb.records if tb else ():
            for entry_id in tb.entries_of(record):  # type: ignore[union-attr]
                used.setdefault(entry_id, []).append(record)
            if record.defined_by:
                defined.setdefault(record.defined_by, []).append(record)
        return cls(used, defined)


def _forms(records: list[TermRecord]) -> str:
    return "\n".join(f for r in records for f in (*r.forms("zh"), *r.forms("en")))


def entry_document(entry: Entry, order: int, terms: TermIndex | None, kb: KnowledgeBase) -> dict:
    """The index document of one entry; term forms in both languages make an English
    question find a Chinese-only ruling and the reverse."""
    # An erratum's original wording and the translator's commentary are source text a
    # judge may quote; our editorial notes are not indexed.
    extra = [loc.joined() for loc in (entry.original, entry.translator_note) if loc is not None]
    cards = []
    for card in entry.cards:
        cards.append(card.name.joined())
        if card.code:
            cards.append(card.code)
    term_list = list(entry.terms)
    defines = entry.term.joined() if entry.term else ""
    if terms:
        term_list.append(_forms(terms.used.get(entry.id, [])))
        defines = "\n".join([defines, _forms(terms.defined.get(entry.id, []))])
    return {
        "id": entry.id,
        "game": entry.game,
        "type": entry.type,
        "numbers": ",".join(entry_numbers(entry, kb.registry)),
        "keys": "\n".join(
            [entry.title.joined(), defines, *term_list, *cards, entry.source.locator]
        ),
        "defines": defines,
        "body": "\n".join([entry.text.zh or "", entry.text.en or "", *extra]),
        "asks": "\n".join(p.q for p in entry.players_ask),
        "order": order,
    }


def _writer(ix, workers: int):
    """One writer, or several writer processes with a segment each.

    Separate files, not one compound file: whoosh copies each part of a compound file
    into memory when it opens it (176 MB per worker at 100,000 entries). The writer
    processes must be forked, so that they segment with the analysis this process
    made; where fork is not the start method, one writer does it all. Each writer
    process sorts its postings in memory (_pool_mb): postings that outgrow it are
    written to disk in runs and merged again, whoosh's Python at every posting.
    """
    if workers > 1 and multiprocessing.get_start_method() == "fork":
        return MpWriter(
            ix,
            procs=workers,
            batchsize=200,
            multisegment=True,
            subargs={"limitmb": _pool_mb(workers), "compound": False},
        )
    return ix.writer(limitmb=256, compound=False)


def _pool_mb(workers: int) -> int:
    """Each writer's posting pool: half the memory available now, shared by the writers,
    from 128 MB to 4 GB. A 30,000-entry build: 151 entries/s at 128 MB, 204 at 1 GB; at
    100,000 entries 170/s at 1 GB and 196 at 4 GB (3.3 GB peak per writer)."""
    try:
        available = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):  # not every system says
        available = 0
    return max(128, min(4096, available // (2 * workers) // 2**20))


@contextmanager
def build_lock(base_dir: Path) -> Iterator[None]:
    """One rebuild at a time per index directory, across processes."""
    base_dir.mkdir(parents=True, exist_ok=True)
    with open(base_dir / ".lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _df_text(entry: Entry) -> str:
    return "\n".join(
        [
            entry.title.joined(),
            entry.text.joined(),
            " ".join(entry.terms),
            " ".join(c.name.joined() for c in entry.cards),
            entry.id.replace("-", " "),
        ]
    )


def document_frequencies(entries: list[Entry], analysis: Analysis) -> dict[str, int]:
    """In how many of these entries each word (sub-words too) occurs."""
    df: dict[str, int] = {}
    for entry in entries:
        for word in analysis.index_words(_df_text(entry)):
            df[word] = df.get(word, 0) + 1
    return df


# What a forked document-frequency worker reads (set just before the fork).
_DF_JOB: tuple[list[Entry], Analysis, int] | None = None


def _df_share(i: int) -> dict[str, int]:
    entries, analysis, parts = _DF_JOB  # type: ignore[misc]
    return document_frequencies(entries[i::parts], analysis)


class DocumentFrequencies:
    """The KB's document frequencies, counted by forked workers while the build goes on
    (the second analysis of every text: a quarter of a large build on one core)."""

    def __init__(self, kb: KnowledgeBase, analysis: Analysis, workers: int):
        global _DF_JOB
        entries = list(kb.entries.values())
        self._pool = None
        if workers > 1 and len(entries) >= PARALLEL_MIN_ENTRIES and _can_fork():
            _DF_JOB = (entries, analysis, workers)
            try:
                self._pool = multiprocessing.get_context("fork").Pool(workers)
                self._shares = self._pool.map_async(_df_share, range(workers))
            finally:
                _DF_JOB = None
        else:
            self._df = document_frequencies(entries, analysis)

    def get(self) -> dict[str, int]:
        if self._pool is None:
            return self._df  # counted here (a small KB), or already fetched and merged
        try:
            shares = self._shares.get()
        finally:
            self.close()
        df = shares[0]
        for share in shares[1:]:
            for word, n in share.items():
                df[word] = df.get(word, 0) + n
        self._df = df
        return df

    def close(self) -> None:
        """Stops the workers (a build that fails does not wait for them)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.terminate()
            pool.join()


def _can_fork() -> bool:
    return multiprocessing.get_start_method() == "fork"


def query_stats(
    kb: KnowledgeBase, tb: Termbase, analysis: Analysis, df: dict[str, int] | None = None
) -> QueryStats:
    """What the query side derives from the KB, computed once here (`df`: its document
    frequencies, when they were counted already)."""
    if df is None:
        df = document_frequencies(list(kb.entries.values()), analysis)
    english = [e.text.en or "" for e in kb.entries.values()]
    english += [e.title.en or "" for e in kb.entries.values()]
    english_terms = [f for r in tb.records for f in r.forms("en")]
    english_terms += [c.name.en for e in kb.entries.values() for c in e.cards if c.name.en]
    chinese = set(kb_terms(kb)) | {f for r in tb.records for f in r.forms("zh")}
    chinese |= {c.name.zh for e in kb.entries.values() for c in e.cards if c.name.zh}
    return QueryStats(
        entries=len(kb),
        df=df,
        game_words=_game_words(kb, tb),
        english_words=dict(english_vocabulary(english + english_terms)),
        english_term_words=term_words(english_terms),
        chinese_terms=tuple(sorted(chinese)),
        real_english_words=real_english_words(),
        players_tables=tables_of(analysis, kb.registry),
        ask_grams=rarity_of(kb.entries.values(), GameNames(kb.registry)),
    )


@cache
def real_english_words() -> frozenset[str]:
    """English words in common use (pyspellchecker's frequency list, above its floor of
    rare and dubious entries): the spelling pass never rewrites one. Read here, at build
    time, and carried in the generation (a worker loads 50,000 words in 5 ms)."""
    from spellchecker import SpellChecker

    counts = SpellChecker(language="en", distance=1).word_frequency.dictionary
    floor = min(counts.values())
    return frozenset(w for w, n in counts.items() if n > floor and w.isascii() and w.isalpha())


def _game_words(kb: KnowledgeBase, tb: Termbase) -> dict[str, str]:
    """Term forms and card names that only one game's texts use."""
    per_game: dict[str, set[str]] = {}
    for r in tb.records:
        forms = [*r.forms("zh"), *(f for f in r.forms("en") if len(f) >= 4)]
        per_game.setdefault(r.game, set()).update(fold(f).lower() for f in forms if len(f) >= 2)
    for e in kb.entries.values():
        for card in e.cards:
            for name in card.name.as_dict().values():
                if len(name) >= 2:
                    per_game.setdefault(e.game, set()).add(fold(name).lower())
    texts = {
        g.slug: "\n".join(
            fold(e.text.joined() + e.title.joined()).lower() for e in kb.by_game(g.slug)
        )
        for g in kb.registry
    }
    words: dict[str, str] = {}
    for game, found in per_game.items():
        for word in found:
            if not any(word in t for g, t in texts.items() if g != game):
                words[word] = game
    return words


def _write_docs(generation: Path, kb: KnowledgeBase, searcher) -> None:
    """Labels in document-number order (a writer process's segment decides which numbers
    its entries get)."""
    entries = list(kb.entries.values())
    n = searcher.doc_count_all()
    order = np.array(list(searcher.reader().column_reader("order")), dtype=np.int64)
    if len(order) != n:
        raise GenerationError(f"{n} documents but {len(order)} order values")
    ordered = [entries[int(o)] for o in order]
    labels = Labels.of([e.game for e in ordered], [e.type for e in ordered], list(order))
    out = generation / DOCS
    out.mkdir()
    np.save(out / "game.npy", labels.games)
    np.save(out / "type.npy", labels.types)
    np.save(out / "order.npy", labels.order)
    (out / "labels.json").write_text(
        json.dumps({"games": labels.game_names, "types": labels.type_names}), encoding="utf-8"
    )


def _example_results(kb: KnowledgeBase) -> dict[str, dict]:
    """Every worked example as the API shows it, run at its defaults: computed once per
    generation (the examples' code is the one the generation's digest names)."""
    return {ex.id: ex.as_dict() for ex in load_examples(kb.registry).by_id.values()}


def build_index(
    kb: KnowledgeBase,
    base_dir: Path,
    progress: Callable[[int, int], None] | None = None,
    termbase: Termbase | None = None,
    workers: int | None = None,
) -> Path:
    """Builds a new generation for `kb`, verifies it and swaps it in; returns its path.

    `workers` writer processes each segment and index their share of the entries
    into a segment of their own (default: one per CPU for KBs of PARALLEL_MIN_ENTRIES
    or more). The segments are kept, not merged: the searcher reads several segments as
    one index, and merging would cost what the parallelism saved.
    """
    if workers is None:
        workers = (os.cpu_count() or 1) if len(kb) >= PARALLEL_MIN_ENTRIES else 1
    base_dir = Path(base_dir)
    tb = termbase if termbase is not None else load_termbase(kb)
    with build_lock(base_dir):
        _remove_dead_builds(base_dir)
        analysis = analysis_for(kb, base_dir)
        now = time.time_ns()  # one reading: names sort in the order generations were built
        stamp = f"{time.strftime('%Y%m%d-%H%M%S', time.gmtime(now // 10**9))}-{now % 10**9:09d}"
        work = base_dir / f"{BUILDING_PREFIX}{stamp}-{os.getpid()}"
        work.mkdir()
        try:
            _write_generation(work, kb, tb, analysis, workers, progress)
            generation = base_dir / f"{GENERATION_PREFIX}{stamp}"
            os.rename(work, generation)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        _swap(base_dir, generation)
        _prune(base_dir, generation)
    return generation


def _write_generation(
    work: Path,
    kb: KnowledgeBase,
    tb: Termbase,
    analysis: Analysis,
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> None:
    analysis.save(work / TOKENIZER)
    (work / WHOOSH).mkdir()
    ix = index.create_in(str(work / WHOOSH), make_schema(analysis))
    writer = _writer(ix, workers)
    terms = TermIndex.of(tb)
    total = len(kb)
    for n, entry in enumerate(kb.entries.values()):
        writer.add_document(**entry_document(entry, n, terms, kb))
        if progress and (n + 1) % 1000 == 0:
            progress(n + 1, total)
    writer.commit()
    frequencies = DocumentFrequencies(kb, analysis, workers)  # counted beside what follows
    try:
        with ix.searcher() as searcher:
            if searcher.doc_count() != total:
                # whoosh's multi-process writer drops the segment of a process that died.
                raise GenerationError(
                    f"the new index holds {searcher.doc_count()} documents, expected {total}"
                )
            write_impacts(searcher, [*FIELD_BOOSTS, "numbers"], work)
            _write_docs(work, kb, searcher)
        ix.storage.close()
        write_snapshot(work / KB_SNAPSHOT, (kb, tb.records, load_source_posts(kb.root)))
        with (work / STATS).open("wb") as f:
            stats = query_stats(kb, tb, analysis, frequencies.get())
            pickle.dump(stats, f, protocol=pickle.HIGHEST_PROTOCOL)
        (work / EXAMPLES).write_text(
            json.dumps(_example_results(kb), ensure_ascii=False), encoding="utf-8"
        )
    finally:
        frequencies.close()
    meta = {
        "content_hash": kb.content_hash,
        "entries": total,
        "terms": list(analysis.terms),
        "dictionary_hash": analysis.digest,
        "built_at": time.time(),
        "validated_by": kb.validated,
        "kb_root": str(Path(kb.root).resolve()),
        **code_expectations(load_examples(kb.registry)),
    }
    write_manifest(work, meta)
    check(open_engine(work, cache_size=0))


def check(engine: Engine) -> None:
    """A newly built generation must answer a real query through the engine."""
    problem = engine.probe()
    if problem:
        raise GenerationError(f"{engine.name}: {problem}")


def _swap(base_dir: Path, generation: Path) -> None:
    tmp = base_dir / f".{CURRENT}-{os.getpid()}-{time.time_ns()}"
    os.symlink(generation.name, tmp)
    os.replace(tmp, base_dir / CURRENT)


def _prune(base_dir: Path, keep: Path) -> None:
    gens = sorted(
        (p for p in base_dir.glob(f"{GENERATION_PREFIX}*") if p.is_dir()), key=lambda p: p.name
    )
    for old in gens[:-KEEP_GENERATIONS]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


def _remove_dead_builds(base_dir: Path) -> None:
    """Temporary directories of builds that died (under the lock no build is running,
    but a younger one may be another host's on a shared disk: keep those an hour)."""
    for dead in base_dir.glob(f"{BUILDING_PREFIX}*"):
        try:
            if time.time() - dead.stat().st_mtime > STALE_BUILD_SECONDS or _pid_gone(dead):
                shutil.rmtree(dead, ignore_errors=True)
        except OSError:
            pass


def _pid_gone(path: Path) -> bool:
    try:
        pid = int(path.name.rsplit("-", 1)[1])
    except (IndexError, ValueError):
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return pid == os.getpid()


def why_not_serving(engine: Engine, kb: KnowledgeBase) -> str | None:
    """Why a sound generation does not serve this KB (None when it does)."""
    if engine.content_hash != kb.content_hash:
        return f"built from KB {engine.content_hash}, the KB is now {kb.content_hash}"
    return None


def open_validated(kb_root: Path, base_dir: Path, cache_size: int = 2048) -> Engine | None:
    """The current generation when it serves the KB under `kb_root` as it is on disk (the
    same content hash, the same folder) and was built from a KB this code's validation
    passed: its snapshot is that KB, so a start-up need not parse and validate the files
    again (a third of a cold start). None otherwise; the caller validates and builds."""
    from kb.loader import content_hash
    from kb.validate import validator_fingerprint

    try:
        engine = open_engine(base_dir, cache_size=cache_size)
    except GenerationError:
        return None
    meta = engine.meta
    if (
        meta.get("validated_by") != validator_fingerprint()
        or meta.get("kb_root") != str(Path(kb_root).resolve())
        or engine.content_hash != content_hash(Path(kb_root))
    ):
        engine.close()
        return None
    return engine


def ensure_engine(
    kb: KnowledgeBase,
    termbase: Termbase,
    base_dir: Path,
    log: Callable[[str], None] | None = None,
    cache_size: int = 2048,
) -> tuple[Engine, bool]:
    """An engine over a generation that serves `kb`: the current one when it is sound
    and up to date, else a new build. Returns the engine and whether it was built."""
    base_dir = Path(base_dir)
    base_dir.mkdir(parents=True, exist_ok=True)
    for attempt in range(2):
        try:
            engine = open_engine(base_dir, cache_size=cache_size)
            problem = why_not_serving(engine, kb)
        except GenerationError as exc:
            problem = str(exc)
        if problem is None:
            return engine, False
        if attempt == 0:
            # Another process may be building it right now: wait for its lock, look again.
            with build_lock(base_dir):
                pass
    if log and current_target(base_dir) is not None:
        log(f"rebuilding the index: {problem}")
    if (base_dir / CURRENT).exists() and not (base_dir / CURRENT).is_symlink():
        raise GenerationError(problem)  # a plain directory: never removed for the user
    build_index(kb, base_dir, termbase=termbase)
    return open_engine(base_dir, cache_size=cache_size), True

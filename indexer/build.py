"""Builds the index into a new generation directory, checks it, then swaps it in.

Never rebuild in place: readers would see an empty or half-written index. The
`current` symlink is replaced atomically (`os.replace`), under a lock, and the
previous generations are kept a while for readers still using them.
"""

from __future__ import annotations

import fcntl
import gc
import json
import multiprocessing
import os
import re
import shutil
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from whoosh import index
from whoosh.multiproc import MpWriter

from indexer import synonyms
from indexer.analysis import HAN_RE, dictionary_hash, fold, use_game_terms
from indexer.impacts import ImpactIndex, write_impacts
from indexer.schema import FIELD_BOOSTS, SCHEMA_VERSION, make_schema
from kb.loader import KnowledgeBase
from kb.model import Entry
from kb.termbase import Termbase, TermRecord, load_termbase

CURRENT = "current"
# KBs this large are indexed by several writer processes, one index segment each.
PARALLEL_MIN_ENTRIES = 2_000
META = "kb-meta.json"
KEEP_GENERATIONS = 3


class IndexUnavailableError(RuntimeError):
    """The index directory is missing, corrupt or built from another KB."""


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


def configure_analysis(kb: KnowledgeBase, cache_dir: Path | None = None) -> str:
    """Loads the KB's game terms into the analyzer: the one place both paths call
    (`cache_dir` keeps the finished dictionary for the next start)."""
    digest = use_game_terms(kb_terms(kb), cache_dir)
    synonyms._analyzed.cache_clear()  # keys were segmented with the old dictionary
    return digest


def entry_numbers(entry: Entry) -> list[str]:
    """Official numbers a judge may type for this entry: Q&A and rule numbers, pages."""
    out: list[str] = []
    number = entry.number
    if number:
        out.append(number)
        if entry.type == "qa":
            out += [f"q{number}", f"qa{number}", f"{entry.game}-{number}"]
    if entry.type == "errata":
        for page in re.findall(r"page\s*(\d+)", entry.source.locator, re.IGNORECASE):
            out.append(f"p{page}")
    return out


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


def entry_document(entry: Entry, order: int, terms: TermIndex | None = None) -> dict:
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
        "numbers": ",".join(entry_numbers(entry)),
        "keys": "\n".join(
            [entry.title.joined(), defines, *term_list, *cards, entry.source.locator]
        ),
        "defines": defines,
        "body": "\n".join([entry.text.zh or "", entry.text.en or "", *extra]),
        "title": entry.title.joined(),
        "body_zh": entry.text.zh or "",
        "body_en": entry.text.en or "",
        "order": order,
    }


def _writer(ix, workers: int):
    """One writer, or several writer processes with a segment each.

    Separate files, not one compound file: whoosh copies each part of a compound file
    into memory when it opens it (176 MB per worker at 100,000 entries). The writer
    processes must be forked, so that they segment with the game-term dictionary this
    process loaded; where fork is not the start method, one writer does it all.
    """
    if workers > 1 and multiprocessing.get_start_method() == "fork":
        return MpWriter(
            ix,
            procs=workers,
            batchsize=200,
            multisegment=True,
            subargs={"limitmb": 128, "compound": False},
        )
    return ix.writer(limitmb=256, compound=False)


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


def read_meta(generation: Path) -> dict:
    """The metadata written beside an index generation (empty if missing or unreadable)."""
    try:
        return json.loads((generation / META).read_text())
    except (OSError, ValueError):
        return {}


def expected_meta(kb: KnowledgeBase) -> dict:
    return {
        "content_hash": kb.content_hash,
        "dictionary_hash": dictionary_hash(),
        "schema_version": SCHEMA_VERSION,
        "entries": len(kb),
    }


def check_generation(generation: Path, kb: KnowledgeBase) -> str | None:
    """Why a generation cannot serve this KB (None when it can)."""
    meta = read_meta(generation)
    if not meta:
        return "no readable metadata (missing or half-written index)"
    want = expected_meta(kb)
    for key, value in want.items():
        if meta.get(key) != value:
            return f"{key} is {meta.get(key)!r}, expected {value!r}"
    # whoosh leaves the file of a corrupt TOC open: probe quietly, then close it.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        problem = _probe(generation, len(kb))
        gc.collect()
    return problem


def _probe(generation: Path, expected: int) -> str | None:
    try:
        ix = index.open_dir(str(generation))
        with ix.searcher() as searcher:
            if searcher.doc_count() != expected:
                return f"holds {searcher.doc_count()} documents, expected {expected}"
    except Exception as exc:
        return f"cannot be opened: {type(exc).__name__}: {exc}"
    try:
        impacts = ImpactIndex.open(generation)
    except Exception as exc:
        return f"impact postings cannot be read: {type(exc).__name__}: {exc}"
    if impacts is None:
        return "has no impact postings"
    if impacts.doc_count != expected:
        return f"impact postings cover {impacts.doc_count} documents, expected {expected}"
    return None


def current_generation(base_dir: Path) -> Path | None:
    link = base_dir / CURRENT
    return Path(os.path.realpath(link)) if link.exists() else None


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
    or more; half a build is jieba, half whoosh's writer, and both are single-threaded
    Python). The segments are kept, not merged: the searcher reads several segments as
    one index, and merging would cost what the parallelism saved.
    """
    if workers is None:
        workers = (os.cpu_count() or 1) if len(kb) >= PARALLEL_MIN_ENTRIES else 1
    base_dir = Path(base_dir)
    configure_analysis(kb, base_dir)
    with build_lock(base_dir):
        generation = base_dir / f"gen-{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**9:09d}"
        generation.mkdir()
        try:
            ix = index.create_in(str(generation), make_schema())
            writer = _writer(ix, workers)
            total = len(kb)
            terms = TermIndex.of(termbase if termbase is not None else load_termbase(kb))
            for n, entry in enumerate(kb.entries.values()):
                writer.add_document(**entry_document(entry, n, terms))
                if progress and (n + 1) % 1000 == 0:
                    progress(n + 1, total)
            writer.commit()
            with ix.searcher() as searcher:
                write_impacts(searcher, [*FIELD_BOOSTS, "numbers"], generation)
            meta = expected_meta(kb) | {"built_at": time.time()}
            (generation / META).write_text(json.dumps(meta, indent=1))
            problem = check_generation(generation, kb)
            if problem:
                raise IndexUnavailableError(f"new index generation failed its check: {problem}")
        except BaseException:
            shutil.rmtree(generation, ignore_errors=True)
            raise
        _swap(base_dir, generation)
        _prune(base_dir, generation)
    return generation


def _swap(base_dir: Path, generation: Path) -> None:
    tmp = base_dir / f".{CURRENT}-{os.getpid()}-{time.time_ns()}"
    os.symlink(generation.name, tmp)
    os.replace(tmp, base_dir / CURRENT)


def _prune(base_dir: Path, keep: Path) -> None:
    gens = sorted((p for p in base_dir.glob("gen-*") if p.is_dir()), key=lambda p: p.name)
    for old in gens[:-KEEP_GENERATIONS]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


def ensure_index(kb: KnowledgeBase, base_dir: Path) -> tuple[Path, bool]:
    """Returns a generation that serves `kb`, building one if missing, stale or corrupt."""
    base_dir = Path(base_dir)
    base_dir.mkdir(parents=True, exist_ok=True)
    configure_analysis(kb, base_dir)
    generation = current_generation(base_dir)
    if generation is not None and check_generation(generation, kb) is None:
        return generation, False
    with build_lock(base_dir):  # another process may have built it meanwhile
        generation = current_generation(base_dir)
        if generation is not None and check_generation(generation, kb) is None:
            return generation, False
    return build_index(kb, base_dir), True

"""Index generations: built beside the live one, verified, swapped atomically; damaged,
stale or unfinished ones are detected and never served. Runs on the tiny fixture KB."""

from __future__ import annotations

import os
import random
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from indexer import build as build_module
from indexer.build import build_index, ensure_engine
from indexer.engine import open_engine
from indexer.generation import (
    BUILDING_PREFIX,
    CURRENT,
    KB_SNAPSHOT,
    MANIFEST,
    GenerationError,
    resolve_current,
)
from indexer.serving import EngineHolder
from kb.loader import KnowledgeBase, load_kb
from kb.model import Localized
from kb.validate import load_valid_kb


def _build(root: Path, index_dir: Path, **kw) -> Path:
    kb, tb = load_valid_kb(root)
    return build_index(kb, index_dir, termbase=tb, **kw)


def test_build_swaps_in_a_verified_generation(mini_root, tmp_path):
    first = _build(mini_root, tmp_path)
    assert (tmp_path / CURRENT).is_symlink() and resolve_current(tmp_path) == first
    second = _build(mini_root, tmp_path)
    assert second != first and resolve_current(tmp_path) == second
    assert first.exists(), "the previous generation is kept for readers still using it"
    engine = open_engine(tmp_path)
    assert engine.path == second and len(engine.kb) == 8
    assert engine.search("Q1").hits[0].id == "alpha-qa-1"


def test_a_generation_holds_everything_needed_to_answer(mini_root, tmp_path):
    """The KB snapshot, termbase, dictionary, statistics and worked-example results travel
    with the generation: the KB files can go, the generation still answers."""
    gen = _build(mini_root, tmp_path / "ix")
    for path in mini_root.rglob("*.md"):
        path.unlink()
    engine = open_engine(tmp_path / "ix")
    assert engine.kb.get("alpha-qa-1").text.zh.startswith("Q1：")
    assert {r.zh for r in engine.termbase.records} >= {"战斗力", "守备力量"}
    assert engine.analysis.segment("羁绊卡") == ["羁绊卡"]
    manifest = (gen / MANIFEST).read_text(encoding="utf-8")
    for part in (KB_SNAPSHOT, "tokenizer.pickle", "stats.pickle", "examples.json", "docs/"):
        assert part in manifest


def test_old_generations_are_pruned(mini_root, tmp_path):
    gens = [_build(mini_root, tmp_path) for _ in range(5)]
    left = sorted(p.name for p in tmp_path.glob("gen-*"))
    assert len(left) == 3 and gens[-1].name in left


def test_ensure_engine_reuses_a_current_generation(mini_root, tmp_path):
    kb, tb = load_valid_kb(mini_root)
    engine, built = ensure_engine(kb, tb, tmp_path)
    assert built
    again, built_again = ensure_engine(kb, tb, tmp_path)
    assert again.path == engine.path and not built_again


def test_a_changed_kb_forces_a_rebuild(mini_root, tmp_path):
    kb1, tb1 = load_valid_kb(mini_root)
    engine1, _ = ensure_engine(kb1, tb1, tmp_path)
    path = mini_root / "games/alpha/entries/alpha-qa-1.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace("power is tied", "powers are tied"),
        encoding="utf-8",
    )
    kb2, tb2 = load_valid_kb(mini_root)
    assert kb2.content_hash != kb1.content_hash
    engine2, built = ensure_engine(kb2, tb2, tmp_path)
    assert built and engine2.path != engine1.path
    assert "powers are tied" in engine2.kb.get("alpha-qa-1").title.en


def _whoosh(gen: Path, pattern: str) -> list[Path]:
    found = sorted((gen / "whoosh").glob(pattern))
    assert found, pattern
    return found


DAMAGE = {
    "toc-garbage": lambda g: [p.write_bytes(b"\x00" * 10) for p in _whoosh(g, "*.toc")],
    "stored-truncated": lambda g: [
        p.write_bytes(p.read_bytes()[:20]) for p in _whoosh(g, "*_stored.col")
    ],
    "terms-truncated": lambda g: [p.write_bytes(p.read_bytes()[:-8]) for p in _whoosh(g, "*.trm")],
    "postings-overwritten": lambda g: [
        p.write_bytes(bytes(len(p.read_bytes()))) for p in _whoosh(g, "*.pst")
    ],
    "impact-docs-overwritten": lambda g: (g / "impacts/docs.npy").write_bytes(
        b"\x93NUMPY" + bytes((g / "impacts/docs.npy").stat().st_size - 6)
    ),
    "impact-terms-missing": lambda g: (g / "impacts/terms.json").unlink(),
    "document-order-truncated": lambda g: (g / "docs/order.npy").write_bytes(
        (g / "docs/order.npy").read_bytes()[:-8]
    ),
    "kb-snapshot-flipped": lambda g: (g / KB_SNAPSHOT).write_bytes(
        (g / KB_SNAPSHOT).read_bytes()[:-1] + b"\x00"
    ),
    "dictionary-missing": lambda g: (g / "tokenizer.pickle").unlink(),
    "a-file-added": lambda g: (g / "impacts" / "extra.npy").write_bytes(b"x"),
    "manifest-missing": lambda g: (g / MANIFEST).unlink(),
}


@pytest.mark.parametrize("damage", list(DAMAGE), ids=list(DAMAGE))
def test_damage_is_detected_and_the_generation_rebuilt(mini_root, tmp_path, damage):
    kb, tb = load_valid_kb(mini_root)
    engine, _ = ensure_engine(kb, tb, tmp_path)
    DAMAGE[damage](engine.path)
    with pytest.raises(GenerationError):
        open_engine(tmp_path)
    fresh, built = ensure_engine(kb, tb, tmp_path)
    assert built and fresh.path != engine.path
    assert fresh.search("守备力量").hits[0].id == "beta-1.2"


def test_a_damaged_generation_is_kept_out_of_service_at_a_swap(mini_root, tmp_path, caplog):
    """A worker that sees `current` move to a generation failing its manifest keeps
    answering from the generation it has, and says why once."""
    kb, tb = load_valid_kb(mini_root)
    good, _ = ensure_engine(kb, tb, tmp_path)
    holder = EngineHolder(tmp_path, good)
    bad = build_index(kb, tmp_path, termbase=tb)
    (bad / "docs/order.npy").write_bytes(b"broken")
    with caplog.at_level("ERROR"):
        assert holder.get() is good
        assert holder.get() is good
    assert sum("not serving index generation" in r.message for r in caplog.records) == 1
    assert "order.npy" in holder.last_problem


def test_an_unfinished_build_is_never_a_generation(mini_root, tmp_path, monkeypatch):
    """A build that dies leaves only a temporary directory: not served, not counted
    among the kept generations, removed by the next build."""
    ix = tmp_path / "ix"
    good = _build(mini_root, ix)

    def die(*args, **kwargs):
        raise KeyboardInterrupt  # the process stopped mid-build

    monkeypatch.setattr(build_module, "write_impacts", die)
    with pytest.raises(KeyboardInterrupt):
        _build(mini_root, ix)
    assert resolve_current(ix) == good
    assert not list(ix.glob(f"{BUILDING_PREFIX}*")), "the dead build cleaned up after itself"
    # A build killed outright (no chance to clean up) leaves its directory behind:
    dead = ix / f"{BUILDING_PREFIX}20200101-000000-000000001-999999"
    (dead / "whoosh").mkdir(parents=True)
    monkeypatch.undo()
    _build(mini_root, ix)
    assert not dead.exists()
    dirs = [p for p in ix.iterdir() if p.is_dir() and not p.is_symlink()]
    assert dirs and all(p.name.startswith("gen-") for p in dirs)


def test_current_as_a_plain_directory_gives_a_clear_message(mini_root, tmp_path):
    (tmp_path / CURRENT).mkdir(parents=True)
    with pytest.raises(GenerationError, match="not a link to a generation"):
        open_engine(tmp_path)
    kb, tb = load_valid_kb(mini_root)
    with pytest.raises(GenerationError, match="move it away"):
        ensure_engine(kb, tb, tmp_path)
    assert (tmp_path / CURRENT).is_dir(), "the user's directory is never removed"


def test_no_request_mixes_two_generations_during_repeated_swaps(mini_root, tmp_path):
    """Readers take one engine per request while builds swap generations under them:
    no error, and every hit of every answer is an entry of the same generation's KB."""
    kb, tb = load_valid_kb(mini_root)
    engine, _ = ensure_engine(kb, tb, tmp_path)
    holder = EngineHolder(tmp_path, engine)
    errors: list[BaseException] = []
    seen: set[str] = set()
    stop = threading.Event()

    def reader():
        while not stop.is_set():
            try:
                current = holder.get()  # what a request does first
                seen.add(current.name)
                for hit in current.search("守备力量 Q1 战斗力").hits:
                    assert current.kb.get(hit.id) is not None, hit.id
            except BaseException as exc:
                errors.append(exc)

    threads = [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    path = mini_root / "games/beta/entries/beta-1.3.md"
    for n in range(3):
        added = path.with_name(f"beta-1.{4 + n}.md")
        added.write_text(
            path.read_text(encoding="utf-8")
            .replace("id: beta-1.3", f"id: beta-1.{4 + n}")
            .replace('en: "1.3 Combat"', f'en: "Combat, again ({n})"'),
            encoding="utf-8",
        )
        kb, tb = load_valid_kb(mini_root)
        build_index(kb, tmp_path, termbase=tb)
    stop.set()
    for t in threads:
        t.join()
    assert errors == []
    assert holder.get().kb.get("beta-1.6") is not None
    assert len(seen) >= 2, "the readers moved to new generations as they appeared"


def _synthetic(kb: KnowledgeBase, size: int) -> KnowledgeBase:
    """`size` entries made from the tiny KB's own texts (enough for several writer
    processes' batches)."""
    rng = random.Random(7)
    base = list(kb.entries.values())
    entries = {}
    for n in range(size):
        e = base[n % len(base)]
        entry_id = f"{e.game}-synthetic-{n}"
        entries[entry_id] = replace(
            e,
            id=entry_id,
            related=(),
            parent=None,
            text=Localized(
                zh="\n".join(rng.sample([x.text.zh for x in base], 3)),
                en=" ".join(rng.sample([x.text.en for x in base], 3)),
            ),
        )
    return KnowledgeBase(entries, f"synthetic-{size}", kb.root, kb.registry)


def test_writer_processes_build_an_index_that_answers_the_same(mini_root, tmp_path):
    """Large KBs are indexed by several writer processes into a segment each: the
    answers (hits, scores, facets) must be exactly those of a single-writer index."""
    kb, tb = load_valid_kb(mini_root)
    big = _synthetic(kb, 450)
    build_index(big, tmp_path / "single", termbase=tb, workers=1)
    parallel = build_index(big, tmp_path / "parallel", termbase=tb, workers=2)
    one = open_engine(tmp_path / "single", cache_size=0)
    two = open_engine(tmp_path / "parallel", cache_size=0)
    assert not two.whoosh_searcher().reader().is_atomic(), "really several segments"
    assert parallel == two.path
    for q in ("Q1", "守备力量 retreat", "战斗力相同", "draws six cards", "必杀攻击 2倍"):
        a, b = one.search(q, limit=20), two.search(q, limit=20)
        assert [(h.id, h.score) for h in a.hits] == [(h.id, h.score) for h in b.hits], q
        assert a.facets == b.facets and a.total == b.total, q


def test_a_writer_process_that_dies_fails_the_build_and_keeps_serving(
    mini_root, tmp_path, monkeypatch
):
    """whoosh's multi-process writer drops the segment of a writer process that died
    without a word; the build's document count must catch it."""
    kb, tb = load_valid_kb(mini_root)
    big = _synthetic(kb, 450)
    good = build_index(big, tmp_path, termbase=tb, workers=1)
    real = build_module.entry_document

    def one_bad(entry, order, terms, kb):
        doc = real(entry, order, terms, kb)
        if order == 7:
            doc["order"] = "not a number"  # the NUMERIC field raises in the writer process
        return doc

    monkeypatch.setattr(build_module, "entry_document", one_bad)
    with pytest.raises(GenerationError, match="documents"):
        build_index(big, tmp_path, termbase=tb, workers=2)
    assert resolve_current(tmp_path) == good
    assert open_engine(tmp_path).search("守备力量").hits


def test_the_build_command_builds_and_rejects_bad_input(mini_root, tmp_path, capsys):
    from indexer.__main__ import main

    args = ["build", "--index-dir", str(tmp_path), "--kb-root", str(mini_root)]
    assert main([*args, "--workers", "1"]) == 0
    assert resolve_current(tmp_path) is not None
    assert "with 8 entries in" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main([*args, "--workers", "0"])
    assert exc.value.code == 2
    assert "--workers must be at least 1" in capsys.readouterr().err
    entry = mini_root / "games/alpha/entries/alpha-qa-1.md"
    entry.write_text(
        entry.read_text(encoding="utf-8").replace("是的，会被击破。", "是的，一定会被击破。"),
        encoding="utf-8",
    )
    before = resolve_current(tmp_path)
    assert main(args) == 1
    err = capsys.readouterr().err
    assert f"{entry}:" in err and "verbatim" in err.lower()
    assert resolve_current(tmp_path) == before, "nothing was built from an unverified KB"


def test_the_kb_of_the_fixture_is_what_the_tests_expect():
    kb = load_kb(Path(__file__).resolve().parent / "fixtures" / "kb")
    assert kb.registry.slugs == ("alpha", "beta")
    assert {e.game for e in kb.entries.values()} == {"alpha", "beta"}
    assert os.path.basename(kb.root) == "kb"


def test_document_frequencies_counted_by_workers_are_the_serial_count(mini_root, monkeypatch):
    """The forked workers each count a share of the entries; merged, the counts are the
    ones one process makes."""
    kb = load_kb(mini_root)
    analysis = build_module.analysis_for(kb)
    monkeypatch.setattr(build_module, "PARALLEL_MIN_ENTRIES", 2)
    counted = build_module.DocumentFrequencies(kb, analysis, workers=2)
    assert counted._pool is not None, "the workers were not used"
    serial = build_module.document_frequencies(list(kb.entries.values()), analysis)
    assert counted.get() == serial and max(serial.values()) > 1

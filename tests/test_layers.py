"""The flow of data reads one way: kb/ knows nothing of the index or the app; the query
side never imports the build side (they share only the on-disk format); no module
reaches into another's privates (whoosh's own only where impacts are written)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_SIDE = {
    "indexer.build",
    "indexer.impacts_write",
    "indexer.schema",
    "indexer.__main__",
    "indexer.make_pinyin",  # regenerates indexer/pinyin.txt; never imported by the service
    "indexer.fit_confidence",  # fits indexer/confidence.json; never imported by the service
}
QUERY_SIDE = {
    "indexer.analysis", "indexer.answer", "indexer.confidence", "indexer.docs", "indexer.engine",
    "indexer.generation", "indexer.health", "indexer.impacts", "indexer.numbers",
    "indexer.passages", "indexer.paths", "indexer.query", "indexer.scoring", "indexer.serving",
    "indexer.likeness", "indexer.snippets", "indexer.spelling", "indexer.stats", "indexer.suggest",
    "indexer.synonyms", "indexer.tuning",
}  # fmt: skip
# The one module allowed whoosh's privates (block-wise posting reads), each use commented.
WHOOSH_PRIVATES_ALLOWED = {"indexer.impacts_write"}


def _modules() -> dict[str, Path]:
    out = {"app": ROOT / "app.py"}
    for package in ("kb", "indexer", "web"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(p for p in parts if p != "__init__")
            out[name] = path
    return out


MODULES = _modules()


def _imports(path: Path) -> list[tuple[str, list[str], bool]]:
    """(module, imported names, at top level) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, [], id(node) in top))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, [a.name for a in node.names], id(node) in top))
    return found


def test_every_indexer_module_is_on_one_side():
    indexer = {m for m in MODULES if m.startswith("indexer")} - {"indexer"}
    assert indexer == BUILD_SIDE | QUERY_SIDE, "put a new module on the build or query side"


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.startswith("kb")))
def test_kb_never_imports_the_index_or_the_app(name):
    for module, _, top in _imports(MODULES[name]):
        if module.split(".")[0] in ("app", "indexer", "web"):
            # The command line is a composition root: it may reach the query side, lazily.
            assert name == "kb.__main__" and not top, f"{name} imports {module}"


@pytest.mark.parametrize("name", sorted(QUERY_SIDE | {m for m in MODULES if m.startswith("web")}))
def test_the_query_side_never_imports_the_build_side(name):
    for module, _, _ in _imports(MODULES[name]):
        assert module not in BUILD_SIDE, f"{name} imports {module}"
        if name in QUERY_SIDE:
            assert module.split(".")[0] not in ("app", "web"), f"{name} imports {module}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_another_modules_privates(name):
    for module, names, _ in _imports(MODULES[name]):
        private = [n for n in names if n.startswith("_") and not n.startswith("__")]
        if module.startswith("whoosh") and name in WHOOSH_PRIVATES_ALLOWED:
            continue
        assert not private, f"{name} imports {private} from {module}"


def test_whoosh_privates_are_commented_where_they_are_used():
    source = MODULES["indexer.impacts_write"].read_text(encoding="utf-8").splitlines()
    uses = [n for n, line in enumerate(source) if re.search(r"matcher\._|_field_B", line)]
    assert uses
    for n in uses:
        assert "whoosh private" in source[n] or "whoosh private" in source[n - 1], source[n]

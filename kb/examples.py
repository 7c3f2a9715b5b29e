"""Worked examples of a registry's games: each game folder's `examples.py` (its
`EXAMPLES` and `NOT_COMPUTABLE`), imported explicitly from the registry, never discovered.

A game folder inside this package is imported as `kb.games.<slug>` (so the code a page
shows can be pasted as it is); a game folder elsewhere (another KB root) is imported
under a package of its own.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

from kb.registry import Game, Registry, default_registry
from kb.rulecheck import WorkedExample

_PACKAGE_DIR = Path(__file__).resolve().parent / "games"


@dataclass(frozen=True)
class ExampleSet:
    """Every worked example of a registry's games, by id, and the entries judged not
    computable (with the reason)."""

    by_id: Mapping[str, WorkedExample]
    not_computable: Mapping[str, str]
    # What the examples' results depend on: their declarations and the games' code.
    digest: str

    def for_entry(self, entry_id: str) -> list[WorkedExample]:
        return [e for e in self.by_id.values() if e.entry_id == entry_id]


def _module(game: Game) -> ModuleType | None:
    """The game's `examples` module, or None when its folder has none."""
    folder = game.folder.resolve()
    if not (folder / "examples.py").is_file():
        return None
    if folder.parent == _PACKAGE_DIR:
        return importlib.import_module(f"kb.games.{game.slug}.examples")
    # A game outside this package: a package of its own, so that its examples can
    # import its rules relatively (`from .rules import …`).
    tag = hashlib.sha256(str(folder).encode()).hexdigest()[:10]
    package = f"_kb_game_{game.slug}_{tag}"
    if package not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            package, folder / "__init__.py", submodule_search_locations=[str(folder)]
        )
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot import the game folder {folder}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[package] = module
        if (folder / "__init__.py").is_file():
            spec.loader.exec_module(module)
    return importlib.import_module(f"{package}.examples")


def _digest(games: list[Game], examples: list[WorkedExample]) -> str:
    digest = hashlib.sha256()
    for game in games:
        for path in sorted(game.folder.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for ex in examples:
        described = ex.as_dict(include_result=False) | {"fixed": dict(ex.fixed)}
        digest.update(json.dumps(described, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


@cache
def load_examples(registry: Registry) -> ExampleSet:
    """The worked examples of every game in the registry; ids are unique across games."""
    by_id: dict[str, WorkedExample] = {}
    reasons: dict[str, str] = {}
    for game in registry:
        module = _module(game)
        if module is None:
            continue
        for example in getattr(module, "EXAMPLES", ()):
            if example.id in by_id:
                raise ValueError(f"duplicate worked example id {example.id!r}")
            by_id[example.id] = example
        reasons.update(getattr(module, "NOT_COMPUTABLE", {}))
    return ExampleSet(by_id, reasons, _digest(list(registry), list(by_id.values())))


def all_examples() -> Mapping[str, WorkedExample]:
    """Every worked example of the project's own games, by id."""
    return load_examples(default_registry()).by_id


def examples_for(entry_id: str) -> list[WorkedExample]:
    return load_examples(default_registry()).for_entry(entry_id)


def not_computable() -> Mapping[str, str]:
    return load_examples(default_registry()).not_computable

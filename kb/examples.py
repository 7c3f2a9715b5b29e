"""The registry of worked examples: an explicit tuple of game modules, no discovery."""

from __future__ import annotations

from functools import cache

from kb.games.fadingglory import examples as fadingglory
from kb.games.fe0 import examples as fe0
from kb.games.magewars import examples as magewars
from kb.games.whi import examples as whi
from kb.rulecheck import WorkedExample

GAME_MODULES = (whi, magewars, fadingglory, fe0)


@cache
def all_examples() -> dict[str, WorkedExample]:
    """Every worked example by id; ids are unique across games."""
    out: dict[str, WorkedExample] = {}
    for module in GAME_MODULES:
        for example in module.EXAMPLES:
            if example.id in out:
                raise ValueError(f"duplicate worked example id {example.id!r}")
            out[example.id] = example
    return out


def examples_for(entry_id: str) -> list[WorkedExample]:
    return [e for e in all_examples().values() if e.entry_id == entry_id]


def not_computable() -> dict[str, str]:
    out: dict[str, str] = {}
    for module in GAME_MODULES:
        out.update(module.NOT_COMPUTABLE)
    return out

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
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from types import ModuleType

from kb.registry import Game, Registry, default_registry
from kb.rulecheck import WorkedExample

_PACKAGE_DIR = Path(__file__).resolve().parent / "games"
_LATIN = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class ExampleSet:
    """Every worked example of a registry's games, by id (and by the ids of copies
    merged into them), and the entries judged not computable (with the reason)."""

    by_id: Mapping[str, WorkedExample]
    not_computable: Mapping[str, str]
    # What the examples' results depend on: their declarations and the games' code.
    digest: str
    aliases: Mapping[str, str]

    def find(self, example_id: str) -> WorkedExample | None:
        """An example by its id, or by the id of a copy merged into it."""
        return self.by_id.get(example_id) or self.by_id.get(self.aliases.get(example_id, ""))

    def for_entry(self, entry_id: str) -> list[WorkedExample]:
        """The examples shown on an entry: its own first, then those it shares with others."""
        return list(self._by_entry.get(entry_id, ()))

    @cached_property
    def _by_entry(self) -> dict[str, tuple[WorkedExample, ...]]:
        """Each entry's examples (for_entry's order), found once: every answer card asks."""
        own: dict[str, list[WorkedExample]] = {}
        shared: dict[str, list[WorkedExample]] = {}
        for example in self.by_id.values():
            own.setdefault(example.entry_id, []).append(example)
            for entry_id in example.also_for:
                shared.setdefault(entry_id, []).append(example)
        return {
            entry_id: (*own.get(entry_id, ()), *shared.get(entry_id, ()))
            for entry_id in own.keys() | shared.keys()
        }

    @cached_property
    def _match_texts(self) -> dict[str, tuple[frozenset[str], str]]:
        """Each example's Latin words and text as best_for matches them, made once (an
        example's default verdict comes from running it, which its inputs alone decide)."""
        return {
            ex.id: (frozenset(_LATIN.findall(latin)), text)
            for ex in self.by_id.values()
            for latin, text in [_words_of(ex)]
        }

    def best_for(self, entry_id: str, words: set[str]) -> WorkedExample | None:
        """The entry's example that best matches a question's words, or its first example.

        `words` are the question's tokens (jieba words, Latin words, either case). Each word
        found in an example's title, keywords, situation, default values or default verdict
        counts (Chinese words by length); ties keep the entry's own order, so with no match
        the entry's first example is chosen. Pure: no index, no I/O.
        """
        candidates = self.for_entry(entry_id)
        if not candidates:
            return None
        best, best_score = candidates[0], 0.0
        for example in candidates:
            score = _score(words, *self._match_texts[example.id])
            if score > best_score:
                best, best_score = example, score
        return best


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
    """What the examples' code is: the games' modules and the kb package that runs them.
    Every example is made by that code, so its description and its results at the
    defaults follow from these files (hashing each example's description too cost a
    tenth of a cold start)."""
    digest = hashlib.sha256()
    own = sorted(Path(__file__).resolve().parent.glob("*.py"))
    for game in games:
        own += sorted(game.folder.glob("*.py"))
    for path in own:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update("\n".join(ex.id for ex in examples).encode())
    return digest.hexdigest()[:16]


@cache
def load_examples(registry: Registry) -> ExampleSet:
    """The worked examples of every game in the registry; ids and the aliases of merged
    copies are unique across games."""
    by_id: dict[str, WorkedExample] = {}
    aliases: dict[str, str] = {}
    reasons: dict[str, str] = {}
    for game in registry:
        module = _module(game)
        if module is None:
            continue
        for example in getattr(module, "EXAMPLES", ()):
            for name in (example.id, *example.aliases):
                if name in by_id or name in aliases:
                    raise ValueError(f"duplicate worked example id {name!r}")
                aliases[name] = example.id
            del aliases[example.id]
            by_id[example.id] = example
        reasons.update(getattr(module, "NOT_COMPUTABLE", {}))
    return ExampleSet(by_id, reasons, _digest(list(registry), list(by_id.values())), aliases)


def _words_of(example: WorkedExample) -> tuple[str, str]:
    """The text a question is matched against: title, keywords, situation, default verdict
    and the default values in words; lower-cased Latin text and Chinese text apart."""
    parts = [example.title, *example.keywords]
    s = example.situation
    parts += [s.zh, s.en]
    for p in example.params:
        phrase = p.phrase(p.default)
        parts += [phrase.zh, phrase.en, p.labels.zh] if p.kind != "bool" else []
    _, outcome = example.run()
    if outcome.verdict is not None:
        parts += [outcome.verdict.zh, outcome.verdict.en]
    text = " ".join(parts)
    return text.lower(), text


def _score(words: set[str], latin: frozenset[str], text: str) -> float:
    """How well a question's words match an example's (its Latin words and its text)."""
    score = 0.0
    for w in words:
        w = w.strip().lower()
        if not w:
            continue
        if _LATIN.fullmatch(w):
            if len(w) >= 3 and w in latin:
                score += 1.0
        elif len(w) >= 2 and w in text:
            score += len(w) / 2  # a longer Chinese word is a more specific match
    return score


# The project's own games (compatibility for callers without a registry at hand).
def all_examples() -> Mapping[str, WorkedExample]:
    """Every worked example of the project's own games, by id."""
    return load_examples(default_registry()).by_id


def find_example(example_id: str) -> WorkedExample | None:
    return load_examples(default_registry()).find(example_id)


def examples_for(entry_id: str) -> list[WorkedExample]:
    return load_examples(default_registry()).for_entry(entry_id)


def best_example_for(entry_id: str, words: set[str]) -> WorkedExample | None:
    return load_examples(default_registry()).best_for(entry_id, words)


def not_computable() -> Mapping[str, str]:
    return load_examples(default_registry()).not_computable

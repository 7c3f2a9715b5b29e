"""The registry of games: each game declared once, in its own folder, and listed once.

`games/games.yaml` lists the games of a KB root in display order; each
`games/<slug>/game.yaml` declares one: its names, what players call it, its source
language, the shape of its official numbers and its players' words. Every list, enum,
filter and number parser of the service derives from a `Registry`, so a new game is a
new folder and one line in `games.yaml`, and no code changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from kb.model import LANGS, Localized
from kb.yamlutil import LoadError, UniqueKeyLoader, key_lines

REGISTRY_FILE = "games.yaml"
GAME_FILE = "game.yaml"
SLUG_RE = re.compile(r"^[a-z][a-z0-9]{1,19}$")
GAME_KEYS = frozenset(
    {"slug", "name", "short_name", "source_lang", "aliases", "numbers", "players_words"}
)
NUMBER_KEYS = frozenset({"qa_prefixes", "qa_suffixes", "rule_numbers", "pages"})


class RegistryError(Exception):
    """The registry or a game declaration is malformed; carries every error (file:line)."""

    def __init__(self, errors: list[LoadError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


@dataclass(frozen=True)
class NumberScheme:
    """How a game's official numbers look, so that a judge can type them.

    `qa_prefixes`/`qa_suffixes`: the words around a Q&A number (Q108, Q&A 108, 第108问);
    empty when the game has no numbered Q&As. `rule_numbers`: dotted numbers (16.9.5)
    name its rules. `pages`: its errata are cited by rulebook page (page 12).
    """

    qa_prefixes: tuple[str, ...] = ()
    qa_suffixes: tuple[str, ...] = ()
    rule_numbers: bool = False
    pages: bool = False

    @property
    def has_qa(self) -> bool:
        return bool(self.qa_prefixes or self.qa_suffixes)


@dataclass(frozen=True, eq=False)
class Game:
    """One game as its folder declares it (compared by identity: a registry's games are
    made once per load)."""

    slug: str
    name: Localized
    # The name in menus and badges (the full name when the declaration gives none).
    short_name: Localized
    source_lang: str
    aliases: tuple[str, ...]
    numbers: NumberScheme
    players_words: Mapping[str, tuple[str, ...]]
    folder: Path = field(compare=False)

    def as_dict(self) -> dict:
        return {"slug": self.slug, "name": self.name.as_dict()}


@dataclass(frozen=True)
class Registry:
    """The games of one KB root, in display order."""

    games: tuple[Game, ...]

    @property
    def slugs(self) -> tuple[str, ...]:
        return tuple(g.slug for g in self.games)

    def get(self, slug: str) -> Game | None:
        return next((g for g in self.games if g.slug == slug), None)

    def __getitem__(self, slug: str) -> Game:
        game = self.get(slug)
        if game is None:
            raise KeyError(slug)
        return game

    def __contains__(self, slug: object) -> bool:
        return any(g.slug == slug for g in self.games)

    def __iter__(self) -> Iterator[Game]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)

    def index(self, slug: str) -> int:
        return self.slugs.index(slug)

    def names(self) -> dict[str, dict[str, str]]:
        """slug → {zh, en}: the names shown everywhere."""
        return {g.slug: g.name.as_dict() for g in self.games}


def _read_yaml(path: Path) -> tuple[object, str, list[LoadError]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        return None, "", [LoadError(path, 1, f"cannot be read: {exc}")]
    try:
        return yaml.load(text, Loader=UniqueKeyLoader), text, []
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        return (
            None,
            text,
            [LoadError(path, mark.line + 1 if mark else 1, f"invalid YAML: {problem}")],
        )


def _str_tuple(value: object) -> tuple[str, ...] | None:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        return None
    return tuple(v.strip() for v in value)


def _game(path: Path, slug: str) -> tuple[Game | None, list[LoadError]]:
    data, text, errors = _read_yaml(path)
    if errors:
        return None, errors
    lines = key_lines(text, 1)
    errs: list[LoadError] = []

    def err(key: str, message: str) -> None:
        errs.append(LoadError(path, lines.get(key, 1), message))

    if not isinstance(data, dict):
        return None, [LoadError(path, 1, "a game declaration must be a mapping of fields")]
    for key in sorted(set(data) - GAME_KEYS):
        err(key, f"unknown field `{key}`; expected one of {sorted(GAME_KEYS)}")
    if data.get("slug") != slug:
        err("slug", f"`slug` must be {slug!r}, the folder's name")
    name = data.get("name")
    if (
        not isinstance(name, dict)
        or set(name) != set(LANGS)
        or not all(isinstance(v, str) and v.strip() for v in name.values())
    ):
        err("name", "`name` needs both zh and en")
        name = {}
    short = data.get("short_name", name)
    if (
        not isinstance(short, dict)
        or set(short) != set(LANGS)
        or not all(isinstance(v, str) and v.strip() for v in short.values())
    ):
        err("short_name", "`short_name` needs both zh and en")
        short = {}
    source_lang = data.get("source_lang")
    if source_lang not in LANGS:
        err("source_lang", f"`source_lang` must be one of {LANGS}")
    aliases = _str_tuple(data.get("aliases"))
    if aliases is None:
        err("aliases", "`aliases` must be a list of names")
    numbers = data.get("numbers") or {}
    scheme = NumberScheme()
    if not isinstance(numbers, dict) or set(numbers) - NUMBER_KEYS:
        err("numbers", f"`numbers` may hold only {sorted(NUMBER_KEYS)}")
    else:
        prefixes = _str_tuple(numbers.get("qa_prefixes"))
        suffixes = _str_tuple(numbers.get("qa_suffixes"))
        flags = {k: numbers.get(k, False) for k in ("rule_numbers", "pages")}
        if prefixes is None or suffixes is None:
            err("numbers", "`qa_prefixes` and `qa_suffixes` must be lists of words")
        elif not all(isinstance(v, bool) for v in flags.values()):
            err("numbers", "`rule_numbers` and `pages` must be true or false")
        else:
            scheme = NumberScheme(prefixes, suffixes, **flags)
    words: dict[str, tuple[str, ...]] = {}
    raw_words = data.get("players_words") or {}
    if not isinstance(raw_words, dict):
        err("players_words", "`players_words` must map a player's word to the rules' words")
    else:
        for word, values in raw_words.items():
            found = _str_tuple(values)
            if not isinstance(word, str) or not word.strip() or not found:
                err("players_words", f"players' word {word!r} needs a list of rules' words")
            else:
                words[word.strip()] = found
    if errs:
        return None, errs
    game = Game(
        slug=slug,
        name=Localized(**name),
        short_name=Localized(**short),
        source_lang=source_lang,
        aliases=aliases or (),
        numbers=scheme,
        players_words=words,
        folder=path.parent,
    )
    return game, []


def load_registry(root: Path) -> Registry:
    """Reads `games/games.yaml` and every game it lists; raises `RegistryError` naming
    file and line on any problem."""
    path = Path(root) / "games" / REGISTRY_FILE
    data, text, errors = _read_yaml(path)
    if errors:
        raise RegistryError(errors)
    line = key_lines(text, 1).get("games", 1)
    slugs = data.get("games") if isinstance(data, dict) else None
    if not isinstance(slugs, list) or not slugs:
        raise RegistryError([LoadError(path, line, "`games` must list the games' slugs")])
    games: list[Game] = []
    for slug in slugs:
        if not isinstance(slug, str) or not SLUG_RE.match(slug):
            errors.append(LoadError(path, line, f"{slug!r} is not a game slug (a-z, 0-9)"))
            continue
        if slug in (g.slug for g in games):
            errors.append(LoadError(path, line, f"{slug!r} is listed twice"))
            continue
        game_file = path.parent / slug / GAME_FILE
        if not game_file.is_file():
            errors.append(LoadError(path, line, f"{slug!r} has no {slug}/{GAME_FILE}"))
            continue
        game, errs = _game(game_file, slug)
        errors.extend(errs)
        if game:
            games.append(game)
    if errors:
        raise RegistryError(errors)
    return Registry(tuple(games))


KB_ROOT = Path(__file__).resolve().parent


@cache
def default_registry() -> Registry:
    """The registry of the project's own KB (kb/games/)."""
    return load_registry(KB_ROOT)

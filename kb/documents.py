"""The source posts behind the seeds: title, author and date for citations; who made
which part, what they ask of those who reproduce it, and how the project honours it.

A seed's file name (`004_1b7e94789a4a6c70.txt`) is an internal handle; a reader cites
the post by its title. `kb/sources/sources.yaml` holds one record per seed; every title
line must be a line of its seed, so a citation never names a post the seed is not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from kb.loader import KB_ROOT, KBError, LoadError, UniqueKeyLoader
from kb.registry import load_registry

SOURCES_FILE = "sources.yaml"
KINDS = ("forum-post", "document")
DATE_KINDS = ("edited", "posted")
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# Checked one by one below: game, title, author, kind, date and date_kind.
_TEXTS = ("description", "publisher", "translator", "credit", "honoured")
_FIELDS = frozenset(
    {"game", "title", "author", "kind", "date", "date_kind", *_TEXTS}
    | {"url", "uploader", "requests", "requests_en"}
)


@dataclass(frozen=True)
class SourcePost:
    """One source post: what its seed file is, as a citation names it."""

    document: str  # the seed's file name (never shown to readers)
    game: str
    title: tuple[str, ...]  # the title's lines, verbatim
    author: str
    kind: str
    description: str  # ours, in English
    publisher: str
    translator: str
    credit: str
    honoured: str  # how the project honours the makers' requests
    date: str | None = None
    date_kind: str | None = None
    url: str | None = None
    uploader: str | None = None
    requests: tuple[str, ...] = ()  # verbatim
    requests_en: tuple[str, ...] = ()  # our translation

    @property
    def title_text(self) -> str:
        return " ".join(self.title)


def _check(document: str, raw: object, seeds: Path, games: tuple[str, ...]) -> list[str]:
    """The problems of one record (empty when it is sound)."""
    if not isinstance(raw, dict):
        return ["must be a mapping"]
    problems = [f"unknown field {k!r}" for k in sorted(set(raw) - _FIELDS)]
    problems += [f"{k} is required" for k in _TEXTS if not isinstance(raw.get(k), str)]
    if raw.get("game") not in games:
        problems.append(f"game must be one of {', '.join(games)}")
    if raw.get("kind") not in KINDS:
        problems.append(f"kind must be one of {', '.join(KINDS)}")
    title = raw.get("title")
    seed = seeds / document
    if not seed.is_file():
        problems.append("no such seed in kb/sources/")
    if not (isinstance(title, list) and title and all(isinstance(t, str) for t in title)):
        problems.append("title must be a list of the title's lines")
    elif seed.is_file():
        lines = {ln.strip() for ln in seed.read_text(encoding="utf-8").splitlines()}
        problems += [f"title line {t!r} is not a line of the seed" for t in title if t not in lines]
    if not isinstance(raw.get("author"), str) or not raw["author"]:
        problems.append("author is required")
    date, date_kind = raw.get("date"), raw.get("date_kind")
    if date is not None and not (isinstance(date, str) and _DATE_RE.match(date)):
        problems.append("date must be a quoted ISO date (YYYY-MM-DD)")
    if isinstance(date, str) and _DATE_RE.match(date) and seed.is_file():
        y, m, d = date.split("-")
        stamp = re.compile(rf"\b{y}-0?{int(m)}-0?{int(d)}\b")
        if not stamp.search(seed.read_text(encoding="utf-8")):
            problems.append(f"date {date} is not in the seed")
    if (date is None) != (date_kind is None) or (date_kind and date_kind not in DATE_KINDS):
        problems.append(f"date and date_kind go together; date_kind is one of {DATE_KINDS}")
    return problems


def load_source_posts(root: Path | None = None) -> dict[str, SourcePost]:
    """Reads and checks `sources/sources.yaml`; every seed must have its record."""
    seeds = Path(root or KB_ROOT) / "sources"
    games = load_registry(Path(root or KB_ROOT)).slugs
    path = seeds / SOURCES_FILE
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=UniqueKeyLoader) or {}
    except (OSError, yaml.YAMLError) as exc:
        mark = getattr(exc, "problem_mark", None)
        raise KBError([LoadError(path, mark.line + 1 if mark else 1, str(exc))]) from None
    errors: list[LoadError] = []
    posts: dict[str, SourcePost] = {}
    text = path.read_text(encoding="utf-8").splitlines()
    for document, raw in data.items():
        line = next((i for i, ln in enumerate(text, 1) if ln.startswith(f"{document}:")), 1)
        problems = _check(str(document), raw, seeds, games)
        errors += [LoadError(path, line, f"{document}: {p}") for p in problems]
        if not problems:
            posts[document] = SourcePost(
                document=document,
                game=raw["game"],
                title=tuple(raw["title"]),
                author=raw["author"],
                kind=raw["kind"],
                description=raw["description"],
                publisher=raw["publisher"],
                translator=raw["translator"],
                credit=raw["credit"],
                honoured=raw["honoured"],
                date=raw.get("date"),
                date_kind=raw.get("date_kind"),
                url=raw.get("url"),
                uploader=raw.get("uploader"),
                requests=tuple(raw.get("requests") or ()),
                requests_en=tuple(raw.get("requests_en") or ()),
            )
    for seed in sorted(seeds.glob("*.txt")):
        if seed.name not in data:
            errors.append(LoadError(path, 1, f"{seed.name} has no record"))
    if errors:
        raise KBError(errors)
    return posts


@cache
def source_posts(root: Path | None = None) -> dict[str, SourcePost]:
    """The source posts of a KB root, read once per process."""
    return load_source_posts(root)

"""Turns entry files into validated `Entry` objects; any error names file and line.

The load is all or nothing: one broken file stops it, so the service never serves
a partial knowledge base.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from kb.model import (
    ENTRY_TYPES,
    LANGS,
    PROVENANCES,
    CardRef,
    Entry,
    Localized,
    PlayerQuestion,
    Source,
    Table,
)
from kb.registry import Registry, RegistryError, load_registry
from kb.yamlutil import LoadError, UniqueKeyLoader, key_lines

__all__ = ["KBError", "KnowledgeBase", "LoadError", "UniqueKeyLoader", "load_kb"]

KB_ROOT = Path(__file__).resolve().parent
ID_RE = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
SECTION_RE = re.compile(r"^## (?P<name>[a-z\-]+)\.(?P<lang>[a-z]+)\s*$")
SECTIONS = ("text", "original", "translator-note", "note")
# The players' questions an entry answers (ours): `## players-ask`, one `- <lang>: <question>`
# per line, in Simplified (zh) and Traditional Chinese (zh-Hant) and English (en).
PLAYERS_ASK = "## players-ask"
ASK_LANGS = ("zh", "zh-Hant", "en")
ASK_LINE_RE = re.compile(r"^- (?P<lang>[A-Za-z-]+): (?P<q>.+?)\s*$")
MAX_ASK_CHARS = 200
HEADER_KEYS = frozenset(
    {
        "id",
        "game",
        "type",
        "title",
        "provenance",
        "source",
        "section",
        "parent",
        "terms",
        "term",
        "related",
        "cards",
        "unresolved_refs",
        "table",
        "examples",
        "no_players_ask",
    }
)


class KBError(Exception):
    """Raised when the knowledge base cannot be loaded; carries every error found."""

    def __init__(self, errors: list[LoadError]):
        self.errors = errors
        head = "\n".join(str(e) for e in errors[:50])
        more = f"\n… and {len(errors) - 50} more" if len(errors) > 50 else ""
        super().__init__(f"{len(errors)} error(s) in the knowledge base:\n{head}{more}")


class _FileChecker:
    """Collects the errors of one file, locating header keys by their line."""

    def __init__(self, path: Path, header_lines: dict[str, int]):
        self.path = path
        self.header_lines = header_lines
        self.errors: list[LoadError] = []

    def error(self, key: str | int, message: str) -> None:
        line = key if isinstance(key, int) else self.header_lines.get(key, 1)
        self.errors.append(LoadError(self.path, line, message))


def _localized(value: object, check: _FileChecker, key: str) -> Localized | None:
    if not isinstance(value, dict):
        check.error(key, f"`{key}` must be a mapping of language to text, like {{zh: …, en: …}}")
        return None
    unknown = set(value) - set(LANGS)
    if unknown:
        check.error(key, f"`{key}` has unknown language(s) {sorted(unknown)}; use zh and en")
    out = {}
    for lang in LANGS:
        if lang in value:
            text = value[lang]
            if not isinstance(text, str) or not text.strip():
                check.error(key, f"`{key}.{lang}` must be non-empty text")
            else:
                out[lang] = text.strip()
    return Localized(**out)


def _str_list(value: object, check: _FileChecker, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, (str, int, float)) for v in value):
        check.error(key, f"`{key}` must be a list of strings")
        return ()
    return tuple(str(v) for v in value)


def _players_ask(lines: list[tuple[int, str]], check: _FileChecker) -> tuple[PlayerQuestion, ...]:
    """The `## players-ask` lines as questions; a malformed line is an error at its line."""
    out: list[PlayerQuestion] = []
    seen: set[str] = set()
    for lineno, line in lines:
        if not line.strip():
            continue
        m = ASK_LINE_RE.match(line)
        if not m:
            check.error(lineno, f"a players-ask line is `- <lang>: <question>`, not {line!r}")
            continue
        lang, q = m.group("lang"), m.group("q").strip()
        if lang not in ASK_LANGS:
            check.error(lineno, f"players-ask language {lang!r}; expected one of {ASK_LANGS}")
        elif len(q) > MAX_ASK_CHARS:
            check.error(lineno, f"a players-ask question is at most {MAX_ASK_CHARS} characters")
        elif q in seen:
            check.error(lineno, f"players-ask question {q!r} appears twice")
        else:
            seen.add(q)
            out.append(PlayerQuestion(lang, q))
    return tuple(out)


def _parse_body(
    body: str, first_line: int, check: _FileChecker
) -> tuple[dict[str, dict[str, str]], list[tuple[int, str]] | None]:
    """The language sections of a body, and the players-ask lines (None: no such section)."""
    sections: dict[str, dict[str, str]] = {}
    current: tuple[str, str] | None = None
    buf: list[str] = []
    start_line = first_line
    asks: list[tuple[int, str]] | None = None

    def flush() -> None:
        if current is None:
            if "".join(buf).strip():
                check.error(start_line, "text before the first `## <section>.<lang>` heading")
            return
        name, lang = current
        text = "\n".join(buf).strip()
        if not text:
            check.error(start_line, f"section `{name}.{lang}` is empty")
        sections.setdefault(name, {})[lang] = text

    for offset, line in enumerate(body.split("\n")):
        if asks is not None and not line.startswith("## "):
            asks.append((first_line + offset, line))
            continue
        if line.rstrip() == PLAYERS_ASK:
            flush()
            if asks is not None:
                check.error(first_line + offset, "section `players-ask` appears twice")
            asks, current, buf = [], None, []
            continue
        if line.startswith("## "):
            if asks is not None:
                check.error(first_line + offset, "`## players-ask` must be the last section")
                asks = None
            flush()
            lineno = first_line + offset
            m = SECTION_RE.match(line)
            if not m or m.group("name") not in SECTIONS or m.group("lang") not in LANGS:
                check.error(
                    lineno,
                    f"unknown section heading {line.strip()!r}; expected `## <section>.<lang>` "
                    f"with section in {SECTIONS} and lang in {LANGS}",
                )
                current, buf, start_line = None, [], lineno
                continue
            name, lang = m.group("name"), m.group("lang")
            if lang in sections.get(name, {}):
                check.error(lineno, f"section `{name}.{lang}` appears twice")
            current, buf, start_line = (name, lang), [], lineno
        else:
            buf.append(line)
    if asks is None:
        flush()
    return sections, asks


def parse_entry_file(
    path: Path, registry: Registry | None = None
) -> tuple[Entry | None, list[LoadError]]:
    """Parses one entry file; returns the entry or the errors found (never both silently).

    `registry` names the games an entry may belong to (default: the project's own)."""
    if registry is None:
        from kb.registry import default_registry

        registry = default_registry()
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        return None, [LoadError(path, 1, f"not valid UTF-8: {exc}")]
    raw = raw.replace("\r\n", "\n")
    if not raw.startswith("---\n"):
        return None, [LoadError(path, 1, "the file must start with a `---` YAML header line")]
    end = raw.find("\n---\n", 3)
    if end < 0:
        return None, [LoadError(path, 1, "the YAML header is not closed by a `---` line")]
    header_text = raw[4 : end + 1]
    body = raw[end + 5 :]
    body_first_line = header_text.count("\n") + 3
    check = _FileChecker(path, key_lines(header_text, 2))
    try:
        header = yaml.load(header_text, Loader=UniqueKeyLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 2 if mark else 1
        problem = getattr(exc, "problem", None) or str(exc)
        return None, [LoadError(path, line, f"invalid YAML header: {problem}")]
    if not isinstance(header, dict):
        return None, [LoadError(path, 2, "the YAML header must be a mapping of fields")]

    for key in sorted(set(header) - HEADER_KEYS):
        check.error(key, f"unknown header field `{key}`")
    for key in ("id", "game", "type", "title", "provenance", "source"):
        if key not in header or header[key] in (None, ""):
            check.error(1, f"missing required field `{key}`")
    if check.errors:
        return None, check.errors

    entry_id = str(header["id"])
    if not ID_RE.match(entry_id):
        check.error("id", f"id {entry_id!r} must be lowercase letters, digits, '.' and '-'")
    if entry_id != path.stem:
        check.error("id", f"id {entry_id!r} does not match the file name {path.name!r}")
    game = header["game"]
    declared = registry.get(game) if isinstance(game, str) else None
    if declared is None:
        check.error("game", f"unknown game {game!r}; expected one of {registry.slugs}")
    elif not entry_id.startswith(f"{game}-"):
        check.error("id", f"id {entry_id!r} must start with the game slug `{game}-`")
    if header["type"] not in ENTRY_TYPES:
        check.error("type", f"unknown type {header['type']!r}; expected one of {ENTRY_TYPES}")

    title = _localized(header["title"], check, "title")
    provenance = _localized(header["provenance"], check, "provenance")
    if provenance:
        for lang, value in provenance.as_dict().items():
            if value not in PROVENANCES:
                check.error("provenance", f"unknown provenance {value!r} for {lang}")
    if title and set(title.langs()) != set(LANGS):
        check.error("title", "title needs both zh and en")

    src = header["source"]
    source = None
    if not isinstance(src, dict):
        check.error("source", "`source` must be a mapping with document and locator")
    else:
        for key in ("document", "locator"):
            if not isinstance(src.get(key), str) or not src[key].strip():
                check.error("source", f"`source.{key}` is required")
        date = src.get("date")
        if date is not None:
            date = str(date)
            if not DATE_RE.match(date):
                check.error("source", f"`source.date` {date!r} must be YYYY-MM-DD")
        unknown = set(src) - {"document", "locator", "date", "credit"}
        if unknown:
            check.error("source", f"unknown source field(s) {sorted(unknown)}")
        if not check.errors:
            source = Source(src["document"], str(src["locator"]), date, src.get("credit"))

    term = _localized(header["term"], check, "term") if "term" in header else None
    if header["type"] == "term" and term is None:
        check.error("type", "a `term` entry needs a `term: {zh, en}` field")

    cards: list[CardRef] = []
    for item in header.get("cards") or []:
        if not isinstance(item, dict) or "name" not in item:
            check.error("cards", "each card must be a mapping with `name: {zh?, en?}`")
            continue
        name = _localized(item["name"], check, "cards")
        if name:
            code = item.get("code")
            cards.append(CardRef(name, str(code) if code is not None else None))

    table = None
    if header.get("table") is not None:
        tbl = header["table"]
        if (
            not isinstance(tbl, dict)
            or not isinstance(tbl.get("header"), list)
            or not isinstance(tbl.get("rows"), list)
            or not all(isinstance(r, list) for r in tbl["rows"])
        ):
            check.error("table", "`table` needs `header: [..]` and `rows: [[..], ..]`")
        else:
            width = len(tbl["header"])
            for row in tbl["rows"]:
                if len(row) != width:
                    check.error("table", f"table row {row!r} has {len(row)} cells, not {width}")
            table = Table(
                tuple(str(c) for c in tbl["header"]),
                tuple(tuple(str(c) for c in r) for r in tbl["rows"]),
                tbl.get("caption"),
            )

    sections, ask_lines = _parse_body(body, body_first_line, check)
    players_ask = _players_ask(ask_lines or [], check)
    no_ask = header.get("no_players_ask")
    if no_ask is not None and (not isinstance(no_ask, str) or not no_ask.strip()):
        check.error("no_players_ask", "`no_players_ask` is the reason the entry answers nothing")
    if no_ask and players_ask:
        check.error("no_players_ask", "an entry with players' questions answers something")
    text = Localized(**sections.get("text", {}))
    for lang in LANGS:
        if not text.get(lang):
            check.error(body_first_line, f"missing `## text.{lang}` section")
    if provenance and set(provenance.langs()) != set(text.langs()):
        check.error("provenance", "provenance must name exactly the languages of `text`")
    if "original" in sections and header["type"] != "errata":
        check.error(body_first_line, "only errata carry `original.*` sections")
    if header["type"] == "errata" and "original" not in sections:
        note = sections.get("note", {})
        if not note:
            check.error(
                body_first_line,
                "an errata entry needs `original.*` wording, or a note saying the source has none",
            )

    if check.errors:
        return None, check.errors
    entry = Entry(
        id=entry_id,
        game=game,
        type=header["type"],
        title=title,  # type: ignore[arg-type]
        text=text,
        provenance=provenance,  # type: ignore[arg-type]
        source=source,  # type: ignore[arg-type]
        path=path,
        section=header.get("section"),
        parent=str(header["parent"]) if header.get("parent") else None,
        terms=_str_list(header.get("terms"), check, "terms"),
        term=term,
        related=_str_list(header.get("related"), check, "related"),
        cards=tuple(cards),
        unresolved_refs=_str_list(header.get("unresolved_refs"), check, "unresolved_refs"),
        table=table,
        original=Localized(**sections["original"]) if "original" in sections else None,
        translator_note=(
            Localized(**sections["translator-note"]) if "translator-note" in sections else None
        ),
        note=Localized(**sections["note"]) if "note" in sections else None,
        examples=_str_list(header.get("examples"), check, "examples"),
        players_ask=players_ask,
        no_players_ask=no_ask.strip() if isinstance(no_ask, str) else None,
        source_lang=declared.source_lang,  # type: ignore[union-attr]
        game_name=declared.name,  # type: ignore[union-attr]
        header_lines=check.header_lines,
    )
    return (None, check.errors) if check.errors else (entry, [])


def entry_files(root: Path) -> list[Path]:
    """Every entry file under a KB root, in a stable order."""
    return sorted((root / "games").glob("*/entries/*.md"))


def _cross_check(entries: Iterable[Entry], known_documents: set[str] | None) -> list[LoadError]:
    by_id: dict[str, Entry] = {}
    errors: list[LoadError] = []
    for entry in entries:
        if entry.id in by_id:
            errors.append(
                LoadError(
                    entry.path,
                    entry.header_lines.get("id", 1),
                    f"duplicate id {entry.id!r} (also in {by_id[entry.id].path})",
                )
            )
        by_id[entry.id] = entry
        if entry.path.parent.parent.name != entry.game:
            errors.append(
                LoadError(
                    entry.path,
                    entry.header_lines.get("game", 1),
                    f"game {entry.game!r} but the file is under "
                    f"games/{entry.path.parent.parent.name}/",
                )
            )
    for entry in by_id.values():
        for rel in entry.related:
            if rel not in by_id:
                errors.append(
                    LoadError(
                        entry.path,
                        entry.header_lines.get("related", 1),
                        f"related id {rel!r} does not exist",
                    )
                )
            elif rel == entry.id:
                errors.append(
                    LoadError(entry.path, entry.header_lines.get("related", 1), "relates to itself")
                )
        if entry.parent and entry.parent not in by_id:
            errors.append(
                LoadError(
                    entry.path,
                    entry.header_lines.get("parent", 1),
                    f"parent id {entry.parent!r} does not exist",
                )
            )
        if known_documents is not None and entry.source.document not in known_documents:
            errors.append(
                LoadError(
                    entry.path,
                    entry.header_lines.get("source", 1),
                    f"source document {entry.source.document!r} is not in kb/sources/",
                )
            )
    return errors


@dataclass(frozen=True)
class KnowledgeBase:
    """Every entry, validated, with the lookups the app and the index need."""

    entries: dict[str, Entry]
    content_hash: str
    root: Path
    registry: Registry
    # The fingerprint of the validation code that passed this KB (kb.validate), or None
    # when it was loaded without the full validation: a generation records it, and a
    # start-up may serve that generation's KB without validating the files again.
    validated: str | None = None

    def by_game(self, game: str) -> list[Entry]:
        return [e for e in self.entries.values() if e.game == game]

    def get(self, entry_id: str) -> Entry | None:
        return self.entries.get(entry_id)

    def children(self, entry_id: str) -> list[Entry]:
        return [e for e in self.entries.values() if e.parent == entry_id]

    def backlinks(self, entry_id: str) -> list[Entry]:
        return [e for e in self.entries.values() if entry_id in e.related]

    def __len__(self) -> int:
        return len(self.entries)


def content_hash(root: Path) -> str:
    """A hash of every entry, termbase, game declaration and source file: the index is
    rebuilt when it changes."""
    digest = hashlib.sha256()
    games = root / "games"
    files = entry_files(root) + sorted(games.glob("*/terms.yaml"))
    files += [games / "games.yaml", *sorted(games.glob("*/game.yaml"))]
    files += sorted((root / "sources").rglob("*"))
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()[:16]


def load_kb(root: Path | None = None) -> KnowledgeBase:
    """Loads and validates every entry under `root`; raises `KBError` on any error."""
    root = Path(root) if root else KB_ROOT
    try:
        registry = load_registry(root)
    except RegistryError as exc:
        raise KBError(exc.errors) from None
    entries: list[Entry] = []
    errors: list[LoadError] = []
    for path in entry_files(root):
        if path.parent.parent.name not in registry:
            errors.append(
                LoadError(path, 1, f"games/{path.parent.parent.name}/ is not in games/games.yaml")
            )
            continue
        entry, errs = parse_entry_file(path, registry)
        errors.extend(errs)
        if entry:
            entries.append(entry)
    sources = root / "sources"
    known = {p.name for p in sources.glob("*.txt")} if sources.is_dir() else None
    errors.extend(_cross_check(entries, known))
    if errors:
        raise KBError(errors)
    ordered = sorted(entries, key=lambda e: (registry.index(e.game), _sort_key(e.id)))
    return KnowledgeBase({e.id: e for e in ordered}, content_hash(root), root, registry)


def _sort_key(entry_id: str) -> tuple:
    """Sorts ids naturally: fe0-qa-9 before fe0-qa-10, 16.9.2 before 16.9.10."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part)
        for part in re.split(r"[.\-]", entry_id)
    )

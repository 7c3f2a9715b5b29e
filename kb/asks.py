"""Writes "players ask" questions into entry files: `python -m kb import-asks [--append] FILE`.

FILE maps entry ids to their questions (`- {lang: zh, q: "…"}` items) or to
`{none: "why the entry answers nothing"}`. Each entry file gets (or has replaced) its
`## players-ask` section, the last of the file, or a `no_players_ask:` header line. With
`--append` a further round of questions joins the entry's own (one that repeats an existing
question, spaces, punctuation and case aside, is left out). The loader then validates them
like the rest of the entry.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from kb.loader import ASK_LANGS, PLAYERS_ASK, KnowledgeBase

_HEADER_END = "\n---\n"
_NONE_RE = re.compile(r"^no_players_ask:.*\n", re.MULTILINE)


def _section(questions: list[dict]) -> str:
    lines = [PLAYERS_ASK]
    for lang in ASK_LANGS:  # grouped by language, in the writer's order within each
        lines += [f"- {lang}: {' '.join(q['q'].split())}" for q in questions if q["lang"] == lang]
    return "\n".join(lines) + "\n"


def rewrite(text: str, item: list[dict] | dict) -> str:
    """An entry file's text with its players' questions (or its reason for none) set."""
    end = text.find(_HEADER_END, 3)
    header, body = text[: end + 1], text[end + len(_HEADER_END) :]
    header = _NONE_RE.sub("", header)
    cut = body.find(PLAYERS_ASK)
    if cut >= 0:
        body = body[:cut]
    body = body.rstrip("\n") + "\n"
    if isinstance(item, dict):
        reason = " ".join(str(item["none"]).split()).replace('"', "'")
        return f'{header}no_players_ask: "{reason}"{_HEADER_END}{body}'
    return f"{header[:-1]}{_HEADER_END}{body}\n{_section(item)}"


_NOT_WORD = re.compile(r"[\W_]+")


def _same(question: str) -> str:
    """A question as compared for repeats: case, spaces and punctuation aside."""
    return _NOT_WORD.sub("", question).casefold()


def appended(entry, item: list[dict] | dict) -> list[dict]:
    """The entry's questions followed by the new ones that repeat none of them."""
    if isinstance(item, dict):
        raise SystemExit(f"{entry.id}: --append adds questions; a reason for none replaces them")
    if entry.no_players_ask:
        raise SystemExit(f"{entry.id}: answers nothing ({entry.no_players_ask}); not appending")
    out = [{"lang": p.lang, "q": p.q} for p in entry.players_ask]
    seen = {_same(q["q"]) for q in out}
    for q in item:
        if _same(q["q"]) not in seen:
            seen.add(_same(q["q"]))
            out.append(q)
    return out


def import_asks(kb: KnowledgeBase, path: Path, append: bool = False) -> int:
    """Writes every entry's questions from `path` (with `append`, after the entry's own);
    returns how many entries it changed."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    changed = 0
    for entry_id, item in data.items():
        entry = kb.get(entry_id)
        if entry is None:
            raise SystemExit(f"{path}: no entry {entry_id!r}")
        if append:
            item = appended(entry, item)
        old = entry.path.read_text(encoding="utf-8")
        new = rewrite(old, item)
        if new != old:
            entry.path.write_text(new, encoding="utf-8")
            changed += 1
    return changed

"""Writes "players ask" questions into entry files: `python -m kb import-asks FILE`.

FILE maps entry ids to their questions (`- {lang: zh, q: "…"}` items) or to
`{none: "why the entry answers nothing"}`. Each entry file gets (or has replaced) its
`## players-ask` section, the last of the file, or a `no_players_ask:` header line. The
loader then validates them like the rest of the entry.
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


def import_asks(kb: KnowledgeBase, path: Path) -> int:
    """Writes every entry's questions from `path`; returns how many entries it changed."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    changed = 0
    for entry_id, item in data.items():
        entry = kb.get(entry_id)
        if entry is None:
            raise SystemExit(f"{path}: no entry {entry_id!r}")
        old = entry.path.read_text(encoding="utf-8")
        new = rewrite(old, item)
        if new != old:
            entry.path.write_text(new, encoding="utf-8")
            changed += 1
    return changed

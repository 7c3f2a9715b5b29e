"""Keeps `related` links symmetric: if A relates to B, B relates to A."""

from __future__ import annotations

import re
from pathlib import Path

from kb.loader import KnowledgeBase

_RELATED_BLOCK_RE = re.compile(r"^related:.*(?:\n[ \t]+-.*)*", re.MULTILINE)


def missing_backlinks(kb: KnowledgeBase) -> dict[str, list[str]]:
    """For each entry id, the ids that relate to it but that it does not relate back to."""
    missing: dict[str, list[str]] = {}
    for entry in kb.entries.values():
        for other in entry.related:
            target = kb.get(other)
            if target is not None and entry.id not in target.related:
                missing.setdefault(other, []).append(entry.id)
    return missing


def _rewrite_related(path: Path, related: list[str]) -> None:
    text = path.read_text(encoding="utf-8")
    end = text.find("\n---\n", 3)
    header, rest = text[: end + 1], text[end + 1 :]
    line = "related: [" + ", ".join(related) + "]"
    if _RELATED_BLOCK_RE.search(header):
        header = _RELATED_BLOCK_RE.sub(line, header, count=1)
    else:
        header = header + line + "\n"
    path.write_text(header + rest, encoding="utf-8")


def fix_backlinks(kb: KnowledgeBase) -> int:
    """Adds every missing reverse link to the entry files; returns how many it added."""
    added = 0
    for entry_id, sources in missing_backlinks(kb).items():
        entry = kb.entries[entry_id]
        _rewrite_related(entry.path, list(entry.related) + sources)
        added += len(sources)
    return added

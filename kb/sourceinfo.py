"""Who made each source post and what they ask of those who reproduce it
(`kb/sources/sources.yaml`), for the source pages and the tests that hold us to it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml


@dataclass(frozen=True)
class SourceInfo:
    """One seed: its title, makers, their requests (verbatim) and how we honour them."""

    document: str
    game: str
    title: str
    publisher: str
    translator: str
    credit: str
    honoured: str
    url: str | None = None
    uploader: str | None = None
    requests: tuple[str, ...] = ()
    requests_en: tuple[str, ...] = ()


@cache
def load_sources(root: Path) -> dict[str, SourceInfo]:
    """Every seed's record; a missing field raises naming the document."""
    path = root / "sources" / "sources.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out = {}
    for document, item in data.items():
        try:
            out[document] = SourceInfo(
                document=document,
                game=item["game"],
                title=item["title"],
                publisher=item["publisher"],
                translator=item["translator"],
                credit=item["credit"],
                honoured=item["honoured"],
                url=item.get("url"),
                uploader=item.get("uploader"),
                requests=tuple(item.get("requests") or ()),
                requests_en=tuple(item.get("requests_en") or ()),
            )
        except KeyError as exc:
            raise ValueError(f"{path}: {document} lacks {exc.args[0]!r}") from None
    return out

"""Citations a judge can paste: the entry, its game and place, the source post by its
title and date (never the seed's file name), and an absolute permalink."""

from __future__ import annotations

import os

from flask import current_app, request

from kb.documents import SourcePost
from kb.model import Entry
from web.i18n import words


def base_url() -> str:
    """The site's public root: PUBLIC_BASE_URL when configured, else the request's host."""
    configured = current_app.config.get("PUBLIC_BASE_URL") or os.environ.get("PUBLIC_BASE_URL")
    return (configured or request.host_url).rstrip("/")


def permalink(entry: Entry) -> str:
    return f"{base_url()}{entry.url}"


def _post(post: SourcePost | None, lang: str) -> str:
    """The source post as a citation names it: “title” (author, kind, date)."""
    if post is None:
        return ""
    details = [words("cite.by", lang, author=post.author), words(f"cite.kind.{post.kind}", lang)]
    if post.date and post.date_kind:
        details.append(words(f"cite.date.{post.date_kind}", lang, date=post.date))
    sep, open_, close = ("，", "（", "）") if lang == "zh" else (", ", " (", ")")
    return f"“{post.title_text}”{open_}{sep.join(details)}{close}"


def _parts(entry: Entry, lang: str) -> tuple[str, str]:
    title = entry.title.get(lang) or entry.title.get(entry.source_lang) or entry.id
    sep = "，" if lang == "zh" else ", "
    place = [entry.game_name.get(lang) or entry.game, entry.source.locator]
    if entry.source.date:
        place.append(entry.source.date)
    return title, sep.join(place)


def citation_text(entry: Entry, post: SourcePost | None, lang: str) -> str:
    """The plain-text citation in one language (`zh` or `en`)."""
    title, place = _parts(entry, lang)
    stop = "。" if lang == "zh" else ". "
    colon = "：" if lang == "zh" else ": "
    parts = [title.rstrip("。."), place]
    if post is not None:
        parts.append(f"{words('cite.in', lang)}{colon}{_post(post, lang)}")
    return stop.join(parts) + stop + permalink(entry)


def citation_markdown(entry: Entry, post: SourcePost | None, lang: str) -> str:
    """The citation as a Markdown link, for notes and chat."""
    title, place = _parts(entry, lang)
    label = title.replace("[", "(").replace("]", ")")
    stop = "。" if lang == "zh" else ". "
    colon = "：" if lang == "zh" else ": "
    tail = f"{stop}{words('cite.in', lang)}{colon}{_post(post, lang)}" if post else ""
    return f"[{label}]({permalink(entry)}) — {place}{tail}"

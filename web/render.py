"""Template filters: verbatim text shown as escaped plain text, our notes as safe Markdown."""

from __future__ import annotations

import markdown
import nh3
from flask import Flask
from markupsafe import Markup, escape

ALLOWED_TAGS = {
    "p",
    "em",
    "strong",
    "code",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
}


def render_note(text: str) -> Markup:
    """Renders our own Markdown notes, then sanitises them (markdown has no safe mode)."""
    html = markdown.markdown(text or "", extensions=["tables"])
    clean = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes={"a": {"href", "title"}},
        url_schemes={"http", "https", "mailto"},
    )
    return Markup(clean)


def verbatim(text: str) -> Markup:
    """Shows source text exactly: escaped, paragraphs and line breaks kept, no markup."""
    paras = [p for p in (text or "").split("\n\n") if p.strip()]
    return Markup("".join(f'<p class="verbatim">{escape(p.strip())}</p>' for p in paras))


def register_filters(app: Flask) -> None:
    app.jinja_env.filters["note"] = render_note
    app.jinja_env.filters["verbatim"] = verbatim

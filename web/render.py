"""Template filters: verbatim text shown as escaped plain text, our notes as safe Markdown."""

from __future__ import annotations

import difflib
import re

import markdown
import nh3
from flask import Flask
from markupsafe import Markup, escape

from kb.termbase import Termbase, TermRecord

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


class TermMarker:
    """Wraps the game terms found in a text in links that show the other language."""

    def __init__(self, tb: Termbase):
        self._patterns: dict[tuple[str, str], tuple[re.Pattern, dict[str, TermRecord]]] = {}
        games = {r.game for r in tb.records}
        for game in games:
            for lang in ("zh", "en"):
                forms: dict[str, TermRecord] = {}
                for r in tb.for_game(game):
                    for form in r.forms(lang):
                        if len(form) >= (2 if lang == "zh" else 3):
                            forms.setdefault(form if lang == "zh" else form.lower(), r)
                if not forms:
                    continue
                alts = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
                pattern = f"(?:{alts})" if lang == "zh" else rf"(?<![A-Za-z])(?:{alts})(?![A-Za-z])"
                flags = 0 if lang == "zh" else re.IGNORECASE
                self._patterns[(game, lang)] = (re.compile(pattern, flags), forms)

    def mark(self, text: str, game: str, lang: str) -> Markup:
        found = self._patterns.get((game, lang))
        paras = [p for p in (text or "").split("\n\n") if p.strip()]
        out = []
        for para in paras:
            para = para.strip()
            if not found:
                out.append(f'<p class="verbatim">{escape(para)}</p>')
                continue
            pattern, forms = found
            pieces, last = [], 0
            for m in pattern.finditer(para):
                record = forms[m.group() if lang == "zh" else m.group().lower()]
                other = record.en if lang == "zh" else record.zh
                pieces.append(str(escape(para[last : m.start()])))
                word = escape(m.group())
                pieces.append(
                    f'<a class="term" href="/terms/{escape(record.game)}/{escape(record.key)}" '
                    f'data-tip="{escape(other)}" aria-label="{word} ({escape(other)})">{word}</a>'
                )
                last = m.end()
            pieces.append(str(escape(para[last:])))
            out.append(f'<p class="verbatim">{"".join(pieces)}</p>')
        return Markup("".join(out))  # every piece escaped above


def marked(text: str, game: str, lang: str) -> Markup:
    from web.api import engine

    current = engine()
    marker = current.memo("term_marker", lambda: TermMarker(current.termbase))
    return marker.mark(text, game, lang)


def label(en: str, zh: str) -> Markup:
    """A UI label in both languages; the page's language switch shows one or both."""
    return Markup(
        f'<span class="l-en">{escape(en)}</span><span class="l-zh" lang="zh">{escape(zh)}</span>'
    )


def register_filters(app: Flask) -> None:
    app.jinja_env.globals["L"] = label
    app.jinja_env.filters["note"] = render_note
    app.jinja_env.filters["verbatim"] = verbatim
    app.jinja_env.filters["marked"] = marked
    app.jinja_env.globals["word_diff"] = word_diff


_TOKEN_RE = re.compile(r"[A-Za-z0-9’'\-]+[^\S\n]*|[\u3400-\u9fff]|\s+|.", re.S)


def _without_intro(text: str) -> str:
    """Drops the short lead-in paragraphs (“原规则：”, “On page 12 … it should read”)."""
    paras = [p.strip() for p in text.split("\n\n") if p.strip()]
    while (
        len(paras) > 1 and len(paras[0]) < 160 and paras[0].rstrip().endswith((":", "：", "read"))
    ):
        paras.pop(0)
    return "\n\n".join(paras)


def word_diff(original: str, corrected: str) -> Markup:
    """A word-level diff (Chinese: character-level) of two wordings, as <del>/<ins>."""
    a = _TOKEN_RE.findall(_without_intro(original or ""))
    b = _TOKEN_RE.findall(_without_intro(corrected or ""))
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(str(escape("".join(a[i1:i2]))))
            continue
        if i2 > i1:
            out.append(f"<del>{escape(''.join(a[i1:i2]))}</del>")
        if j2 > j1:
            out.append(f"<ins>{escape(''.join(b[j1:j2]))}</ins>")
    return Markup(f'<p class="diff">{"".join(out)}</p>')  # every piece escaped above

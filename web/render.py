"""Template filters: verbatim text shown as escaped plain text, our notes as safe Markdown."""

from __future__ import annotations

import difflib
import re
from urllib.parse import quote

import markdown
import nh3
from flask import Flask, g, has_request_context
from markupsafe import Markup, escape

from kb.termbase import Termbase, TermRecord
from web.i18n import DEFAULT_UI

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

# Our notes name the entry's parts by their field names (`text.zh`); readers get words.
_FIELD_WORDS: dict[str, tuple[str, str]] = {
    "text.zh": ("the Chinese text", "中文正文"),
    "text.en": ("the English text", "英文正文"),
    "original.zh": ("the Chinese original wording", "中文原规则"),
    "original.en": ("the English original wording", "英文原规则"),
    "translator-note.zh": ("the translator's note", "译者注"),
    "translator-note.en": ("the English translator's note", "译者注英译"),
    "note.en": ("this note", "本说明"),
    "note.zh": ("this note", "本说明"),
    "title.zh": ("the Chinese title", "中文标题"),
    "title.en": ("the English title", "英文标题"),
    "cards": ("the card list", "卡牌列表"),
    "terms": ("the term list", "术语列表"),
    "related": ("the related entries", "相关条目"),
    "table": ("the table", "表格"),
    "term": ("the term", "术语"),
    "date": ("the ruling date", "裁定日期"),
}
_CODE_RE = re.compile(r"`([^`\n]+)`")


def _served_kb():
    """The KB this request answers from (None outside a request)."""
    if not has_request_context():
        return None
    from web.api import engine

    return engine().kb


def _readable_code(text: str, lang: str) -> str:
    """Turns `field.lang` names into words and `entry-id`s into links, in the note's language."""
    kb = _served_kb()

    def replace(m: re.Match) -> str:
        inner = m.group(1).rstrip(":")
        if inner in _FIELD_WORDS:
            return _FIELD_WORDS[inner][1 if lang == "zh" else 0]
        target = kb.get(inner) if kb is not None else None
        if target is not None:
            title = target.title.get(lang) or target.title.get(target.source_lang) or inner
            return f"[{title.replace('[', '(').replace(']', ')')}]({target.url})"
        return m.group(0)

    return _CODE_RE.sub(replace, text)


def render_note(text: str, lang: str = "en") -> Markup:
    """Renders our own Markdown notes, then sanitises them (markdown has no safe mode)."""
    html = markdown.markdown(_readable_code(text or "", lang), extensions=["tables"])
    clean = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes={"a": {"href", "title"}},
        url_schemes={"http", "https", "mailto"},
    )
    return Markup(clean)


_HAN_RE = re.compile(r"[\u3400-\u9fff]")
_LATIN_RE = re.compile(r"[A-Za-z]")


def script_lang(text: str) -> str | None:
    """`zh` or `en` when a short text is written in one script only."""
    han, latin = bool(_HAN_RE.search(text)), bool(_LATIN_RE.search(text))
    return "zh" if han and not latin else "en" if latin and not han else None


def _is_lead_in(para: str) -> bool:
    """A short lead-in line ("原规则：", "On page 12 … it should read") before the wording."""
    return len(para) < 160 and para.rstrip().endswith((":", "：", "read"))


def split_lead_in(text: str) -> tuple[list[str], list[str]]:
    """The lead-in paragraphs of a wording and the wording itself (never empty)."""
    paras = [p.strip() for p in (text or "").split("\n\n") if p.strip()]
    lead: list[str] = []
    while len(paras) > 1 and _is_lead_in(paras[0]):
        lead.append(paras.pop(0))
    return lead, paras


def _lead_in_html(para: str, lang: str) -> str:
    own = script_lang(para)
    attr = f' lang="{own}"' if own and own != lang else ""
    return f'<p class="verbatim lead-in"{attr}>{escape(para)}</p>'


def verbatim(text: str, lang: str | None = None, lead_in: bool = False) -> Markup:
    """Shows source text exactly: escaped, paragraphs and line breaks kept, no markup.

    With `lead_in`, a leading label line is shown as a label (in its own script's
    `lang`), still word for word."""
    if lead_in:
        lead, paras = split_lead_in(text)
    else:
        lead, paras = [], [p.strip() for p in (text or "").split("\n\n") if p.strip()]
    head = "".join(_lead_in_html(p, lang or "") for p in lead)
    return Markup(head + "".join(f'<p class="verbatim">{escape(p)}</p>' for p in paras))


_PATH_SAFE = "/!$&'()*+,:;=@"


class TermMarker:
    """Links the game terms of a text to their glossary pages, showing the other language.

    Only a term's first occurrence in a text is marked, and the links are not Tab stops
    (`tabindex="-1"`): the entry's term list is the keyboard's way to the same pages."""

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

    def records(self, text: str, game: str, lang: str) -> list[TermRecord]:
        """The distinct terms a text uses, in order of first use."""
        found = self._patterns.get((game, lang))
        if not found:
            return []
        pattern, forms = found
        seen: dict[tuple[str, str], TermRecord] = {}
        for m in pattern.finditer(text or ""):
            r = forms[m.group() if lang == "zh" else m.group().lower()]
            seen.setdefault((r.game, r.key), r)
        return list(seen.values())

    def _link(self, word: str, record: TermRecord, lang: str) -> str:
        other = record.en if lang == "zh" else record.zh
        other_lang = "en" if lang == "zh" else "zh"
        href = f"/terms/{record.game}/{quote(record.key, safe=_PATH_SAFE)}"  # as url_for writes it
        return (
            f'<a class="term" href="{escape(href)}" '
            f'tabindex="-1" data-tip="{escape(other)}" data-tip-lang="{other_lang}" '
            f'aria-label="{escape(word)} ({escape(other)})">{escape(word)}</a>'
        )

    def mark(self, text: str, game: str, lang: str, lead_in: bool = False) -> Markup:
        found = self._patterns.get((game, lang))
        if lead_in:
            lead, paras = split_lead_in(text)
        else:
            lead, paras = [], [p.strip() for p in (text or "").split("\n\n") if p.strip()]
        out = [_lead_in_html(p, lang) for p in lead]
        marked: set[tuple[str, str]] = set()
        for para in paras:
            if not found:
                out.append(f'<p class="verbatim">{escape(para)}</p>')
                continue
            pattern, forms = found
            pieces, last = [], 0
            for m in pattern.finditer(para):
                record = forms[m.group() if lang == "zh" else m.group().lower()]
                if (record.game, record.key) in marked:
                    continue
                marked.add((record.game, record.key))
                pieces.append(str(escape(para[last : m.start()])))
                pieces.append(self._link(m.group(), record, lang))
                last = m.end()
            pieces.append(str(escape(para[last:])))
            out.append(f'<p class="verbatim">{"".join(pieces)}</p>')
        return Markup("".join(out))  # every piece escaped above


def marked(text: str, game: str, lang: str, lead_in: bool = False) -> Markup:
    from web.api import engine

    current = engine()
    marker = current.memo("term_marker", lambda: TermMarker(current.termbase))
    return marker.mark(text, game, lang, lead_in)


def _ui() -> str:
    return getattr(g, "ui", DEFAULT_UI) if has_request_context() else DEFAULT_UI


def label(en: str, zh: str) -> Markup:
    """A label given in both languages, shown in the interface language (or both)."""
    ui = _ui()
    if ui == "zh":
        return Markup(escape(zh))
    if ui == "en":
        return Markup(escape(en))
    return Markup(f'<span lang="zh">{escape(zh)}</span> <span lang="en">{escape(en)}</span>')


def register_filters(app: Flask) -> None:
    app.jinja_env.globals["L"] = label
    app.jinja_env.filters["note"] = render_note
    app.jinja_env.filters["verbatim"] = verbatim
    app.jinja_env.filters["marked"] = marked
    app.jinja_env.globals["word_diff"] = word_diff


_TOKEN_RE = re.compile(r"[A-Za-z0-9’'\-]+[^\S\n]*|[\u3400-\u9fff]|\s+|.", re.S)


def word_diff(original: str, corrected: str) -> Markup:
    """A word-level diff (Chinese: character-level) of two wordings, as <del>/<ins>."""
    a = _TOKEN_RE.findall("\n\n".join(split_lead_in(original or "")[1]))
    b = _TOKEN_RE.findall("\n\n".join(split_lead_in(corrected or "")[1]))
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

"""The interface's own words in Chinese and English: one table, one lookup.

The reader picks `zh`, `en` or `both` (the default: Chinese, then English). Only the
site's labels, badges, type names, notices and messages are here; source texts are
never translated on the fly. A missing key is a KeyError at render time, so a test
that renders every page in every language finds it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from kb.model import ENTRY_TYPES, PROVENANCES

UI_LANGS: tuple[str, ...] = ("both", "zh", "en")
DEFAULT_UI = "both"

# key: (English, Chinese). `{name}` fields are filled with escaped values.
MESSAGES: dict[str, tuple[str, str]] = {
    # frame
    "site.name": ("Rules KB", "规则知识库"),
    "site.tagline": (
        "Official rulings, FAQs and errata for four card and board games, quoted word for "
        "word with their source, in Chinese and English.",
        "四款卡牌与桌面游戏的官方裁定、FAQ 与勘误，逐字引用并注明出处，中英对照。",
    ),
    "skip": ("Skip to content", "跳到正文"),
    "nav.main": ("Site", "网站导航"),
    "nav.menu": ("Menu", "菜单"),
    "nav.close": ("Close menu", "关闭菜单"),
    "nav.glossary": ("Glossary", "术语表"),
    "nav.api": ("API", "API"),
    "nav.search": ("Search", "搜索"),
    "nav.ui": ("Interface language", "界面语言"),
    "ui.both": ("Chinese and English", "中英双语"),
    "ui.zh": ("Chinese", "中文"),
    "ui.en": ("English", "英文"),
    "footer.verbatim": (
        "Source texts are shown verbatim with their provenance.",
        "原文照录，并标明出处。",
    ),
    "footer.api": ("JSON API", "JSON API"),
    # search
    "answer.label": ("Answer", "解答"),
    "answer.probability": (
        "{p}% likely to be the ruling that answers this",
        "约 {p}% 的把握是回答此问题的裁定",
    ),
    "answer.confidence.high": ("high confidence", "把握高"),
    "answer.confidence.medium": ("medium confidence", "把握中等"),
    "answer.confidence.low": ("low confidence", "把握低"),
    "answer.unsure.medium": (
        "Probably this ruling; check the other candidates below.",
        "很可能是这条裁定；请核对下面的其他候选。",
    ),
    "answer.unsure.low": (
        "Not sure: compare these candidate rulings.",
        "不确定：请对照这几条候选裁定。",
    ),
    "answer.alternatives": ("Other candidate rulings", "其他候选裁定"),
    "answer.example": ("Worked example:", "实例演算："),
    "answer.run_example": ("Run it with other values →", "换个数值运行 →"),
    "answer.not_covered": ("Not covered by these sources", "这些来源没有涉及"),
    "answer.not_covered_body": (
        "These sources don't answer this question. The nearest rulings are below, but none "
        "of them answers it.",
        "这些来源没有回答这个问题。下面是最接近的裁定，但都不能回答它。",
    ),
    "answer.other_game": (
        "These sources cover {games_en} only; the question names {name}, which they don't cover.",
        "这些来源只涉及{games_zh}，不涉及问题里提到的{name}。",
    ),
    "answer.nearest": ("Nearest rulings", "最接近的裁定"),
    "answer.none": ("No ruling matches", "没有相关裁定"),
    "answer.none_body": ("No ruling matches this question.", "没有找到与此问题相关的裁定。"),
    "scope.in": ("in {game}", "仅限{game}"),
    "scope.all": ("search all games", "搜索全部游戏"),
    "search.label": (
        "Ask a rules question, or type a term, Q&A or rule number",
        "输入规则问题、术语或编号",
    ),
    "search.placeholder": ("e.g. tied power: who wins?", "例：战斗力相同谁赢？"),
    "search.button": ("Search", "搜索"),
    "search.game": ("Game", "游戏"),
    "search.type": ("Type", "类型"),
    "search.all_games": ("All games", "全部游戏"),
    "search.all_types": ("All types", "全部类型"),
    "search.results": ("{n} results for “{q}”", "“{q}”共 {n} 条结果"),
    "search.result": ("1 result for “{q}”", "“{q}”共 1 条结果"),
    "search.results_noq": ("{n} results", "共 {n} 条结果"),
    "search.facet.game": ("Game", "游戏"),
    "search.facet.type": ("Type", "类型"),
    "search.facet.all": ("all", "全部"),
    "search.facets": ("Narrow the results", "筛选结果"),
    "search.prev": ("← Previous", "← 上一页"),
    "search.next": ("Next →", "下一页 →"),
    "search.pages": ("Result pages", "结果分页"),
    "search.live": ("Results update as you type", "输入时结果会随之更新"),
    "search.showing_for": ("Showing results for “{q}”", "显示“{q}”的结果"),
    "search.shortened": (
        "Query shortened to its first {n} characters",
        "查询过长，只用了前 {n} 个字符",
    ),
    "search.unknown_game": (
        "unknown game “{v}”; choose one from the list",
        "未知游戏“{v}”，请从列表中选择",
    ),
    "search.unknown_type": (
        "unknown type “{v}”; choose one from the list",
        "未知类型“{v}”，请从列表中选择",
    ),
    "search.bad_offset": ("That result page does not exist.", "没有这一页结果。"),
    "search.error": ("This search could not run: {m}", "无法搜索：{m}"),
    # zero results
    "empty.none": ("No ruling matches “{q}”.", "没有与“{q}”匹配的裁定。"),
    "empty.none_here": (
        "No ruling matches “{q}” with these filters.",
        "在当前筛选条件下，没有与“{q}”匹配的裁定。",
    ),
    "empty.other_games": ("The same question in another game:", "在其他游戏中搜索同一问题："),
    "empty.without_filters": ("Search all games and types", "在全部游戏和类型中搜索"),
    "empty.did_you_mean": ("Did you mean:", "您是不是要找："),
    "empty.terms": ("Game terms close to your words:", "与您的用词相近的游戏术语："),
    "empty.pinyin": (
        "This looks like pinyin; these terms sound like it:",
        "这像是拼音，读音相近的术语：",
    ),
    "empty.tips": (
        "Tips: use fewer words, a term in either language, or a number such as Q108 or 16.9.5.",
        "提示：少用几个词，用中文或英文术语，或输入编号，如 Q108、16.9.5。",
    ),
    "empty.in_game": ("{game} ({n})", "{game}（{n}）"),
    # home
    "home.try": ("Ask, for example:", "试着问："),
    "home.games": ("Games", "游戏"),
    "home.entries": ("{n} entries", "{n} 个条目"),
    # entry page
    "entry.crumbs": ("Breadcrumb", "导航路径"),
    "entry.lang.zh": ("Chinese", "中文"),
    "entry.lang.en": ("English", "英文"),
    "entry.text_of": ("{language} text", "{language}文本"),
    "entry.corrected": ("Corrected wording", "更正后的文字"),
    "entry.original": ("Original wording", "原规则"),
    "entry.changed": ("What the erratum changed", "勘误改动"),
    "entry.word_by_word": ("word by word", "逐词对照"),
    "entry.removed": ("removed", "删去"),
    "entry.added": ("added", "新增"),
    "entry.translator_note": ("Translator's note", "译者注"),
    "entry.editor_note": ("Editor's note", "编者注"),
    "entry.editor_badge": ("ours · not official", "本站撰写 · 非官方"),
    "entry.examples": ("Worked examples", "实例演算"),
    "entry.examples_n": ("Worked examples ({n})", "实例演算（{n}）"),
    "entry.examples_online": (
        "Worked examples ({n}), runnable with other values: {url}",
        "实例演算（{n} 个），可换数值运行：{url}",
    ),
    "entry.source": ("Source", "出处"),
    "entry.post": ("Source post", "来源帖子"),
    "entry.locator": ("Where in it", "位置"),
    "entry.date": ("Ruling date", "裁定日期"),
    "entry.credit": ("Credit", "致谢"),
    "entry.cite": ("Cite", "引用"),
    "entry.permalink": ("Permalink", "永久链接"),
    "entry.terms": ("Terms and cards", "术语与卡牌"),
    "entry.terms_in_text": ("Terms in this entry", "本条目中的术语"),
    "entry.cards": ("Cards", "卡牌"),
    "entry.unresolved": (
        "Refers to rules not in the source:",
        "引用了来源未收录的规则：",
    ),
    "entry.related": ("Related", "相关条目"),
    "entry.players_ask": ("Players also ask", "常见问法"),
    "entry.players_ask_hint": (
        "Questions in players' own words that this ruling answers, written for this site "
        "(not the source's words).",
        "玩家常用的问法，本条裁定可以回答；由本站撰写，并非来源原文。",
    ),
    "entry.asks_lang.zh": ("Simplified Chinese", "简体中文"),
    "entry.asks_lang.zh-Hant": ("Traditional Chinese", "繁體中文"),
    "entry.asks_lang.en": ("English", "英文"),
    "entry.part_of_this": ("part of this", "本条目的一部分"),
    "entry.links_here": ("links here", "链接到本条目"),
    "entry.id": ("Entry id", "条目编号"),
    "entry.not_found": ("There is no entry with id “{id}”.", "没有编号为“{id}”的条目。"),
    # citation and sharing
    "cite.bar": ("Cite and share", "引用与分享"),
    "cite.copy": ("Copy citation", "复制引用"),
    "cite.copy_md": ("Copy as Markdown", "复制为 Markdown"),
    "cite.share": ("Share", "分享"),
    "cite.copied": ("Citation copied", "已复制引用"),
    "cite.copied_md": ("Markdown citation copied", "已复制 Markdown 引用"),
    "cite.copied_link": ("Link copied", "已复制链接"),
    "cite.shared": ("Shared", "已分享"),
    "cite.selected": (
        "Selected: press Ctrl+C (⌘C on a Mac) or use your device's Copy",
        "已选中：请按 Ctrl+C（Mac 上按 ⌘C）或使用设备的“复制”",
    ),
    "cite.link_label": ("Link to this entry", "本条目的链接"),
    "cite.in": ("In", "出自"),
    "cite.by": ("by {author}", "{author}"),
    "cite.kind.forum-post": ("forum post", "论坛帖子"),
    "cite.kind.document": ("document", "文档"),
    "cite.date.edited": ("last edited {date}", "最后编辑于 {date}"),
    "cite.date.posted": ("posted {date}", "发表于 {date}"),
    "cite.edited_label": ("last edited", "最后编辑"),
    "cite.posted_label": ("posted", "发表"),
    # whose words
    "prov.legend": ("Whose words are these?", "这些文字出自谁？"),
    "prov.official": ("official", "官方原文"),
    "prov.translation": ("source translation", "原帖译文"),
    "prov.project-translation": ("our translation", "本站译文"),
    "prov.translator-note": ("translator's note", "译者注"),
    "prov.official.meaning": (
        "The publisher's own words, as the source post quotes them.",
        "发行商的原话，照录自来源帖子。",
    ),
    "prov.translation.meaning": (
        "The source post's translation of the publisher's words: not the publisher's own.",
        "来源帖子对发行商原文的翻译，并非发行商原话。",
    ),
    "prov.project-translation.meaning": (
        "Translated for this site: not in the source post and not official.",
        "本站自译：来源帖子中没有，也不是官方文字。",
    ),
    "prov.translator-note.meaning": (
        "A comment by the source post's translator, not rule text.",
        "来源帖子译者的评注，不是规则原文。",
    ),
    "prov.editor.meaning": (
        "Our own note on the source (its quirks, how we read it): not official.",
        "本站对来源的说明（原文的特殊之处、我们的理解）：非官方。",
    ),
    "prov.no_publisher": (
        "The sources of {game} hold no publisher text: every text here is the source "
        "post's translation or ours.",
        "{game}的来源中没有发行商原文：这里的文字都是来源帖子的译文或本站译文。",
    ),
    "prov.tip_more": ("All kinds of text", "全部文字类型"),
    # game page
    "game.sections": ("Sections", "章节"),
    "game.by_type": ("By type", "按类型"),
    "game.not_found": ("There is no game “{slug}”.", "没有“{slug}”这个游戏。"),
    "game.entries": ("{n} entries", "{n} 个条目"),
    "game.untitled_section": ("Other", "其他"),
    # api page
    "api.title": ("JSON API", "JSON API"),
    "api.intro": (
        "Every answer is JSON; errors are {shape} with a 4xx status. The full description:",
        "所有回应均为 JSON；错误为 {shape}，状态码 4xx。完整说明：",
    ),
    "api.endpoint": ("Endpoint", "接口"),
    "api.what": ("What", "说明"),
    "api.examples": ("Live examples", "示例请求"),
    "api.with_body": ("with", "请求体"),
    # errors
    "error.back": ("Search the rules", "搜索规则"),
    "error.400": ("Bad request", "请求有误"),
    "error.404": ("Not found", "未找到"),
    "error.405": ("Method not allowed", "不允许的请求方法"),
    "error.413": ("Request too large", "请求过大"),
    "error.500": ("Internal error", "内部错误"),
    "error.internal": ("Something went wrong on our side.", "本站出了问题。"),
    "error.ui_lang": ("lang must be both, zh or en", "lang 只能是 both、zh 或 en"),
}

TYPE_NAMES: dict[str, tuple[str, str]] = {
    "rule": ("Rule", "规则"),
    "optional_rule": ("Optional rule", "可选规则"),
    "errata": ("Erratum", "勘误"),
    "clarification": ("Clarification", "规则说明"),
    "term": ("Term", "术语"),
    "qa": ("Q&A", "问答"),
    "card": ("Card ruling", "卡牌裁定"),
}
assert set(TYPE_NAMES) == set(ENTRY_TYPES)
assert all(f"prov.{p}" in MESSAGES and f"prov.{p}.meaning" in MESSAGES for p in PROVENANCES)


def normalize_ui(value: str | None) -> str:
    return value if value in UI_LANGS else DEFAULT_UI


def page_lang(ui: str) -> str:
    """The `lang` of the page's own words: English only when the reader chose English."""
    return "en" if ui == "en" else "zh"


def _pair(key: str) -> tuple[str, str]:
    if key.startswith("type."):
        return TYPE_NAMES[key[5:]]
    if key.startswith(("game.", "gameshort.")) and key not in MESSAGES:
        # A game's names come from its declaration in the served registry.
        game = _registry().get(key.split(".", 1)[1])
        if game is not None:
            name = game.short_name if key.startswith("gameshort.") else game.name
            return name.en or game.slug, name.zh or game.slug
    return MESSAGES[key]


def _registry():
    """The registry of the generation this request answers from (the project's own
    outside a request)."""
    from flask import has_request_context

    if has_request_context():
        from web.api import engine

        return engine().registry
    from kb.registry import default_registry

    return default_registry()


def words(key: str, lang: str, **fields: object) -> str:
    """The plain text of a message in one language (`zh` or `en`), fields filled in."""
    en, zh = _pair(key)
    template = zh if lang == "zh" else en
    if not fields:
        return template
    return template.format(
        **{k: words(v.key, lang) if isinstance(v, Msg) else str(v) for k, v in fields.items()}
    )


@dataclass(frozen=True)
class Msg:
    """A message used as a field of another: filled in the same language as its host."""

    key: str


def _field(value: object, lang: str) -> Markup:
    return _markup(value.key, lang, {}) if isinstance(value, Msg) else escape(value)


def _markup(key: str, lang: str, fields: dict[str, object]) -> Markup:
    en, zh = _pair(key)
    template = str(escape(zh if lang == "zh" else en))
    if not fields:
        return Markup(template)
    # Fields may be Msg (translated alike), Markup (already safe) or plain (escaped here).
    return Markup(template.format(**{k: _field(v, lang) for k, v in fields.items()}))


def phrase(key: str, ui: str, **fields: object) -> Markup:
    """A message as page markup: one language, or both (each in its own `lang` span)."""
    if ui in ("zh", "en"):
        return _markup(key, ui, fields)
    zh, en = _markup(key, "zh", fields), _markup(key, "en", fields)
    if zh == en:
        return zh
    return Markup(f'<span lang="zh">{zh}</span> <span lang="en">{en}</span>')


def plain(key: str, ui: str, **fields: object) -> str:
    """A message as an attribute value or title: one language, or both joined."""
    if ui in ("zh", "en"):
        return words(key, ui, **fields)
    zh, en = words(key, "zh", **fields), words(key, "en", **fields)
    return zh if zh == en else f"{zh} · {en}"


def script_strings(keys: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """The messages the page script needs, both languages (it picks by `data-ui`)."""
    return {k: {"en": words(k, "en"), "zh": words(k, "zh")} for k in keys}


@cache
def script_strings_json() -> Markup:
    """`script_strings(SCRIPT_KEYS)` as JSON safe in a single-quoted attribute, made once."""
    return htmlsafe_json_dumps(script_strings(SCRIPT_KEYS))


SCRIPT_KEYS = (
    "cite.copy",
    "cite.copy_md",
    "cite.share",
    "cite.copied",
    "cite.copied_md",
    "cite.copied_link",
    "cite.shared",
    "cite.selected",
    "nav.menu",
    "nav.close",
    "prov.tip_more",
)

_SHORTENED_RE = re.compile(r"^query shortened to its first (\d+) characters$")
_SHOWING_RE = re.compile(r"^showing results for “(.*)”$", re.S)


def notice(text: str, ui: str) -> Markup:
    """A search notice in the interface language (the search service words them in English)."""
    if m := _SHORTENED_RE.match(text):
        return phrase("search.shortened", ui, n=m.group(1))
    if m := _SHOWING_RE.match(text):
        return phrase("search.showing_for", ui, q=m.group(1))
    return Markup('<span lang="en">{}</span>').format(text)

"""Players' words → the rules' words, for query expansion (never applied to the index).

A player asks “两个单位战斗力一样的时候谁赢？”; the ruling says 相同 and 击破. Each key
and value is analyzed like any query, so English entries are matched after stemming.
The words here belong to the languages; a game's own (暴击 → 必杀攻击 in Fire Emblem)
are declared in its folder (kb/games/<slug>/game.yaml) and join these.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from indexer.analysis import HAN_RE, Analysis, fold
from kb.registry import Registry

PLAYER_WORDS: dict[str, tuple[str, ...]] = {
    # Chinese colloquial → rules vocabulary
    "一样": ("相同",),
    "一样强": ("相同",),
    "两边": ("双方",),
    "打仗": ("战斗",),
    "相等": ("相同",),
    "一样大": ("相同",),
    "平手": ("相同",),
    "平": ("相同",),
    "平了": ("相同",),
    "打平": ("相同",),
    "赢": ("击破", "成功", "胜利"),
    "谁赢": ("击破", "成功"),
    "输": ("失败", "败北"),
    "打": ("攻击",),
    "死": ("击破", "破灭", "消灭"),
    "挂": ("击破", "破灭"),
    "杀": ("击破", "消灭"),
    "打死": ("击破", "消灭", "破灭"),
    "干掉": ("击破", "消灭", "破灭"),
    "打输": ("失败",),
    "走进": ("进入",),
    "部队": ("单位",),
    "最少": ("至少", "不低于", "少于"),
    "最多": ("至多",),
    "几张": ("张数",),
    "多少张": ("张数",),
    "没了": ("没有", "失去"),  # 没有 alone is a stop word
    "用完": ("耗尽", "没有"),
    "牌": ("卡",),
    "牌组": ("卡组",),
    "卡牌": ("卡",),
    "血": ("生命", "伤害"),
    "血量": ("生命值",),
    "扣血": ("伤害",),
    "回血": ("治疗",),
    "墓地": ("弃牌堆",),
    "弃牌区": ("弃牌堆",),
    "横过来": ("横置",),
    "竖起来": ("竖置",),
    "先手": ("先攻",),
    "后手": ("后攻",),
    "先后手": ("先攻", "后攻"),  # who goes first: jieba cuts 先后 | 手
    "先后攻": ("先攻", "后攻"),
    "角色": ("单位",),
    "人物": ("单位",),
    "怪": ("生物",),
    "起手": ("手牌",),
    "开局": ("游戏开始",),
    "弃牌": ("弃牌堆",),
    "坟场": ("弃牌堆",),
    "同名": ("卡名",),
    # A unit's state: players say upright / sideways, the rules untapped / tapped.
    "竖着": ("竖置", "未行动"),
    "竖的": ("竖置", "未行动"),
    "横着": ("横置", "已行动"),
    "横的": ("横置", "已行动"),
    "盖住": ("背面",),
    "盖着": ("背面",),
    "扣着": ("背面",),
    # Who: the other side, my own side.
    "对面": ("对手", "敌方"),
    "对方": ("对手", "敌方"),
    "敌人": ("敌方",),
    "自己人": ("友方",),
    "队友": ("友方",),
    "防守": ("防御",),
    "防守方": ("防御方",),
    "友军": ("友方",),
    # Actions and their outcomes.
    "挪": ("移动",),
    "挪到": ("移动",),
    "挪位置": ("移动",),
    "打人": ("攻击",),
    "打架": ("战斗",),
    "打掉": ("破坏", "击破"),
    "死掉": ("死亡", "击破", "破灭", "消灭"),
    "偷": ("窃取",),
    "偷走": ("窃取",),
    "混": ("组合",),
    "混搭": ("组合",),
    "压着": ("重叠",),
    "压在": ("重叠",),
    "叠着": ("重叠",),
    "叠在": ("重叠",),
    "够不着": ("射程", "范围"),
    "够不到": ("射程", "范围"),
    "打不到": ("射程", "范围"),
    "抽光": ("耗尽", "0张"),
    "抽完": ("耗尽", "0张"),
    "抽空": ("耗尽", "0张"),
    "抽干": ("耗尽", "0张"),
    "翻倍": ("2倍",),
    "加完": ("加算",),
    "手上": ("手牌",),
    "拿回": ("加入",),
    "给对面看": ("公开",),
    "给对手看": ("公开",),
    "亮出来": ("公开", "展示"),
    "一定要": ("必须",),
    "非得": ("必须",),
    "同一张": ("卡名相同", "同名"),
    "负数": ("0以下", "below zero"),
    "减到": ("减至",),
    "算数": ("有效",),
    "骰": ("骰子",),
    "互相冲突": ("冲突",),
    "前期": ("序盘",),
    "抽牌": ("抽卡",),
    "完": ("后",),
    "早期": ("序盘",),
    # English players' words → the rules' words (our English and whi's official English)
    "tie": ("same", "equal"),
    "tied": ("same", "equal"),
    "equal": ("same",),
    "dmg": ("damage",),
    "swing": ("attack",),
    "swung": ("attack",),
    "guy": ("unit", "creature"),
    "guys": ("unit", "creature"),
    "opp": ("opponent",),
    "atk": ("attack",),
    "lvl": ("level",),
    "deck out": ("runs out", "0 cards"),
    "win": ("destroy", "succeed"),
    "wins": ("destroy", "succeed"),
    "lose": ("fail", "defeat"),
    "kill": ("destroy",),
    "killed": ("destroy", "eliminate"),
    "die": ("destroy", "death", "eliminate"),
    "dies": ("destroy", "death", "eliminate"),
    "minimum": ("least",),
    "maximum": ("most",),
    "graveyard": ("discard",),
    "hp": ("hit points", "life"),
    "health": ("life",),
    "start": ("beginning",),
    "flip": ("turn",),
    "copies": ("same name",),
    "wear off": ("end",),
    "negative": ("below zero",),
    "returns to hand": ("leaves play", "out of play"),
    "bounce": ("leaves play", "out of play"),
}
# A Han word that jieba glued to a modal or particle (生物能, 最多能) also stands for the
# word without it: that is the word the rules use; so does one glued behind a modal (要算进), or
# a players' word glued behind one (会输: 输 → 失败).
_GLUED = frozenset("能会要着了过掉都还就的")
_GLUED_BEFORE = frozenset("要能会可想得")
# An English possessive (opponent's, unit's) is the word itself to the rules.
_POSSESSIVE_RE = re.compile(r"^([a-z]+)['’]s$")


def _merge(table: dict, key, values: tuple[str, ...]) -> None:
    table[key] = tuple(dict.fromkeys(table.get(key, ()) + values))


Table = tuple[dict[str, tuple[str, ...]], dict[tuple[str, ...], tuple[str, ...]]]


def _analyzed(analysis: Analysis, words: Mapping[str, tuple[str, ...]]) -> Table:
    """One-token keys, and keys the analyzer splits (先手 → 先 手, "wear off"), which
    match as a run of query tokens; a Chinese key is also kept whole, since jieba may
    keep it whole inside a sentence (谁先手) while splitting it alone."""
    single: dict[str, tuple[str, ...]] = {}
    runs: dict[tuple[str, ...], tuple[str, ...]] = {}
    for key, values in words.items():
        keys = tuple(analysis.segment(key))
        expanded = tuple(t for v in values for t in analysis.segment(v))
        if len(keys) == 1:
            _merge(single, keys[0], expanded)
            continue
        whole = fold(key).lower()
        if HAN_RE.fullmatch(whole):
            _merge(single, whole, expanded)
        if keys:
            _merge(runs, keys, expanded)
    return single, runs


def tables_of(analysis: Analysis, registry: Registry) -> dict[str | None, Table]:
    """The players' words of every game alone (by slug) and of all together (None), as
    one analysis segments them."""
    everything: dict[str, tuple[str, ...]] = dict(PLAYER_WORDS)
    tables: dict[str | None, Table] = {}
    for game in registry:
        own = dict(PLAYER_WORDS)
        for key, values in game.players_words.items():
            _merge(own, key, values)
            _merge(everything, key, values)
        tables[game.slug] = _analyzed(analysis, own)
    tables[None] = _analyzed(analysis, everything)
    return tables


class PlayersWords:
    """The players' words of a registry's games, analyzed with one generation's analysis:
    for every game together (a question that names none) and for each game alone."""

    def __init__(
        self,
        analysis: Analysis,
        registry: Registry,
        tables: Mapping[str | None, Table] | None = None,
    ):
        """`tables`: the analyzed tables a generation's build made (`tables_of`), so that
        a start-up does not segment every players' word again."""
        self._analysis = analysis
        self._tables: dict[str | None, Table] = (
            dict(tables) if tables is not None else tables_of(analysis, registry)
        )
        self._word_tokens: dict[str, tuple[str, ...]] = {}

    def _tokens(self, word: str) -> tuple[str, ...]:
        found = self._word_tokens.get(word)
        if found is None:
            found = self._word_tokens[word] = tuple(self._analysis.segment(word))
        return found

    def expand(self, tokens: list[str], game: str | None = None) -> dict[str, tuple[str, ...]]:
        """For each query token that players use for a rules word, the rules' tokens
        (the words of `game` and of the languages; of every game when None)."""
        single, runs = self._tables.get(game) or self._tables[None]
        out: dict[str, tuple[str, ...]] = {}
        for t in tokens:
            if t in single:
                out[t] = single[t]
            elif len(t) >= 3 and t[-1] in _GLUED and HAN_RE.fullmatch(t):
                stem = t[:-1]
                if len(stem) == 1 or self._analysis.is_word(stem):
                    out[t] = (stem, *single.get(stem, ()))
            elif len(t) >= 2 and t[0] in _GLUED_BEFORE and HAN_RE.fullmatch(t):
                stem = t[1:]
                if stem in single or (len(stem) >= 2 and self._analysis.is_word(stem)):
                    out[t] = (stem, *single.get(stem, ()))
            elif m := _POSSESSIVE_RE.match(t):
                words = self._tokens(m.group(1))
                alts = words + tuple(a for w in words for a in single.get(w, ()))
                out[t] = tuple(dict.fromkeys(alts))
        for i in range(len(tokens) - 1):
            for n in (2, 3):
                run = tuple(tokens[i : i + n])
                if len(run) == n and run in runs:
                    for t in run:
                        _merge(out, t, runs[run])
        return out

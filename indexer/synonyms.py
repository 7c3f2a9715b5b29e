"""Players' words → the rules' words, for query expansion (never applied to the index).

A player asks “两个单位战斗力一样的时候谁赢？”; the ruling says 相同 and 击破. Each key
and value is analyzed like any query, so English entries are matched after stemming.
"""

from __future__ import annotations

from functools import cache

from indexer.analysis import BilingualAnalyzer

PLAYER_WORDS: dict[str, tuple[str, ...]] = {
    # Chinese colloquial → rules vocabulary
    "一样": ("相同",),
    "相等": ("相同",),
    "一样大": ("相同",),
    "平手": ("相同",),
    "打平": ("相同",),
    "赢": ("击破", "成功", "胜利"),
    "谁赢": ("击破", "成功"),
    "输": ("失败", "败北"),
    "打": ("攻击",),
    "死": ("击破", "破灭", "消灭"),
    "挂": ("击破", "破灭"),
    "杀": ("击破", "消灭"),
    "最少": ("至少", "不低于", "少于"),
    "最多": ("至多",),
    "几张": ("张数",),
    "多少张": ("张数",),
    "没了": ("没有",),
    "用完": ("耗尽", "没有"),
    "牌": ("卡",),
    "牌组": ("卡组",),
    "卡牌": ("卡",),
    "血": ("生命", "伤害"),
    "血量": ("生命值",),
    "扣血": ("伤害",),
    "回血": ("治疗",),
    "蓝": ("法力",),
    "后排": ("后卫区",),
    "前排": ("前卫区",),
    "墓地": ("退避区", "弃牌堆"),
    "弃牌区": ("退避区", "弃牌堆"),
    "横过来": ("横置",),
    "竖起来": ("竖置",),
    "暴击": ("必杀攻击",),
    "闪避": ("神速回避",),
    "回避": ("神速回避",),
    "将军": ("领袖",),
    "先手": ("先攻",),
    "后手": ("后攻",),
    "出人": ("出击",),
    "出场": ("出击",),
    "上场": ("出击",),
    "拍": ("出击",),
    "角色": ("单位",),
    "人物": ("单位",),
    "怪": ("生物",),
    "起手": ("手牌",),
    "开局": ("游戏开始",),
    "换手": ("重抽",),
    "弃牌": ("退避区", "弃牌堆"),
    "坟场": ("退避区", "弃牌堆"),
    "同名": ("单位名相同", "卡名"),
    "拿破仑死": ("拿破仑", "破灭"),
    # English players' words → the rules' words (our English and whi's official English)
    "tie": ("same", "equal"),
    "tied": ("same", "equal"),
    "equal": ("same",),
    "win": ("destroy", "succeed"),
    "wins": ("destroy", "succeed"),
    "lose": ("fail", "defeat"),
    "kill": ("destroy",),
    "killed": ("destroy", "eliminate"),
    "die": ("destroy", "death", "eliminate"),
    "dies": ("destroy", "death", "eliminate"),
    "minimum": ("least",),
    "maximum": ("most",),
    "graveyard": ("discard", "retreat"),
    "hp": ("hit points", "life"),
    "health": ("life",),
    "crit": ("critical",),
    "dodge": ("evasion",),
    "evade": ("evasion",),
    "general": ("leader",),
    "mulligan": ("redraw",),
}


@cache
def _analyzed() -> dict[str, tuple[str, ...]]:
    analyzer = BilingualAnalyzer()
    out: dict[str, tuple[str, ...]] = {}
    for key, values in PLAYER_WORDS.items():
        keys = [t.text for t in analyzer(key, mode="query")]
        if len(keys) != 1:
            continue
        expanded = tuple(t.text for v in values for t in analyzer(v, mode="query"))
        out[keys[0]] = tuple(dict.fromkeys(out.get(keys[0], ()) + expanded))
    return out


def expand(tokens: list[str]) -> dict[str, tuple[str, ...]]:
    """For each query token that players use for a rules word, the rules' tokens."""
    table = _analyzed()
    return {t: table[t] for t in tokens if t in table}

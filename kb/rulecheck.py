"""Rule checks and worked examples: the executable side of a ruling.

A rule check is a pure function of small immutable values that returns an `Outcome`:
the result, a one-line verdict in Chinese and English, and the reasoning `steps`, each
in both languages and citing the entry whose ruling it applies. A `WorkedExample` binds
a check to an entry (or to several entries that state the same ruling), with parameters
whose defaults come from the ruling's own example and the outcome the source states. The
page shows the example as code a reader can paste and run; the API runs it with other
values after validating every parameter (nothing a user sends is ever evaluated as code).

A parameter that cannot change the result says why in its spec: `display_only` (a name
that only labels the steps) or `inert` (the ruling that makes it irrelevant, quoted).
`kb.inertscan` finds the undeclared ones.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

_CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef【】〖〗「」]")


@dataclass(frozen=True)
class Bilingual:
    """One short text in both languages (a verdict, a label, a choice, a situation)."""

    zh: str
    en: str

    def as_dict(self) -> dict[str, str]:
        return {"zh": self.zh, "en": self.en}

    def joined(self, sep: str = " · ") -> str:
        return f"{self.zh}{sep}{self.en}"


@dataclass(frozen=True)
class Step:
    """One step of reasoning, in English (`text`) and Chinese (`zh`), citing an entry id."""

    text: str
    cites: str
    zh: str = ""

    def __str__(self) -> str:
        return f"{self.text} [{self.cites}]"

    def as_dict(self) -> dict[str, str]:
        return {"zh": self.zh, "en": self.text, "cites": self.cites}


@dataclass(frozen=True)
class Outcome:
    """What a rule check decided (the result and a one-line verdict), and why."""

    result: Any
    steps: tuple[Step, ...]
    verdict: Bilingual | None = None

    def as_dict(self) -> dict:
        out: dict = {
            "result": self.result,
            "steps": [str(s) for s in self.steps],
            "steps_detail": [s.as_dict() for s in self.steps],
        }
        if self.verdict is not None:
            out["verdict"] = self.verdict.as_dict()
        return out


class Reasoning:
    """Collects steps while a check runs; `done(result, zh, en)` freezes them with a verdict."""

    def __init__(self) -> None:
        self._steps: list[Step] = []

    def step(self, cites: str, text: str, zh: str = "") -> None:
        self._steps.append(Step(text, cites, zh))

    def done(self, result: Any, zh: str = "", en: str = "") -> Outcome:
        verdict = Bilingual(zh, en) if zh or en else None
        return Outcome(result, tuple(self._steps), verdict)


def situation(zh: str, en: str) -> Callable[[Callable[..., Outcome]], Callable[..., Outcome]]:
    """Names what a check decides, in both languages: the heading of a run with other values."""

    def mark(check: Callable[..., Outcome]) -> Callable[..., Outcome]:
        check.situation = Bilingual(zh, en)  # type: ignore[attr-defined]
        return check

    return mark


class ParamError(ValueError):
    """A worked-example parameter that is missing, of the wrong type or out of range.

    `message` is English (the API's `message`), `zh` the same in Chinese for the form.
    """

    def __init__(self, param: str, message: str, zh: str = ""):
        self.param = param
        self.zh = zh
        super().__init__(message)

    def as_dict(self) -> dict[str, str]:
        return {"zh": self.zh or str(self), "en": str(self)}


@dataclass(frozen=True)
class Inert:
    """Why a parameter cannot change the result: the ruling that makes it irrelevant.

    `quote` is verbatim from the cited entry's text; `zh`/`en` say what it means here.
    """

    cites: str
    quote: str
    zh: str
    en: str

    def as_dict(self) -> dict[str, str]:
        return {"cites": self.cites, "quote": self.quote, "zh": self.zh, "en": self.en}


YES_NO = {True: Bilingual("是", "Yes"), False: Bilingual("否", "No")}


@dataclass(frozen=True)
class Param:
    """One input of a worked example: its type, default and the bounds a run accepts.

    kinds: int, bool, str (choice when `choices` is set), int_list, str_list. `label` is
    the English words, then the Chinese ("Attacker's power 攻击单位战斗力"); `phrases`
    gives each choice as a phrase in both languages ({choice: (zh, en)}).
    """

    name: str
    kind: str
    default: Any
    label: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    max_items: int = 20
    display_only: bool = False
    inert: Inert | None = None
    phrases: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def labels(self) -> Bilingual:
        """The label split into its English and Chinese parts (the Chinese starts at the
        first CJK character after a space)."""
        m = re.search(r" (?=" + _CJK.pattern + ")", self.label)
        if not m:
            return Bilingual(self.label, self.label)
        return Bilingual(self.label[m.end() :].strip(), self.label[: m.start()].strip())

    def phrase(self, value: Any) -> Bilingual:
        """A value as words in both languages: 是/否 for yes/no, a phrase for a choice."""
        if self.kind == "bool":
            return YES_NO[bool(value)]
        if isinstance(value, tuple):
            parts = [self.phrase(v) for v in value]
            return Bilingual("、".join(p.zh for p in parts), ", ".join(p.en for p in parts))
        if isinstance(value, str) and value in self.phrases:
            zh, en = self.phrases[value]
            return Bilingual(zh, en)
        return Bilingual(str(value), str(value))

    def _named(self) -> str:
        """The parameter as an error names it: its words, then its code name."""
        words = self.labels.en
        return f"{words} (`{self.name}`)" if words and words != self.name else f"`{self.name}`"

    def _fail(self, en: str, zh: str) -> ParamError:
        return ParamError(self.name, f"{self._named()} {en}", f"「{self.labels.zh}」{zh}")

    def parse(self, value: Any) -> Any:
        """Validates a value sent by a user (JSON or a form string) and returns it typed."""
        if self.kind == "int":
            if isinstance(value, bool):
                raise self._fail("must be an integer", "必须是整数")
            if isinstance(value, str):
                value = value.strip()
                if not value.lstrip("-").isdigit() or len(value) > 12:
                    raise self._fail("must be an integer", "必须是整数")
                value = int(value)
            if not isinstance(value, int):
                raise self._fail("must be an integer", "必须是整数")
            return self._bounded(value)
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "on", "off", "1", "0"):
                return value.lower() in ("true", "on", "1")
            raise self._fail("must be true or false", "必须是“是”或“否”")
        if self.kind == "str":
            if not isinstance(value, str):
                raise self._fail("must be text", "必须是文字")
            value = self._code_of(value.strip())
            if self.choices and value not in self.choices:
                shown = "、".join(self.phrase(c).zh for c in self.choices)
                raise ParamError(
                    self.name,
                    f"{self._named()} must be one of: {', '.join(self.choices)}",
                    f"「{self.labels.zh}」必须是以下之一：{shown}",
                )
            if not value or len(value) > 60:
                raise self._fail("must be 1 to 60 characters", "须为 1 到 60 个字符")
            return value
        if self.kind in ("int_list", "str_list"):
            items = value
            if isinstance(value, str):
                cut = value.replace("，", ",").replace("、", ",")
                items = [p.strip() for p in cut.split(",") if p.strip()]
            if not isinstance(items, list | tuple):
                raise self._fail("must be a list", "必须是列表（以逗号分隔）")
            if len(items) > self.max_items:
                raise self._fail(
                    f"has more than {self.max_items} items", f"最多 {self.max_items} 项"
                )
            inner = Param(
                self.name,
                self.kind[:3],
                None,
                self.label,
                min=self.min,
                max=self.max,
                choices=self.choices,
                phrases=self.phrases,
            )
            return tuple(inner.parse(item) for item in items)
        raise ParamError(self.name, f"`{self.name}` has an unknown kind {self.kind!r}")

    def _code_of(self, value: str) -> str:
        """A choice typed as its phrase (either language, any case) is read as its code."""
        if not self.choices or value in self.choices:
            return value
        folded = value.casefold()
        for code, (zh, en) in self.phrases.items():
            if folded in (zh.casefold(), en.casefold()):
                return code
        return value

    def form_value(self, value: Any, lang: str = "zh") -> str:
        """A value as the form shows it: list choices as phrases in `lang`, others as codes."""
        if self.kind == "str_list" and self.phrases:
            words = [getattr(self.phrase(v), lang) for v in value]
            return ("、" if lang == "zh" else ", ").join(words)
        return self.as_form_value(value)

    def _bounded(self, value: int) -> int:
        if self.min is not None and value < self.min:
            raise self._fail(f"must be at least {self.min}", f"不能小于 {self.min}")
        if self.max is not None and value > self.max:
            raise self._fail(f"must be at most {self.max}", f"不能大于 {self.max}")
        return value

    def as_form_value(self, value: Any) -> str:
        if self.kind.endswith("_list"):
            return ", ".join(str(v) for v in value)
        if self.kind == "bool":
            return "true" if value else "false"
        return str(value)

    def as_dict(self) -> dict:
        out: dict = {
            "name": self.name,
            "kind": self.kind,
            "default": _jsonable(self.default),
            "label": self.label,
            "labels": self.labels.as_dict(),
        }
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.choices:
            out["choices"] = list(self.choices)
            out["choice_labels"] = {c: self.phrase(c).as_dict() for c in self.choices}
        if self.kind == "bool":
            out["choice_labels"] = {
                "true": YES_NO[True].as_dict(),
                "false": YES_NO[False].as_dict(),
            }
        if self.display_only:
            out["display_only"] = True
        if self.inert is not None:
            out["inert_reason"] = self.inert.as_dict()
        return out


@dataclass(frozen=True)
class WorkedExample:
    """A rule check applied to the situation of one ruling, with its stated outcome.

    `entry_id` is the entry the example belongs to; `also_for` names other entries that
    state the same ruling (one example instead of identical copies); `aliases` are the ids
    of merged copies, still answered by the API. `keywords` (either language) help pick,
    among an entry's examples, the one a question is about.
    """

    id: str
    entry_id: str
    title: str
    check: Callable[..., Outcome]
    params: tuple[Param, ...]
    expected: Any
    # Extra fixed arguments (switches such as `errata=True`) shown in the code but not
    # offered in the form.
    fixed: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""
    also_for: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()

    @property
    def entries(self) -> tuple[str, ...]:
        return (self.entry_id, *self.also_for)

    @property
    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    @property
    def situation(self) -> Bilingual:
        found = getattr(self.check, "situation", None)
        return found or Bilingual(self.title, self.title)

    def heading(self, params: Mapping[str, Any] | None = None) -> str:
        """The title for the example's own values; for other values, what is decided.

        A title states the outcome of the defaults ("8, 4 and 4 dice"), so a run with other
        values is headed by the check's situation instead, never by a stale claim.
        """
        parts = self.heading_parts(params)
        return self.title if parts is None else f"{parts.en} {parts.zh}"

    def heading_parts(self, params: Mapping[str, Any] | None = None) -> Bilingual | None:
        """The heading for other values in each language; None for the example's own values."""
        if params is None or dict(params) == self.defaults:
            return None
        s = self.situation
        return Bilingual(f"{s.zh}（你的数值）", f"{s.en} — your values")

    def parse_params(self, sent: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overridden by the sent values, each validated; unknown names rejected."""
        sent = dict(sent or {})
        known = {p.name: p for p in self.params}
        unknown = sorted(set(sent) - set(known))
        if unknown:
            expected = ", ".join(known) or "none"
            raise ParamError(
                unknown[0],
                f"unknown parameter `{unknown[0]}`; expected {expected}",
                f"未知参数 `{unknown[0]}`；可用参数：{expected}",
            )
        values = self.defaults
        for name, value in sent.items():
            values[name] = known[name].parse(value)
        return values

    def run(self, sent: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], Outcome]:
        params = self.parse_params(sent)
        outcome = self.check(**params, **self.fixed)
        return params, outcome

    def code(self, params: Mapping[str, Any] | None = None) -> str:
        """The example as code a reader can paste into Python and run."""
        values = dict(params or self.defaults) | dict(self.fixed)
        module = self.check.__module__
        args = ",\n".join(f"    {k}={_py(v)}" for k, v in values.items())
        return (
            f"from {module} import {self.check.__name__}\n\n"
            f"outcome = {self.check.__name__}(\n{args},\n)\n"
            "print(outcome.result)\n"
            "for step in outcome.steps:\n"
            "    print(step)\n"
        )

    def source(self) -> str:
        """The rule check's own source code, shown beside the example."""
        return inspect.getsource(self.check)

    def as_dict(self, include_result: bool = True) -> dict:
        out: dict = {
            "id": self.id,
            "entry": self.entry_id,
            "entries": list(self.entries),
            "title": self.title,
            "situation": self.situation.as_dict(),
            "code": self.code(),
            "params": {p.name: _jsonable(p.default) for p in self.params},
            "param_specs": [p.as_dict() for p in self.params],
            "expected": _jsonable(self.expected),
        }
        if self.aliases:
            out["aliases"] = list(self.aliases)
        if include_result:
            _, outcome = self.run()
            done = outcome.as_dict()
            out["result"] = _jsonable(outcome.result)
            out["steps"] = done["steps"]
            out["steps_detail"] = done["steps_detail"]
            if "verdict" in done:
                out["verdict"] = done["verdict"]
        return out


def _py(value: Any) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(_py(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, frozenset | set):
        return "{" + ", ".join(_py(v) for v in sorted(value)) + "}" if value else "frozenset()"
    return repr(value)


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=_json_default, ensure_ascii=False))


def _json_default(value: Any) -> Any:
    if isinstance(value, frozenset | set):
        return sorted(value)
    if hasattr(value, "__dataclass_fields__"):
        return {k: getattr(value, k) for k in value.__dataclass_fields__}
    raise TypeError(f"cannot serialise {type(value).__name__}")


def with_phrases(
    examples: tuple[WorkedExample, ...], phrases: Mapping[str, tuple[str, str]]
) -> tuple[WorkedExample, ...]:
    """Gives every choice parameter of the examples its phrases from one game's table."""
    from dataclasses import replace

    out = []
    for ex in examples:
        params = tuple(
            replace(p, phrases={c: phrases[c] for c in p.choices if c in phrases} | dict(p.phrases))
            if p.choices
            else p
            for p in ex.params
        )
        out.append(replace(ex, params=params))
    return tuple(out)

"""Rule checks and worked examples: the executable side of a ruling.

A rule check is a pure function of small immutable values that returns an
`Outcome`: the result and the reasoning `steps`, each citing the entry it applies.
A `WorkedExample` binds a check to an entry, with parameters whose defaults come
from the ruling's own example and the outcome the source states. The page shows
the example as code a reader can paste and run; the API runs it with other values
after validating every parameter (nothing a user sends is ever evaluated as code).
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One step of reasoning, citing the entry id whose ruling it applies."""

    text: str
    cites: str

    def __str__(self) -> str:
        return f"{self.text} [{self.cites}]"


@dataclass(frozen=True)
class Outcome:
    """What a rule check decided, and why."""

    result: Any
    steps: tuple[Step, ...]

    def as_dict(self) -> dict:
        return {"result": self.result, "steps": [str(s) for s in self.steps]}


class Reasoning:
    """Collects steps while a check runs; `done(result)` freezes them into an Outcome."""

    def __init__(self) -> None:
        self._steps: list[Step] = []

    def step(self, cites: str, text: str) -> None:
        self._steps.append(Step(text, cites))

    def done(self, result: Any) -> Outcome:
        return Outcome(result, tuple(self._steps))


class ParamError(ValueError):
    """A worked-example parameter that is missing, of the wrong type or out of range."""

    def __init__(self, param: str, message: str):
        self.param = param
        super().__init__(message)


@dataclass(frozen=True)
class Param:
    """One input of a worked example: its type, default and the bounds a run accepts.

    kinds: int, bool, str (choice when `choices` is set), int_list, str_list.
    """

    name: str
    kind: str
    default: Any
    label: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    max_items: int = 20

    def parse(self, value: Any) -> Any:
        """Validates a value sent by a user (JSON or a form string) and returns it typed."""
        n = self.name
        if self.kind == "int":
            if isinstance(value, bool):
                raise ParamError(n, f"`{n}` must be an integer")
            if isinstance(value, str):
                value = value.strip()
                if not value.lstrip("-").isdigit() or len(value) > 12:
                    raise ParamError(n, f"`{n}` must be an integer")
                value = int(value)
            if not isinstance(value, int):
                raise ParamError(n, f"`{n}` must be an integer")
            return self._bounded(value)
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "on", "off", "1", "0"):
                return value.lower() in ("true", "on", "1")
            raise ParamError(n, f"`{n}` must be true or false")
        if self.kind == "str":
            if not isinstance(value, str):
                raise ParamError(n, f"`{n}` must be text")
            value = value.strip()
            if self.choices and value not in self.choices:
                raise ParamError(n, f"`{n}` must be one of: {', '.join(self.choices)}")
            if not value or len(value) > 60:
                raise ParamError(n, f"`{n}` must be 1 to 60 characters")
            return value
        if self.kind in ("int_list", "str_list"):
            items = value
            if isinstance(value, str):
                items = [p.strip() for p in value.replace("，", ",").split(",") if p.strip()]
            if not isinstance(items, list):
                raise ParamError(n, f"`{n}` must be a list")
            if len(items) > self.max_items:
                raise ParamError(n, f"`{n}` has more than {self.max_items} items")
            inner = Param(n, self.kind[:3], None, min=self.min, max=self.max, choices=self.choices)
            return tuple(inner.parse(item) for item in items)
        raise ParamError(n, f"`{n}` has an unknown kind {self.kind!r}")

    def _bounded(self, value: int) -> int:
        if self.min is not None and value < self.min:
            raise ParamError(self.name, f"`{self.name}` must be at least {self.min}")
        if self.max is not None and value > self.max:
            raise ParamError(self.name, f"`{self.name}` must be at most {self.max}")
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
        }
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.choices:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True)
class WorkedExample:
    """A rule check applied to the situation of one ruling, with its stated outcome."""

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

    @property
    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def parse_params(self, sent: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overridden by the sent values, each validated; unknown names rejected."""
        sent = dict(sent or {})
        known = {p.name: p for p in self.params}
        unknown = sorted(set(sent) - set(known))
        if unknown:
            raise ParamError(
                unknown[0],
                f"unknown parameter `{unknown[0]}`; expected {', '.join(known) or 'none'}",
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
            "title": self.title,
            "code": self.code(),
            "params": {p.name: _jsonable(p.default) for p in self.params},
            "param_specs": [p.as_dict() for p in self.params],
            "expected": _jsonable(self.expected),
        }
        if include_result:
            _, outcome = self.run()
            out["result"] = _jsonable(outcome.result)
            out["steps"] = [str(s) for s in outcome.steps]
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

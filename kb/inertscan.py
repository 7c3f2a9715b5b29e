"""The inert-input scan: which parameters of a worked example never move its result.

A parameter a reader can change without ever changing the answer misleads them: either it
is only a label (`display_only`), or a ruling makes it irrelevant (`inert_reason`), or the
check ignores an input its ruling is about. The scan changes each parameter, one at a time,
over a spread of values within its bounds, starting from the example's defaults, from
every point one change away from them and from random points of the parameter space (so
an input that matters only once others are changed still counts as live). Values a check
rejects (a `ParamError`) are skipped.

Run `python -m kb.inertscan` for the report (inert counts per game and every inert input);
`--near` scans only the defaults and their neighbours, `--defaults-only` only the defaults
(stricter views: what a reader changing one value of the example's own situation sees).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kb.rulecheck import Param, ParamError, WorkedExample

OTHER_NAME = "Another name 另一个名字"
RANDOM_POINTS = 400


@dataclass(frozen=True)
class InertInput:
    """A parameter whose change never moved its example's result."""

    example_id: str
    param: str
    declared: bool

    def __str__(self) -> str:
        return f"{self.example_id}.{self.param}" + (" (declared)" if self.declared else "")


def _ints(p: Param, around: int) -> list[int]:
    lo = p.min if p.min is not None else min(around, 0) - 3
    hi = p.max if p.max is not None else max(around, 0) + 12
    cands = {lo, hi, around - 1, around + 1, around - 2, around + 2, around * 2}
    cands |= {0, 1, 2, 3, 5, 10, 20, 50, 100, (lo + hi) // 2}
    return sorted(v for v in cands if lo <= v <= hi and v != around)


def candidates(p: Param, current: Any) -> Iterator[Any]:
    """Values to try for one parameter, other than its current one."""
    if p.kind == "bool":
        yield not current
    elif p.kind == "int":
        yield from _ints(p, current)
    elif p.kind == "str":
        if p.choices:
            yield from (c for c in p.choices if c != current)
        else:
            yield OTHER_NAME
    else:
        yield from _list_candidates(p, tuple(current))


def _list_candidates(p: Param, items: tuple) -> Iterator[tuple]:
    if p.kind == "int_list":
        inner = Param(p.name, "int", 0, min=p.min, max=p.max)
        pool: list = sorted(
            {v for it in items or (0,) for v in _ints(inner, it)} | set(items) | {p.min or 0}
        )
        pool = [v for v in pool if (p.min is None or v >= p.min) and (p.max is None or v <= p.max)]
    else:
        pool = list(p.choices) if p.choices else [*items, OTHER_NAME]
    seen: set[tuple] = {items}

    def new(value: tuple) -> Iterator[tuple]:
        if value not in seen and len(value) <= p.max_items:
            seen.add(value)
            yield value

    for i in range(len(items)):
        for v in pool:
            yield from new((*items[:i], v, *items[i + 1 :]))
        yield from new(items[:i] + items[i + 1 :])
    for v in pool:
        yield from new((*items, v))
        yield from new((v, *items))
    yield from new(())
    if items:
        yield from new((items[0],) * len(items) + (items[0],))


def _result(example: WorkedExample, values: dict[str, Any]) -> str | None:
    try:
        outcome = example.check(**values, **example.fixed)
    except ParamError:
        return None
    return json.dumps(outcome.result, sort_keys=True, default=str, ensure_ascii=False)


def _moves(example: WorkedExample, p: Param, base: dict[str, Any]) -> bool:
    seen: set[str] = set()
    first = _result(example, base)
    if first is not None:
        seen.add(first)
    for value in candidates(p, base[p.name]):
        got = _result(example, base | {p.name: value})
        if got is not None:
            seen.add(got)
            if len(seen) > 1:
                return True
    return False


def _bases(example: WorkedExample, reach: str = "random") -> Iterator[dict[str, Any]]:
    """The defaults, every valid point one change away from them, then random valid points
    (a fixed seed, so the scan is the same on every run). `reach` stops after the defaults
    ("defaults") or after the neighbours ("near")."""
    defaults = example.defaults
    yield defaults
    if reach == "defaults":
        return
    for q in example.params:
        for value in candidates(q, defaults[q.name]):
            point = defaults | {q.name: value}
            if _result(example, point) is not None:
                yield point
    if reach == "near":
        return
    rng = random.Random(example.id)
    pools = {q.name: list(candidates(q, defaults[q.name])) for q in example.params}
    for _ in range(RANDOM_POINTS):
        point = {
            name: rng.choice(pool) if pool and rng.random() < 0.6 else defaults[name]
            for name, pool in pools.items()
        }
        if _result(example, point) is not None:
            yield point


def inert_params(example: WorkedExample, reach: str = "random") -> list[Param]:
    """The parameters of one example whose change never moved its result."""
    live: set[str] = set()
    params = list(example.params)
    for base in _bases(example, reach):
        for p in params:
            if p.name not in live and _moves(example, p, base):
                live.add(p.name)
        if len(live) == len(params):
            break
    return [p for p in params if p.name not in live]


def scan(examples: list[WorkedExample], reach: str = "random") -> list[InertInput]:
    """Every inert parameter of the given examples, declared or not."""
    out: list[InertInput] = []
    for example in examples:
        for p in inert_params(example, reach):
            declared = bool(getattr(p, "display_only", False) or getattr(p, "inert", None))
            out.append(InertInput(example.id, p.name, declared))
    return out


def main(argv: list[str] | None = None) -> int:
    from kb.examples import all_examples

    argv = sys.argv[1:] if argv is None else argv
    reach = "random"
    if "--defaults-only" in argv:
        reach = "defaults"
    elif "--near" in argv:
        reach = "near"
    examples = sorted(all_examples().values(), key=lambda e: e.id)
    found = scan(examples, reach)
    total = sum(len(e.params) for e in examples)
    undeclared = [f for f in found if not f.declared]
    by_game: dict[str, list[int]] = {}
    for e in examples:
        by_game.setdefault(e.id.split("-")[0], [0, 0])[0] += len(e.params)
    for f in found:
        by_game[f.example_id.split("-")[0]][1] += 1
    for game, (n, k) in by_game.items():
        print(f"{game}: {k} inert of {n} parameters")
    for f in found:
        print(f"  {f}")
    print(
        f"{len(examples)} examples, {total} parameters: {len(found)} inert, "
        f"{len(found) - len(undeclared)} declared, {len(undeclared)} undeclared"
    )
    return 1 if undeclared else 0


if __name__ == "__main__":
    sys.exit(main())

"""What every KB file reader shares: errors that name file and line, and a YAML loader
that refuses duplicate keys."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml


@dataclass(frozen=True)
class LoadError:
    """One problem in one file, at one line."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


# libyaml's C loader when PyYAML was built with it (5x faster to parse 200+ headers).
_BaseSafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class UniqueKeyLoader(_BaseSafeLoader):
    """A YAML loader that rejects duplicate keys instead of keeping the last one."""


def _construct_mapping(loader: UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False):
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)

_KEY_RE = re.compile(r"^([A-Za-z_]+)\s*:")


def key_lines(text: str, first_line: int) -> dict[str, int]:
    """The line of each top-level key of a YAML text (the first occurrence)."""
    lines: dict[str, int] = {}
    for offset, line in enumerate(text.split("\n")):
        m = _KEY_RE.match(line)
        if m:
            lines.setdefault(m.group(1), first_line + offset)
    return lines

"""Official numbers a judge types (Q108, 第108问, 16.9.5, page 12), read with the shapes
the registry's games declare.

An entry's numbers are indexed as `kind:value` keys (`qa:108`, `rule:16.9.5`,
`page:12`); a query's numbers are found only in the shapes some game uses. A bare
number counts as a Q&A number only when it is all the query says (`108`, `火纹0 108`):
inside a sentence (战斗力100的单位) it is a quantity, not a citation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from kb.model import Entry
from kb.registry import Registry

_DOTTED = r"(?<![\d.])(\d{1,2}(?:\.\d{1,2}){1,3})(?![\d.])"
_PAGE = r"(?:\bpages?\s*|\bp\.?\s*)(\d{1,3})(?!\d)|第\s*(\d{1,3})\s*[页頁]"
_BARE_RE = re.compile(r"^\s*(\d{1,3})\s*$")
_ENTRY_QA_RE = re.compile(r"-qa-(\d+)$")
_ENTRY_RULE_RE = re.compile(r"^[a-z0-9]+-(\d+(?:\.\d+)+)$")
_LOCATOR_PAGE_RE = re.compile(r"page\s*(\d+)", re.IGNORECASE)

# Words that only say what kind of number follows or precedes it: a query of nothing else
# (`Q108`, `rule 16.9.5`, `p.12 erratum`, `第108问`) cites a ruling rather than asks.
_CITATION_WORDS_RE = re.compile(
    r"\b(?:q\s*&\s*a|qa|faq|q|a|rules?|errat(?:a|um)|page|section)\b|[规規]则|勘误|勘誤|条|條|问|問|答|第|[页頁]",
    re.IGNORECASE,
)
_NOT_WORD_RE = re.compile(r"[\W_]+")

# How much a number found in a query weighs against the words (a judge's citation is
# meant exactly).
BOOSTS = {"rule": 40.0, "page": 30.0, "qa": 30.0}


@dataclass(frozen=True)
class OfficialNumber:
    kind: str  # "qa", "rule" or "page"
    value: str

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.value}"


def entry_numbers(entry: Entry, registry: Registry) -> list[str]:
    """The number keys of an entry, as its game numbers its rulings."""
    scheme = registry[entry.game].numbers
    keys: list[str] = []
    if scheme.has_qa and entry.type == "qa" and (m := _ENTRY_QA_RE.search(entry.id)):
        keys.append(f"qa:{int(m.group(1))}")
    if scheme.rule_numbers and (m := _ENTRY_RULE_RE.match(entry.id)):
        keys.append(f"rule:{m.group(1)}")
    if scheme.pages and entry.type == "errata":
        keys += [f"page:{int(p)}" for p in _LOCATOR_PAGE_RE.findall(entry.source.locator)]
    return keys


class NumberReader:
    """Finds official numbers in a query, in the shapes the registry's games use."""

    def __init__(self, registry: Registry):
        schemes = [g.numbers for g in registry]
        self.qa = any(s.has_qa for s in schemes)
        self.rules = any(s.rule_numbers for s in schemes)
        self.pages = any(s.pages for s in schemes)
        self._prefixes = sorted({p for s in schemes for p in s.qa_prefixes}, key=len, reverse=True)
        self._suffixes = sorted({p for s in schemes for p in s.qa_suffixes}, key=len, reverse=True)

    @cached_property
    def _qa_re(self) -> re.Pattern | None:
        parts = []
        if self._prefixes:
            words = "|".join(_word(p) for p in self._prefixes)
            parts.append(rf"(?:{words})[\s\-#:：]*(\d{{1,3}})(?![\d.])")
        if self._suffixes:
            words = "|".join(re.escape(p) for p in self._suffixes)
            parts.append(rf"(?<![\d.])(\d{{1,3}})\s*(?:{words})")
        return re.compile("|".join(parts), re.IGNORECASE) if parts else None

    def scan(self, text: str) -> tuple[list[OfficialNumber], bool]:
        """Every official number of the query, each once, pages before Q&As (第12页 is a
        page, 第108问 a Q&A); and whether the query is those numbers and nothing else
        (the words that name their kind aside): a judge looking a ruling up, not a
        question to weigh."""
        found: list[OfficialNumber] = []
        rest = text
        if self.pages:
            for m in re.finditer(_PAGE, rest, re.IGNORECASE):
                found.append(OfficialNumber("page", str(int(m.group(1) or m.group(2)))))
            rest = re.sub(_PAGE, " ", rest, flags=re.IGNORECASE)
        if self.rules:
            found += [OfficialNumber("rule", m.group(1)) for m in re.finditer(_DOTTED, rest)]
            rest = re.sub(_DOTTED, " ", rest)
        words = rest  # what is left once every number is taken out
        if self.qa:
            if self._qa_re is not None:
                for m in self._qa_re.finditer(rest):
                    value = next(g for g in m.groups() if g)
                    found.append(OfficialNumber("qa", str(int(value))))
                words = self._qa_re.sub(" ", words)
            if bare := _BARE_RE.match(rest):
                found.append(OfficialNumber("qa", str(int(bare.group(1)))))
            words = _BARE_RE.sub(" ", words)
        numbers = list(dict.fromkeys(found))
        only = bool(numbers) and not _NOT_WORD_RE.sub("", _CITATION_WORDS_RE.sub(" ", words))
        return numbers, only


def _word(prefix: str) -> str:
    """A Latin prefix is a word of its own (`Q108`, not the q of `faq108`)."""
    escaped = re.escape(prefix)
    return rf"(?<![A-Za-z]){escaped}" if prefix[:1].isascii() and prefix[:1].isalpha() else escaped

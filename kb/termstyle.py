"""Per-game style sheets for our English: spelling (US or UK) and how phase and step names
are capitalised. Verbatim source text is never checked against them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

# British spellings and their US forms, as word stems: every listed stem matches with the
# endings it takes (defence/defences, armoured, levelling/levelled, cancelled, …).
UK_TO_US: dict[str, str] = {
    "defence": "defense",
    "offence": "offense",
    "armour": "armor",
    "armoured": "armored",
    "colour": "color",
    "favour": "favor",
    "favourite": "favorite",
    "honour": "honor",
    "behaviour": "behavior",
    "neighbour": "neighbor",
    "harbour": "harbor",
    "labour": "labor",
    "valour": "valor",
    "vigour": "vigor",
    "rumour": "rumor",
    "centre": "center",
    "metre": "meter",
    "theatre": "theater",
    "manoeuvre": "maneuver",
    "levelled": "leveled",
    "levelling": "leveling",
    "cancelled": "canceled",
    "cancelling": "canceling",
    "travelled": "traveled",
    "travelling": "traveling",
    "labelled": "labeled",
    "labelling": "labeling",
    "modelled": "modeled",
    "signalled": "signaled",
    "totalled": "totaled",
    "fuelled": "fueled",
    "judgement": "judgment",
    "acknowledgement": "acknowledgment",
    "catalogue": "catalog",
    "analyse": "analyze",
    "paralyse": "paralyze",
    "grey": "gray",
    "whilst": "while",
    "amongst": "among",
    "programme": "program",
    "sceptical": "skeptical",
    "fulfil": "fulfill",
    "enrol": "enroll",
    "skilful": "skillful",
    "wilful": "willful",
    "ageing": "aging",
}
# -ise verbs (organise, recognise …) and their -isation nouns are the US -ize, -ization.
_ISE_STEMS = (
    "organis", "recognis", "realis", "emphasis", "summaris", "prioritis", "minimis", "maximis",
    "utilis", "categoris", "apologis", "authoris", "criticis", "specialis", "standardis",
    "characteris", "memoris", "normalis", "randomis", "finalis", "visualis", "neutralis",
    "capitalis", "optimis", "penalis", "stabilis", "synchronis", "customis", "initialis",
)  # fmt: skip
_ISE_RE = re.compile(
    r"(?<![\w-])(" + "|".join(_ISE_STEMS) + r")(e|es|ed|ing|ation|ations)\b", re.IGNORECASE
)
_ENDINGS = r"(?:s|es|ed|d|ing)?"


def _stems_re(stems, before: str) -> re.Pattern:
    """Any of `stems` (longest first) with an inflection, after `before`, to a word end."""
    alternatives = "|".join(sorted(map(re.escape, stems), key=len, reverse=True))
    return re.compile(before + "(" + alternatives + ")" + _ENDINGS + r"\b", re.IGNORECASE)


# Not inside an entry id or a file name (fe0-rule-judgement): preceded by neither a word
# character nor a hyphen.
_UK_RE = _stems_re(UK_TO_US, r"(?<![\w-])")
_US_TO_UK = {us: uk for uk, us in UK_TO_US.items()}
_US_RE = _stems_re(_US_TO_UK, r"\b")
# Words too short to be capitalised in a Title Case name (“Damage and Effects Step”).
SMALL_WORDS = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs."}
)


@dataclass(frozen=True)
class StyleSheet:
    """How our English of one game is spelled and capitalised."""

    game: str
    spelling: str = "US"  # "US" or "UK"
    phases_and_steps: str = "title"  # "title" (Upkeep Phase) or "termbase" (as recorded)


@cache
def load_style(root: Path, game: str) -> StyleSheet:
    path = root / "games" / game / "style.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}
    spelling = str((data or {}).get("spelling", "US")).upper()
    phases = str((data or {}).get("phases_and_steps", "title"))
    if spelling not in ("US", "UK") or phases not in ("title", "termbase"):
        raise ValueError(f"{path}: spelling must be US or UK, phases_and_steps title or termbase")
    return StyleSheet(game, spelling, phases)


def _same_case(model: str, word: str) -> str:
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def uk_spellings(text: str) -> list[tuple[str, str]]:
    """British spellings in a text, each with its US form: [(“levelling”, “leveling”)]."""
    out = []
    for m in _UK_RE.finditer(text):
        word = m.group(0)
        stem = m.group(1).lower()
        out.append((word, _same_case(word, UK_TO_US[stem] + word[len(stem) :])))
    for m in _ISE_RE.finditer(text):
        word = m.group(0)
        out.append((word, m.group(1)[:-1] + "z" + word[len(m.group(1)) :]))
    return out


def us_spellings(text: str) -> list[tuple[str, str]]:
    """US spellings in a text, each with its British form (for a UK-spelling game)."""
    return [
        (m.group(0), _US_TO_UK[m.group(1).lower()] + m.group(0)[len(m.group(1)) :])
        for m in _US_RE.finditer(text)
    ]


def wrong_spellings(sheet: StyleSheet, text: str) -> list[tuple[str, str]]:
    """Words spelled against the game's style sheet, with the spelling it asks for."""
    return uk_spellings(text) if sheet.spelling == "US" else us_spellings(text)


def is_phase_name(form: str) -> bool:
    """Whether a form names a phase or step (“Upkeep Phase”, “Declare Attack step”)."""
    words = form.split()
    return len(words) >= 2 and words[-1].lower() in ("phase", "step", "phases", "steps")


def title_case(form: str) -> str:
    """A name in Title Case, small words (and, of, the) lower-case except the first."""
    words = form.split()
    return " ".join(
        w if (i and w.lower() in SMALL_WORDS) else w[:1].upper() + w[1:]
        for i, w in enumerate(words)
    )

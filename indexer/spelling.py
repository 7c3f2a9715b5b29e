"""Second-pass spelling correction: misspelt English words and wrong Chinese characters.

A real word is never rewritten. English: a word that is neither an English word (the
well-kept pyspellchecker frequency list, carried in the generation) nor one of the KB's
(its texts, termbase forms, card names) is replaced by the KB word within one or two
edits (Damerau: a swapped pair is one edit, computed in C by rapidfuzz) that occurs most.
Chinese: a run of characters that is not a word, and does not cut one, but sounds exactly
like a game term (same toneless pinyin, as in 羁拌卡 → 羁绊卡, 奸奇之炎 → 奸奇之焰) is
replaced by the term. The caller says what it did.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import DamerauLevenshtein
from rapidfuzz.process import extract

from indexer.analysis import HAN_RE, Analysis, fold

_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’]{2,}")
_PINYIN: dict[str, str] = {}


def _pinyin_table() -> dict[str, str]:
    if not _PINYIN:
        path = Path(__file__).resolve().parent / "pinyin.txt"
        for line in path.read_text(encoding="utf-8").splitlines():
            if line:
                _PINYIN[line[0]] = line[1:]
    return _PINYIN


def pinyin_key(text: str) -> str | None:
    table = _pinyin_table()
    parts = [table.get(ch) for ch in text]
    return " ".join(parts) if all(parts) else None  # type: ignore[arg-type]


@dataclass(frozen=True)
class Correction:
    original: str
    corrected: str


def english_vocabulary(texts: Iterable[str]) -> Counter[str]:
    """The English words of some texts, lowercase, with their counts."""
    words: Counter[str] = Counter()
    for text in texts:
        words.update(w.lower() for w in _WORD_RE.findall(text))
    return words


def term_words(english_terms: Iterable[str]) -> frozenset[str]:
    return frozenset(w.lower() for t in english_terms for w in _WORD_RE.findall(t))


class SpellingCorrector:
    """Knows the KB's English words (with counts) and its Chinese game terms by sound."""

    def __init__(
        self,
        words: Mapping[str, int],
        chinese_terms: Iterable[str],
        english_term_words: Iterable[str],
        analysis: Analysis,
        real_words: frozenset[str] = frozenset(),
    ):
        self.words: Counter[str] = Counter(words)
        self.term_words = set(english_term_words)
        self.real_words = real_words
        self._analysis = analysis
        self.by_first: dict[str, list[str]] = {}
        for word in self.words:
            self.by_first.setdefault(word[0], []).append(word)
        self.by_sound: dict[str, str] = {}
        for term in sorted(set(chinese_terms), key=len, reverse=True):
            term = fold(term)
            key = pinyin_key(term) if HAN_RE.fullmatch(term) and len(term) >= 2 else None
            if key:
                self.by_sound.setdefault(key, term)
        self.zh_terms = set(self.by_sound.values())
        # The sounds game terms begin with: a window starting with another is no term's.
        self.first_sounds = frozenset(key.split(" ", 1)[0] for key in self.by_sound)

    def _english(self, word: str) -> str | None:
        low = word.lower().replace("’", "'")
        if len(low) < 4 or low in self.words or low in self.real_words:
            return None
        if low.endswith("'s") and (low[:-2] in self.words or low[:-2] in self.real_words):
            return None
        limit = 1 if len(low) <= 6 else 2
        candidates = self.by_first.get(low[0], ())
        found = extract(
            low, candidates, scorer=DamerauLevenshtein.distance, score_cutoff=limit, limit=None
        )
        if not found:
            return None
        best = min(found, key=lambda f: (f[1], -self.words[f[0]], f[0]))
        return best[0]

    def _cuts_inside_words(self, run: str) -> set[int]:
        """The offsets that fall inside a real word of the run: a correction never cuts
        one in two (黑暗系生物 holds no 系生 to mistake for 牺牲)."""
        inside: set[int] = set()
        for word, start, end, is_main in self._analysis.han_tokens(run, 0):
            if is_main and end - start >= 2 and self._analysis.is_word(word):
                inside.update(range(start + 1, end))
        return inside

    def _chinese(self, run: str) -> list[Correction]:
        out = []
        inside: set[int] | None = None  # segmented only when a window sounds like a term
        table = _pinyin_table()
        sounds = [table.get(ch) for ch in run]
        first = self.first_sounds
        i = 0
        while i < len(run):
            if sounds[i] not in first:
                i += 1
                continue  # no term begins with this sound
            for size in (5, 4, 3, 2):
                window = run[i : i + size]
                if len(window) < size:
                    continue
                parts = sounds[i : i + size]
                if not all(parts):
                    continue
                target = self.by_sound.get(" ".join(parts))  # type: ignore[arg-type]
                if not target or target == window:
                    continue
                if window in self.zh_terms or self._analysis.is_word(window):
                    continue
                if inside is None:
                    inside = self._cuts_inside_words(run)
                if i in inside or (i + size) in inside:
                    continue  # the window would cut a real word in two
                out.append(Correction(window, target))
                i += size - 1
                break
            i += 1
        return out

    def correct(
        self, text: str, only_terms: bool = False, keep: Iterable[tuple[int, ...]] = ()
    ) -> tuple[str, list[Correction]]:
        """The text with its misspellings fixed, and what was changed. `keep`: (start, end,
        …) spans never corrected (the games' names: 法战 is no misspelling of 发展)."""
        folded = fold(text)
        pieces, last = [], 0
        for start, end, *_ in sorted(keep):
            if start >= last:
                pieces += [(folded[last:start], True), (folded[start:end], False)]
                last = end
        pieces.append((folded[last:], True))
        changes: list[Correction] = []
        out = []
        for piece, correctable in pieces:
            if correctable:
                fixed, found = self._correct_piece(piece, only_terms)
                changes += found
                piece = fixed
            out.append(piece)
        return "".join(out), changes

    def _correct_piece(self, folded: str, only_terms: bool) -> tuple[str, list[Correction]]:
        changes: list[Correction] = []
        for m in HAN_RE.finditer(folded):
            changes.extend(self._chinese(m.group()))
        for m in _WORD_RE.finditer(folded):
            fixed = self._english(m.group())
            if fixed and (not only_terms or fixed in self.term_words):
                changes.append(Correction(m.group(), fixed))
        corrected = folded
        for c in changes:
            corrected = corrected.replace(c.original, c.corrected, 1)
        return corrected, changes

"""A query, parsed once: every later stage (scoring, priors, snippets, the answer card)
reads the `ParsedQuery`, and nothing analyses the raw text again.

User text never reaches whoosh's query parser (quadratic on unspaced Chinese; it raises
on `NOT NOT x` or deep parentheses): it is cleaned, capped, analysed exactly as the index
was, expanded with players' words, and its official numbers, quoted phrases and the
game it names are read out.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from indexer import tuning
from indexer.analysis import Analysis, fold
from indexer.numbers import NumberReader, OfficialNumber
from indexer.synonyms import PlayersWords
from kb.registry import Registry

OTHER_GAMES = Path(__file__).resolve().parent / "data" / "other_games.txt"
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_QUOTED_RE = re.compile(r"[\"“”「」『』]([^\"“”「」『』]{1,80})[\"“”「」『』]")
_QUESTION_RE = re.compile(
    r"[?？]|吗|呢|能不能|可不可以|会不会|是不是|有没有|怎么|如何|为什么|几|多少"
    r"|^(?:can|could|do|does|did|is|are|was|what|when|where|which|who|why|how|if|should|must)\b",
    re.IGNORECASE,
)


def clean_query(raw: str) -> tuple[str, list[str]]:
    """Removes control characters and lone surrogates, normalises, caps the length."""
    notices: list[str] = []
    text = raw.encode("utf-8", "replace").decode("utf-8") if raw else ""
    text = "".join(" " if unicodedata.category(c) == "Cs" else c for c in text)
    text = _CONTROL_RE.sub(" ", text)
    text = unicodedata.normalize("NFKC", text)
    text = " ".join(text.split())
    if len(text) > tuning.MAX_QUERY_CHARS:
        text = text[: tuning.MAX_QUERY_CHARS]
        notices.append(f"query shortened to its first {tuning.MAX_QUERY_CHARS} characters")
    return text, notices


@dataclass(frozen=True)
class ParsedQuery:
    """What a query says, read once."""

    text: str  # the cleaned query, as the user asked it
    search_text: str  # what is searched: the text without the game's name when scoped
    notices: tuple[str, ...]
    tokens: tuple[str, ...]  # distinct words, in order, as the index holds them
    phrase: tuple[str, ...]  # every word in order, for the loose whole-question phrase
    quoted: tuple[tuple[str, ...], ...]
    expansions: Mapping[str, tuple[str, ...]] = field(compare=False)
    numbers: tuple[OfficialNumber, ...]
    citation: bool  # the query is official numbers and nothing else (Q108, 16.9.5, p.12)
    named_games: tuple[str, ...]  # games the query names (火纹0, Mage Wars …)
    hinted_game: str | None  # the one game whose own words the query uses
    is_question: bool
    scope: str | None  # the game the query is answered in (a filter, or the game named)
    scope_detected: bool = False  # the scope was read from the query, not chosen
    scoping: bool = True  # whether a game the query names scopes it
    other_game: str | None = None  # a game this KB does not hold, named by the query

    @property
    def named_game(self) -> str | None:
        return self.named_games[0] if len(self.named_games) == 1 else None

    @property
    def marks(self) -> list[str]:
        """The words a snippet marks: the query's and the rules' words they stand for."""
        return [*self.tokens, *(alt for alts in self.expansions.values() for alt in alts)]

    @property
    def searchable(self) -> bool:
        return bool(self.tokens or self.numbers or self.quoted)


def names_pattern(names: Iterable[str]) -> re.Pattern | None:
    """One pattern for folded names, longest first: spaces match any spacing, and a name
    that starts or ends with a Latin letter or digit matches only as a whole word."""
    parts = []
    for name in sorted(set(names), key=len, reverse=True):
        escaped = re.escape(name).replace(r"\ ", r"\s*")
        if name[:1].isascii() and name[:1].isalnum():
            escaped = rf"(?<![a-z0-9]){escaped}"
        if name[-1:].isascii() and name[-1:].isalnum():
            escaped = rf"{escaped}(?![a-z0-9])"
        parts.append(escaped)
    return re.compile("|".join(parts)) if parts else None


class GameNames:
    """Finds the games a query names, in the forms players use (火纹0, FE0, 法战, Mage
    Wars …): the registry's names, slugs and aliases. Latin names are whole words."""

    def __init__(self, registry: Registry):
        forms: dict[str, str] = {}
        for game in registry:
            for name in (game.slug, *game.name.as_dict().values(), *game.aliases):
                folded = fold(name).lower().strip()
                if len(folded) >= 2:
                    forms.setdefault(folded, game.slug)
        self.forms = forms
        self._re = names_pattern(forms)

    def _game_of(self, matched: str) -> str:
        """The game of a matched name (names match with any spacing: "mage  wars")."""
        key = re.sub(r"\s+", " ", matched)
        squeezed = key.replace(" ", "")
        found = self.forms.get(key) or self.forms.get(squeezed)
        if found is None:
            found = next(g for f, g in self.forms.items() if re.sub(r"\s+", "", f) == squeezed)
        return found

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, game) of every name in the text (offsets into `text`)."""
        if self._re is None:
            return []
        folded = fold(text).lower()
        if len(folded) != len(text):  # never: fold keeps length; lower() might not
            return []
        return [(m.start(), m.end(), self._game_of(m.group())) for m in self._re.finditer(folded)]

    def strip(self, text: str, found: list[tuple[int, int, str]] | None = None) -> str:
        """The text without the games' names (`found`: the names `find` gave, if known)."""
        names = self.find(text) if found is None else found
        if not names:
            return text
        pieces, last = [], 0
        for start, end, _ in names:
            pieces.append(text[last:start])
            last = end
        pieces.append(text[last:])
        return " ".join(" ".join(pieces).split())


class OtherGames:
    """Names of games this KB does not hold (indexer/data/other_games.txt): a question
    naming one is about another game."""

    def __init__(self, path: Path = OTHER_GAMES):
        names = []
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                names.append(fold(line).lower())
        self._re = names_pattern(names)

    def find(self, text: str) -> str | None:
        if self._re is None:
            return None
        m = self._re.search(fold(text).lower())
        return m.group() if m else None


class GameWords:
    """Words only one game's texts use (羁绊区, Counterstrike …): a query using them is
    about that game, which ranks its entries higher."""

    def __init__(self, words: Mapping[str, str]):
        self.words = dict(words)
        # Per first character, the lengths of the words that start with it: a text is
        # looked up a slice at a time, not compared word by word.
        lengths: dict[str, set[int]] = {}
        for word in self.words:
            if word:
                lengths.setdefault(word[0], set()).add(len(word))
        self._lengths = {ch: tuple(sorted(ns)) for ch, ns in lengths.items()}

    def detect(self, folded: str) -> str | None:
        """The one game whose own words the (folded, lowercase) text uses."""
        words, lengths = self.words, self._lengths
        games = {
            words[piece]
            for i, ch in enumerate(folded)
            for n in lengths.get(ch, ())
            if (piece := folded[i : i + n]) in words
        }
        return games.pop() if len(games) == 1 else None


class QueryParser:
    """Parses queries with one generation's analysis, players' words and registry."""

    def __init__(
        self,
        analysis: Analysis,
        registry: Registry,
        game_words: Mapping[str, str],
        scope_named_games: bool = True,
        players_tables: Mapping | None = None,
    ):
        self.analysis = analysis
        self.registry = registry
        self.players_words = PlayersWords(analysis, registry, players_tables)
        self.numbers = NumberReader(registry)
        self.game_names = GameNames(registry)
        self.game_words = GameWords(game_words)
        self.other_games = OtherGames()
        self.scope_named_games = scope_named_games

    def parse(self, raw: str, game: str | None = None, scope_named: bool = True) -> ParsedQuery:
        """Reads a raw query; `game` is the game filter the user chose, if any.
        `scope_named=False` searches every game even when the query names one (the page's
        "search all games")."""
        text, notices = clean_query(raw)
        return self.parse_clean(text, tuple(notices), game, scope_named)

    def parse_clean(
        self,
        text: str,
        notices: tuple[str, ...] = (),
        game: str | None = None,
        scope_named: bool = True,
    ) -> ParsedQuery:
        """Reads an already cleaned text (the spelling pass's corrected query).

        A game the query names is a signal, not text: its name is taken out of what is
        searched (an entry does not match because it mentions the game) and the query is
        answered in that game."""
        names = self.game_names.find(text)
        named = tuple(dict.fromkeys(g for _, _, g in names))
        scoping = self.scope_named_games and scope_named
        scope = game or (named[0] if scoping and len(named) == 1 else None)
        unnamed = self.game_names.strip(text, names)
        search_text = unnamed if self.scope_named_games else text
        analysis = self.analysis
        # One analysis of the text: its words in order (the phrase), and the distinct
        # ones (the scored words).
        phrase = tuple(analysis.phrase_words(search_text)) if search_text else ()
        tokens = list(dict.fromkeys(phrase))[: tuning.MAX_TERMS]
        expansions = self.players_words.expand(tokens, scope) if tokens else {}
        quoted = []
        for m in list(_QUOTED_RE.finditer(search_text))[: tuning.MAX_QUOTED]:
            words = tuple(analysis.phrase_words(m.group(1)))
            if len(words) >= 2:
                quoted.append(words)
        hinted = self.game_words.detect(fold(text).lower()) if text and not game else None
        # Read without the game's name: "fe0 108" is Q&A 108 alone.
        numbers, citation = self.numbers.scan(unnamed)
        return ParsedQuery(
            text=text,
            search_text=search_text,
            notices=notices,
            tokens=tuple(tokens),
            phrase=phrase,
            quoted=tuple(quoted),
            expansions=expansions,
            numbers=tuple(numbers)[: tuning.MAX_NUMBERS],
            citation=citation,
            named_games=named,
            hinted_game=hinted,
            is_question=bool(text) and _QUESTION_RE.search(text) is not None,
            scope=scope,
            scope_detected=game is None and scope is not None,
            scoping=scoping,
            other_game=self.other_games.find(text) if text else None,
        )

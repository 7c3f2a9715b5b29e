"""Each document of a generation as the query side sees it: its game, type and place in
the KB as arrays (filters, facets and the tie order come from these), and the texts a hit
shows.

Files under `docs/`: `labels.json` (the game and type names, in code order), `game.npy`
and `type.npy` (int16 codes), `order.npy` (int64, each document's place in the KB). The
texts a hit shows come from the generation's KB snapshot (`ShownTexts`). Memory maps
are shared by every worker through the page cache and, unlike whoosh's file objects,
survive a fork.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from indexer.generation import DOCS
from kb.model import Entry


def _mapped(path: Path) -> np.ndarray:
    return np.load(path, mmap_mode="r").view(np.ndarray)


class ShownTexts:
    """What a hit shows of each document, by document number: the generation's own KB
    snapshot holds the texts, so nothing is read or decoded per hit (a copy of the texts
    on disk made the index a tenth larger and cost a decode per hit)."""

    def __init__(self, entries: list[Entry]):
        self._entries = entries
        self.doc_count = len(entries)

    def get(self, docnum: int) -> dict:
        return shown_record(self._entries[docnum])


def shown_record(entry: Entry) -> dict:
    """What a hit shows of an entry."""
    return {
        "id": entry.id,
        "game": entry.game,
        "type": entry.type,
        "title": entry.title.joined(),
        "body_zh": entry.text.zh or "",
        "body_en": entry.text.en or "",
    }


class Labels:
    """Each document's game, type and place in the KB, as arrays: facet counts, the
    filters and the tie order of every search path come from these."""

    def __init__(
        self,
        game_names: list[str],
        type_names: list[str],
        games: np.ndarray,
        types: np.ndarray,
        order: np.ndarray,
    ):
        self.game_names = list(game_names)
        self.type_names = list(type_names)
        self.games = games
        self.types = types
        self.order = order  # each document's place in the KB

    @classmethod
    def of(cls, games: list[str], types: list[str], order: list[int]) -> Labels:
        """Labels from each document's game and type names (the build uses this)."""
        game_names, type_names = sorted(set(games)), sorted(set(types))
        gi = {g: i for i, g in enumerate(game_names)}
        ti = {t: i for i, t in enumerate(type_names)}
        return cls(
            game_names,
            type_names,
            np.array([gi[g] for g in games], dtype=np.int16),
            np.array([ti[t] for t in types], dtype=np.int16),
            np.array(order, dtype=np.int64),
        )

    def game_code(self, game: str | None) -> int | None:
        """The code of a game (-1 when no document has it; None for no game)."""
        return _code(self.game_names, game)

    def type_code(self, entry_type: str | None) -> int | None:
        return _code(self.type_names, entry_type)

    def facets(
        self, matched: np.ndarray, game: str | None, entry_type: str | None
    ) -> tuple[dict[str, dict[str, int]], np.ndarray]:
        """Counts per game (under the type filter) and per type (under the game
        filter) of the matched documents, and those passing both filters."""
        g, t = self.game_code(game), self.type_code(entry_type)
        in_type = matched if t is None else matched[self.types[matched] == t]
        in_game = matched if g is None else matched[self.games[matched] == g]
        by_game = np.bincount(self.games[in_type], minlength=len(self.game_names))
        by_type = np.bincount(self.types[in_game], minlength=len(self.type_names))
        facets = {
            "game": _by_count(self.game_names, by_game),
            "type": _by_count(self.type_names, by_type),
        }
        wanted = in_game if t is None else in_game[self.types[in_game] == t]
        return facets, wanted

    def rank(
        self, acc: np.ndarray, game: str | None, entry_type: str | None, window: int
    ) -> tuple[list[tuple[int, float]], dict[str, dict[str, int]]]:
        """The best `window` (docnum, score) under the filters, best first (ties in KB
        order), and the facet counts."""
        facets, wanted = self.facets(np.flatnonzero(acc), game, entry_type)
        scores = acc[wanted]
        if len(scores) > window:
            # Everything at or above the window-th best score, then an exact order.
            kth = np.partition(scores, len(scores) - window)[len(scores) - window]
            keep = scores >= kth
            wanted, scores = wanted[keep], scores[keep]
        best = np.lexsort((self.order[wanted], -scores))[:window]
        return [(int(wanted[i]), float(scores[i])) for i in best], facets


def _code(names: list[str], value: str | None) -> int | None:
    if value is None:
        return None
    return names.index(value) if value in names else -1


def _by_count(names: list[str], counts: np.ndarray) -> dict[str, int]:
    """Non-zero counts, largest first, then by name (as the whoosh path orders them)."""
    found = [(names[i], int(n)) for i, n in enumerate(counts) if n]
    return dict(sorted(found, key=lambda kv: (-kv[1], kv[0])))


def open_labels(generation: Path) -> Labels:
    """The labels of a generation's documents, from `docs/`."""
    directory = Path(generation) / DOCS
    names = json.loads((directory / "labels.json").read_text(encoding="utf-8"))
    return Labels(
        names["games"],
        names["types"],
        _mapped(directory / "game.npy"),
        _mapped(directory / "type.npy"),
        _mapped(directory / "order.npy"),
    )

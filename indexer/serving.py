"""Which engine a server process answers from, and when it moves to a new generation.

Each request takes the engine of the generation `current` points at, once, and answers
everything from it: the KB, the index and the statistics always come from one
generation. When a rebuild moves `current`, the next request opens the new generation
(verified against its manifest) and moves to it; a generation that fails is kept out of
service, with one log line, and the last good engine goes on answering.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from indexer.engine import Engine, open_engine
from indexer.generation import GenerationError, current_target

log = logging.getLogger(__name__)

# A refused generation is looked at again after this long (a rebuild may replace it).
RETRY_SECONDS = 30.0


class EngineHolder:
    """The engine a process serves; `get()` is called once per request."""

    def __init__(
        self,
        index_dir: Path,
        engine: Engine,
        cache_size: int = 2048,
        on_open: Callable[[Engine], None] | None = None,
    ):
        self.index_dir = Path(index_dir)
        self._on_open = on_open
        self._engine = engine
        self._target = str(engine.path)
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._refused: dict[str, float] = {}  # target → when it was refused
        self.last_problem: str | None = None

    @property
    def engine(self) -> Engine:
        return self._engine

    def get(self) -> Engine:
        """The engine of the current generation (moving to a new one if `current` moved
        and the new generation is sound)."""
        target = current_target(self.index_dir)
        if target is None or os.path.realpath(target) == self._target:
            return self._engine
        real = os.path.realpath(target)
        refused_at = self._refused.get(real)
        if refused_at is not None and time.monotonic() - refused_at < RETRY_SECONDS:
            return self._engine
        with self._lock:
            if real == self._target:
                return self._engine
            try:
                engine = open_engine(self.index_dir, cache_size=self._cache_size)
                if self._on_open is not None:
                    self._on_open(engine)
            except GenerationError as exc:
                self._refused[real] = time.monotonic()
                self.last_problem = str(exc)
                log.error("not serving index generation %s: %s", Path(real).name, exc)
                return self._engine
            old = self._engine
            self._engine, self._target = engine, str(engine.path)
            self._refused.pop(real, None)
            self.last_problem = None
            log.info("now serving index generation %s", engine.name)
        # Requests still answering from the old engine keep it alive until they finish.
        del old
        return self._engine

"""What every benchmark starts from: the project's KB validated, and an engine over a
generation of it (built into a temporary index directory unless one is given), opened
through `open_engine` exactly as the service opens it."""

from __future__ import annotations

import tempfile
from pathlib import Path

from indexer.build import ensure_engine
from indexer.engine import Engine
from kb.validate import load_valid_kb


def project_engine(index_dir: Path | None = None, cache_size: int = 2048) -> Engine:
    """An engine over the project's KB (`index_dir` kept, else a temporary one)."""
    kb, termbase = load_valid_kb()
    index_dir = index_dir or Path(tempfile.mkdtemp(prefix="bench-index-"))
    engine, _ = ensure_engine(kb, termbase, index_dir, cache_size=cache_size)
    return engine

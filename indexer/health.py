"""The health report: what a process serves, whether the KB on disk has moved on, and a
real query answered through the engine (a process that cannot answer is not healthy)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from indexer.engine import Engine
from indexer.serving import EngineHolder
from kb.loader import content_hash

# The KB on disk is hashed at most this often (a health check may come every second).
DISK_HASH_SECONDS = 10.0
_disk: dict[str, tuple[float, str]] = {}
_lock = threading.Lock()


def disk_content_hash(kb_root: Path) -> str | None:
    """The content hash of the KB files on disk now (None when they cannot be read)."""
    key = str(kb_root)
    now = time.monotonic()
    with _lock:
        found = _disk.get(key)
        if found and now - found[0] < DISK_HASH_SECONDS:
            return found[1]
    try:
        digest = content_hash(Path(kb_root))
    except OSError:
        return None
    with _lock:
        _disk[key] = (now, digest)
    return digest


def health_report(engine: Engine, kb_root: Path, holder: EngineHolder) -> tuple[dict, bool]:
    """The body of /healthz and whether the process can answer."""
    problem = engine.probe()
    on_disk = disk_content_hash(kb_root)
    stale = on_disk is not None and on_disk != engine.content_hash
    body: dict = {
        "status": "ok" if problem is None else "failing",
        "entries": len(engine.kb),
        "content_hash": engine.content_hash,
        "index": {
            "generation": engine.name,
            "entries": engine.meta.get("entries"),
            "content_hash": engine.content_hash,
        },
        "kb_on_disk": {
            "content_hash": on_disk,
            "stale": stale,
        },
    }
    if stale:
        body["kb_on_disk"]["action"] = (
            "the KB on disk differs from the one served: run `python -m indexer build` "
            "(the server moves to the new generation by itself)"
        )
    if problem:
        body["problem"] = problem
    if holder.last_problem:
        body["refused_generation"] = holder.last_problem
    return body, problem is None

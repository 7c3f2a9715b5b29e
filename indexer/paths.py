"""Where the index lives by default: `instance/index` beside app.py, or
`RULES_KB_INDEX_DIR` (the app, the build command and `kb ask` agree on it)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def default_index_dir() -> Path:
    return Path(os.environ.get("RULES_KB_INDEX_DIR") or PROJECT_ROOT / "instance" / "index")

"""HTTP: the production server (gunicorn, 2 sync workers, app preloaded) on loopback
under a bounded load: 8 connections for a fixed duration, cycling through the relevance
benchmark's queries. Prints requests/s, latency percentiles and errors (from wrk).

    python bench/http_load.py [--duration 10] [--connections 8] [--workers 2]

Needs Debian's `wrk` (apt-get install wrk). Traffic goes only to 127.0.0.1, and the
run stops by itself after the duration.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import project_engine  # noqa: E402
from bench.relevance import load_queries  # noqa: E402

LUA = """
paths = {}
for line in io.lines("%s") do paths[#paths + 1] = line end
i = 0
request = function()
  i = i %% #paths + 1
  return wrk.format("GET", paths[i])
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url: str, timeout: float = 60.0) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"server did not answer {url} within {timeout:.0f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--endpoint", default="/api/search", choices=["/api/search", "/api/ask"])
    parser.add_argument("--no-cache", action="store_true", help="disable the answer cache")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install wrk")
    work = Path(tempfile.mkdtemp(prefix="http-"))
    project_engine(work / "index")
    queries = [q["q"] for q in load_queries(ROOT / "bench" / "queries.yaml")]
    paths = work / "paths.txt"
    paths.write_text("\n".join(f"{args.endpoint}?q={urllib.parse.quote(q)}" for q in queries))
    script = work / "cycle.lua"
    script.write_text(LUA % paths)
    port = free_port()
    env = dict(
        os.environ,
        PORT=str(port),
        HOST="127.0.0.1",
        WEB_CONCURRENCY=str(args.workers),
        RULES_KB_INDEX_DIR=str(work / "index"),
        RULES_KB_SEARCH_CACHE="0" if args.no_cache else "2048",
    )
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "app:create_app()"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        wait_ready(f"http://127.0.0.1:{port}/healthz")
        out = subprocess.run(
            [
                "wrk",
                "-t2",
                f"-c{args.connections}",
                f"-d{args.duration}s",
                "--latency",
                "-s",
                str(script),
                f"http://127.0.0.1:{port}",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p99 = re.search(r"99%\s+([\d.]+\w+)", out)
    p50 = re.search(r"50%\s+([\d.]+\w+)", out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    print(out)
    cache = "no answer cache" if args.no_cache else "answer cache on"
    print(
        f"{args.endpoint} ({cache}): {float(rps.group(1)):,.0f} requests/s with "
        f"{args.workers} workers, "
        f"{args.connections} connections, {args.duration} s; latency p50 {p50.group(1)}, "
        f"p99 {p99.group(1)}; non-2xx {errors.group(1) if errors else 0}; "
        f"socket errors: {socket_errors.group(1) if socket_errors else 'none'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

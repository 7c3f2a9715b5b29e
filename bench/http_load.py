"""HTTP: the production server (gunicorn, 2 sync workers, app preloaded) on loopback
under a bounded load: 8 connections for a fixed duration, cycling through the relevance
benchmark's queries. Prints requests/s, latency percentiles and errors (from wrk).

    python bench/http_load.py [--duration 10] [--connections 8] [--workers 2] [--no-cache]
    python bench/http_load.py --compare [--duration 10]

`--compare` runs, against one server without the answer cache: `/api/ask` in the first
seconds of fresh workers (they are forked from the warmed master exactly as a recycled
worker is), then `/healthz`, `/api/search` and `/api/ask` in turn, and prints each one's
requests/s as a share of `/healthz` and its p99 as a multiple of its p50.

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


def run_wrk(port: int, script: Path, connections: int, duration: int) -> dict:
    """wrk against the server: its report and the figures read from it."""
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{duration}s",
            "--latency",
            "-s",
            str(script),
            f"http://127.0.0.1:{port}",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return {
        "out": out,
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": _ms(re.search(r"50%\s+([\d.]+\w+)", out).group(1)),
        "p99": _ms(re.search(r"99%\s+([\d.]+\w+)", out).group(1)),
        "non2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1) if socket_errors else "none",
    }


def _ms(text: str) -> float:
    """A wrk duration (850.00us, 2.36ms, 1.02s) in milliseconds."""
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def cycle_script(work: Path, name: str, paths: list[str]) -> Path:
    listing = work / f"{name}.txt"
    listing.write_text("\n".join(paths))
    script = work / f"{name}.lua"
    script.write_text(LUA % listing)
    return script


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--endpoint", default="/api/search", choices=["/api/search", "/api/ask"])
    parser.add_argument("--no-cache", action="store_true", help="disable the answer cache")
    parser.add_argument(
        "--compare", action="store_true", help="healthz, search and ask, no cache, one server"
    )
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install wrk")
    work = Path(tempfile.mkdtemp(prefix="http-"))
    project_engine(work / "index")
    queries = [q["q"] for q in load_queries(ROOT / "bench" / "queries.yaml")]

    def script_for(endpoint: str) -> Path:
        if endpoint == "/healthz":
            return cycle_script(work, "healthz", ["/healthz"])
        paths = [f"{endpoint}?q={urllib.parse.quote(q)}" for q in queries]
        return cycle_script(work, endpoint.strip("/").replace("/", "_"), paths)

    port = free_port()
    no_cache = args.no_cache or args.compare
    env = dict(
        os.environ,
        PORT=str(port),
        HOST="127.0.0.1",
        WEB_CONCURRENCY=str(args.workers),
        RULES_KB_INDEX_DIR=str(work / "index"),
        RULES_KB_SEARCH_CACHE="0" if no_cache else "2048",
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
        if args.compare:
            runs = [("/api/ask, fresh workers", "/api/ask", 3)]
            runs += [(e, e, args.duration) for e in ("/healthz", "/api/search", "/api/ask")]
            results = [
                (label, run_wrk(port, script_for(e), args.connections, d)) for label, e, d in runs
            ]
        else:
            one = run_wrk(port, script_for(args.endpoint), args.connections, args.duration)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    if not args.compare:
        print(one["out"])
        cache = "no answer cache" if no_cache else "answer cache on"
        print(
            f"{args.endpoint} ({cache}): {one['rps']:,.0f} requests/s with {args.workers} "
            f"workers, {args.connections} connections, {args.duration} s; latency p50 "
            f"{one['p50']:.2f} ms, p99 {one['p99']:.2f} ms; non-2xx {one['non2xx']}; "
            f"socket errors: {one['socket_errors']}"
        )
        return 0
    health = dict(results)["/healthz"]["rps"]
    print(
        f"gunicorn, {args.workers} sync workers, {args.connections} connections, "
        f"no answer cache; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    for label, r in results:
        print(
            f"{label:26} {r['rps']:8,.0f} req/s  {r['rps'] / health:5.2f} of /healthz  "
            f"p50 {r['p50']:6.2f} ms  p99 {r['p99']:6.2f} ms  p99/p50 {r['p99'] / r['p50']:5.2f}  "
            f"non-2xx {r['non2xx']}  socket errors: {r['socket_errors']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

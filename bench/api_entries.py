"""/api/entries: the time of a listing as the API serves it, its size, and the time of
a conditional GET (If-None-Match with the ETag the first answer carried).

    python bench/api_entries.py [--runs 15] [--url /api/entries ...]
    python bench/api_entries.py --base http://127.0.0.1:8000   # a running server

Without --base it goes through the Flask test client (in-process, no network, over a
private index built in a temporary directory); with --base it sends HTTP to a server
on loopback (start one as in the README). Prints, per URL, the median and the range
over the runs; the first request is timed apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_URLS = (
    "/api/entries",
    "/api/entries?limit=100",
    "/api/entries?game=fe0&type=qa&limit=100",
    "/api/entries.json",
)


class TestClientGet:
    def __init__(self) -> None:
        from app import create_app

        self._tmp = tempfile.TemporaryDirectory()
        app = create_app({"TESTING": True, "INDEX_DIR": str(Path(self._tmp.name) / "index")})
        self._client = app.test_client()

    def __call__(self, url: str, headers: dict) -> tuple[int, bytes, str | None]:
        resp = self._client.get(url, headers=headers)
        return resp.status_code, resp.get_data(), resp.headers.get("ETag")


class HttpGet:
    def __init__(self, base: str) -> None:
        if not base.startswith(("http://127.", "http://localhost", "http://[::1]")):
            raise SystemExit("--base must be a loopback address")
        self.base = base.rstrip("/")

    def __call__(self, url: str, headers: dict) -> tuple[int, bytes, str | None]:
        request = urllib.request.Request(self.base + url, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as resp:
                return resp.status, resp.read(), resp.headers.get("ETag")
        except urllib.error.HTTPError as err:
            return err.code, err.read(), err.headers.get("ETag")


def timed(get, url: str, headers: dict | None = None) -> tuple[float, int, int, str | None]:
    """One GET: milliseconds, status, body bytes and the ETag it carried."""
    start = time.perf_counter()
    status, body, etag = get(url, headers or {})
    return (time.perf_counter() - start) * 1000, status, len(body), etag


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--url", action="append", help="URL to time (repeatable)")
    parser.add_argument("--base", help="a server on loopback, e.g. http://127.0.0.1:8000")
    args = parser.parse_args()
    get = HttpGet(args.base) if args.base else TestClientGet()
    print("via", args.base or "the Flask test client")
    for url in args.url or DEFAULT_URLS:
        first, status, size, etag = timed(get, url)
        if status != 200:
            print(f"{url}: status {status}, skipped")
            continue
        times = [timed(get, url)[0] for _ in range(args.runs)]
        line = (
            f"{url}: {size / 1024:.0f} KiB, first {first:.1f} ms, "
            f"median {statistics.median(times):.1f} ms "
            f"(min {min(times):.1f}, max {max(times):.1f}, {args.runs} runs)"
        )
        if etag:
            cond = [timed(get, url, {"If-None-Match": etag}) for _ in range(args.runs)]
            codes = sorted({c[1] for c in cond})
            cond_ms = statistics.median(c[0] for c in cond)
            line += f"; If-None-Match: {codes} median {cond_ms:.2f} ms"
        print(line)


if __name__ == "__main__":
    main()

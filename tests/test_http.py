"""The production server (gunicorn with gunicorn.conf.py) on loopback: what only a real
HTTP server shows. The longest query the search box allows fits gunicorn's request
line; chunked bodies meet the same size limit as any other; replicas on one host start
and stop independently."""

from __future__ import annotations

import http.client
import json
import re
import runpy
import time
import urllib.parse
from pathlib import Path

import pytest
from gunicorn.ctl.client import ControlClient

from indexer.tuning import MAX_QUERY_CHARS
from web.limits import MAX_BODY_BYTES

ROOT = Path(__file__).resolve().parent.parent
RUN = "/api/examples/fe0-tied-power/run"
# A Chinese character takes 9 bytes percent-encoded; a box's maxlength counts UTF-16
# units, so characters outside the BMP (12 bytes) count twice and make shorter lines.
WIDEST = "龘"


def _request(server, method: str, path: str, body: bytes | None = None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


def _chunked(server, path: str, body: bytes, content_type: str = "application/json"):
    """POSTs `body` with Transfer-Encoding: chunked, 8 KiB a chunk."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.putrequest("POST", path)
        conn.putheader("Content-Type", content_type)
        conn.putheader("Transfer-Encoding", "chunked")
        conn.endheaders()
        for start in range(0, len(body), 8192):
            part = body[start : start + 8192]
            conn.send(b"%x\r\n%s\r\n" % (len(part), part))
        conn.send(b"0\r\n\r\n")
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


def _search_box_maxlength(client) -> int:
    html = client.get("/").get_data(as_text=True)
    return int(re.search(r'<input id="q"[^>]*maxlength="(\d+)"', html).group(1))


def test_longest_query_of_the_search_box_is_served(gunicorn, client):
    q = WIDEST * _search_box_maxlength(client)
    params = {"q": q, "game": "fadingglory", "type": "optional_rule", "offset": "10000"}
    query = urllib.parse.urlencode(params)
    for path in ("/", "/api/search", "/api/ask"):
        status, _, body = _request(gunicorn, "GET", f"{path}?{query}&limit=10")
        assert status == 200, (path, status, body[:200])
    status, _, body = _request(gunicorn, "GET", f"/api/search?{urllib.parse.urlencode({'q': q})}")
    assert status == 200
    assert json.loads(body)["query"] == q[:MAX_QUERY_CHARS]


def test_request_line_limit_fits_the_box_with_room_for_the_api(client):
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    longest = len("GET /?" + urllib.parse.urlencode({"q": WIDEST * _search_box_maxlength(client)}))
    longest += len("&game=fadingglory&type=optional_rule&offset=10000 HTTP/1.1")
    assert longest < 4094 < conf["limit_request_line"] == 8190


def test_api_takes_long_pasted_questions_and_refuses_past_the_limit_cleanly(gunicorn):
    q = urllib.parse.quote(WIDEST * 800)  # 7,200 bytes: inside the 8,190 limit
    status, _, body = _request(gunicorn, "GET", f"/api/ask?q={q}")
    assert status == 200 and json.loads(body)["query"]
    status, _, _ = _request(gunicorn, "GET", f"/api/ask?q={urllib.parse.quote(WIDEST * 1000)}")
    assert status == 414, "past gunicorn's limit: its own 414, never a 5xx"


def test_chunked_body_over_the_limit_is_413_json(gunicorn):
    body = b'{"params": {}, "x": "' + b"a" * (MAX_BODY_BYTES + 5000) + b'"}'
    status, headers, data = _chunked(gunicorn, RUN, body)
    assert status == 413 and headers["Content-Type"] == "application/json"
    assert json.loads(data)["error"]["code"] == "request_entity_too_large"


def test_chunked_body_within_the_limit_runs(gunicorn):
    status, _, data = _chunked(gunicorn, RUN, b'{"params": {"attacker_power": 40}}')
    assert status == 200 and json.loads(data)["params"]["attacker_power"] == 40


@pytest.mark.parametrize(
    "body",
    [b'{"params":{"x":' + b"[" * 490 + b"]" * 490 + b"}}", b"[" * 1000 + b"]" * 1000],
)
def test_deep_json_over_http_is_400_json(gunicorn, body):
    status, _, data = _request(gunicorn, "POST", RUN, body, {"Content-Type": "application/json"})
    assert status == 400 and json.loads(data)["error"]["code"] == "invalid_body"


def test_newline_in_next_over_http_redirects_home(gunicorn):
    status, headers, _ = _request(gunicorn, "GET", "/ui?lang=en&next=/a%0Ab")
    assert status == 302 and headers["Location"] == "/"


def test_405_over_http_names_the_allowed_methods(gunicorn):
    status, headers, data = _request(gunicorn, "PUT", "/api/search")
    assert status == 405 and "GET" in headers["Allow"]
    assert json.loads(data)["error"]["code"] == "method_not_allowed"


def test_second_get_with_if_none_match_is_304(gunicorn):
    status, headers, _ = _request(gunicorn, "GET", "/api/entries?game=fe0")
    assert status == 200 and headers["Cache-Control"] == "public, max-age=300"
    again = _request(
        gunicorn, "GET", "/api/entries?game=fe0", headers={"If-None-Match": headers["ETag"]}
    )
    assert again[0] == 304 and again[2] == b"" and again[1]["ETag"] == headers["ETag"]


def _wait_for(predicate, timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def _workers(socket_path: Path) -> int:
    with ControlClient(str(socket_path), timeout=5) as ctl:
        return len(ctl.send_command("show workers")["workers"])


def test_two_instances_on_one_host_start_and_stop_independently(start_gunicorn):
    first = start_gunicorn(workers=1)
    second = start_gunicorn(workers=1)
    assert _wait_for(lambda: first.control_socket.exists() and second.control_socket.exists())
    assert first.control_socket != second.control_socket
    assert _workers(first.control_socket) == 1 and _workers(second.control_socket) == 1

    assert first.stop() == 0
    assert not first.control_socket.exists(), "the stopped instance removed its own socket"
    assert second.control_socket.exists(), "and left the other's alone"
    assert _workers(second.control_socket) == 1
    status, _, body = _request(second, "GET", "/healthz")
    assert status == 200 and json.loads(body)["status"] == "ok"

    third = start_gunicorn(workers=1)  # a replacement starts beside the survivor
    assert _wait_for(third.control_socket.exists)
    assert second.stop() == 0 and third.control_socket.exists()
    assert _request(third, "GET", "/healthz")[0] == 200
    assert third.stop() == 0


def test_control_socket_can_be_turned_off(start_gunicorn):
    server = start_gunicorn(workers=1, GUNICORN_CONTROL_SOCKET="off")
    time.sleep(1)
    assert not server.control_socket.exists()
    assert not list(server.runtime.glob(f"*{server.port}*"))
    assert _request(server, "GET", "/healthz")[0] == 200
    assert server.stop() == 0

"""The browser tests' local server: a browser that drops a connection mid-response (as Chromium
does with a favicon it no longer needs) must leave no file open, or the ResourceWarning fails
whichever later test the garbage collector runs in."""

from __future__ import annotations

import gc
import socket
import struct
import threading
import time
import warnings

from werkzeug.serving import make_server

from tests.browser_fixtures import buffered


def drop_mid_response(port: int, path: str) -> None:
    """Ask for `path`, read a few bytes, then reset the connection (SO_LINGER 0 sends RST)."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        s.recv(16)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_dropped_connections_leave_no_static_file_open(app):
    server = make_server("127.0.0.1", 0, buffered(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for _ in range(60):
                drop_mid_response(server.server_port, "/static/style.css")
            time.sleep(0.3)  # let the handler threads finish with the reset sockets
            gc.collect()
    finally:
        server.shutdown()
    leaks = [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)]
    assert leaks == []

"""Shared fixtures: the real KB, one app over a private index, its test client, and
production servers (gunicorn on loopback) over the same index."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from app import create_app
from kb.loader import KB_ROOT, load_kb


@pytest.fixture(scope="session")
def kb():
    return load_kb()


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    index_dir = tmp_path_factory.mktemp("index")
    return create_app({"TESTING": True, "INDEX_DIR": str(index_dir)})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def search(app):
    return app.extensions["search"]


@pytest.fixture()
def kb_copy(tmp_path) -> Path:
    """A private copy of the KB (entries and sources) that a test may break."""
    root = tmp_path / "kb"
    shutil.copytree(KB_ROOT / "games", root / "games")
    shutil.copytree(KB_ROOT / "sources", root / "sources")
    return root


ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Gunicorn:
    """A production server (gunicorn.conf.py) started by a test, on loopback only."""

    proc: subprocess.Popen
    port: int
    log: Path
    runtime: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def control_socket(self) -> Path:
        """Where gunicorn.conf.py puts this instance's own control socket."""
        return self.runtime / f"rules-kb-127.0.0.1-{self.port}.ctl"

    def is_running(self) -> bool:
        return self.proc.poll() is None

    def stop(self, timeout: float = 30) -> int:
        """SIGTERM to this instance's master (it stops its own workers); the exit code."""
        if self.is_running():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout)
        return self.proc.returncode


def _wait_ready(server: Gunicorn, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not server.is_running():
            raise RuntimeError(f"gunicorn exited: {server.log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(server.url + "/healthz", timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"gunicorn not ready in {timeout} s: {server.log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def start_gunicorn(app, tmp_path_factory):
    """Starts gunicorn instances over the session's index; stops the ones still running
    when the session ends."""
    started: list[Gunicorn] = []
    runtime = tmp_path_factory.mktemp("run")

    def start(workers: int = 1, **env: str) -> Gunicorn:
        port = free_port()
        log = tmp_path_factory.mktemp("gunicorn") / "server.log"
        full_env = {
            **os.environ,
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "WEB_CONCURRENCY": str(workers),
            "RULES_KB_INDEX_DIR": app.config["INDEX_DIR"],
            "XDG_RUNTIME_DIR": str(runtime),
            **env,
        }
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "app:create_app()"],
                cwd=ROOT,
                env=full_env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        server = Gunicorn(proc, port, log, runtime)
        started.append(server)
        _wait_ready(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def gunicorn(start_gunicorn) -> Gunicorn:
    """One production server shared by the tests that need real HTTP."""
    return start_gunicorn(workers=2)

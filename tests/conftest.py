"""Shared fixtures: the real KB and one engine over it (built once per session), an app
over that index and its test client, production servers (gunicorn on loopback) over the
same index; a tiny fixture KB for the tests that build, break and swap generations."""

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
from indexer.build import analysis_for, ensure_engine
from kb.loader import KB_ROOT, load_kb
from kb.validate import load_valid_kb

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MINI_KB = FIXTURES / "kb"


def pytest_collection_modifyitems(items):
    """Tests that use the real KB's index are marked `full_kb` (a handful of modules);
    everything that builds indexes by the dozen uses the tiny fixture KB."""
    for item in items:
        if {"engine", "search", "app", "client"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.full_kb)


@pytest.fixture(scope="session")
def kb_and_termbase():
    return load_valid_kb()


@pytest.fixture(scope="session")
def kb(kb_and_termbase):
    return kb_and_termbase[0]


@pytest.fixture(scope="session")
def termbase(kb_and_termbase):
    return kb_and_termbase[1]


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("index")


@pytest.fixture(scope="session")
def engine(kb_and_termbase, index_dir):
    """The engine over the real KB's generation (built once for the whole session)."""
    kb, termbase = kb_and_termbase
    found, _ = ensure_engine(kb, termbase, index_dir)
    return found


@pytest.fixture(scope="session")
def search(engine):
    """The engine, under the name the search tests use for it."""
    return engine


@pytest.fixture(scope="session")
def app(engine, index_dir):
    """The app over the session's generation (it opens it, it does not rebuild it)."""
    return create_app({"TESTING": True, "INDEX_DIR": str(index_dir)})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture()
def kb_copy(tmp_path) -> Path:
    """A private copy of the KB (entries and sources) that a test may break."""
    root = tmp_path / "kb"
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(KB_ROOT / "games", root / "games", ignore=skip)
    shutil.copytree(KB_ROOT / "sources", root / "sources")
    return root


@pytest.fixture(scope="session")
def mini_analysis():
    """The tiny KB's analysis, kept alive for the session: every build of the tiny KB
    then reuses its dictionary instead of loading jieba's again."""
    return analysis_for(load_kb(MINI_KB))


@pytest.fixture()
def mini_root(tmp_path, mini_analysis) -> Path:
    """A private copy of the tiny fixture KB."""
    root = tmp_path / "mini"
    shutil.copytree(MINI_KB, root)
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

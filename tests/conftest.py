"""Shared fixtures: the real KB, one app over a private index, and its test client."""

from __future__ import annotations

import shutil
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

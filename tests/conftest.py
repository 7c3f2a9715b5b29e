"""Shared fixtures: the real KB and one engine over it (built once per session), an app
over that index and its test client; a tiny fixture KB for the tests that build, break
and swap generations."""

from __future__ import annotations

import shutil
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

"""Start-up refuses a KB that fails validation (naming file and line), rebuilds a damaged
or stale generation, serves the KB of the generation it has open, and never runs in debug
mode."""

from __future__ import annotations

import pytest

from app import create_app
from indexer.build import build_index
from indexer.generation import resolve_current
from kb.loader import KBError
from kb.validate import load_valid_kb


def _config(root, tmp_path) -> dict:
    return {"KB_ROOT": str(root), "INDEX_DIR": str(tmp_path / "ix"), "TESTING": True}


def _edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_broken_entry_stops_the_start_with_file_and_line(mini_root, tmp_path):
    path = mini_root / "games/alpha/entries/alpha-qa-2.md"
    _edit(path, "type: qa", "type: oops")
    with pytest.raises(KBError) as info:
        create_app(_config(mini_root, tmp_path))
    assert f"{path}:4:" in str(info.value) and "unknown type" in str(info.value)
    assert not (tmp_path / "ix").exists(), "nothing was indexed from a partial KB"


def test_an_edited_official_sentence_stops_the_start_with_file_and_line(mini_root, tmp_path):
    """The app runs the validation `python -m kb validate` runs: source text that is not
    the seed's, labelled official, is never served."""
    path = mini_root / "games/alpha/entries/alpha-qa-1.md"
    _edit(path, "A1：是的，会被击破。", "A1：不会被击破。")
    with pytest.raises(KBError) as info:
        create_app(_config(mini_root, tmp_path))
    message = str(info.value)
    assert f"{path}:" in message and "not verbatim" in message and "A1：不会被击破。" in message


def test_a_broken_termbase_stops_the_start_with_file_and_line(mini_root, tmp_path):
    path = mini_root / "games/alpha/terms.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "- zh: 孤儿\n", encoding="utf-8")
    with pytest.raises(KBError) as info:
        create_app(_config(mini_root, tmp_path))
    assert f"{path}:" in str(info.value) and "`zh` and `en`" in str(info.value)


def test_a_restart_serves_the_validated_generation_without_validating_again(
    mini_root, tmp_path, monkeypatch
):
    config = _config(mini_root, tmp_path)
    create_app(config)
    gen = resolve_current(tmp_path / "ix")

    def refuse(*_args, **_kwargs):
        raise AssertionError("the KB was validated again")

    monkeypatch.setattr("app.load_valid_kb", refuse)
    app = create_app(config)
    assert resolve_current(tmp_path / "ix") == gen
    body = app.test_client().get("/api/search?q=守备力量").get_json()
    assert body["results"][0]["id"] == "beta-1.2"


def test_an_entry_edited_after_a_good_start_is_validated_at_the_next(mini_root, tmp_path):
    config = _config(mini_root, tmp_path)
    create_app(config)
    path = mini_root / "games/alpha/entries/alpha-qa-1.md"
    _edit(path, "A1：是的，会被击破。", "A1：不会被击破。")
    with pytest.raises(KBError) as info:
        create_app(config)
    assert f"{path}:" in str(info.value) and "not verbatim" in str(info.value)


def test_a_generation_of_an_unvalidated_kb_is_validated_before_it_is_served(
    mini_root, tmp_path, monkeypatch
):
    """A generation built from a KB that only loaded (a benchmark's, a test's) carries no
    validation: the start validates the files itself."""
    from kb.loader import load_kb

    build_index(load_kb(mini_root), tmp_path / "ix")
    calls = []
    real = load_valid_kb

    def counting(root=None):
        calls.append(root)
        return real(root)

    monkeypatch.setattr("app.load_valid_kb", counting)
    create_app(_config(mini_root, tmp_path))
    assert len(calls) == 1


def test_a_damaged_generation_is_rebuilt_on_start(mini_root, tmp_path):
    config = _config(mini_root, tmp_path)
    create_app(config)
    gen = resolve_current(tmp_path / "ix")
    for stored in (gen / "whoosh").glob("*_stored.col"):
        stored.write_bytes(stored.read_bytes()[:-4])
    app = create_app(config)
    assert resolve_current(tmp_path / "ix") != gen
    body = app.test_client().get("/api/search?q=守备力量").get_json()
    assert body["results"][0]["id"] == "beta-1.2"
    assert app.test_client().get("/healthz").status_code == 200


def test_a_worker_serves_the_kb_of_the_generation_it_has_open(mini_root, tmp_path):
    """A rebuild with a new entry while the app runs: the next request gets the new KB
    and the new index together; every hit's page exists; /healthz reports the new
    generation and, before the rebuild, that the KB on disk is newer."""
    app = create_app(_config(mini_root, tmp_path))
    client = app.test_client()
    first = client.get("/healthz").get_json()
    src = mini_root / "games/beta/entries/beta-1.3.md"
    added = src.with_name("beta-1.4.md")
    added.write_text(
        src.read_text(encoding="utf-8")
        .replace("id: beta-1.3", "id: beta-1.4")
        .replace('en: "1.3 Combat"', 'en: "Combat when both sides are equal"'),
        encoding="utf-8",
    )
    from indexer import health

    health._disk.clear()
    stale = client.get("/healthz").get_json()
    assert (
        stale["kb_on_disk"]["stale"]
        and "python -m indexer build" in (stale["kb_on_disk"]["action"])
    )
    assert client.get("/entries/beta-1.4").status_code == 404
    kb, tb = load_valid_kb(mini_root)
    build_index(kb, tmp_path / "ix", termbase=tb)
    health._disk.clear()
    after = client.get("/healthz").get_json()
    assert after["index"]["generation"] != first["index"]["generation"]
    assert after["content_hash"] == kb.content_hash and not after["kb_on_disk"]["stale"]
    hits = client.get("/api/search?q=both sides are equal").get_json()["results"]
    assert "beta-1.4" in [h["id"] for h in hits]
    for hit in hits:
        assert client.get(hit["url"]).status_code == 200, hit["url"]
        assert client.get(f"/api/entries/{hit['id']}").status_code == 200
    assert client.get("/api/ask?q=both sides are equal").status_code == 200
    assert client.get("/?q=Combat when both sides are equal").status_code == 200


def test_healthz_answers_503_when_the_engine_cannot_answer(mini_root, tmp_path):
    app = create_app(_config(mini_root, tmp_path))
    engine = app.extensions["engines"].engine
    engine.docs.get = lambda docnum: {"id": "nothing-of-this-kb"}  # a store gone wrong
    engine._cache.clear()
    resp = app.test_client().get("/healthz")
    assert resp.status_code == 503
    assert resp.get_json()["status"] == "failing" and resp.get_json()["problem"]


def test_no_debug_mode_by_default(app):
    assert app.debug is False
    resp = app.test_client().get("/api/entries/none")
    assert "Traceback" not in resp.get_data(as_text=True)


def test_healthz_reports_generation_and_entries(client, kb):
    body = client.get("/healthz").get_json()
    assert body["status"] == "ok" and body["entries"] == len(kb)
    assert body["index"]["generation"].startswith("gen-")
    assert body["index"]["content_hash"] == kb.content_hash
    assert body["kb_on_disk"] == {"content_hash": kb.content_hash, "stale": False}


def test_unexpected_errors_are_json_500_on_the_api(mini_root, tmp_path):
    app = create_app(_config(mini_root, tmp_path) | {"TESTING": False})

    def boom():
        raise RuntimeError("secret internals")

    app.add_url_rule("/api/boom", "boom", boom)
    app.add_url_rule("/boom", "page_boom", boom)
    resp = app.test_client().get("/api/boom")
    assert resp.status_code == 500
    assert resp.get_json()["error"]["code"] == "internal_error"
    assert "secret internals" not in resp.get_data(as_text=True)
    page = app.test_client().get("/boom")
    assert page.status_code == 500 and "secret internals" not in page.get_data(as_text=True)


def test_the_master_makes_what_every_worker_would_make_on_first_use(app):
    """gunicorn.conf.py's `when_ready` runs `warm_before_fork` in the master: the
    consistency report, every entry's players' questions, the confidence model and the
    code's fingerprint are made before the fork (a fresh worker's first asks were 50 ms,
    its p99 under load 190 ms, while it read the model)."""
    from app import warm_before_fork
    from indexer.confidence import model
    from web.caching import code_fingerprint

    model.cache_clear()
    code_fingerprint.cache_clear()
    engine = app.extensions["engines"].engine
    warm_before_fork(app)
    assert "report" in vars(engine.termbase)  # the cached_property has its value
    assert all(f"asks:{e.id}" in engine._memo for e in engine.kb.entries.values())
    assert model.cache_info().currsize == 1
    assert code_fingerprint.cache_info().currsize == 1
    with app.test_client() as client:
        assert client.get("/terms/check").status_code == 200

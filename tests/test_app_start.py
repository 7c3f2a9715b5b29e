"""Start-up refuses a broken KB, rebuilds a corrupt index, and never runs in debug mode."""

from __future__ import annotations

import pytest

from app import create_app
from indexer.build import current_generation
from kb.loader import KBError


def test_broken_entry_stops_the_start_with_file_and_line(kb_copy, tmp_path):
    path = kb_copy / "games/fe0/entries/fe0-qa-70.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace("type: qa", "type: oops"), encoding="utf-8"
    )
    with pytest.raises(KBError) as info:
        create_app({"KB_ROOT": str(kb_copy), "INDEX_DIR": str(tmp_path / "ix")})
    assert f"{path}:" in str(info.value) and "unknown type" in str(info.value)
    assert not (tmp_path / "ix").exists(), "nothing was indexed from a partial KB"


def test_corrupt_index_is_rebuilt_on_start(kb_copy, tmp_path):
    config = {"KB_ROOT": str(kb_copy), "INDEX_DIR": str(tmp_path / "ix")}
    create_app(config)
    gen = current_generation(tmp_path / "ix")
    for toc in gen.glob("*.toc"):
        toc.write_bytes(b"half-written")
    app = create_app(config)
    assert current_generation(tmp_path / "ix") != gen
    body = app.test_client().get("/api/search?q=神速回避").get_json()
    assert body["results"][0]["id"] == "fe0-rule-god-speed-evasion"


def test_no_debug_mode_by_default(app):
    assert app.debug is False
    resp = app.test_client().get("/api/entries/none")
    assert "Traceback" not in resp.get_data(as_text=True)


def test_healthz_reports_generation_and_entries(client, kb):
    body = client.get("/healthz").get_json()
    assert body["status"] == "ok" and body["entries"] == len(kb)
    assert body["index"]["generation"].startswith("gen-")
    assert body["index"]["content_hash"] == kb.content_hash


def test_unexpected_errors_are_json_500_on_the_api(kb_copy, tmp_path):
    app = create_app({"KB_ROOT": str(kb_copy), "INDEX_DIR": str(tmp_path / "ix")})

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

"""`python -m kb import-asks`: a round of players' questions written into the entry files,
replacing the entry's own or (`--append`) joining them, and the result valid KB."""

from __future__ import annotations

import pytest
import yaml

from kb.__main__ import main
from kb.loader import load_kb

ENTRY = "fe0-qa-108"


def _write(tmp_path, data) -> str:
    path = tmp_path / "asks.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


def test_append_keeps_the_entrys_questions_and_adds_only_new_ones(kb_copy, tmp_path):
    before = load_kb(kb_copy).get(ENTRY).players_ask
    repeat = before[0].q.upper() + "？"  # the same question, case and punctuation aside
    new = [
        {"lang": "zh", "q": repeat},
        {"lang": "en", "q": "tie at 70 vs 70 in cipher, who loses"},
        {"lang": "zh-Hant", "q": "攻守都是60 防守那隻會被擊破嗎"},
    ]
    assert (
        main(["--root", str(kb_copy), "import-asks", "--append", _write(tmp_path, {ENTRY: new})])
        == 0
    )
    after = load_kb(kb_copy).get(ENTRY).players_ask
    assert {(p.lang, p.q) for p in before} <= {(p.lang, p.q) for p in after}
    added = {(p.lang, p.q) for p in after} - {(p.lang, p.q) for p in before}
    assert added == {("en", new[1]["q"]), ("zh-Hant", new[2]["q"])}


def test_without_append_the_file_replaces_the_entrys_questions(kb_copy, tmp_path):
    new = [
        {"lang": lang, "q": f"{lang} question {i}"}
        for lang in ("zh", "zh-Hant", "en")
        for i in (1, 2)
    ]
    assert main(["--root", str(kb_copy), "import-asks", _write(tmp_path, {ENTRY: new})]) == 0
    after = load_kb(kb_copy).get(ENTRY).players_ask
    assert sorted((p.lang, p.q) for p in after) == sorted((q["lang"], q["q"]) for q in new)


def test_append_refuses_an_entry_that_answers_nothing(kb_copy, tmp_path):
    heading = next(e for e in load_kb(kb_copy).entries.values() if e.no_players_ask)
    path = _write(tmp_path, {heading.id: [{"lang": "en", "q": "what is this"}]})
    with pytest.raises(SystemExit, match="answers nothing"):
        main(["--root", str(kb_copy), "import-asks", "--append", path])
    assert load_kb(kb_copy).get(heading.id).players_ask == ()


def test_an_unknown_entry_id_stops_the_import(kb_copy, tmp_path):
    path = _write(tmp_path, {"fe0-qa-9999": [{"lang": "en", "q": "x"}]})
    with pytest.raises(SystemExit, match="no entry 'fe0-qa-9999'"):
        main(["--root", str(kb_copy), "import-asks", "--append", path])

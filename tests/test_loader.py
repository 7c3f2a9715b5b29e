"""The loader refuses a broken KB and names the file and line of every problem."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kb.loader import KBError, load_kb

ENTRY = Path("games/fe0/entries/fe0-qa-108.md")


def _break(root: Path, old: str, new: str, path: Path = ENTRY) -> Path:
    target = root / path
    text = target.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not in {path}"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def _errors(root: Path) -> list:
    with pytest.raises(KBError) as info:
        load_kb(root)
    return info.value.errors


def _line_of(path: Path, needle: str) -> int:
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if needle in line:
            return n
    raise AssertionError(needle)


def test_real_kb_loads(kb):
    assert len(kb) > 100
    assert kb.get("fe0-qa-108").source.date == "2015-06-24"


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("game: fe0", "game: chess", "game: chess", "unknown game"),
        ("type: qa", "type: ruling", "type: ruling", "unknown type"),
        ("related:", "relatd:", "relatd:", "unknown header field"),
        ("zh: translation", "zh: guess", "provenance:", "unknown provenance"),
    ],
)
def test_bad_header_value_names_file_and_line(kb_copy, old, new, needle, message):
    path = _break(kb_copy, old, new)
    errors = _errors(kb_copy)
    assert any(
        e.path == path and e.line == _line_of(path, needle) and message in e.message for e in errors
    ), errors


def test_invalid_yaml_names_line(kb_copy):
    path = _break(kb_copy, "type: qa", "type: [qa")
    (error,) = [e for e in _errors(kb_copy) if e.path == path]
    assert error.path == path
    assert "invalid YAML" in error.message
    assert error.line >= _line_of(path, "type: [qa")


def test_duplicate_yaml_key_is_an_error(kb_copy):
    path = _break(kb_copy, "type: qa", "type: qa\ntype: rule")
    (error,) = [e for e in _errors(kb_copy) if e.path == path]
    assert error.path == path and "duplicate key" in error.message


def test_missing_language_section(kb_copy):
    path = _break(kb_copy, "## text.en", "## text.fr")
    messages = [e.message for e in _errors(kb_copy) if e.path == path]
    assert any("unknown section heading" in m for m in messages)
    assert any("missing `## text.en`" in m for m in messages)


def test_dangling_related_id(kb_copy):
    path = _break(kb_copy, "related: [", "related: [fe0-qa-999, ")
    errors = _errors(kb_copy)
    assert any(e.path == path and "fe0-qa-999" in e.message for e in errors)


def test_duplicate_id(kb_copy):
    src = kb_copy / ENTRY
    dup = kb_copy / "games/whi/entries/fe0-qa-108.md"
    dup.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    messages = [str(e) for e in _errors(kb_copy)]
    assert any("duplicate id 'fe0-qa-108'" in m for m in messages), messages
    assert any(m.startswith(f"{dup}:") and "games/whi/" in m for m in messages), messages


def test_missing_header_and_empty_file(kb_copy):
    (kb_copy / ENTRY).write_text("no header here\n", encoding="utf-8")
    (error,) = [e for e in _errors(kb_copy) if e.path == kb_copy / ENTRY]
    assert error.line == 1 and "YAML header" in error.message


def test_one_broken_file_stops_the_whole_load(kb_copy):
    _break(kb_copy, "id: fe0-qa-108", "id: FE0 QA 108")
    with pytest.raises(KBError):
        load_kb(kb_copy)


def test_validate_command_exit_codes(kb_copy):
    ok = subprocess.run(
        [sys.executable, "-m", "kb", "--root", str(kb_copy), "validate"],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    assert "fe0" in ok.stdout and "qa" in ok.stdout
    path = _break(kb_copy, "type: qa", "type: nonsense")
    bad = subprocess.run(
        [sys.executable, "-m", "kb", "--root", str(kb_copy), "validate"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 1
    assert f"{path}:{_line_of(path, 'type: nonsense')}:" in bad.stderr


def test_verbatim_check_catches_an_edited_source_sentence(kb_copy):
    from kb.coverage import check_verbatim

    _break(kb_copy, "A108：是的，会被击破。", "A108：是的，会被击破！")
    errors = check_verbatim(load_kb(kb_copy))
    assert any("fe0-qa-108" in str(e.path) and "not verbatim" in e.message for e in errors)


def _with_asks(kb_copy, lines: str):
    path = kb_copy / "games/fe0/entries/fe0-qa-108.md"
    text = path.read_text(encoding="utf-8")
    cut = text.index("## players-ask")
    path.write_text(text[:cut] + "## players-ask\n" + lines, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("- fr: qui gagne ?\n", "players-ask language 'fr'"),
        ("- zh: 谁赢\n- zh: 谁赢\n", "appears twice"),
        ("- zh " + "长" * 10 + "\n", "a players-ask line is"),
        ("- en: " + "x" * 201 + "\n", "at most 200 characters"),
    ],
)
def test_a_bad_players_ask_line_is_refused_with_its_line(kb_copy, lines, message):
    from kb.loader import KBError, load_kb

    path = _with_asks(kb_copy, lines)
    with pytest.raises(KBError) as info:
        load_kb(kb_copy)
    text = str(info.value)
    assert message in text
    first = path.read_text(encoding="utf-8").split("\n").index("## players-ask") + 2
    assert f"{path}:{first}" in text or f"{path}:{first + 1}" in text


def test_players_ask_is_the_last_section(kb_copy):
    from kb.loader import KBError, load_kb

    _with_asks(kb_copy, "- zh: 谁赢\n\n## note.en\nA note after the questions.\n")
    with pytest.raises(KBError, match="must be the last section"):
        load_kb(kb_copy)

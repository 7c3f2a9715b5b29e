"""The exports, as the server sends them: TBX-Basic that tells whose words each form is
(preferredTerm only for the publisher's), with zh-Hant, partOfSpeech, the XCS declaration,
the game's name as subject field and `game=` honoured; CSV per game and direction with a
header row and an optional BOM. Both read back, and read by translate-toolkit and OmegaT."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from translate.storage import csvl10n, tbx

from kb.model import GAME_NAMES
from kb.termbase import load_termbase
from kb.termbase_io import XML_LANG, from_tbx

OMEGAT_JAR = Path("/usr/share/omegat/OmegaT.jar")
HARNESS = Path(__file__).parent / "omegat" / "ReadGlossary.java"


@pytest.fixture(scope="module")
def tb(kb):
    return load_termbase(kb)


@pytest.fixture(scope="module")
def omegat(tmp_path_factory):
    """Reads a glossary file with OmegaT 3.6's own readers (Debian's omegat package)."""
    if not OMEGAT_JAR.exists() or shutil.which("javac") is None:
        pytest.skip("OmegaT (apt-get install omegat) and a JDK are needed")
    manifest = subprocess.run(
        ["unzip", "-p", str(OMEGAT_JAR), "META-INF/MANIFEST.MF"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    cp_line = manifest.replace("\r", "").split("Class-Path: ", 1)[1].split("\nCreated-By")[0]
    classpath = ":".join([str(OMEGAT_JAR), *cp_line.replace("\n ", "").split()])
    out = tmp_path_factory.mktemp("omegat")
    subprocess.run(["javac", "-cp", classpath, "-d", str(out), str(HARNESS)], check=True)

    def read(path: Path, source: str, target: str) -> list[tuple[str, str, str]]:
        result = subprocess.run(
            ["java", "-cp", f"{classpath}:{out}", "ReadGlossary", str(path), source, target],
            capture_output=True, check=True, timeout=120,
        )  # fmt: skip
        lines = result.stdout.decode("utf-8").splitlines()
        return [tuple(line.split("\t", 2)) for line in lines if line]  # type: ignore[misc]

    return read


def _tbx(client, query: str = "") -> bytes:
    resp = client.get("/api/terms.tbx" + query)
    assert resp.status_code == 200
    return resp.data


# --- TBX ---------------------------------------------------------------------------------


def test_tbx_is_tbx_basic_with_the_xcs_declaration(client):
    root = ET.fromstring(_tbx(client))
    assert root.tag == "martif" and root.get("type") == "TBX-Basic"
    assert root.findtext("martifHeader/encodingDesc/p[@type='XCSURI']") == "TBXBasicXCSV02.xcs"


def test_tbx_preferred_term_only_for_publisher_forms(client):
    root = ET.fromstring(_tbx(client))
    seen = {"preferredTerm-admn-sts": 0, "admittedTerm-admn-sts": 0, "supersededTerm-admn-sts": 0}
    for tig in root.iter("tig"):
        admin = tig.findtext("termNote[@type='administrativeStatus']")
        status = tig.findtext("note").split("—")[0].removeprefix("status:").strip()
        seen[admin] += 1
        assert (admin == "preferredTerm-admn-sts") == (status == "publisher"), tig.findtext("term")
        if admin == "supersededTerm-admn-sts":
            assert status in ("project", "unverified") and "former rendering" in tig.findtext(
                "note"
            )
        if status == "publisher":
            assert tig.findtext("admin[@type='source']"), tig.findtext("term")
    assert all(seen.values()), seen


def test_tbx_subject_field_is_the_games_name_and_every_term_has_a_part_of_speech(client, tb):
    root = ET.fromstring(_tbx(client))
    names = {GAME_NAMES[g]["en"] for g in GAME_NAMES}
    for entry in root.iter("termEntry"):
        assert entry.findtext("descrip[@type='subjectField']") in names
        for tig in entry.iter("tig"):
            assert tig.findtext("termNote[@type='partOfSpeech']") in (
                "noun", "verb", "adjective", "adverb", "properNoun", "other",
            )  # fmt: skip
    assert len(root.findall(".//termEntry")) == len(tb.records)


def test_tbx_has_a_converted_traditional_langset_for_every_term(client, tb):
    root = ET.fromstring(_tbx(client, "?game=fe0"))
    entries = root.findall(".//termEntry")
    assert entries
    for entry in entries:
        langs = [ls.get(XML_LANG) for ls in entry.findall("langSet")]
        assert langs == ["zh", "en", "zh-Hant"]  # translate-toolkit reads the first two
        hant = entry.find(f"langSet[@{XML_LANG}='zh-Hant']")
        note = hant.findtext("tig/note")
        assert "converted from the Simplified form by OpenCC" in note or "reviewed by hand" in note
    lance = next(e for e in entries if e.findtext(f"langSet[@{XML_LANG}='zh']/tig/term") == "木仓")
    assert lance.findtext(f"langSet[@{XML_LANG}='zh-Hant']/tig/term") == "槍"
    differ = sum(
        e.findtext(f"langSet[@{XML_LANG}='zh']/tig/term")
        != e.findtext(f"langSet[@{XML_LANG}='zh-Hant']/tig/term")
        for e in entries
    )
    assert differ > len(entries) / 2


def test_tbx_game_filter_is_honoured(client, tb):
    root = ET.fromstring(_tbx(client, "?game=fe0"))
    subjects = {e.findtext("descrip[@type='subjectField']") for e in root.iter("termEntry")}
    assert subjects == {"Fire Emblem 0 (Cipher)"}
    assert len(root.findall(".//termEntry")) == len(tb.for_game("fe0"))
    assert client.get("/api/terms.tbx?game=chess").status_code == 400
    resp = client.get("/api/terms.tbx?game=fe0")
    assert resp.headers["Content-Type"] == "application/x-tbx+xml; charset=utf-8"
    assert "rules-kb-terms-fe0.tbx" in resp.headers["Content-Disposition"]


def test_tbx_round_trips_every_form_and_status(client, tb):
    back = from_tbx(_tbx(client))
    assert len(back) == len(tb.records)
    for record, item in zip(tb.records, back, strict=True):
        assert item["game"] == record.game
        for lang in ("zh", "en"):
            assert [f["term"] for f in item["forms"][lang]] == list(record.forms(lang))
            assert [f["status"] for f in item["forms"][lang]] == [
                record.status_of(lang, f) for f in record.forms(lang)
            ]
            assert {f["pos"] for f in item["forms"][lang]} == {record.pos}
        if record.definition.get("en"):
            assert item["definition"]["en"] == record.definition["en"]


def test_translate_toolkit_reads_the_tbx(client, tb):
    store = tbx.tbxfile.parsestring(_tbx(client, "?game=magewars"))
    pairs = {(u.source, u.target) for u in store.units}
    assert len(store.units) == len(tb.for_game("magewars"))
    assert ("阻碍", "Hinder") in pairs and ("心灵安抚", "Pacify") in pairs


def test_omegat_reads_the_tbx(client, omegat, tmp_path):
    path = tmp_path / "mw.tbx"
    path.write_bytes(_tbx(client, "?game=magewars"))
    entries = omegat(path, "zh-CN", "en-US")
    hinder = [e for e in entries if e[0] == "阻碍" and e[1] == "Hinder"]
    assert hinder and "preferredTerm-admn-sts" in hinder[0][2] and "Mage Wars" in hinder[0][2]
    assert ("阻礙", "Hinder") in {(s, t) for s, t, _ in entries}  # the zh-Hant langSet
    english = omegat(path, "en-US", "zh-CN")
    assert any(s == "Hinder" and t == "阻碍" for s, t, _ in english)


# --- CSV ---------------------------------------------------------------------------------


def _csv(client, query: str) -> tuple[bytes, object]:
    resp = client.get("/api/terms.csv" + query)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return resp.data, resp


def test_csv_has_a_header_a_bom_one_charset_and_a_name_per_game_and_direction(client):
    data, resp = _csv(client, "?game=fe0")
    assert data.startswith(b"\xef\xbb\xbf")
    assert resp.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert resp.headers["Content-Disposition"].endswith("rules-kb-terms-fe0-zh-en.csv")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == ["source", "target", "notes"]
    assert all(len(r) == 3 for r in rows)
    assert ["神速回避", "god-speed evasion"] in [r[:2] for r in rows]
    _, resp = _csv(client, "?game=magewars&source=en&target=zh-Hant&bom=0")
    assert resp.headers["Content-Disposition"].endswith("rules-kb-terms-magewars-en-zh-Hant.csv")
    assert not resp.data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(resp.data.decode("utf-8"))))
    assert ["Hinder", "阻礙"] in [r[:2] for r in rows] and ["obstruct", "阻礙"] in [
        r[:2] for r in rows
    ]


def test_csv_rejects_bad_directions_and_flags(client):
    for query in ("?source=fr", "?source=zh&target=zh-Hant", "?source=en&target=en", "?bom=yes"):
        resp = client.get("/api/terms.csv" + query)
        assert resp.status_code == 400 and resp.get_json()["error"]["param"], query


def test_csv_notes_say_whose_words_and_give_the_publisher_source(client):
    data, _ = _csv(client, "?game=magewars")
    rows = {r[0]: r for r in csv.reader(io.StringIO(data.decode("utf-8-sig")))}
    assert rows["阻碍"][1] == "Hinder"
    assert "target: publisher" in rows["阻碍"][2] and "Mangler Caltrops" in rows["阻碍"][2]
    assert "superseded (ours): obstruct" in rows["阻碍"][2]
    data, _ = _csv(client, "?game=fe0&source=zh-Hant")
    rows = {r[0]: r for r in csv.reader(io.StringIO(data.decode("utf-8-sig")))}
    assert rows["羈絆卡"][1] == "bond card" and "source converted by OpenCC" in rows["羈絆卡"][2]
    assert rows["槍"][1] == "Lance"  # the reviewed exception, not OpenCC's 木倉


def test_translate_toolkit_reads_the_csv(client):
    data, _ = _csv(client, "?game=fe0")
    store = csvl10n.csvfile.parsestring(data)
    units = {u.source: u for u in store.units}
    assert "source" not in units, "the header row is read as a header"
    assert units["神速回避"].target == "god-speed evasion"
    assert "Fire Emblem 0 (Cipher)" in units["神速回避"].getnotes()


def test_omegat_reads_the_csv(client, omegat, tmp_path):
    data, _ = _csv(client, "?game=fe0")
    path = tmp_path / "fe0.csv"
    path.write_bytes(data)
    entries = omegat(path, "zh-CN", "en-US")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    # OmegaT 3.6 reads the plain header row as one more entry (“source” → “target”).
    assert len(entries) == len(rows)
    assert ("神速回避", "god-speed evasion") in {(s, t) for s, t, _ in entries}
    commented, _ = _csv(client, "?game=fe0&header=comment")
    path.write_bytes(commented)
    entries = omegat(path, "zh-CN", "en-US")
    assert len(entries) == len(rows) - 1 and ("source", "target") not in {
        (s, t) for s, t, _ in entries
    }

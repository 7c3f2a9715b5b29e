"""Termbase exchange: TBX-Basic (termEntry / langSet / tig / term) and OmegaT CSV."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

from kb.termbase import Termbase, TermRecord

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
PREFERRED = "preferredTerm-admn-sts"
ADMITTED = "admittedTerm-admn-sts"


def _status_note(record: TermRecord, lang: str) -> str:
    if lang in record.official:
        return "official: this form is given by the source"
    return "project rendering: not given by the source"


def to_tbx(tb: Termbase) -> bytes:
    """The whole termbase as a TBX-Basic document."""
    martif = ET.Element("martif", {"type": "TBX-Basic", XML_LANG: "en"})
    header = ET.SubElement(martif, "martifHeader")
    file_desc = ET.SubElement(header, "fileDesc")
    source_desc = ET.SubElement(file_desc, "sourceDesc")
    ET.SubElement(source_desc, "p").text = "Rules KB termbase: game terms in Chinese and English"
    body = ET.SubElement(ET.SubElement(martif, "text"), "body")
    for n, r in enumerate(tb.records):
        entry = ET.SubElement(body, "termEntry", {"id": f"{r.game}-{n}"})
        ET.SubElement(entry, "descrip", {"type": "subjectField"}).text = r.game
        ET.SubElement(entry, "note").text = f"{tb.game_name(r.game)}; kind: {r.kind}"
        definition = r.definition.get("en")
        if definition:
            ET.SubElement(entry, "descrip", {"type": "definition"}).text = definition
        used = tb.entries_of(r)
        if r.defined_by or used:
            usage = f"defined by {r.defined_by}; " if r.defined_by else ""
            ET.SubElement(entry, "note").text = f"usage: {usage}used in {', '.join(used) or '—'}"
        for lang in ("zh", "en"):
            lang_set = ET.SubElement(entry, "langSet", {XML_LANG: lang})
            for i, form in enumerate(r.forms(lang)):
                tig = ET.SubElement(lang_set, "tig")
                ET.SubElement(tig, "term").text = form
                ET.SubElement(tig, "termNote", {"type": "administrativeStatus"}).text = (
                    PREFERRED if i == 0 else ADMITTED
                )
                if i == 0:
                    ET.SubElement(tig, "note").text = _status_note(r, lang)
    ET.indent(martif)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(martif, encoding="utf-8")


def from_tbx(data: bytes) -> list[dict]:
    """Reads a TBX-Basic document back: game, preferred zh/en, variants, official forms."""
    root = ET.fromstring(data)
    out = []
    for entry in root.iter("termEntry"):
        item: dict = {"game": entry.findtext("descrip[@type='subjectField']"), "official": []}
        for lang_set in entry.findall("langSet"):
            lang = lang_set.get(XML_LANG)
            forms = [tig.findtext("term") for tig in lang_set.findall("tig")]
            item[lang] = forms[0]
            item[f"variants_{lang}"] = forms[1:]
            note = lang_set.findtext("tig/note") or ""
            if note.startswith("official"):
                item["official"].append(lang)
        out.append(item)
    return out


def to_csv(tb: Termbase, source: str = "zh", game: str | None = None) -> str:
    """An OmegaT glossary: source term, target term, comment (no header row)."""
    target = "en" if source == "zh" else "zh"
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for r in tb.records:
        if game and r.game != game:
            continue
        official = "/".join(r.official) or "none"
        comment = f"{tb.game_name(r.game)}; {r.kind}; official: {official}"
        if r.definition.get("en"):
            comment += f"; {r.definition['en']}"
        writer.writerow([r.forms(source)[0], r.forms(target)[0], comment])
        for variant in r.forms(source)[1:]:
            writer.writerow([variant, r.forms(target)[0], comment + "; variant"])
    return buf.getvalue()

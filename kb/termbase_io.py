"""Termbase exchange: TBX-Basic (with a zh-Hant langSet) and CSV for OmegaT, spreadsheets
and translate-toolkit. Every form says whose words it is; only publisher forms are
`preferredTerm`.

TBX-Basic: ISO 30042 core structure with the TBX-Basic XCS (data categories subjectField,
definition, partOfSpeech, administrativeStatus, source, context, note). langSets come in
the order zh, en, zh-Hant: translate-toolkit reads the first two as source and target.
CSV: one row per source form (`source,target,notes`), OmegaT's column order; an optional
UTF-8 BOM (Excel on Chinese Windows needs it to read UTF-8), a header row read by
translate-toolkit and spreadsheets (OmegaT 3.6 reads every line, so `header=comment`
writes it as a `#` comment line OmegaT skips).
"""

from __future__ import annotations

import csv
import hashlib
import io
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from kb.registry import Registry, default_registry
from kb.termbase import HANT_CONFIG, STATUS_LABELS, Termbase, TermRecord

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
XCS = "TBXBasicXCSV02.xcs"
ADMIN_STATUS = {
    "publisher": "preferredTerm-admn-sts",
    "source": "admittedTerm-admn-sts",
    "project": "admittedTerm-admn-sts",
    "unverified": "admittedTerm-admn-sts",
}
SUPERSEDED = "supersededTerm-admn-sts"
STATUS_NOTES = {
    "publisher": "printed by the game's publisher",
    "source": "as the source post gives it (a fan translation or forum post, not the publisher)",
    "project": "our rendering (Rules KB), not the publisher's",
    "unverified": "used outside this project, not found in anything the publisher printed",
}
CONVERTED_NOTE = (
    f"converted from the Simplified form by OpenCC ({HANT_CONFIG}); not attested in the sources"
)
REVIEWED_NOTE = "Traditional form reviewed by hand (OpenCC's character conversion is wrong here)"
LANGS = ("zh", "en", "zh-Hant")


def entry_id(record: TermRecord) -> str:
    """A stable XML id for a record: game and a hash of its key."""
    return f"{record.game}-{hashlib.sha1(record.key.encode()).hexdigest()[:10]}"


def _status_note(record: TermRecord, lang: str, form: str) -> str:
    status = record.status_of(lang, form)
    note = f"status: {status} — {STATUS_NOTES[status]}"
    if record.is_superseded(lang, form):
        note += f"; our former rendering, superseded by {record.replacement(lang)}"
    return note


def _admin_status(record: TermRecord, lang: str, form: str) -> str:
    if record.is_superseded(lang, form):
        return SUPERSEDED
    return ADMIN_STATUS[record.status_of(lang, form)]


def _tig(parent: ET.Element, term: str, pos: str, status: str, notes: Iterable[str]) -> ET.Element:
    tig = ET.SubElement(parent, "tig")
    ET.SubElement(tig, "term").text = term
    ET.SubElement(tig, "termNote", {"type": "partOfSpeech"}).text = pos
    ET.SubElement(tig, "termNote", {"type": "administrativeStatus"}).text = status
    for note in notes:
        ET.SubElement(tig, "note").text = note
    return tig


def to_tbx(tb: Termbase, game: str | None = None) -> bytes:
    """The termbase (or one game's part of it) as a TBX-Basic document."""
    title = tb.game_name(game) if game else "all games"
    martif = ET.Element("martif", {"type": "TBX-Basic", XML_LANG: "en"})
    header = ET.SubElement(martif, "martifHeader")
    file_desc = ET.SubElement(header, "fileDesc")
    ET.SubElement(
        ET.SubElement(file_desc, "titleStmt"), "title"
    ).text = f"Rules KB termbase: {title}"
    ET.SubElement(ET.SubElement(file_desc, "sourceDesc"), "p").text = (
        "Game terms in Chinese (Simplified as the sources write them; Traditional converted "
        f"by OpenCC {HANT_CONFIG}) and English. Each form has a status: publisher (printed by "
        "the game's publisher, with its source), source (as the source post gives it), project "
        "(ours) or unverified. Only publisher forms are preferredTerm; our renderings that a "
        "publisher form replaces are supersededTerm."
    )
    ET.SubElement(ET.SubElement(header, "encodingDesc"), "p", {"type": "XCSURI"}).text = XCS
    body = ET.SubElement(ET.SubElement(martif, "text"), "body")
    for r in tb.records:
        if game and r.game != game:
            continue
        _term_entry(body, tb, r)
    ET.indent(martif)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(martif, encoding="utf-8")


def _term_entry(body: ET.Element, tb: Termbase, r: TermRecord) -> None:
    entry = ET.SubElement(body, "termEntry", {"id": entry_id(r)})
    ET.SubElement(entry, "descrip", {"type": "subjectField"}).text = tb.game_name(r.game)
    used = tb.entries_of(r)
    usage = f"defined by {r.defined_by}; " if r.defined_by else ""
    ET.SubElement(entry, "note").text = (
        f"kind: {r.kind}; {usage}used in {len(used)} entr{'y' if len(used) == 1 else 'ies'}"
        f"{': ' + ', '.join(used[:12]) if used else ''}{' …' if len(used) > 12 else ''}; "
        f"glossary: /terms/{r.game}/{r.key}"
    )
    uses = tb.uses_of(r)
    for lang in ("zh", "en"):
        lang_set = ET.SubElement(entry, "langSet", {XML_LANG: lang})
        if r.definition.get(lang):
            ET.SubElement(lang_set, "descrip", {"type": "definition"}).text = r.definition[lang]
        for form in r.forms(lang):
            tig = _tig(
                lang_set, form, r.pos, _admin_status(r, lang, form), [_status_note(r, lang, form)]
            )
            for ev in r.evidence_for(form):
                ET.SubElement(tig, "admin", {"type": "source"}).text = ev.cite()
            context = next((u for u in uses if u.lang == lang and u.form == form), None)
            if context is not None:
                ET.SubElement(tig, "descrip", {"type": "context"}).text = (
                    context.before + context.match + context.after
                )
    hant = ET.SubElement(entry, "langSet", {XML_LANG: "zh-Hant"})
    seen: set[str] = set()
    for form in r.forms("zh"):
        trad = r.traditional_of(form)
        if trad in seen:
            continue
        seen.add(trad)
        note = REVIEWED_NOTE if form in r.hant_exceptions else CONVERTED_NOTE
        _tig(hant, trad, r.pos, "admittedTerm-admn-sts", [f"status: converted — {note}"])


def from_tbx(data: bytes, registry: Registry | None = None) -> list[dict]:
    """Reads a TBX-Basic document back: game, and per language the forms with status and
    part of speech (the round-trip the tests check). Subject fields name games by their
    English names (`registry` tells which; the project's own by default)."""
    by_name = {g.name.en: g.slug for g in (registry or default_registry())}
    root = ET.fromstring(data)
    out = []
    for entry in root.iter("termEntry"):
        name = entry.findtext("descrip[@type='subjectField']") or ""
        item: dict = {"id": entry.get("id"), "game": by_name.get(name, name), "forms": {}}
        for lang_set in entry.findall("langSet"):
            lang = lang_set.get(XML_LANG)
            forms = []
            for tig in lang_set.findall("tig"):
                note = tig.findtext("note") or ""
                status = note.split("—")[0].removeprefix("status:").strip()
                forms.append(
                    {
                        "term": tig.findtext("term"),
                        "status": status,
                        "pos": tig.findtext("termNote[@type='partOfSpeech']"),
                        "admin": tig.findtext("termNote[@type='administrativeStatus']"),
                    }
                )
            item["forms"][lang] = forms
            definition = lang_set.findtext("descrip[@type='definition']")
            if definition:
                item.setdefault("definition", {})[lang] = definition
        out.append(item)
    return out


# --- CSV ----------------------------------------------------------------------------------

CSV_HEADER = ("source", "target", "notes")
HEADER_MODES = ("row", "comment", "none")


def _forms_in(r: TermRecord, lang: str) -> list[str]:
    """A record's forms in a language of the exports (zh-Hant: converted, deduplicated)."""
    if lang == "zh-Hant":
        return list(dict.fromkeys(r.traditional_of(f) for f in r.forms("zh")))
    return list(r.forms(lang))


def _best_target(r: TermRecord, lang: str) -> str:
    """The target form to offer: the publisher's where there is one, else the main form."""
    if lang == "en" and r.publisher_forms("en"):
        return r.publisher_forms("en")[0]
    return _forms_in(r, lang)[0]


def _csv_notes(tb: Termbase, r: TermRecord, source: str, target: str, form: str) -> str:
    """Game, kind, whose words the target and source forms are, other forms, definition."""
    best = _best_target(r, target)
    parts = [tb.game_name(r.game), r.kind]
    if target == "zh-Hant":
        parts.append("target converted by OpenCC")
    else:
        parts.append(f"target: {STATUS_LABELS[r.status_of(target, best)]['en']}")
        if r.evidence_for(best):
            parts.append(f"evidence: {r.evidence_for(best)[0].cite()}")
    if source == "zh-Hant":
        parts.append("source converted by OpenCC")
    else:
        parts.append(f"source: {STATUS_LABELS[r.status_of(source, form)]['en']}")
    others = [f for f in _forms_in(r, target) if f != best]
    superseded = [f for f in others if target == "en" and r.is_superseded("en", f)]
    also = [f for f in others if f not in superseded]
    if also:
        parts.append("also: " + ", ".join(also))
    if superseded:
        parts.append("superseded (ours): " + ", ".join(superseded))
    if r.definition.get("en"):
        parts.append(r.definition["en"])
    return "; ".join(parts)


def to_csv(
    tb: Termbase,
    source: str = "zh",
    target: str | None = None,
    game: str | None = None,
    header: str = "row",
) -> str:
    """A glossary, one row per source form: source, target, notes."""
    target = target or ("en" if source != "en" else "zh")
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    if header == "row":
        writer.writerow(CSV_HEADER)
    elif header == "comment":
        buf.write("# " + ",".join(CSV_HEADER) + f" — Rules KB termbase, {source} → {target}\n")
    for r in tb.records:
        if game and r.game != game:
            continue
        best = _best_target(r, target)
        for form in _forms_in(r, source):
            writer.writerow([form, best, _csv_notes(tb, r, source, target, form)])
    return buf.getvalue()


def export_name(kind: str, game: str | None, source: str = "", target: str = "") -> str:
    """The download's file name: one per game and direction."""
    scope = game or "all"
    if kind == "tbx":
        return f"rules-kb-terms-{scope}.tbx"
    return f"rules-kb-terms-{scope}-{source}-{target}.csv"

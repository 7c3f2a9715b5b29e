"""The termbase consistency report: problems in our texts and records, counted occurrence
by occurrence, and the source posts' own variants reported once, apart.

Checks (each finding names its check):
- `count`: an entry's source text uses a term more often than our translation of it
  (replacing one “god-speed evasion” in its own entry is caught);
- `publisher-form`: our English writes a superseded rendering where the publisher's
  form is known (“obstruct” for Hinder);
- `merged`: one record holding distinct terms (two publisher names that are not
  inflections of each other, two of its forms side by side in one sentence), or one
  source word claimed by two records;
- `spelling`, `capitalisation`: our English against the game's style sheet;
- `undefined`, `unknown-term`, `bad-reference`, `status`: records and entries that do
  not hold together (a term an entry lists but the termbase lacks; a `source` form the
  source does not contain; evidence quoting a seed that lacks the form).
Source variants (`source-variants`, `across-games`) are the posts' own wording: listed once,
never to be fixed.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from kb.loader import KnowledgeBase
from kb.model import Entry
from kb.termbase import Termbase, TermRecord, en_pattern, find_form
from kb.termstyle import is_phase_name, load_style, title_case, wrong_spellings

OURS_CHECKS = (
    "count", "publisher-form", "merged", "spelling", "capitalisation", "undefined",
    "unknown-term", "bad-reference", "status",
)  # fmt: skip
SOURCE_CHECKS = ("source-variants", "across-games")
CHECK_LABELS = {
    "count": "fewer uses in our translation",
    "publisher-form": "publisher's form not used",
    "merged": "distinct terms in one record",
    "spelling": "spelling (style sheet)",
    "capitalisation": "capitalisation of phases and steps",
    "undefined": "used but not defined",
    "unknown-term": "entry term missing from the termbase",
    "bad-reference": "reference to a missing entry",
    "status": "status not borne out",
    "source-variants": "the source's own variants",
    "across-games": "one English word, different Chinese per game",
}


@dataclass(frozen=True)
class Finding:
    """One consistency problem: what, where, in which entries, and whose text it is."""

    check: str
    game: str
    term: str  # the record's key ("" when the finding is not about one record)
    detail: str
    where: str  # "ours" (to fix) or "source" (the post's own wording, explained, never edited)
    entries: tuple[str, ...] = ()

    def __str__(self) -> str:
        ids = f" [{', '.join(self.entries[:6])}{'…' if len(self.entries) > 6 else ''}]"
        return f"{self.check} ({self.where}) {self.game}: {self.term}: {self.detail}" + (
            ids if self.entries else ""
        )

    def as_dict(self) -> dict:
        return {
            "check": self.check,
            "game": self.game,
            "term": self.term,
            "detail": self.detail,
            "where": self.where,
            "entries": list(self.entries),
        }


@dataclass(frozen=True)
class Report:
    """Every finding, with the views the report page and the API filter on."""

    findings: tuple[Finding, ...]

    @cached_property
    def ours(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.where == "ours")

    @cached_property
    def source(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.where == "source")

    def filter(
        self, game: str | None = None, check: str | None = None, where: str | None = None
    ) -> list[Finding]:
        return [
            f
            for f in self.findings
            if (not game or f.game in (game, "*"))
            and (not check or f.check == check)
            and (not where or f.where == where)
        ]

    def counts(self) -> dict[str, int]:
        return dict(Counter(f.check for f in self.findings))


# --- our texts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pair:
    """A source text and our translation of it, in one entry, with their languages."""

    section: str
    source_lang: str
    source: str
    ours_lang: str
    ours: str


def _pairs(entry: Entry) -> Iterator[_Pair]:
    """The (source, our translation) text pairs of an entry: text and original where our
    side is a project translation; the translator's note (Chinese) and ours (English)."""
    src = entry.source_lang
    other = "zh" if src == "en" else "en"
    if entry.provenance.get(other) == "project-translation":
        yield _Pair("text", src, entry.text.get(src) or "", other, entry.text.get(other) or "")
        if entry.original is not None:
            yield _Pair(
                "original",
                src,
                entry.original.get(src) or "",
                other,
                entry.original.get(other) or "",
            )
    note = entry.translator_note
    if note is not None and note.en and note.zh:
        yield _Pair("translator-note", "zh", note.zh, "en", note.en)


def our_english(entry: Entry) -> Iterator[tuple[str, str]]:
    """Every English text of ours in an entry, named by section (style checks read these)."""
    if entry.title.en and entry.source_lang == "zh":
        yield "title", entry.title.en
    if entry.provenance.get("en") == "project-translation":
        yield "text", entry.text.en or ""
        if entry.original is not None and entry.original.en:
            yield "original", entry.original.en
    if entry.translator_note is not None and entry.translator_note.en:
        yield "translator-note", entry.translator_note.en
    if entry.note is not None and entry.note.en:
        yield "note", entry.note.en


def _mask(text: str, terms: Iterable[str]) -> str:
    """Blanks out every occurrence of longer terms, so 战斗 is not counted inside 战斗力."""
    for term in sorted(set(terms), key=len, reverse=True):
        text = text.replace(term, "\0" * len(term))
    return text


def count_en(text: str, forms: tuple[str, ...]) -> int:
    """Occurrences of any of the forms (whole words, inflections allowed), none counted twice."""
    taken: list[tuple[int, int]] = []
    for form in sorted(forms, key=len, reverse=True):
        for m in en_pattern(form).finditer(text):
            if not any(s < m.end() and m.start() < e for s, e in taken):
                taken.append((m.start(), m.end()))
    return len(taken)


def _count_in(text: str, lang: str, forms: tuple[str, ...], longer: list[str]) -> int:
    if lang == "zh":
        masked = _mask(text, longer)
        taken: list[tuple[int, int]] = []
        for form in sorted(forms, key=len, reverse=True):
            for s, e in find_form(masked, form, "zh"):
                if not any(a < e and s < b for a, b in taken):
                    taken.append((s, e))
        return len(taken)
    return count_en(_mask_en(text, longer), forms)


def _mask_en(text: str, longer: list[str]) -> str:
    for term in sorted(set(longer), key=len, reverse=True):
        text = en_pattern(term).sub(lambda m: "\0" * len(m.group()), text)
    return text


class _Checker:
    """Runs every check over one KB and termbase, collecting findings."""

    def __init__(self, kb: KnowledgeBase, tb: Termbase):
        self.kb = kb
        self.tb = tb
        self.findings: list[Finding] = []
        self.seeds = self._seeds()

    def add(
        self, check: str, game: str, term: str, detail: str, entries: Iterable[str] = ()
    ) -> None:
        where = "source" if check in SOURCE_CHECKS else "ours"
        self.findings.append(Finding(check, game, term, detail, where, tuple(entries)))

    def _seeds(self) -> dict[str, str]:
        """The seed text of each game (the documents its entries cite), whitespace collapsed."""
        docs: dict[str, set[str]] = defaultdict(set)
        for e in self.kb.entries.values():
            docs[e.game].add(e.source.document)
        out = {}
        for game, names in docs.items():
            parts = []
            for name in sorted(names):
                path = Path(self.kb.root) / "sources" / name
                if path.exists():
                    parts.append(path.read_text(encoding="utf-8"))
            out[game] = re.sub(r"\s+", " ", "\n".join(parts))
        return out

    def longer_forms(self, record: TermRecord, lang: str) -> list[str]:
        """Forms of the game's other records that contain one of this record's forms."""
        own = record.forms(lang)
        out = []
        for other in self.tb.for_game(record.game):
            if other is record:
                continue
            for f in other.forms(lang):
                if f.lower() in {o.lower() for o in own}:
                    continue  # the same word in two records is not a longer term
                if any(len(f) > len(o) and _contains(f, o, lang) for o in own):
                    out.append(f)
        return out

    def run(self) -> Report:
        for record in self.tb.records:
            self.check_counts(record)
            self.check_publisher_forms(record)
            self.check_merged(record)
            self.check_references(record)
            self.check_statuses(record)
            self.check_capitalisation_form(record)
        self.check_shared_source_forms()
        self.check_entries()
        self.check_source_variants()
        self.check_across_games()
        return Report(tuple(self.findings))

    # -- counts and publisher forms --------------------------------------------------------

    def check_counts(self, r: TermRecord) -> None:
        src = r.source_lang
        other = "zh" if src == "en" else "en"
        if not is_named(r):
            return
        longer = {lang: self.longer_forms(r, lang) for lang in ("zh", "en")}
        fewer: dict[str, tuple[int, int]] = {}
        for entry in self.kb.by_game(r.game):
            if entry.id in r.ordinary_sense_in or entry.id in r.fewer_in:
                continue
            n_src = n_ours = 0
            for p in _pairs(entry):
                n_src += _count_in(
                    p.source, p.source_lang, r.forms(p.source_lang), longer[p.source_lang]
                )
                n_ours += _count_in(p.ours, p.ours_lang, r.forms(p.ours_lang), longer[p.ours_lang])
            if n_src > n_ours:
                fewer[entry.id] = (n_src, n_ours)
        if fewer:
            worst = ", ".join(f"{eid} {a}:{b}" for eid, (a, b) in list(fewer.items())[:4])
            self.add(
                "count",
                r.game,
                r.key,
                f"the source uses {r.forms(src)[0]} more often than our translation uses "
                f"“{r.forms(other)[0]}” or a variant (source:ours — {worst})",
                fewer,
            )

    def check_publisher_forms(self, r: TermRecord) -> None:
        """Our English writes a form of ours where the publisher's form is known."""
        if r.source_lang != "zh":
            return
        others = {
            f.lower()
            for o in self.tb.for_game(r.game)
            if o is not r
            for f in o.forms("en")
            if not o.is_superseded("en", f)
        }
        # A former rendering that is still another term's word (rage token) proves nothing.
        superseded = [
            f for f in r.forms("en") if r.is_superseded("en", f) and f.lower() not in others
        ]
        if not superseded:
            return
        longer = self.longer_forms(r, "en")
        hits: dict[str, list[str]] = defaultdict(list)
        for entry in self.tb.kb.by_game(r.game) if self.tb.kb else ():
            for section, text in our_english(entry):
                if section == "note":
                    continue  # notes name former renderings on purpose
                keep = [f for f in r.forms("en") if not r.is_superseded("en", f)]
                masked = _mask_en(text, longer + keep)
                for f in superseded:
                    if count_en(masked, (f,)):
                        hits[f].append(entry.id)
        whose = "the publisher" if r.publisher_forms("en") else "the termbase"
        for f, ids in hits.items():
            self.add(
                "publisher-form",
                r.game,
                r.key,
                f"our English writes “{f}”, a former rendering; {whose} writes "
                f"“{r.replacement('en')}”",
                sorted(set(ids)),
            )

    # -- merged records --------------------------------------------------------------------

    def check_merged(self, r: TermRecord) -> None:
        for lang in ("zh", "en"):
            names = r.publisher_forms(lang)
            distinct = _distinct_names(names)
            if len(distinct) > 1:
                self.add(
                    "merged",
                    r.game,
                    r.key,
                    f"two publisher names in one record: {' / '.join(distinct)} "
                    "(the publisher distinguishes them; split the record)",
                )

    def check_shared_source_forms(self) -> None:
        """One source word claimed by two records of a game."""
        for declared in self.kb.registry:
            game, src = declared.slug, declared.source_lang
            owners: dict[str, list[TermRecord]] = defaultdict(list)
            for r in self.tb.for_game(game):
                for f in r.forms(src):
                    owners[f.lower() if src == "en" else f].append(r)
            for form, records in sorted(owners.items()):
                if len(records) < 2:
                    continue
                names = " and ".join(f"{r.key} ({r.en if src == 'zh' else r.zh})" for r in records)
                self.add("merged", game, records[0].key, f"“{form}” is a form of {names}")

    # -- records and references ------------------------------------------------------------

    def check_references(self, r: TermRecord) -> None:
        if not r.defined_by and not r.definition and self.tb.entries_of(r):
            self.add(
                "undefined",
                r.game,
                r.key,
                "used but neither defined by an entry nor given a definition",
                self.tb.entries_of(r),
            )
        refs = [("defined_by", r.defined_by)] if r.defined_by else []
        refs += [("ordinary_sense_in", x) for x in r.ordinary_sense_in]
        refs += [("fewer_in", x) for x in r.fewer_in]
        for field_name, ref in refs:
            if self.kb.get(ref) is None:
                self.add("bad-reference", r.game, r.key, f"{field_name} {ref!r} does not exist")

    def check_statuses(self, r: TermRecord) -> None:
        seed = self.seeds.get(r.game, "")
        for (lang, form), status in r.status.items():
            if status == "source" and not _in_seed(seed, form, lang):
                self.add(
                    "status",
                    r.game,
                    r.key,
                    f"{lang} form “{form}” is marked source, but the source post "
                    "does not contain it",
                )
        for ev in r.evidence:
            if ev.seed:
                path = Path(self.kb.root) / "sources" / ev.seed
                text = (
                    re.sub(r"\s+", " ", path.read_text(encoding="utf-8")) if path.exists() else ""
                )
                for form in ev.forms:
                    if not _in_seed(text, form, "en" if form.isascii() else "zh"):
                        self.add(
                            "status",
                            r.game,
                            r.key,
                            f"evidence cites {ev.seed} for “{form}”, which it does not contain",
                        )

    def check_capitalisation_form(self, r: TermRecord) -> None:
        sheet = load_style(Path(self.kb.root), r.game)
        if sheet.phases_and_steps != "title" or r.source_lang == "en":
            return
        for f in r.forms("en"):
            if (
                is_phase_name(f)
                and r.status[("en", f)] in ("project", "unverified", "source")
                and f == r.en
                and f != title_case(f)
            ):
                self.add(
                    "capitalisation",
                    r.game,
                    r.key,
                    f"the termbase writes “{f}”; the style sheet names phases and steps in "
                    f"Title Case (“{title_case(f)}”)",
                )

    # -- entries: unknown terms, spelling, capitalisation ----------------------------------

    def check_entries(self) -> None:
        for game in self.kb.registry.slugs:
            records = self.tb.for_game(game)
            forms = {f for r in records for f in (*r.forms("zh"), *r.forms("en"))}
            sheet = load_style(Path(self.kb.root), game)
            phases = [(f, r) for r in records for f in r.forms("en") if is_phase_name(f)]
            unknown: dict[str, list[str]] = defaultdict(list)
            spelling: dict[str, list[str]] = defaultdict(list)
            casing: dict[tuple[str, str, str], list[str]] = defaultdict(list)
            for entry in self.kb.by_game(game):
                for t in entry.terms:
                    if t not in forms:
                        unknown[t].append(entry.id)
                for _section, text in our_english(entry):
                    for word, fix in wrong_spellings(sheet, text):
                        spelling[f"“{word}” (→ {fix})"].append(entry.id)
                    for form, r in phases:
                        for m in en_pattern(form).finditer(text):
                            written = m.group(0)
                            if text[m.start() - 1 : m.start()] == "-" or "-" in written:
                                continue  # part of an entry id (fe0-rule-deployment-phase)
                            expected = r.en if is_phase_name(r.en) else form
                            if written[: len(expected)] != expected[
                                : len(written)
                            ] and not _sentence_initial(text, m.start(), written, expected):
                                casing[(r.key, written, expected)].append(entry.id)
            for t, ids in sorted(unknown.items()):
                self.add(
                    "unknown-term", game, t, f"entries list “{t}”, which no term record has", ids
                )
            for what, ids in sorted(spelling.items()):
                self.add(
                    "spelling",
                    game,
                    "",
                    f"{what}: the style sheet asks for {sheet.spelling} spelling in our English",
                    sorted(set(ids)),
                )
            for (key, written, expected), ids in sorted(casing.items()):
                self.add(
                    "capitalisation",
                    game,
                    key,
                    f"our English writes “{written}”; the termbase form is “{expected}”",
                    sorted(set(ids)),
                )
            for r in records:
                if r.status[("en", r.en)] == "project":
                    for word, fix in wrong_spellings(sheet, r.en):
                        self.add(
                            "spelling",
                            game,
                            r.key,
                            f"the termbase's own form “{r.en}” spells “{word}” (→ {fix})",
                        )

    # -- the sources' own variants, reported once ------------------------------------------

    def check_source_variants(self) -> None:
        """A term the source itself writes two ways (documented, never edited)."""
        for r in self.tb.records:
            src = r.source_lang
            used = Counter()
            ids: set[str] = set()
            longer = self.longer_forms(r, src)
            for entry in self.kb.by_game(r.game):
                text = (
                    _mask(entry.text.get(src) or "", longer)
                    if src == "zh"
                    else entry.text.get(src) or ""
                )
                for f in r.forms(src):
                    if r.status[(src, f)] != "source":
                        continue
                    n = len(list(find_form(text, f, src)))
                    if n:
                        used[f] += n
                        if f != r.forms(src)[0]:
                            ids.add(entry.id)
            if len(used) > 1:
                detail = ", ".join(f"{f} ×{n}" for f, n in used.most_common())
                self.add(
                    "source-variants", r.game, r.key, f"the source writes {detail}", sorted(ids)
                )

    def check_across_games(self) -> None:
        """The same English concept rendered differently per game (destroy: 消灭 / 击破)."""
        by_en: dict[str, dict[str, str]] = defaultdict(dict)
        for r in self.tb.records:
            if r.kind in ("mechanic", "keyword", "zone"):
                by_en[r.en.lower()].setdefault(r.game, r.zh)
        for en, per_game in sorted(by_en.items()):
            if len(set(per_game.values())) > 1:
                detail = "; ".join(f"{g}: {zh}" for g, zh in per_game.items())
                self.add("across-games", "*", en, detail)


def is_named(r: TermRecord) -> bool:
    """Whether a term is a name a translation must carry every time (god-speed evasion,
    Passage Attacks), not a common word our English may replace by a pronoun (creature)."""
    en = r.en if r.source_lang == "zh" else r.zh
    if r.kind == "other" or (r.source_lang == "zh" and len(r.zh) < 2):
        return False
    if r.source_lang == "en":
        return len(r.en.split()) >= 2 and len(r.zh) >= 3
    return len(en.split()) >= 2 or en[:1].isupper()


def _contains(longer: str, shorter: str, lang: str) -> bool:
    if lang == "zh":
        return shorter in longer
    return en_pattern(shorter).search(longer) is not None


_IRREGULAR = {"dice": "die", "bound": "bind", "struck": "strike"}


def _stem(word: str) -> str:
    word = _IRREGULAR.get(word, word)
    for suffix in ("ing", "es", "ed", "s", "d", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _near(a: str, b: str) -> bool:
    """Words equal but for one letter left out (a typo the source keeps: Sacrifce)."""
    if abs(len(a) - len(b)) != 1 or min(len(a), len(b)) < 5:
        return False
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def same_name(a: str, b: str) -> bool:
    """Whether two names are one term: inflections, case, a short form (Thorg of “Thorg,
    Chief Bodyguard”, X of “The Letter X”) or a dropped word (Core Rulebook)."""
    wa = [_stem(w) for w in re.findall(r"[a-z0-9]+", a.lower())]
    wb = [_stem(w) for w in re.findall(r"[a-z0-9]+", b.lower())]
    if not wa or not wb:
        return False
    if "".join(wa) == "".join(wb) or set(wa) <= set(wb) or set(wb) <= set(wa):
        return True
    return len(wa) == len(wb) and all(
        x == y or _near(x, y) or x[:5] == y[:5] for x, y in zip(wa, wb, strict=True)
    )


def _distinct_names(names: tuple[str, ...]) -> list[str]:
    """Publisher names that are not one term written two ways (see `same_name`)."""
    out: list[str] = []
    for name in names:
        if not any(same_name(name, kept) for kept in out):
            out.append(name)
    return out


def _in_seed(seed: str, form: str, lang: str) -> bool:
    form = re.sub(r"\s+", " ", form)
    if lang == "en" or form.isascii():
        return en_pattern(form).search(seed) is not None
    return form in seed


def _sentence_initial(text: str, start: int, written: str, expected: str) -> bool:
    """A capital letter only because the name opens a sentence."""
    before = text[:start].rstrip()
    opens = not before or before[-1] in '.!?:\n“"('
    return opens and written[1:] == expected[1:] and written[:1].upper() == expected[:1].upper()


def check_consistency(kb: KnowledgeBase, tb: Termbase) -> Report:
    """The full report over the KB as it stands (the web app reads `Termbase.report`,
    computed once per termbase)."""
    return _Checker(kb, tb).run()


__all__ = ["CHECK_LABELS", "OURS_CHECKS", "SOURCE_CHECKS", "Finding", "Report", "check_consistency"]

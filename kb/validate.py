"""The one validation the command line, the index build and the app all run: every
entry loads, source-language text is verbatim, the termbase reads, every worked example
belongs to an entry, every seed has its source-post record. Nothing is built or served
from a KB that fails it."""

from __future__ import annotations

import dataclasses
import hashlib
from functools import cache
from pathlib import Path

from kb.coverage import check_verbatim
from kb.documents import load_source_posts
from kb.examples import load_examples
from kb.loader import KBError, KnowledgeBase, LoadError, load_kb
from kb.termbase import Termbase, TermbaseError, load_termbase


def load_valid_kb(root: Path | None = None) -> tuple[KnowledgeBase, Termbase]:
    """The KB under `root` and its termbase; raises `KBError` listing every problem by
    file and line."""
    kb = load_kb(root)
    errors: list[LoadError] = list(check_verbatim(kb))
    termbase = None
    try:
        termbase = load_termbase(kb)
    except TermbaseError as exc:
        errors.extend(exc.errors)
    for example in load_examples(kb.registry).by_id.values():
        if kb.get(example.entry_id) is None:
            game = example.entry_id.split("-", 1)[0]
            path = kb.root / "games" / game / "examples.py"
            errors.append(
                LoadError(path, 1, f"example {example.id!r} names no entry {example.entry_id!r}")
            )
    try:
        load_source_posts(kb.root)  # the post titles and dates citations name
    except KBError as exc:
        errors.extend(exc.errors)
    if errors or termbase is None:
        raise KBError(errors)
    return dataclasses.replace(kb, validated=validator_fingerprint()), termbase


@cache
def validator_fingerprint() -> str:
    """What "valid" means, as code: the kb package's sources. A generation built from a KB
    this code validated, with the same content hash, holds a KB it would pass again."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]

"""The source posts: every seed has its title and date, copied from the seed itself."""

from __future__ import annotations

import pytest

from kb.documents import load_source_posts
from kb.loader import KBError


def test_every_seed_has_a_post_record(kb):
    posts = load_source_posts()
    seeds = {e.source.document for e in kb.entries.values()}
    assert seeds <= set(posts)
    assert posts["004_1b7e94789a4a6c70.txt"].title_text == (
        "[FE0]TCG 火焰之纹章0 (Cipher) 卡表总导航+图文规则+规则Q&A"
    )
    assert posts["004_1b7e94789a4a6c70.txt"].date == "2015-07-29"
    assert {p.game for p in posts.values()} == {"whi", "magewars", "fadingglory", "fe0"}


@pytest.mark.parametrize(
    ("find", "replace", "message"),
    [
        ('title: ["法师战争FAQ"]', 'title: ["法师战争 FAQ 大全"]', "is not a line of the seed"),
        ('date: "2015-07-29"', 'date: "2015-07-30"', "is not in the seed"),
        ('date: "2015-07-29"', "date: 2015-07-29", "quoted ISO date"),
        ("kind: document", "kind: pdf", "kind must be one of"),
        ("  game: fadingglory\n", "  game: chess\n", "game must be one of"),
    ],
)
def test_a_wrong_post_record_is_refused_with_its_line(kb_copy, find, replace, message):
    path = kb_copy / "sources" / "sources.yaml"
    text = path.read_text(encoding="utf-8")
    assert find in text
    path.write_text(text.replace(find, replace, 1), encoding="utf-8")
    with pytest.raises(KBError, match=message) as raised:
        load_source_posts(kb_copy)
    assert all(e.line > 1 for e in raised.value.errors)


def test_a_seed_without_a_record_is_refused(kb_copy):
    (kb_copy / "sources" / "005_new.txt").write_text("new post\n", encoding="utf-8")
    with pytest.raises(KBError, match=r"005_new\.txt has no record"):
        load_source_posts(kb_copy)

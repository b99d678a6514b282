"""Pairing the articles of two editions: kept, edited, renumbered, added, removed."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.matching import match_articles, remap_ids
from judge_cli.corpus.source import parse_source
from tests.conftest import SOURCE
from tests.synthetic_editions import Edition

PUBLISHED = SOURCE.read_text(encoding="utf-8")
IDS = [str(a.id) for a in parse_source(PUBLISHED).articles]
NEW_TEXT = "新たに加わった条文である。検査のために置かれ、ほかのどの条文とも似ていない。"


def texts(edition: Edition) -> dict[ArticleId, str]:
    return {a.id: a.text for a in edition.doc.articles}


def a(s: str) -> ArticleId:
    return ArticleId.parse(s)


def test_the_same_edition_pairs_every_article_with_itself() -> None:
    m = match_articles(texts(Edition(PUBLISHED)), texts(Edition(PUBLISHED)))
    assert not m.added and not m.removed and not m.renumbered and not m.changed
    assert len(m.pairs) == 243


def test_105_4_removed_and_105_5_renumbered_is_not_removed_plus_added() -> None:
    new = Edition(PUBLISHED).remove("105.4", renumber=True)
    m = match_articles(texts(Edition(PUBLISHED)), texts(new))
    assert m.removed == [a("105.4")] and not m.added
    assert [(str(p.old), str(p.new)) for p in m.renumbered] == [("105.5", "105.4")]


def test_renumbered_and_edited_is_still_renumbered() -> None:
    new = Edition(PUBLISHED).insert("603.1", NEW_TEXT).change("603.4", "瞬間", "一瞬の出来事")
    m = match_articles(texts(Edition(PUBLISHED)), texts(new))
    moved = {(str(p.old), str(p.new)): p for p in m.renumbered}
    assert set(moved) == {
        ("603.1", "603.2"),
        ("603.2", "603.3"),
        ("603.3", "603.4"),
        ("603.4", "603.5"),
    }
    assert moved[("603.3", "603.4")].edited and 0.6 < moved[("603.3", "603.4")].similarity < 1
    assert m.added == [a("603.1")] and not m.removed


def test_a_new_group_moves_the_groups_after_it() -> None:
    new = Edition(PUBLISHED).insert_group(604, NEW_TEXT)
    m = match_articles(texts(Edition(PUBLISHED)), texts(new))
    assert m.group_map == {g: g + 1 for g in range(604, 613)}
    assert m.id_map["605.2"] == "606.2" and m.id_map["605"] == "606"
    assert m.added == [a("604.1")] and not m.removed


def test_an_article_rewritten_in_place_is_changed() -> None:
    new = Edition(PUBLISHED).change("902.1", "ドローできない。", "山札が尽きている場合は引かない。")
    m = match_articles(texts(Edition(PUBLISHED)), texts(new))
    assert [str(p.new) for p in m.changed] == ["902.1"] and not m.added and not m.removed


def test_two_near_duplicates_keep_their_own_numbers() -> None:
    # 309.2 and 608.6 say the same thing (90% alike); editing one does not swap them.
    new = Edition(PUBLISHED).change("608.6", "特に表記がなければ", "表記がない限り")
    m = match_articles(texts(Edition(PUBLISHED)), texts(new))
    assert [str(p.new) for p in m.changed] == ["608.6"] and not m.renumbered


def test_remap_ids_renumbers_every_reference_at_once() -> None:
    assert (
        remap_ids("603.1の2（→603.2）", {"603.1": "603.2", "603.2": "603.3"})
        == "603.2の2（→603.3）"
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(IDS))
def test_inserting_an_article_anywhere_renumbers_exactly_its_later_siblings(at: str) -> None:
    new = Edition(PUBLISHED)
    old_ids = {id(b): str(b.id) for b in new.doc.articles}
    new.insert(at, NEW_TEXT)
    expected = {
        (old_ids[id(b)], str(b.id))
        for b in new.doc.articles
        if id(b) in old_ids and old_ids[id(b)] != str(b.id)
    }
    m = match_articles(texts(Edition(PUBLISHED)), texts(new))
    assert m.added == [a(at)] and not m.removed
    assert {(str(p.old), str(p.new)) for p in m.renumbered} == expected


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(IDS))
def test_removing_an_article_anywhere_renumbers_exactly_its_later_siblings(at: str) -> None:
    new = Edition(PUBLISHED)
    old_ids = {id(b): str(b.id) for b in new.doc.articles}
    new.remove(at, renumber=True)
    kept = {id(b) for b in new.doc.articles}
    expected = {
        (old_ids[id(b)], str(b.id)) for b in new.doc.articles if old_ids[id(b)] != str(b.id)
    }
    gone = sorted((aid for k, aid in old_ids.items() if k not in kept), key=lambda s: a(s).sort_key)
    m = match_articles(texts(Edition(PUBLISHED)), texts(new))
    assert [str(x) for x in m.removed] == gone and not m.added
    assert {(str(p.old), str(p.new)) for p in m.renumbered} == expected

"""ArticleId: parse and format, document order, parents and children."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge_cli.corpus.ids import ArticleId
from judge_cli.errors import InvalidArticleId

ids = st.builds(
    lambda g, n, letter, sub: ArticleId(
        g, n, letter if n is not None else None, sub if n is not None and letter else None
    ),
    st.integers(100, 1000),
    st.none() | st.integers(1, 30),
    st.none() | st.sampled_from("abcdefgh"),
    st.none() | st.integers(1, 9),
)


@given(ids)
def test_parse_and_format_round_trip(aid: ArticleId) -> None:
    assert ArticleId.parse(str(aid)) == aid
    assert eval(repr(aid), {"ArticleId": ArticleId}) == aid


@given(ids)
def test_every_ancestor_sorts_before_its_descendants(aid: ArticleId) -> None:
    for anc in aid.ancestors():
        assert anc < aid and anc.contains(aid)


@given(ids, ids)
def test_order_is_total_and_consistent(a: ArticleId, b: ArticleId) -> None:
    assert (a < b) + (b < a) + (a == b) == 1


@pytest.mark.parametrize(
    "text,expected",
    [
        ("６０３．１", "603.1"),
        ("606.1a‐1", "606.1a-1"),
        ("606.1a－1", "606.1a-1"),
        (" 807 ", "807"),
        ("606.1A", "606.1a"),
    ],
)
def test_parse_accepts_full_width_and_any_dash(text: str, expected: str) -> None:
    assert str(ArticleId.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "60", "603.", "603.1aa", "abc", "603.1-1", "12345.1"])
def test_parse_rejects_what_is_not_an_id(text: str) -> None:
    with pytest.raises(InvalidArticleId) as exc:
        ArticleId.parse(text)
    assert repr(text) in str(exc.value)


def test_document_order_of_the_corpus_is_sorted(ja) -> None:
    ids_ = ja.ids()
    assert ids_ == sorted(ids_)
    assert [str(c) for c in ja.children[ArticleId.parse("606.1a")]] == ["606.1a-1", "606.1a-2"]
    assert ArticleId.parse("300") in ja.articles and ArticleId.parse(
        "300.1"
    ).parent == ArticleId.parse("300")

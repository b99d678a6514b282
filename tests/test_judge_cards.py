"""The real cards in ``seven judge``: a name alone gives the card first, a question about a
card's own text keeps it first, a card described by what it does is found by its printed
text, and a rules question that names or echoes a card keeps the article that decides it."""

from __future__ import annotations

import pytest

from judge_cli.lookup.index import load_index
from judge_cli.lookup.search import search


def first(query: str, n: int = 1) -> list[str]:
    return [m.id for m in search(load_index(), query, limit=n)]


@pytest.mark.parametrize(
    "query",
    ["なないろの欠片", "Prism Shard", "Prism Shard card", "なないろの欠片のカード", "prizm shard"],
)
def test_702_2_a_card_name_that_is_a_rules_term_gives_the_card_first_then_the_article(
    query: str,
) -> None:
    ids = first(query, 3)
    assert ids[0] == "rainbow-shard"
    assert "702.2" in ids


def test_609_3_a_part_of_a_card_name_that_is_a_rules_word_stays_the_word() -> None:
    assert first("jump") == ["609.3"]


@pytest.mark.parametrize(
    ("query", "card"),
    [
        ("so sorry card when can I play it", "purple-sorry"),
        ("マスチェンジのコストは？", "orange-mass-change"),
        ("セレナーデは1ターンに何回使える？", "first-pink"),
    ],
)
def test_a_question_about_a_cards_own_text_gives_the_card_first(query: str, card: str) -> None:
    assert first(query) == [card]


def test_502_4e_a_question_naming_two_cards_gives_the_article_first() -> None:
    ids = first("カウンターロックの処理中にゴメンナサイッ！を宣言されたらどっちを先に処理する？", 3)
    assert ids[0] == "502.4e"
    assert "purple-sorry" in ids


@pytest.mark.parametrize(
    ("query", "cards"),
    [
        ("the card that swaps places", {"orange-mass-change"}),
        ("相手と場所を入れ替えるカード", {"orange-mass-change"}),
        ("card that lets me move two squares at once", {"red-jump-pad", "first-purple"}),
        ("which card nullifies a contact", {"red-counter-lock"}),
    ],
)
def test_a_card_described_by_what_its_printed_text_says_is_found_first(
    query: str, cards: set[str]
) -> None:
    assert first(query)[0] in cards


@pytest.mark.parametrize(
    ("query", "article"),
    [
        ("白いカードってロックできないの？", "701.3"),
        ("my piece is on a card, which card does an effect target", "111.3"),
        ("what cards pay the extra colour cost", "607.2"),
    ],
)
def test_a_rules_question_whose_words_a_cards_text_shares_keeps_its_article_first(
    query: str, article: str
) -> None:
    assert first(query) == [article]

"""The real cards in ``seven judge``: a name alone gives the card first, a question about a
card's own text keeps it first, a card described by what it does is found by its printed
text, and a rules question that names or echoes a card keeps the article that decides it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from judge_cli.lookup.index import load_index
from judge_cli.lookup.search import search
from judge_cli.yamlio import load_yaml
from tests.query_sets import scored

CARDS = load_yaml(Path(__file__).parent / "data" / "card_queries.yaml").data["queries"]


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


def test_502_4b_a_question_naming_two_cards_gives_the_article_first() -> None:
    # 502.4b decides the order of stacked interrupts; 502.4e is its example with these cards.
    ids = first("カウンターロックの処理中にゴメンナサイッ！を宣言されたらどっちを先に処理する？", 3)
    assert ids[0] in ("502.4b", "502.4e")
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
    ("query", "articles"),
    [
        ("白いカードってロックできないの？", {"701.3"}),
        # 111.3 says it of a square with a piece; 111.1, the rule it applies, answers too.
        ("my piece is on a card, which card does an effect target", {"111.3", "111.1"}),
        ("what cards pay the extra colour cost", {"607.2"}),
    ],
)
def test_a_rules_question_whose_words_a_cards_text_shares_keeps_its_article_first(
    query: str, articles: set[str]
) -> None:
    assert first(query)[0] in articles


def test_the_card_set_describes_cards_and_asks_rules_and_every_answer_exists(ja) -> None:
    from judge_cli.cards import load_designs

    designs = load_designs()
    kinds = Counter(q["kind"] for q in CARDS)
    assert set(kinds) == {"described", "rules"} and len(CARDS) >= 40, kinds
    for q in CARDS:
        for aid in q["expect"]:
            assert ja.has(aid) or aid in designs, (q["q"], aid)


def test_top1_and_top3_accuracy_of_the_card_set(report) -> None:
    """The score is reported; the floor only guards against a regression (the misses are
    printed, and benchmarks/judge_queries.py --set cards gives the score per kind)."""
    top1, top3 = scored("card query set", CARDS, report)
    assert top1 >= 0.75 and top3 >= 0.8, (top1, top3)


def test_502_4b_a_question_about_the_rules_a_named_card_meets_puts_the_article_first() -> None:
    # The order of interrupts is what is asked, not what Counter Lock does: the article
    # holds far more of the question than the card's text and notes, and leads; the card
    # is shown next.
    q = "相手の接触にカウンターロックで割り込んで、そのロックにさらに相手が割り込んできた。どっちの効果から先に解決するの？"
    assert [m.id for m in search(load_index(), q, limit=2)] == ["502.4b", "red-counter-lock"]
    # 白の意思の覚醒 empties the field; what to do when one can neither move nor contact is
    # the rules' (508.1).
    q = "白の意思の覚醒で場のカードが全部なくなって移動も接触もできない。どうする？"
    assert [m.id for m in search(load_index(), q, limit=2)] == ["508.1", "white-awakening"]


def test_502_4b_a_card_named_beside_an_article_that_answers_as_well_is_not_sure() -> None:
    # The card leads (its own text is asked about), but 502.4b says when it can be played
    # about as well: the answer says it is not sure and shows both.
    matches = search(load_index(), "so sorry card when can I play it", limit=2)
    assert [m.id for m in matches] == ["purple-sorry", "502.4b"]
    assert matches[0].confidence == "low"


@pytest.mark.parametrize(
    "query",
    [
        "ジャンプ台ってゲートに置ける？",
        "Space Swap: if I swap onto a face-down card, is it opened?",
    ],
)
def test_a_question_answered_by_a_cards_text_or_notes_keeps_the_card_first(query) -> None:
    first = search(load_index(), query, limit=1)[0]
    assert first.kind == "card" and first.confidence == "high"


@pytest.mark.parametrize(
    ("query", "card"),
    [
        ("選べるわな", "blue-choosable-trap"),
        ("えらべる罠ってゲートに置ける？", "blue-choosable-trap"),
        ("スラムあがりの役人", "blue-slum-official"),
        ("ジャンプだい", "red-jump-pad"),
        ("きんだんの果実", "eternal-orange"),
    ],
)
def test_a_card_name_typed_half_in_kana_is_the_card(query: str, card: str) -> None:
    """A player who converts only part of a name (選べるわな, えらべる罠) means the card: each
    kanji run of the name is read by the publisher's reading, and every mix is a name."""
    assert first(query)[0] == card


@pytest.mark.parametrize(
    ("query", "card"),
    [
        # A part of an English name set off by a comma or colon, among other words.
        ("does Malmego let me draw again after an orange shows up", "eternal-orange"),
        ("is the Golden Palace effect once per turn", "eternal-yellow"),
        ("Celestia: which opponents lose a card", "first-blue"),
        # A colour and a kind that one design alone has.
        ("the green eternal", "eternal-green"),
        ("緑のエターナル", "eternal-green"),
        ("桃のキューブの効果って何？", "first-pink"),
        ("what does the purple eternal do", "eternal-purple"),
        # A colour with a word of the name the rules do not use.
        ("黒いキャットの手札効果って何枚ドロー？", "black-faded-cat"),
        ("black cat card hand effect, how many draws", "black-faded-cat"),
        ("what does the purple ritual card do", "purple-trial-ritual"),
        # A word of the name in kanji and kana.
        ("種まきの効果で取ったカードってどうなる？", "orange-harvest-sow"),
        ("色落ちって到達したら手札に入る？", "black-faded-cat"),
        # A word of the name with the kind.
        ("the volcano eternal", "eternal-red"),
        ("is the forest eternal once per turn", "eternal-green"),
    ],
)
def test_a_card_called_by_a_part_of_its_name_or_its_colour_and_kind_is_named(
    query: str, card: str
) -> None:
    assert card in first(query, 3)
    assert any(m.id == card and m.kind == "card" for m in search(load_index(), query, limit=3))


@pytest.mark.parametrize("query", ["the card", "and", "the card and the piece"])
def test_a_word_every_sentence_has_is_no_part_of_a_card_name(query: str) -> None:
    """The of The Gamble and and of Reap and Sow name no card."""
    from judge_cli.errors import LookupFailed

    try:
        matches = search(load_index(), query, limit=3)
    except LookupFailed:
        return
    assert not [m.id for m in matches if m.kind == "card" and m.how in ("exact", "within")]


def test_a_question_asking_for_a_cards_name_gives_the_card() -> None:
    q = "相手が7色目のロック宣言した時に使える紫のやつ、なんて名前だっけ？ロック済みの1枚奪えるんだよね"
    assert first(q) == ["purple-sorry"]


@pytest.mark.parametrize("query", ["red lock", "赤のロック", "my red lock stays, right?"])
def test_701_a_colour_with_a_rules_word_names_no_card(query: str) -> None:
    """Counter Lock is red, but red lock is a lock of the red place: lock is the rules' word,
    and no card is named by it."""
    matches = search(load_index(), query, limit=3)
    assert not [m.id for m in matches if m.kind == "card" and m.how in ("exact", "within")]


@pytest.mark.parametrize(
    ("query", "article", "card"),
    [
        (
            "Joint Construction puts cards on empty spaces: is a square with only a face-down"
            " card on it empty?",
            "608.5",
            "green-joint-construction",
        ),
        (
            "合同建設の「空いているマス」って、裏向きのカードだけあるマスも入る？",
            "608.5",
            "green-joint-construction",
        ),
        # 609.3 decides it (a jump ignores the square between); the card's official note says
        # the same of its own jump, and follows: 「一気に移動」なので１マス目の…駒等の有無は関係ない。
        ("ジャンプ台で飛ぶとき、1マス目に相手のコマいたら飛べない？", "609.3", "red-jump-pad"),
    ],
)
def test_608_5_a_rules_word_of_a_named_cards_text_asked_about_gives_the_article(
    query: str, article: str, card: str
) -> None:
    """The card's text holds the words (empty space) as well as the article does, but the
    question asks what the rules mean by them: the model of what players ask is all but
    certain of the article, which leads; the card follows."""
    ids = first(query, 3)
    assert ids[0] == article
    assert card in ids


def test_a_question_asking_what_a_named_card_does_keeps_the_card_first() -> None:
    """The model is all but certain of 502.4e (its example names Counter Lock), but the
    question asks only for the card's own text."""
    assert first("what does counter lock do") == ["red-counter-lock"]

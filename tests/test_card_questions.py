"""The card question layer (cards/0th-remake.questions.yaml): questions players ask about a card
without its name, indexed with the card's own text."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge_cli.cards import load_designs
from judge_cli.cards.questions import QUESTIONS_FILE, card_questions
from judge_cli.errors import CardDataError
from judge_cli.lookup.index import load_index
from judge_cli.lookup.search import search

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def index() -> dict:
    return load_index()


def test_every_design_has_questions_in_both_languages_and_no_other_id() -> None:
    asked = card_questions()
    assert set(asked) == set(load_designs())
    for did, langs in asked.items():
        assert set(langs) == {"ja", "en"}, did
        assert all(len(qs) >= 8 for qs in langs.values()), did


def test_no_question_quotes_a_printed_line_whole() -> None:
    """They are players' words for the card: a printed sentence copied in would only repeat
    the text the card's own entry holds already."""
    designs = load_designs()
    for did, langs in card_questions().items():
        printed = [
            s
            for lang in ("ja", "en")
            for line in vars(getattr(designs[did].text, lang)).values()
            if line
            for s in line.replace("。", ".").split(".")
            if len(s.strip()) >= 12
        ]
        for qs in langs.values():
            for q in qs:
                assert not any(s.strip() in q for s in printed), (did, q)


def _nicknames(path):
    from judge_cli.cards.nicknames import card_nicknames

    return card_nicknames(path)


@pytest.mark.parametrize(
    ("load", "name", "body", "line", "message"),
    [
        (
            card_questions,
            QUESTIONS_FILE,
            "questions:\n  red-jump-pad:\n    ja: [跳ぶやつ]\n  no-such-card:\n    ja: [x]\n",
            4,
            "no card design has the id 'no-such-card'",
        ),
        (
            card_questions,
            QUESTIONS_FILE,
            "questions:\n  red-jump-pad:\n    fr: [x]\n",
            2,
            "expected `ja:` and `en:`",
        ),
        (
            card_questions,
            QUESTIONS_FILE,
            "questions:\n  red-jump-pad:\n    ja: [ok, 3]\n",
            3,
            "must list questions",
        ),
        (
            card_questions,
            QUESTIONS_FILE,
            "questions:\n  red-jump-pad:\n    en: ['  ']\n",
            3,
            "must list questions",
        ),
        (
            card_questions,
            QUESTIONS_FILE,
            "- just a list\n",
            None,
            "expected a mapping `questions:`",
        ),
        (
            _nicknames,
            "0th-remake.nicknames.yaml",
            "colours:\n  red: {ja: [赤], en: [red]}\n  teal: {en: [teal]}\nkinds: {}\n",
            3,
            "no card design has the colour 'teal'",
        ),
        (
            _nicknames,
            "0th-remake.nicknames.yaml",
            "colours:\n  red: {ja: [赤, 3]}\nkinds: {}\n",
            2,
            "must list words",
        ),
        (
            _nicknames,
            "0th-remake.nicknames.yaml",
            "colours:\n  red: {fr: [rouge]}\nkinds: {}\n",
            2,
            "expected `ja:` and `en:`",
        ),
        (
            _nicknames,
            "0th-remake.nicknames.yaml",
            "colours: {}\n",
            None,
            "expected a mapping `kinds:`",
        ),
    ],
)
def test_a_bad_card_questions_or_nicknames_file_names_its_file_and_line(
    tmp_path, load, name, body, line, message
) -> None:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    with pytest.raises(CardDataError) as exc:
        load(path)
    assert message in str(exc.value)
    assert exc.value.file == str(path)
    assert exc.value.line == line


def test_seven_judge_with_a_broken_question_file_says_where_and_exits_1(tmp_path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(REPO / "cards", cards)
    (cards / QUESTIONS_FILE).write_text(
        "questions:\n  red-jump-pad:\n    ja: [跳ぶやつ]\n  purple-sorrry:\n    en: [x]\n",
        encoding="utf-8",
    )
    env = {
        **os.environ,
        "SEVEN_CARDS_DIR": str(cards),
        "SEVEN_CACHE_DIR": str(tmp_path / "cache"),
        "SEVEN_STATE_DIR": str(tmp_path / "state"),
    }
    r = subprocess.run(
        [str(Path(sys.executable).with_name("seven")), "judge", "到達"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert r.returncode == 1
    assert f"{QUESTIONS_FILE}:4" in r.stderr
    assert "purple-sorrry" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    ("query", "card"),
    [
        # 奪う, 取れる, steal, trade: players' words no printed line says.
        ("相手のロック1枚取れるカードどれだっけ", "purple-sorry"),
        ("card that lets me steal someone's locked card", "purple-sorry"),
        ("what card trades one of my hand cards with an opponent's", "yellow-sleight-of-hand"),
        ("捨て場からカード拾えるカードある？", "first-red"),
        ("which card lets everyone choose one of three effects", "pink-party"),
        # A thing said by what it does, asked for with やつ.
        ("乗ると二つ先まで跳ねるやつなんだっけ", "red-jump-pad"),
    ],
)
def test_a_card_asked_for_in_players_words_the_printed_text_lacks_is_found(
    index, query: str, card: str
) -> None:
    first = search(index, query, limit=3)[0]
    assert (first.id, first.how, first.confidence) == (card, "asked", "high")


@pytest.mark.parametrize(
    "query",
    [
        "which card do I take when I reach a square with two cards stacked?",
        "my piece is on a card, which card does an effect target",
        "the card makes everyone draw, who draws first?",
        "halfway through a card that says everyone draws I lock my 7th colour, does the game end",
        "do the summary cards that come in the box go into the deck?",
        "どのカードを捨て場に置くの？",
    ],
)
def test_111_a_card_in_play_said_with_which_card_is_not_a_card_asked_for(index, query) -> None:
    """Which card do I take, which card does an effect target, the card makes everyone…, a
    card that says… inside a sentence: a card in play, not one asked for; the rules answer."""
    assert search(index, query, limit=3)[0].kind != "card"


def test_the_card_model_tells_each_design_from_its_own_questions(index) -> None:
    """What the model learnt: each design is the card it gives most for most of the questions
    asked about it (in both languages), the first of them included or not."""
    from judge_cli.lookup.search import _best, _model_posterior

    for did, langs in card_questions().items():
        for lang, qs in langs.items():
            told = sum(_best(_model_posterior(index, q, "cards_"))[0] == did for q in qs)
            assert told >= len(qs) * 0.75, (did, lang, told, len(qs))


def test_every_eternal_and_first_card_is_named_by_its_colour_and_kind_and_no_normal_one() -> None:
    from judge_cli.cards.nicknames import card_nicknames

    named = card_nicknames()
    designs = load_designs()
    assert set(named) == {d for d, x in designs.items() if x.kind in ("eternal", "first")}
    assert "緑のエターナル" in named["eternal-green"]["ja"]
    assert "赤いキューブ" in named["first-red"]["ja"]
    assert "pink first card" in named["first-pink"]["en"]


@pytest.mark.parametrize(
    "query",
    [
        "is the one that was locked returned to hand?",
        "what is the one that counts, the first lock or the second?",
        "到達で取れるのは表向きのやつだっけ？",
        "宣言するカードの名前は何でもいいの？",
        "名前なんて宣言しなくていいよね？",
        "ロック外されたカードってどこ行くの？墓地？手札？",
        "Which cards exactly are colorless? Just the white ones or black too?",
        "Cards that say 'usable anytime' - can I play one during an effect?",
    ],
)
def test_a_rules_question_said_with_one_that_or_yatsu_asks_for_no_card(query: str) -> None:
    """The one that was locked, 表向きのやつ, カードの名前は何でもいい: a card in play or a name
    declared, not a card asked for; nor a question ending on 手札 (its 札 is no card asked
    for), nor cards in the plural (a kind of card, which the rules decide)."""
    from judge_cli.lookup.search import requests_card

    assert not requests_card(query)


@pytest.mark.parametrize(
    "query",
    [
        "the orange one that swaps my piece",
        "the blue one where you pick one of three",
        "乗ると二つ先まで跳ねるやつなんだっけ",
        "赤いやつなんだっけ",
        "あのカードの名前なんだっけ",
        "相手のロック1枚取れる札って何？",
        "which card stops a contact",
    ],
)
def test_a_card_said_by_its_colour_or_what_it_does_is_asked_for(query: str) -> None:
    from judge_cli.lookup.search import requests_card

    assert requests_card(query)

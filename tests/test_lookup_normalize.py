"""Normalising what players type: width, kana, romaji, variant kanji, dashes, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.errors import InputError, JudgeError
from judge_cli.lookup.normalize import MAX_QUERY, clean, fold, key
from judge_cli.lookup.romaji import kana_to_romaji, phonetic_key, romaji_to_kana
from judge_cli.lookup.search import parse_number, strip_question

# Any text at all: every code point, lone surrogates and control characters included.
ANY_TEXT = st.text(st.characters(blacklist_categories=()), max_size=300)


@pytest.mark.parametrize(
    "typed",
    [
        "とうたつ",
        "トウタツ",
        "ﾄｳﾀﾂ",
        "toutatsu",
        "tōtatsu",
        "totatsu",
        "TOUTATSU",
        "tootatsu",
        "tôtatsu",
    ],
)
def test_603_every_usual_way_of_writing_toutatsu_sounds_the_same(typed: str) -> None:
    assert phonetic_key(typed) == "totatsu"


@pytest.mark.parametrize(
    ("hepburn", "other"),
    [
        ("shi", "si"),
        ("chi", "ti"),
        ("tsu", "tu"),
        ("fu", "hu"),
        ("ji", "zi"),
        ("sha", "sya"),
        ("cho", "tyo"),
        ("ja", "zya"),
        ("ja", "jya"),
        ("sesshoku", "sessyoku"),
        ("shinbun", "shimbun"),
        ("matcha", "maccha"),
    ],
)
def test_kunrei_and_typed_romaji_meet_hepburn(hepburn: str, other: str) -> None:
    assert phonetic_key(hepburn) == phonetic_key(other)


def test_english_words_are_not_romaji() -> None:
    for word in ("forced move", "contact", "reach", "hand", "jump"):
        assert romaji_to_kana(word) is None


def test_kana_to_romaji_handles_small_tsu_long_vowels_and_yoon() -> None:
    assert kana_to_romaji("せっしょく") == "sesshoku"
    assert kana_to_romaji("ゲート") == "geeto"
    assert kana_to_romaji("きょうせいいどう") == "kyouseiidou"
    assert kana_to_romaji("まっちゃ") == "matcha"


def test_fold_width_case_kana_variants_and_dashes() -> None:
    assert fold("ＦＯＲＣＥＤ　ＭＯＶＥ") == "forced move"
    assert fold("ﾛｯｸｴﾘｱ") == fold("ロックエリア") == "ろっくえりあ"
    assert fold("到逹") == "到達" and fold("强制移動") == "強制移動"
    assert fold("ゲ－ト") == fold("ゲ−ト") == fold("ゲ—ト") == "げーと"
    assert key("lock-area") == key("Lock Area") == "lockarea"


@pytest.mark.parametrize(
    "typed", ["603.1", "６０３．１", "第603.1条", " 603.1 ", "603．1", "rule 603.1"]
)
def test_603_1_numbers_in_any_form(typed: str) -> None:
    assert parse_number(typed)[0] == "603.1"


@pytest.mark.parametrize(
    "typed", ["606.1a-1", "606.1A-1", "606.1a–1", "606.1a―1", "６０６．１ａ－１"]
)
def test_606_1a_1_with_any_dash(typed: str) -> None:
    assert parse_number(typed)[0] == "606.1a-1"


def test_question_words_are_stripped_around_a_term() -> None:
    assert strip_question("到達って何だっけ") == "到達"
    assert strip_question("接触とは？") == "接触"
    assert strip_question("What is a forced move?") == "forced move"
    assert strip_question("define reach") == "reach"


def test_clean_drops_control_characters_and_replaces_lone_surrogates() -> None:
    assert clean("到\x00達\x1b[31m") == "到達[31m"
    assert clean("a\udcffb") == "a\ufffdb"
    assert clean("  forced \t\n move  ") == "forced move"


def test_a_huge_query_is_refused_with_a_clear_message() -> None:
    with pytest.raises(InputError, match="at most"):
        clean("到" * (MAX_QUERY + 1))


@settings(max_examples=300, deadline=None)
@given(ANY_TEXT)
def test_normalisers_never_raise_on_any_text(text: str) -> None:
    c = clean(text)
    fold(c)
    key(c)
    phonetic_key(c)
    romaji_to_kana(c)
    strip_question(c)
    parse_number(c)


@settings(max_examples=200, deadline=None)
@given(ANY_TEXT)
def test_fold_is_idempotent(text: str) -> None:
    try:
        once = fold(clean(text))
    except JudgeError:
        return
    assert fold(once) == once

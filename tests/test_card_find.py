"""Finding a real card by name, reading, id, fragment or near spelling (judge_cli/cards/find.py),
and the full readings of the names it matches kana and romaji against."""

from __future__ import annotations

import re

import pytest

from judge_cli.cards import load_designs
from judge_cli.cards.find import CardNotFound, find_design
from judge_cli.cards.readings import editorial_furigana, full_reading, name_readings
from judge_cli.errors import InputError

DESIGNS = load_designs()


@pytest.mark.parametrize(
    ("query", "via", "design"),
    [
        ("red-jump-pad", "id", "red-jump-pad"),
        ("RED-JUMP-PAD", "id", "red-jump-pad"),
        ("ジャンプ台", "name", "red-jump-pad"),
        ("ＪＵＭＰ　ＰＡＤ", "name", "red-jump-pad"),
        ("jump pad", "name", "red-jump-pad"),
        ("ｶｳﾝﾀｰﾛｯｸ", "name", "red-counter-lock"),
        ("So Sorry!", "name", "purple-sorry"),
        ("ゴメンナサイッ！", "name", "purple-sorry"),
        ("Space Swap", "name", "orange-mass-change"),
        ("じゃんぷだい", "reading", "red-jump-pad"),
        ("ジャンプダイ", "reading", "red-jump-pad"),
        ("janpudai", "reading", "red-jump-pad"),
        ("jampudai", "reading", "red-jump-pad"),
        ("しゅうかくとたねまき", "reading", "orange-harvest-sow"),
        ("shukaku to tanemaki", "reading", "orange-harvest-sow"),
        ("gomennasai", "reading", "purple-sorry"),
        ("yuuwakunokuronorakuin", "reading", "black-contract-brand"),
        ("ジャンプ", "fragment", "red-jump-pad"),
        ("Phoenix", "fragment", "first-red"),
        ("ふぇにっくす", "fragment", "first-red"),
        ("欠片", "fragment", "rainbow-shard"),
        ("kakera", "fragment", "rainbow-shard"),
        ("ジャンプ代", "fuzzy", "red-jump-pad"),
        ("Jupm Pad", "fuzzy", "red-jump-pad"),
        ("conter lock", "fuzzy", "red-counter-lock"),
    ],
)
def test_find_design_by_name_reading_id_fragment_typo(query: str, via: str, design: str) -> None:
    found = find_design(query)
    assert (found.via, found.ids) == (via, (design,))


@pytest.mark.parametrize("design_id", list(DESIGNS))
def test_every_design_is_found_by_each_name_its_reading_and_its_id(design_id: str) -> None:
    d = DESIGNS[design_id]
    reading = name_readings()[design_id]
    for query in (d.name.ja, d.name.en, reading, design_id):
        assert find_design(query).ids == (design_id,), query


def test_ambiguous_fragment_answers_with_every_candidate_in_publisher_order() -> None:
    found = find_design("キューブ")
    assert found.ambiguous and found.via == "fragment"
    assert found.ids == tuple(d for d in DESIGNS if d.startswith("first-"))
    assert find_design("なないろ").ids == ("rainbow-shard", "white-radiance")


def test_nothing_found_names_the_closest_cards() -> None:
    with pytest.raises(CardNotFound) as info:
        find_design("xyzzy")
    exc = info.value
    assert "'xyzzy'" in exc.message and len(exc.closest) == 5
    assert set(exc.closest) <= set(DESIGNS)
    assert DESIGNS[exc.closest[0]].name.ja in exc.describe()


@pytest.mark.parametrize("query", ["", "   ", "「」。"])
def test_a_query_without_letters_is_refused(query: str) -> None:
    with pytest.raises(InputError):
        find_design(query)


def test_full_reading_keeps_kana_and_reads_each_kanji_run() -> None:
    assert full_reading("収穫と種まき", "しゅうかく　たね") == "しゅうかくとたねまき"
    assert full_reading("ジャンプ台", "だい") == "じゃんぷだい"
    assert full_reading("カウンターロック", None) == "かうんたーろっく"
    with pytest.raises(ValueError, match="kanji run"):
        full_reading("試練の儀式", "しれん")


def test_editorial_furigana_only_where_the_publisher_gives_none() -> None:
    extra = editorial_furigana()
    kanji = re.compile(r"[\u3400-\u9fff々]")
    missing = {d for d, x in DESIGNS.items() if kanji.search(x.name.ja) and not x.reading}
    assert set(extra) == missing
    readings = name_readings()
    assert set(readings) == set(DESIGNS)
    assert all(re.fullmatch(r"[\u3041-\u3096ー ・!！\-]+", r) for r in readings.values()), readings


def test_card_core_imports_neither_typer_nor_rich() -> None:
    import subprocess
    import sys

    code = (
        "import sys, judge_cli.cards.find as f, judge_cli.cards.record as r, "
        "judge_cli.cards.usage, judge_cli.cards.encoding, judge_cli.cards.readings; "
        "f.find_design('ジャンプ台'); r.records(['red-jump-pad']); "
        "bad = [m for m in ('typer', 'rich') if m in sys.modules]; "
        "assert not bad, bad"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr

"""The committed kana readings of rules/ja (editorial, from judge_cli/lookup/readings_gen.py)."""

from __future__ import annotations

import re
from pathlib import Path

from judge_cli.yamlio import load_yaml

REPO = Path(__file__).resolve().parent.parent
KANJI = re.compile(r"[\u3400-\u9fff々]")
# A reading is hiragana (with the digits, letters and punctuation of the text it reads):
# no kanji, no katakana.
NOT_READING = re.compile(r"[\u3400-\u9fff々\u30a1-\u30fa]")


def test_every_article_with_kanji_has_a_kana_reading(ja) -> None:
    for a in ja.articles.values():
        source = a.text if a.text is not None else a.title
        if source and KANJI.search(source):
            assert a.reading, a.id
            assert not NOT_READING.search(a.reading), (a.id, a.reading)


def test_every_glossary_term_with_kanji_has_readings(ja) -> None:
    for g in ja.glossary:
        if KANJI.search(g.term):
            assert g.readings, g.term
        for r in g.readings:
            assert not NOT_READING.search(r), (g.term, r)


def test_hand_corrections_override_the_analyser(ja) -> None:
    overrides = load_yaml(REPO / "rules" / "readings-overrides.yaml").data["words"]
    assert all(re.fullmatch(r"[\u3041-\u3096ー]+", r) for r in overrides.values())
    assert ja.glossary_entry("手番").readings == ("てばん",)  # the analyser says てつがい
    assert ja.glossary_entry("発動者").readings == ("はつどうしゃ",)
    assert "いちばんうえ" in ja.glossary_entry("1番上の原則").readings[0]
    assert ja.get("901.1").reading.startswith("やまふだがなくなったとき")


def test_1000_a_kana_question_finds_kanji_text_through_the_readings(cli) -> None:
    import json

    data = json.loads(cli("judge", "やまふだがなくなったら", "--json").out)
    assert data["results"][0]["id"] == "901.1"
    data = json.loads(cli("judge", "yamafuda ga nakunattara", "--json").out)
    assert data["results"][0]["id"] == "901.1"

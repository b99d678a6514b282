"""The cheap checks that spare a cold lookup compiling a long pattern never change what the
pattern finds."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.lookup import search

FRAGMENTS = [
    "カード",
    "札",
    "手札",
    "って",
    "は",
    "の",
    "ある",
    "どれ",
    "何",
    "なに",
    "なん",
    "名前",
    "ですか",
    "だっけ",
    "っけ",
    "か",
    "？",
    "?",
    "！",
    "。",
    " ",
    "\u3000",
    "どの",
    "何の",
    "なんの",
    "なんて",
    "忘れ",
    "やつ",
    "飛ぶ",
    "赤い",
    "相手",
    "到達",
    "した",
    "ロック",
    "card",
    "the",
    "one",
    "red",
    "that",
    "which",
    "what",
    "is there a",
    "where",
    "I",
]


@given(st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join))
@settings(max_examples=800, deadline=None)
def test_requests_card_skips_the_japanese_pattern_only_where_it_cannot_match(q: str) -> None:
    if re.search(search._REQUEST_JA, q):
        assert search._may_request_ja(q), q


@given(st.lists(st.sampled_from(FRAGMENTS), max_size=12).map(" ".join))
@settings(max_examples=800, deadline=None)
def test_requests_card_skips_the_english_patterns_only_where_they_cannot_match(q: str) -> None:
    low = q.lower()
    if re.search(search._REQUEST_EN, q, search._ENGLISH):
        assert "card" in low or " one" in low, q
    if re.search(search._ASKS_EN, q, search._ENGLISH):
        assert "card" in low, q

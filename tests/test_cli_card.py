"""``seven card``: a real card by name, reading, id or fragment; ``--all --json`` (a stable
interface) with the publisher's text, the notes, the rulings and the effects exercised."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from judge_cli.cards import load_designs
from judge_cli.cards.publisher import EDITION_FILE
from judge_cli.cli.main import main
from judge_cli.paths import cards_root
from judge_cli.yamlio import load_yaml

DESIGNS = load_designs()
RECORD_KEYS = {
    "id",
    "name",
    "reading",
    "colour",
    "kind",
    "copies",
    "effect_name",
    "text",
    "flavour",
    "notes",
    "engine",
    "rulings",
    "exercised",
}


@pytest.fixture(scope="module")
def every() -> list[dict]:
    """``seven card --all --json``, run once for the module's tests."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["card", "--all", "--json"])
    assert code == 0
    return json.loads(buf.getvalue())


def test_601_1_card_by_japanese_name_prints_the_printed_lines_behind_their_icons(cli) -> None:
    r = cli("card", "ジャンプ台")
    assert r.code == 0, r
    lines = r.out.splitlines()
    assert lines[:2] == ["ジャンプ台 (red-jump-pad)", "赤・通常カード・7枚"]
    assert "● これはあなたの手札に加えない。２マス先に一気に移動する。" in lines
    assert "■ これをゲート以外の任意のマスに表向きで置く。" in lines
    assert "Ω 最初に飛び越えた者だけが、新たな景色を知る。" in lines
    assert f"  {DESIGNS['red-jump-pad'].notes_ja}" in lines
    assert "読み: じゃんぷだい" in lines


def test_card_in_english_prints_the_publishers_english(cli) -> None:
    r = cli("card", "Counter", "Lock", "--lang", "en")
    assert r.code == 0, r
    en = DESIGNS["red-counter-lock"].text.en
    assert r.out.startswith("Counter Lock (red-counter-lock)\nred · normal card · 7 copies\n")
    assert f"● {en.arrival}" in r.out and f"■ {en.hand}" in r.out
    assert DESIGNS["red-counter-lock"].notes_en in r.out
    assert "カウンターロック" not in r.out


def test_card_both_languages(cli) -> None:
    r = cli("card", "red-counter-lock", "--lang", "both")
    assert r.code == 0, r
    assert r.out.startswith("カウンターロック / Counter Lock (red-counter-lock)\n")
    assert DESIGNS["red-counter-lock"].notes_ja in r.out
    assert DESIGNS["red-counter-lock"].notes_en in r.out


@pytest.mark.parametrize(
    ("query", "via"),
    [
        ("red-jump-pad", "id"),
        ("ジャンプ台", "name"),
        ("Jump Pad", "name"),
        ("じゃんぷだい", "reading"),
        ("janpudai", "reading"),
        ("ジャンプ", "fragment"),
        ("ジャンプ代", "fuzzy"),
    ],
)
def test_card_json_names_how_it_was_found(cli, query: str, via: str) -> None:
    r = cli("card", query, "--json")
    assert r.code == 0, r
    data = json.loads(r.out)
    assert data["via"] == via
    assert [d["id"] for d in data["results"]] == ["red-jump-pad"]
    assert set(data["results"][0]) == RECORD_KEYS


def test_card_ambiguous_query_lists_the_candidates(cli) -> None:
    r = cli("card", "キューブ")
    assert r.code == 0, r
    firsts = [d for d in DESIGNS if d.startswith("first-")]
    assert all(d in r.out for d in firsts)
    assert "赤のキューブ フェニックス" in r.out
    data = json.loads(cli("card", "キューブ", "--json").out)
    assert [d["id"] for d in data["results"]] == firsts


def test_card_nothing_found_names_the_closest_and_exits_1(cli) -> None:
    r = cli("card", "xyzzy")
    assert r.code == 1
    assert r.out == ""
    assert "no card matches 'xyzzy'" in r.err and "the closest:" in r.err
    assert "Traceback" not in r.err


def test_card_needs_a_query_or_all(cli) -> None:
    assert cli("card").code == 2
    assert cli("card", "ジャンプ台", "--all").code == 2


def test_card_all_json_lists_every_design_in_the_publishers_order(every) -> None:
    assert [d["id"] for d in every] == list(DESIGNS)
    assert all(set(d) == RECORD_KEYS for d in every)
    assert sum(d["copies"] for d in every if d["kind"] == "normal") == 112


def test_card_all_json_text_is_the_publishers_character_for_character(every) -> None:
    path = cards_root() / EDITION_FILE
    raw = {c["id"]: c for c in load_yaml(path, str(path)).data["cards"]}
    for d in every:
        src = raw[d["id"]]
        assert d["name"] == src["name"]
        for lang in ("ja", "en"):
            for effect in ("basic", "arrival", "hand"):
                assert d["text"][lang][effect] == src["text"][lang].get(effect), (d["id"], lang)
        assert d["notes"] == {"ja": src.get("notes_ja"), "en": src.get("notes_en")}
        assert d["flavour"] == src.get("flavour")
        assert (d["colour"], d["kind"], d["copies"]) == (src["colour"], src["kind"], src["copies"])


def test_card_all_json_exercised_has_a_list_for_each_effect_the_design_has(every) -> None:
    for d in every:
        for effect in ("basic", "arrival", "hand"):
            printed = d["text"]["ja"][effect]
            value = d["exercised"][effect]
            assert (value is None) == (printed is None), (d["id"], effect)
            assert value is None or all(isinstance(s, str) for s in value)


@pytest.mark.parametrize("query", ["？！", "x" * 600])
def test_card_hostile_query_is_one_message_and_exit_1(cli, query: str) -> None:
    r = cli("card", query)
    assert r.code == 1
    assert r.out == "" and r.err.startswith("seven: ") and "Traceback" not in r.err


def test_card_query_with_control_characters_is_cleaned(cli) -> None:
    r = cli("card", "ジャンプ\x00台\u200b", "--json")
    assert r.code == 0, r
    assert json.loads(r.out)["results"][0]["id"] == "red-jump-pad"

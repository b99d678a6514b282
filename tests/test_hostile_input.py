"""Hostile input through the CLI: malformed YAML, wrong types, unknown keys, deep nesting, alias
bombs, very large files, non-UTF-8, a BOM, NUL bytes, in scenarios, card files and rules files.
Each is one message naming the file and the line (where there is one), exit code 1, never a
traceback, nothing written; HTML in any text that reaches a sheet is escaped."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from judge_cli.yamlio import MAX_ALIASES, MAX_BYTES, MAX_DEPTH

REPO = Path(__file__).resolve().parent.parent
SCENARIO = (REPO / "scenarios" / "base" / "507-4-contact-empty-hand.yaml").read_text("utf-8")
CARDS = (REPO / "scenarios" / "cards" / "base.yaml").read_text("utf-8")

BOMB = "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(12)
)


def _at_line(text: str, line: int, insert: str) -> str:
    lines = text.split("\n")
    lines[line - 1] = insert + lines[line - 1]
    return "\n".join(lines)


def hostile_texts(valid: str, wrong_type: tuple[str, str], unknown: tuple[str, str]) -> dict:
    """Each kind of hostile file, made from a valid one: (bytes, the line named, the words
    the message must have)."""
    return {
        "malformed": (valid.replace("\n", "\n  - ]: [\n", 1).encode(), 2, "YAML syntax error"),
        "wrong_type": (valid.replace(*wrong_type, 1).encode(), None, ""),
        "unknown_key": (valid.replace(*unknown, 1).encode(), None, "unknown key"),
        "deep": (
            (valid + "deep: " + "[" * (MAX_DEPTH + 20) + "]" * (MAX_DEPTH + 20)).encode(),
            valid.count("\n") + 1,
            "nests deeper",
        ),
        "alias_bomb": ((valid + "a: &a [x, x, x]\n" + BOMB).encode(), None, "aliases"),
        "large": (valid.encode() + b"#" * (MAX_BYTES + 1), None, "larger than"),
        "shift_jis": (valid.encode("shift_jis", errors="replace"), None, "not UTF-8"),
        "utf16": (valid.encode("utf-16"), 1, "the file is UTF-16"),
        "utf32": (valid.encode("utf-32"), 1, "the file is UTF-32"),
        "nul": (_at_line(valid, 6, "\x00").encode(), 6, "NUL byte"),
    }


SCENARIO_CASES = hostile_texts(
    SCENARIO,
    ("fill: 1", "fill: many"),
    ("fill: 1", "fil: 1"),
)
CARD_CASES = hostile_texts(
    CARDS,
    ("first-red: {kind: first, colour: red,", "first-red: {kind: first, colour: 7,"),
    ("first-red: {kind: first,", "first-red: {knid: first,"),
)


def no_traceback(r) -> None:
    assert "Traceback" not in r.err and "Traceback" not in r.out


def line_named(err: str, name: str) -> int | None:
    m = re.search(re.escape(name) + r":(\d+):", err)
    return int(m.group(1)) if m else None


def scenario_dir(tmp_path: Path, scenario: bytes | str = SCENARIO, cards: bytes | str = CARDS):
    (tmp_path / "sc").mkdir(exist_ok=True)
    (tmp_path / "cards").mkdir(exist_ok=True)
    sc = tmp_path / "sc" / "x.yaml"
    for path, data in ((sc, scenario), (tmp_path / "cards" / "base.yaml", cards)):
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return sc


@pytest.mark.parametrize("kind", SCENARIO_CASES)
def test_a_hostile_scenario_is_one_message_with_file_and_line(cli, tmp_path, kind) -> None:
    data, line, words = SCENARIO_CASES[kind]
    sc = scenario_dir(tmp_path, scenario=data)
    out = tmp_path / "sheet.html"
    for args in (
        ("replay", str(sc)),
        ("replay", str(sc), "--json", "--check"),
        ("sheet", str(sc), "-o", str(out)),
    ):
        r = cli(*args)
        assert r.code == 1, (kind, args, r)
        no_traceback(r)
        assert r.err.startswith(f"seven: {sc}"), r.err
        assert words in r.err
        if line is not None:
            assert line_named(r.err, str(sc)) == line, r.err
        elif kind not in ("large", "alias_bomb"):
            assert line_named(r.err, str(sc)) is not None, r.err
    assert not out.exists()  # nothing written half-way


@pytest.mark.parametrize("kind", CARD_CASES)
def test_a_hostile_card_file_is_one_message_naming_the_card_file(cli, tmp_path, kind) -> None:
    data, line, words = CARD_CASES[kind]
    sc = scenario_dir(tmp_path, cards=data)
    r = cli("replay", str(sc), "--check")
    assert r.code == 1, (kind, r)
    no_traceback(r)
    card_file = str(sc.parent / "../cards/base.yaml")
    assert card_file in r.err and words in r.err, r.err
    if line is not None:
        assert line_named(r.err, card_file) == line, r.err


def test_a_bom_at_the_start_of_a_scenario_and_a_card_file_is_accepted(cli, tmp_path) -> None:
    sc = scenario_dir(
        tmp_path, scenario="\ufeff" + SCENARIO, cards=("\ufeff" + CARDS).encode("utf-8")
    )
    r = cli("replay", str(sc), "--check")
    assert r.code == 0, r.err


def test_a_bom_inside_the_file_is_an_error_at_its_line(cli, tmp_path) -> None:
    sc = scenario_dir(tmp_path, scenario=SCENARIO.replace("fill: 1", "\ufefffill: 1"))
    r = cli("replay", str(sc))
    assert r.code == 1 and "YAML syntax error" in r.err
    assert line_named(r.err, str(sc)) == SCENARIO.split("fill: 1")[0].count("\n") + 1
    no_traceback(r)


def test_wrong_types_name_the_value(cli, tmp_path) -> None:
    for old, new, words in (
        ("fill: 1", "fill: many", "fill: Input should be a valid integer"),
        ("date: 2026-11-29", "date: yesterday", "date: Input should be a valid date"),
        ("  - S: contact W", "  - S: [contact, W]", "Input should be a valid string"),
        ("turn: {player: S, phase: move}", "turn: [S, move]", "turn: Input should be"),
        ("  a4: [g1]", "  a4: g1", "board.a4: Input should be a valid list"),
    ):
        sc = scenario_dir(tmp_path, scenario=SCENARIO.replace(old, new, 1))
        r = cli("replay", str(sc))
        assert r.code == 1 and words in r.err, (new, r.err)
        assert line_named(r.err, str(sc)) == SCENARIO.split(old)[0].count("\n") + 1, r.err
        no_traceback(r)


def test_not_a_mapping_at_all(cli, tmp_path) -> None:
    for text in ("- a\n- b\n", "just text\n", "", "~\n", "42\n"):
        sc = scenario_dir(tmp_path, scenario=text)
        r = cli("replay", str(sc))
        assert r.code == 1 and f"{sc}:1:" in r.err, (text, r.err)
        no_traceback(r)


def test_a_directory_or_a_missing_file(cli, tmp_path) -> None:
    r = cli("replay", str(tmp_path / "nothing.yaml"))
    assert r.code == 1 and "no such file" in r.err
    (tmp_path / "empty").mkdir()
    r = cli("replay", str(tmp_path / "empty"))
    assert r.code == 1 and "no scenario files" in r.err


# -- rules files ---------------------------------------------------------------------------
RULES_FILE = "ja/300-zones.yaml"


def rules_cases() -> dict:
    valid = (REPO / "rules" / RULES_FILE).read_text("utf-8")
    return hostile_texts(
        valid,
        ("    title: 領域\n", "    title: [領域]\n"),
        ("    title: 領域\n", "    titel: 領域\n"),
    )


RULES_CASES = rules_cases()


@pytest.mark.parametrize("kind", RULES_CASES)
def test_a_hostile_rules_file_is_one_message_naming_file_and_line(cli, rules_copy, kind) -> None:
    data, line, words = RULES_CASES[kind]
    (rules_copy / RULES_FILE).write_bytes(data)
    shown = f"rules/{RULES_FILE}"
    for args in (("rule", "603"), ("judge", "到達"), ("judge", "到達", "--json")):
        r = cli(*args)
        assert r.code == 1, (kind, args, r)
        no_traceback(r)
        assert shown in r.err + r.out and words in r.err + r.out, (args, r)
        if line is not None:
            assert line_named(r.err + r.out, shown) == line, (args, r)


def test_check_lists_a_hostile_rules_file_once(cli, rules_copy) -> None:
    data, line, _ = RULES_CASES["nul"]
    (rules_copy / RULES_FILE).write_bytes(data)
    r = cli("check")
    assert r.code == 1
    no_traceback(r)
    assert f"rules/{RULES_FILE}:{line}: the file contains a NUL byte" in r.out
    assert r.out.count("NUL byte") == 1  # not once more for every scenario
    assert "the scenarios are not replayed while the rules data has problems" in r.out


def test_the_rules_come_back_when_the_file_is_mended(cli, rules_copy) -> None:
    good = (rules_copy / RULES_FILE).read_bytes()
    (rules_copy / RULES_FILE).write_bytes(good + b"\x00")
    assert cli("rule", "300.2").code == 1
    (rules_copy / RULES_FILE).write_bytes(good)
    r = cli("rule", "300.2")
    assert r.code == 0 and "1枚のカードは、常にいずれか1つの領域にある。" in r.out


# -- HTML in text that reaches a sheet -------------------------------------------------------
SCRIPT = "<script>alert(1)</script>"


def test_html_in_card_texts_answers_and_rules_is_escaped_on_sheets(
    cli, rules_copy, tmp_path
) -> None:
    """The texts a sheet shows besides the question (tests/test_sheets.py): the answer, a
    card's name and printed effect text in both languages, and the rules' own text."""
    import yaml

    from judge_cli.yamlio import dump_yaml

    def edit(path: Path, change) -> None:
        data = yaml.safe_load(path.read_text("utf-8"))
        change(data)
        path.write_text(dump_yaml(data), "utf-8")

    shutil.copytree(REPO / "scenarios" / "cards", tmp_path / "cards")
    (tmp_path / "effects").mkdir()
    sc = tmp_path / "effects" / "x.yaml"
    shutil.copy(REPO / "scenarios" / "effects" / "604-3-not-to-hand.yaml", sc)
    reached = "souvenir"  # the card the scenario's piece reaches: its text is on the sheet
    assert reached in sc.read_text("utf-8")

    def hostile_card(data: dict) -> None:
        card = data["cards"][reached]
        card["name"] = {"ja": f"{SCRIPT}お土産", "en": "<img src=x onerror=alert(1)>"}
        for effect in ("reach", "hand"):
            if effect in card:
                card[effect]["text"] = {"ja": f"{SCRIPT}効果", "en": f"<b>{SCRIPT}</b>"}

    def hostile_answer(data: dict) -> None:
        data["answer"]["ja"] = SCRIPT + data["answer"]["ja"]
        data["answer"]["en"] = "<iframe></iframe>" + data["answer"]["en"]

    def hostile_rules(data: dict) -> None:
        data["articles"]["604.3"]["text"] = SCRIPT + data["articles"]["604.3"]["text"]

    edit(tmp_path / "cards" / "effects.yaml", hostile_card)
    edit(sc, hostile_answer)
    edit(rules_copy / "ja" / "600-effects.yaml", hostile_rules)
    for name in ("sheet.html", "sheet.md"):
        out = tmp_path / name
        r = cli("sheet", str(sc), "-o", str(out), "--lang", "both")
        assert r.code == 0, r.err
        text = out.read_text("utf-8")
        # Markdown escapes with a backslash (\\<script\\>), HTML with entities.
        assert not re.search(r"(?<!\\)<(script|img|iframe|b>)", text), name
    html = (tmp_path / "sheet.html").read_text("utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;お土産" in html  # the card's name
    assert "&lt;script&gt;alert(1)&lt;/script&gt;効果" in html  # its printed text
    assert "&lt;iframe&gt;&lt;/iframe&gt;" in html  # the answer
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 4  # and the article 604.3
    r = cli("sheet", "--articles", "604", "-o", str(tmp_path / "ref.html"))
    assert r.code == 0, r.err
    ref = (tmp_path / "ref.html").read_text("utf-8")
    assert "<script" not in ref and "&lt;script&gt;alert(1)&lt;/script&gt;" in ref


def test_the_limits_are_what_the_messages_say() -> None:
    assert MAX_BYTES == 2 * 1024 * 1024 and MAX_DEPTH == 40 and MAX_ALIASES == 100

"""``seven replay`` and ``seven check --coverage`` through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ONE = str(REPO / "scenarios" / "base" / "507-4-contact-empty-hand.yaml")


def test_replay_shows_board_steps_and_articles(cli) -> None:
    r = cli("replay", ONE)
    assert r.code == 0, r.err
    assert "開始時の盤面" in r.out and "終了時の盤面" in r.out
    assert "⛩W" in r.out and "[S]" in r.out
    assert "507.4 〔接触〕 相手の手札が0枚の場合、手札は奪えない。" in r.out
    assert "Wの手札は0枚：奪えるカードはない" in r.out


def test_replay_english_words(cli) -> None:
    r = cli("replay", ONE, "--lang", "en")
    assert r.code == 0
    assert "W has 0 card(s) in hand: nothing is taken" in r.out
    assert "Board before" in r.out


def test_replay_json_is_stable_and_deterministic(cli) -> None:
    one = cli("replay", ONE, "--json")
    two = cli("replay", ONE, "--json")
    assert one.code == 0 and one.out == two.out
    data = json.loads(one.out)
    assert data["format"] == 1
    assert data["outcome"]["passed"] is True
    kinds = [e["kind"] for e in data["trace"]]
    assert kinds[:3] == ["declared", "nothing_taken", "moved"]
    assert data["trace"][1]["cause"] == 1
    assert data["outcome"]["end"]["pieces"]["W"] == "a4"


def test_replay_check_directory_passes(cli) -> None:
    r = cli("replay", str(REPO / "scenarios"), "--check")
    assert r.code == 0, r.out
    assert " passed, 0 failed" in r.out


def test_replay_check_fails_with_the_difference(cli, tmp_path) -> None:
    text = Path(ONE).read_text(encoding="utf-8").replace("W: [g1]", "W: [g2]")
    text = text.replace("../cards/base.yaml", str(REPO / "scenarios/cards/base.yaml"))
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    r = cli("replay", str(bad), "--check")
    assert r.code == 1
    assert "expect.end.hands.W" in r.out


def test_replay_bad_file_is_one_message(cli, tmp_path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [\n", encoding="utf-8")
    r = cli("replay", str(bad))
    assert r.code == 1
    assert "bad.yaml" in r.err and "Traceback" not in r.err


def test_replay_step_waits_between_steps(cli, monkeypatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("\n\n\n"))
    r = cli("replay", ONE, "--step")
    assert r.code == 0
    assert "Enter" in r.err


def test_check_coverage_lists_articles(cli) -> None:
    r = cli("check", "--coverage")
    assert r.code == 0, r.out + r.err
    line = next(x for x in r.out.splitlines() if x.startswith("507.4 "))
    assert "engine" in line and "507-4-contact-empty-hand" in line
    assert "citable by the engine" in r.out

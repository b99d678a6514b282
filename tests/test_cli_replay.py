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
    r = cli("replay", str(REPO / "scenarios"), "--check", "--lang", "en")
    assert r.code == 0, r.out
    assert " passed, 0 failed" in r.out


def test_replay_check_is_one_line_per_scenario_with_totals(cli) -> None:
    dirs = [str(REPO / "scenarios" / d) for d in ("base", "effects")]
    r = cli("replay", *dirs, "--check", "--lang", "en")
    assert r.code == 0, r.out
    lines = r.out.splitlines()
    n = len(list((REPO / "scenarios" / "base").glob("*.yaml")))
    n += len(list((REPO / "scenarios" / "effects").glob("*.yaml")))
    assert len(lines) == n + 1
    assert all(x.startswith("✓ ") for x in lines[:-1])
    assert lines[-1] == f"{n} passed, 0 failed"
    assert "Board before" not in r.out


def test_replay_check_verbose_shows_the_replay(cli) -> None:
    r = cli("replay", ONE, "--check", "--verbose", "--lang", "en")
    assert r.code == 0, r.out
    assert "Board before" in r.out and r.out.rstrip().endswith("1 passed, 0 failed")


def test_replay_takes_ruling_ids_as_seven_rulings_prints_them(cli) -> None:
    r = cli(
        "replay",
        "base/507-4-contact-empty-hand",
        "effects/309-3-exposed-by-a-discard",
        "--check",
        "--lang",
        "en",
    )
    assert r.code == 0, r.out
    assert "✓ scenarios/base/507-4-contact-empty-hand.yaml: as expected" in r.out
    assert r.out.rstrip().endswith("2 passed, 0 failed")


def test_replay_unknown_target_is_one_message(cli) -> None:
    r = cli("replay", "base/no-such-ruling")
    assert r.code == 1
    assert "base/no-such-ruling: no such file, directory or ruling id" in r.err


def test_replay_check_goes_on_past_a_scenario_that_cannot_be_replayed(cli, tmp_path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [\n", encoding="utf-8")
    r = cli("replay", str(bad), ONE, "--check", "--lang", "en")
    assert r.code == 1
    assert f"✗ {bad}: cannot be replayed" in r.out
    assert r.err.startswith(f"seven: {bad}:") and "Traceback" not in r.err
    assert "✓ " in r.out and r.out.rstrip().endswith("1 passed, 1 failed")


def test_a_scenario_with_several_problems_lists_them_all(cli, tmp_path) -> None:
    text = Path(ONE).read_text(encoding="utf-8")
    text = text.replace("fill: 1", "fill: -1").replace("players:", "colour: red\nplayers:")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    r = cli("replay", str(bad))
    assert r.code == 1
    lines = [x for x in r.err.splitlines() if "bad.yaml:" in x]
    assert len(lines) == 2, r.err
    assert any("colour: unknown key" in x for x in lines)
    assert any("fill: " in x for x in lines)


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


def test_replay_by_id_from_an_installed_package(cli, tmp_path, monkeypatch) -> None:
    """Installed from a wheel there is no checkout: ids resolve in the packaged copy
    (judge_cli/_data/scenarios), whatever the current folder."""
    import shutil

    import judge_cli.paths as paths

    package = tmp_path / "site-packages" / "judge_cli"
    shutil.copytree(REPO / "scenarios", package / "_data" / "scenarios")
    monkeypatch.setattr(paths, "REPO_DIR", tmp_path / "site-packages")
    monkeypatch.setattr(paths, "PACKAGE_DIR", package)
    monkeypatch.delenv("SEVEN_SCENARIOS_DIR", raising=False)
    monkeypatch.setenv("SEVEN_RULES_DIR", str(REPO / "rules"))  # the rules: not under test
    monkeypatch.chdir(tmp_path)
    r = cli("replay", "base/507-4-contact-empty-hand", "--check", "--lang", "en")
    assert r.code == 0, r.out + r.err
    assert r.out.startswith("✓ scenarios/base/507-4-contact-empty-hand.yaml: as expected")


def test_japanese_replay_has_no_english_source_note(cli) -> None:
    r = cli("replay", ONE)
    assert r.code == 0
    assert "出典: 507.4、903.1から作成" in r.out and "written from" not in r.out
    assert "written from 507.4 and 903.1" in cli("replay", ONE, "--lang", "en").out

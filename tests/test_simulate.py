"""``seven simulate``: random full games, the laws after every event, each violation written
as a scenario that replays it, and the same seed giving the same games byte for byte."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import judge_cli.engine.rules.reach as reach_rules
from judge_cli.engine.cardset import load_cardset
from judge_cli.simulate.games import Options, play, run, table
from judge_cli.simulate.reproduce import write_all

TIMING = ("seconds", "games_per_second")


def without_timing(out: str) -> dict:
    data = json.loads(out)
    for key in TIMING:
        assert key in data
        del data[key]
    return data


def test_simulate_reports_games_finished_turns_speed_and_violations(cli) -> None:
    r = cli("simulate", "--games", "3", "--players", "4", "--seed", "11", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["games"] == 3 and data["players"] == [4] and data["seed"] == 11
    assert data["finished"] == 3 and data["unfinished"] == 0
    assert data["violations"] == 0 and data["crashes"] == 0 and data["faults"] == []
    assert data["games_per_second"] > 0 and data["average_turns"] > 5
    assert sum(data["wins"].values()) == 3 and data["out"] is None


def test_simulate_prints_a_readable_report(cli) -> None:
    r = cli("simulate", "-n", "2", "-p", "2", "--seed", "3")
    assert r.code == 0, r.err
    assert "2 games of 2 players, seed 3 (the laws checked after every event)" in r.out
    assert "finished: 2 with a winner" in r.out and "violations: 0, crashes: 0" in r.out
    assert "games per second" in r.out


def test_the_same_seed_gives_the_same_games_byte_for_byte(cli) -> None:
    args = ("simulate", "--games", "4", "--players", "2-4", "--seed", "5", "--json")
    one, two = cli(*args), cli(*args)
    assert without_timing(one.out) == without_timing(two.out)
    other = cli("simulate", "--games", "4", "--players", "2-4", "--seed", "6", "--json")
    assert without_timing(other.out)["digest"] != without_timing(one.out)["digest"]


def test_the_checks_do_not_change_the_games(cli) -> None:
    args = ("simulate", "--games", "3", "--seed", "8", "--json")
    assert (
        json.loads(cli(*args).out)["digest"] == json.loads(cli(*args, "--no-checks").out)["digest"]
    )


def test_102_1_two_to_four_players(cli) -> None:
    for bad in ("5", "1-4", "x", "2-", ""):
        r = cli("simulate", "--players", bad, "--games", "1")
        assert r.code == 1 and "not a number of players" in r.err and "102.1" in r.err, bad
        assert "Traceback" not in r.err


def test_102_3_seats_are_chosen_around_the_table() -> None:
    options = Options(games=40, players=(2, 3))
    tables = [table(options, n) for n in range(1, 41)]
    assert all(len(t) == options.table_size(n) for n, t in enumerate(tables, 1))
    # Two players sit opposite or side by side; three leave any one seat empty.
    assert len(set(tables)) > 4


def test_the_turn_cap_stops_a_game_unfinished() -> None:
    _, result = play(load_cardset(), Options(max_turns=3), 1)
    assert result.winner is None and result.turns == 3 and not result.went_wrong


# -- a violation, written out -------------------------------------------------------------
def duplicate_orange_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """A made-up engine bug: a reached orange card goes to the hand and stays on its square
    too (300.2)."""
    real = reach_rules.card_to_hand

    def buggy(game, cause, seat, card, square, run):
        pile = game.state.squares[square]
        colour = game.state.cards[card].colour
        if colour.value == "orange" and any(f.card == card for f in pile) and not run.disposed:
            game.state.players[seat].hand.append(card)
            game.emit("to_hand", ("604.2",), actor=seat, cause=cause, card=card, frm=square)
            return None
        return real(game, cause, seat, card, square, run)

    monkeypatch.setattr(reach_rules, "card_to_hand", buggy)


def test_a_violation_is_written_as_a_scenario_that_fails_while_the_bug_exists(
    cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    duplicate_orange_cards(monkeypatch)
    out = tmp_path / "found"
    r = cli("simulate", "-n", "2", "-p", "2,4", "--seed", "5", "--out", str(out), "--json")
    assert r.code == 1
    data = json.loads(r.out)
    assert data["violations"] >= 2 and data["out"] == str(out)
    for fault in data["faults"]:
        assert fault["violations"][0]["article"] == "300.2"
        assert "is in 2 places" in fault["violations"][0]["text"]
        assert fault["reproduced"] is True
        path = Path(fault["file"])
        assert path.parent == out and path.name.endswith("-300.2.yaml")
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# Written by `seven simulate --games 2 --players 2,4 --seed 5")
        assert "invariants: ['300.2']" in text and "include: [cards/cardset.yaml]" in text
        # While the bug exists, the replay fails its expectation, naming the law and step.
        check = cli("replay", str(path), "--check", "--lang", "en")
        assert check.code == 1
        assert "expect.invariants: 300.2 is broken after event #" in check.out
    assert (out / "cards" / "cardset.yaml").is_file()
    monkeypatch.undo()  # the bug fixed: the same files now pass
    check = cli("replay", str(out), "--check")
    assert check.code == 0, check.out


def test_violation_files_are_the_same_byte_for_byte(
    cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    duplicate_orange_cards(monkeypatch)
    for name in ("one", "two"):
        cli("simulate", "-n", "2", "-p", "3", "--seed", "9", "--out", str(tmp_path / name))
    one = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*.yaml"))
    assert len(one) >= 2
    for f in one:
        assert (tmp_path / "one" / f).read_bytes() == (tmp_path / "two" / f).read_bytes(), f


def test_the_default_out_is_a_new_temporary_folder_named_in_the_output(
    cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the test's own temporary folder
    duplicate_orange_cards(monkeypatch)
    r = cli("simulate", "-n", "1", "-p", "2", "--seed", "5")
    assert r.code == 1 and "scenarios written to " in r.out
    folder = Path(r.out.split("scenarios written to ", 1)[1].split(" ", 1)[0])
    assert folder.is_dir() and folder.name.startswith("seven-simulate-")
    assert folder.parent == tmp_path
    assert "(replays it)" in r.out


def test_a_crash_is_reported_and_written_not_raised(
    cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def broken(game, cause, *args, **kwargs):
        raise KeyError("broken on purpose")

    monkeypatch.setattr(reach_rules, "combo", broken)
    r = cli("simulate", "-n", "1", "-p", "2", "--seed", "1", "--out", str(tmp_path), "--json")
    assert r.code == 1
    data = json.loads(r.out)
    assert data["crashes"] == 1
    crash = data["faults"][0]["crash"]
    assert crash.startswith("KeyError: 'broken on purpose'")
    assert data["faults"][0]["reproduced"] is True
    assert Path(data["faults"][0]["file"]).name.endswith("-crash.yaml")


def test_report_counts_every_violation_of_a_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    duplicate_orange_cards(monkeypatch)
    cards = load_cardset()
    report = run(Options(games=3, players=(2,), seed=5), cards)
    assert report.violations and all(v.article == "300.2" for _, v in report.violations)
    assert write_all(report, cards, None) is not None
    assert set(report.reproduced.values()) == {True}


# -- the engine's laws on random play -----------------------------------------------------
@settings(max_examples=10, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 1_000_000))
def test_random_games_keep_every_law_after_every_event(players: int, seed: int) -> None:
    _, result = play(load_cardset(), Options(players=(players,), seed=seed), 1)
    assert not result.went_wrong, (result.violations, result.crash)
    assert result.finished or result.turns == Options().max_turns


def test_a_fault_in_the_setup_is_written_as_a_setup_scenario(
    cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A made-up bug in 401.1 step 6: every piece on d4 (204.2)."""
    import judge_cli.engine.rules.setup as setup_rules
    from judge_cli.engine.table import Square

    monkeypatch.setattr(setup_rules, "gate_of", lambda seat: Square.parse("d4"))
    r = cli("simulate", "-n", "1", "-p", "3", "--seed", "2", "--out", str(tmp_path), "--json")
    fault = json.loads(r.out)["faults"][0]
    assert r.code == 1 and fault["reproduced"] is True
    assert [v["text"] for v in fault["violations"]] == ["3 pieces on d4"]  # reported once
    text = Path(fault["file"]).read_text(encoding="utf-8")
    assert "\nsetup:\n  players: [" in text and "\nsteps: []\n" in text
    assert "- shuffle: [" in text and "- first_player: " in text
    check = cli("replay", fault["file"], "--check", "--lang", "en")
    assert (
        check.code == 1 and "204.2 is broken after event #8, the setup" in check.out
    )  # setup_pieces

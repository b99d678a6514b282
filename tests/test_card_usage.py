"""Which effects of a real design the scenarios exercise, read from the replay's trace."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judge_cli.cards.usage import build_usage, exercised_effects
from judge_cli.engine.events import Event
from judge_cli.engine.table import Seat

HAS = {
    "red-jump-pad": {"arrival", "hand"},
    "eternal-red": {"basic", "hand"},
}


def _ev(seq: int, kind: str, **data) -> Event:
    return Event(seq, kind, Seat("S"), (), None, data)


def test_606_hand_effect_exercised_when_a_card_of_the_design_is_used() -> None:
    trace = [
        _ev(1, "declared", declaration="move", to="d4"),
        _ev(2, "declared", declaration="use", card="j1", frm="hand"),
    ]
    got = exercised_effects(trace, {"j1": "red-jump-pad"}, HAS)
    assert got == {("red-jump-pad", "hand")}


def test_604_1_arrival_effect_exercised_only_when_gained() -> None:
    design_of = {"j1": "red-jump-pad"}
    reached = [_ev(1, "reached", card="j1", square="d4", via="opened")]
    assert exercised_effects(reached, design_of, HAS) == set()
    suppressed = [*reached, _ev(2, "reach_suppressed_here", card="j1")]
    assert exercised_effects(suppressed, design_of, HAS) == set()
    gained = [*reached, _ev(2, "reach_effect", card="j1", effect="reach")]
    assert exercised_effects(gained, design_of, HAS) == {("red-jump-pad", "arrival")}


def test_601_2_an_effect_the_design_does_not_have_is_never_exercised() -> None:
    trace = [_ev(1, "reach_effect", card="e1", effect=None)]  # 601.2: it has none
    assert exercised_effects(trace, {"e1": "eternal-red"}, HAS) == set()
    trace = [_ev(1, "protected", cards=["j1"])]
    assert exercised_effects(trace, {"j1": "red-jump-pad"}, HAS) == set()


def test_704_3_basic_effect_exercised_when_the_engine_protects_the_card() -> None:
    trace = [_ev(1, "protected", cards=["e1", "x9"])]
    got = exercised_effects(trace, {"e1": "eternal-red"}, HAS)
    assert got == {("eternal-red", "basic")}


def test_made_up_cards_exercise_no_design() -> None:
    trace = [_ev(1, "declared", declaration="use", card="outing1")]
    assert exercised_effects(trace, {"j1": "red-jump-pad"}, HAS) == set()


# -- from real replays -------------------------------------------------------------------

REPO = Path(__file__).resolve().parent.parent
HEAD = """date: 2026-12-01
source: a test of seven card
include: [../cards/base.yaml]
cards:
  j1: {design: red-jump-pad}
fill: 1
"""
FROM_HAND = (
    HEAD
    + """title: {ja: ジャンプ台を手札から使う, en: Jump Pad used from the hand}
question: {ja: Sはジャンプ台を手札から使う。, en: S uses Jump Pad from the hand.}
answer: {ja: 選んだマスに表向きで置かれる。, en: It is placed face up on the square chosen.}
players:
  S: {piece: d2, hand: [j1], lock: {red: [first-red]}}
  N: {piece: d6, lock: {blue: [first-blue]}}
turn: {player: S, phase: hand}
steps:
  - S: use j1
    decide:
      - square: c4
expect:
  end:
    hands: {S: []}
"""
)
ARRIVAL = (
    HEAD
    + """title: {ja: ジャンプ台に到達する, en: Arriving at Jump Pad}
question: {ja: Sは表向きのジャンプ台へ移動する。, en: S moves onto a face-up Jump Pad.}
answer: {ja: Sの駒は2マス先へ一気に移動する。, en: S's piece leaps 2 squares ahead.}
players:
  S: {piece: d2, lock: {red: [first-red]}}
  N: {piece: g7, lock: {blue: [first-blue]}}
board:
  d3: [j1 up]
  d5: [g1]
turn: {player: S, phase: move}
steps:
  - S: move d3
    decide:
      - square: d5
expect:
  end:
    pieces: {S: PIECE}
"""
)


def _scenarios(tmp_path: Path, arrival_ends_on: str = "d5") -> Path:
    root = tmp_path / "scenarios"
    (root / "cards").mkdir(parents=True)
    (root / "t").mkdir()
    shutil.copy(REPO / "scenarios" / "cards" / "base.yaml", root / "cards" / "base.yaml")
    (root / "t" / "from-hand.yaml").write_text(FROM_HAND, encoding="utf-8")
    arrival = ARRIVAL.replace("PIECE", arrival_ends_on)
    (root / "t" / "arrival.yaml").write_text(arrival, encoding="utf-8")
    return root


def test_604_606_exercised_effects_come_from_the_replays(tmp_path: Path) -> None:
    data = build_usage(_scenarios(tmp_path))
    assert data["problems"] == []
    assert data["used"]["red-jump-pad"] == ["t/arrival", "t/from-hand"]
    assert data["exercised"]["red-jump-pad"] == {"arrival": ["t/arrival"], "hand": ["t/from-hand"]}
    assert data["used"]["red-counter-lock"] == []
    assert data["exercised"]["eternal-red"] == {"basic": [], "hand": []}


def test_a_scenario_whose_expectations_fail_exercises_nothing(tmp_path: Path) -> None:
    data = build_usage(_scenarios(tmp_path, arrival_ends_on="d4"))
    assert data["exercised"]["red-jump-pad"] == {"arrival": [], "hand": ["t/from-hand"]}
    [problem] = data["problems"]
    assert problem["file"] == "scenarios/t/arrival.yaml"


def test_seven_card_shows_the_rulings_and_the_exercised_effects(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SEVEN_SCENARIOS_DIR", str(_scenarios(tmp_path)))
    r = cli("card", "ジャンプ台", "--json")
    assert r.code == 0, r
    [record] = json.loads(r.out)["results"]
    assert [x["id"] for x in record["rulings"]] == ["t/arrival", "t/from-hand"]
    assert record["rulings"][0]["title"]["en"] == "Arriving at Jump Pad"
    assert record["exercised"] == {"basic": None, "arrival": ["t/arrival"], "hand": ["t/from-hand"]}
    text = cli("card", "ジャンプ台").out
    assert "t/arrival" in text and "● 到達効果: t/arrival" in text


def test_seven_card_names_a_failing_scenario_and_exits_1(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SEVEN_SCENARIOS_DIR", str(_scenarios(tmp_path, arrival_ends_on="d4")))
    r = cli("card", "ジャンプ台")
    assert r.code == 1
    assert "■ 手札効果: t/from-hand" in r.out
    assert "scenarios/t/arrival.yaml" in r.err and "Traceback" not in r.err

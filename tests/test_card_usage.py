"""Which effects of a real design the scenarios exercise, read from the replay's trace."""

from __future__ import annotations

from judge_cli.cards.usage import exercised_effects
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

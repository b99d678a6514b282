"""The engine's rules, one test per article (the scenarios cover the same ground as replays)."""

from __future__ import annotations

import pytest

from judge_cli.engine.cards import Colour
from judge_cli.engine.decisions import RandomDecisions, Request
from judge_cli.engine.declarations import Contact, Lock, Move, parse_declaration
from judge_cli.engine.game import Refused
from judge_cli.engine.rules import deck
from judge_cli.engine.state import FieldCard, Phase
from judge_cli.engine.table import CLOCKWISE, Seat, Square, clockwise_from, gate_of, next_seat
from judge_cli.errors import InputError
from tests.engine_helpers import SQ, take_out, two_player_game


class Fixed:
    """Decisions that always pick the given answers, in order."""

    def __init__(self, *answers: tuple[str, ...]) -> None:
        self.answers = list(answers)

    def decide(self, request: Request) -> tuple[str, ...]:
        return self.answers.pop(0)


def test_302_1_gates_are_the_centres_of_the_sides() -> None:
    assert [gate_of(s).name for s in CLOCKWISE] == ["d1", "a4", "d7", "g4"]


def test_102_5_clockwise_and_904_empty_seats_are_skipped() -> None:
    assert next_seat(Seat.S, [Seat.S, Seat.N, Seat.E]) == Seat.N
    assert next_seat(Seat.E, [Seat.S, Seat.N, Seat.E]) == Seat.S
    assert clockwise_from(Seat.N, CLOCKWISE) == [Seat.N, Seat.E, Seat.S, Seat.W]


def test_608_3_adjacent_and_608_4_surrounding() -> None:
    assert [s.name for s in SQ("d4").adjacent()] == ["c4", "d3", "d5", "e4"]
    assert len(SQ("a1").surrounding()) == 3


def test_square_parse_quotes_bad_input() -> None:
    with pytest.raises(InputError, match="'h9'"):
        Square.parse("h9")


def test_701_3_colourless_lock_is_refused_and_nothing_changes() -> None:
    game = two_player_game()
    game.state.players[Seat.S].hand.append("white1")
    before = game.state.clone()
    with pytest.raises(Refused) as exc:
        game.lock(Seat.S, "white1", Colour.red)
    assert exc.value.article == "701.3"
    assert game.state == before
    assert not game.can_lock(Seat.S, "white1", Colour.red)
    [event] = game.submit(Lock(Seat.S, "white1", Colour.red))
    assert event.kind == "refused" and "701.3" in event.articles
    assert game.state == before


def test_503_3_second_lock_and_702_1_occupied_place() -> None:
    game = two_player_game()
    game.state.players[Seat.S].hand.extend(["yellow1", "green1", "red1"])
    with pytest.raises(Refused) as exc:
        game.verify_lock(Seat.S, "red1")
    assert exc.value.article == "702.1"
    game.lock(Seat.S, "yellow1")
    with pytest.raises(Refused) as exc:
        game.verify_lock(Seat.S, "green1")
    assert exc.value.article == "503.3"


def test_701_2_wrong_colour_and_701_4_rainbow_needs_place() -> None:
    game = two_player_game()
    game.state.players[Seat.S].hand.extend(["green1", "rainbow1"])
    assert not game.can_lock(Seat.S, "green1", Colour.blue)
    with pytest.raises(Refused, match="rainbow"):
        game.verify_lock(Seat.S, "rainbow1")
    assert game.can_lock(Seat.S, "rainbow1", Colour.purple)


def test_103_2_game_ends_at_the_seventh_colour_and_103_4_nothing_after() -> None:
    game = two_player_game()
    s = game.state.players[Seat.S]
    ids = ["orange1", "yellow1", "green1", "blue1", "pink1", "purple1"]
    take_out(game, *ids)
    for colour, cid in zip(list(Colour)[1:6], ids[:5], strict=True):
        s.lock_area[colour].append(cid)
    s.hand.append("purple1")
    events = game.lock(Seat.S, "purple1")
    assert events[-1].kind == "game_ends" and "103.2" in events[-1].articles
    assert game.state.winner is Seat.S
    assert game.state.problems() == []
    with pytest.raises(Refused) as exc:
        game.end_phase(Seat.S)
    assert exc.value.article == "103.4"


def test_506_2_506_3_moves_and_609_4_outside_move_phase() -> None:
    game = two_player_game()
    with pytest.raises(Refused) as exc:
        game.verify_move(Seat.S, SQ("d2"))
    assert exc.value.article == "609.4"
    game.end_phase(Seat.S)
    game.end_phase(Seat.S)
    game.state.squares[SQ("d2")].clear()
    with pytest.raises(Refused) as exc:
        game.verify_move(Seat.S, SQ("d2"))
    assert exc.value.article == "506.2"
    game.state.players[Seat.N].piece = SQ("c1")
    with pytest.raises(Refused) as exc:
        game.verify_move(Seat.S, SQ("c1"))
    assert exc.value.article == "506.3"
    events = game.move(Seat.S, SQ("e1"))
    kinds = [e.kind for e in events]
    assert kinds[:4] == ["declared", "moved", "opened", "reached"]
    assert "to_hand" in kinds


def test_507_4_contact_against_empty_hand() -> None:
    game = two_player_game(phase=Phase.move)
    game.state.players[Seat.N].piece = SQ("d2")
    events = game.contact(Seat.S, Seat.N)
    taken = next(e for e in events if e.kind == "nothing_taken")
    assert "507.4" in taken.articles and "903.1" in taken.articles
    assert game.state.players[Seat.N].piece == SQ("d7")
    assert game.state.players[Seat.S].piece == SQ("d1")  # 507.2: you do not move


def test_507_1a_contact_against_piece_already_at_its_gate() -> None:
    game = two_player_game(phase=Phase.move)
    game.state.players[Seat.S].piece = SQ("d6")
    game.state.players[Seat.N].hand.append("green9")
    game.decisions = Fixed(("green9",))
    events = game.declare(Contact(Seat.S, Seat.N))
    assert [e.kind for e in events] == ["declared", "took", "stays"]
    assert game.state.players[Seat.S].hand == ["green9"]


def test_505_2_no_contact_after_a_move() -> None:
    game = two_player_game(phase=Phase.move)
    game.state.players[Seat.N].piece = SQ("d3")
    game.move(Seat.S, SQ("d2"))
    with pytest.raises(Refused) as exc:
        game.verify_contact(Seat.S, Seat.N)
    assert exc.value.article == "505.2"


def test_901_1_discard_turned_over_puts_its_bottom_card_on_top() -> None:
    game = two_player_game()
    take_out(game, "red1", "green1", "blue1")
    game.state.deck = []
    game.state.discard = ["red1", "green1", "blue1"]
    assert deck.take_top(game, None) == "red1"
    assert game.state.deck == ["blue1", "green1"]
    assert game.state.discard == []


def test_902_2_deck_exhausted_mid_draw_draws_what_there_is() -> None:
    game = two_player_game()
    take_out(game, "red1", "green1")
    game.state.deck = ["red1"]
    game.state.discard = ["green1"]
    drawn = deck.draw(game, None, Seat.S, 3)
    assert drawn == ["red1", "green1"]  # 901.1 refills once, then 902: nothing left
    kinds = [e.kind for e in game.trace]
    assert kinds == ["drew", "deck_refilled", "drew", "cannot_draw"]
    assert game.trace[-1].data == {"wanted": 3, "drawn": 2}


def test_605_3_reach_combo_takes_every_exposed_face_up_card() -> None:
    game = two_player_game(phase=Phase.move)
    pile = game.state.squares[SQ("d2")]
    take_out(game, "red1", "green1", "blue1")
    pile[:] = [FieldCard("red1"), FieldCard("green1", True), FieldCard("blue1", True)]
    game.move(Seat.S, SQ("d2"))
    assert game.state.players[Seat.S].hand == ["blue1", "green1"]
    assert [f.card for f in pile] == ["red1"]


def test_508_1_fallback_when_neither_move_nor_contact() -> None:
    game = two_player_game(phase=Phase.hand)
    for sq in ("c1", "e1", "d2"):
        game.state.squares[SQ(sq)].clear()
    top = game.state.deck[-1]
    game.decisions = Fixed(("d2",))
    events = game.end_phase(Seat.S)
    kinds = [e.kind for e in events]
    assert "no_action" in kinds and "placed" in kinds and "turn_ends" in kinds
    assert [f.card for f in game.state.squares[SQ("d2")]] == [top]
    assert game.state.turn is Seat.N


def test_declarations_parse_and_print() -> None:
    assert str(parse_declaration("LOCK r1 as Red", "s")) == "S: lock r1 as red"
    assert isinstance(parse_declaration("move d2", "N"), Move)
    with pytest.raises(InputError, match="unknown declaration"):
        parse_declaration("jump d2", "S")


def test_random_decisions_are_seeded() -> None:
    req = Request("take", "803.1", tuple("abcdef"), 3)
    assert RandomDecisions(5).decide(req) == RandomDecisions(5).decide(req)


def test_502_4_a_step_after_a_declaration_resolves_before_it_and_nests() -> None:
    from judge_cli.engine.game import step

    game = two_player_game(phase=Phase.move)
    seen = []

    def window(g, cause):
        seen.append([e.kind for e in g.trace])
        g.emit("window", ("502.4",), cause=cause)
        return [step(inner, cause)]

    def inner(g, cause):
        g.emit("inner", ("502.4a",), cause=cause)

    game.after_declaration.append(lambda g, ev: [step(window, ev.seq)])
    events = game.move(Seat.S, SQ("d2"))
    assert [e.kind for e in events][:4] == ["declared", "window", "inner", "moved"]
    assert seen == [["declared"]]

"""The game's laws (judge_cli/engine/laws.py): each one catches what breaks it, names its
article, and holds in every scenario; State.lawful agrees with State.problems."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.engine.cards import SEVEN_COLOURS, Colour, Kind
from judge_cli.engine.cardset import load_cardset, new_game
from judge_cli.engine.game import Game
from judge_cli.engine.laws import ARTICLES, Laws
from judge_cli.engine.state import FieldCard, Phase, State
from judge_cli.engine.table import Seat, Square
from judge_cli.scenario.load import load_scenario
from judge_cli.scenario.runner import replay, scenario_files

REPO = Path(__file__).resolve().parent.parent


def watched(seats: str = "SN", seed: int = 1) -> tuple[Game, Laws]:
    game = new_game(list(seats), seed)
    return game, Laws.attach(game)


def articles(laws: Laws) -> list[str]:
    return [v.article for v in laws.violations]


def seven_colours(game: Game, seat: Seat) -> None:
    """Lock a card of every colour for ``seat``, taken from the deck."""
    state = game.state
    player = state.players[seat]
    for colour in SEVEN_COLOURS:
        if any(c not in player.placed for c in player.lock_area[colour]):
            continue
        card = next(c for c in state.deck if state.cards[c].colour == colour)
        state.deck.remove(card)
        player.lock_area[colour].append(card)


def test_a_game_just_set_up_keeps_every_law() -> None:
    game, laws = watched("SWNE")
    game.emit("nothing", ())
    assert laws.violations == []


def test_every_law_names_an_article_of_the_rules(ja) -> None:
    for aid in ARTICLES:
        assert ja.has(aid), aid


def test_701_4_the_guide_lists_the_laws_the_engine_accepts() -> None:
    """docs/scenarios.md names exactly the articles ``expect.invariants`` accepts: a rainbow
    card's place is the law of 701.2 (no law is checked for 701.4)."""
    import re

    text = (Path(__file__).parents[1] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    paragraph = text.split("`invariants` lists articles", 1)[1].split("`seven simulate`", 1)[0]
    assert set(re.findall(r"\b\d{3}\.\d+[a-z]?\b", paragraph)) == set(ARTICLES)


def test_300_2_a_card_in_two_places() -> None:
    game, laws = watched()
    card = game.state.deck[-1]
    game.state.players[Seat.S].hand.append(card)
    game.emit("drew", ())
    assert articles(laws) == ["300.2"]
    assert "in 2 places: S's hand, the deck" in laws.violations[0].text


def test_300_2_a_card_that_vanishes() -> None:
    game, laws = watched()
    card = game.state.deck.pop()
    game.emit("drew", ())
    assert articles(laws) == ["300.2"]
    assert laws.violations[0].text == f"card {card!r} in no place"


def test_300_2_a_card_that_appears_from_nowhere() -> None:
    game = new_game(["S", "N"], 1)
    card = game.state.deck.pop()  # out of play when the watch begins
    laws = Laws.attach(game)
    game.state.discard.append(card)
    game.emit("discarded", ())
    assert articles(laws) == ["300.2"] and "appeared from nowhere" in laws.violations[0].text


def test_204_2_two_pieces_on_one_square() -> None:
    game, laws = watched()
    game.state.players[Seat.S].piece = game.state.players[Seat.N].piece
    game.emit("moved", ())
    assert articles(laws) == ["204.2"]


def test_701_2_a_card_locked_in_another_colours_place() -> None:
    game, laws = watched()
    state = game.state
    card = next(c for c in state.deck if state.cards[c].colour is Colour.red)
    state.deck.remove(card)
    state.players[Seat.S].lock_area[Colour.blue].append(card)
    game.emit("locked", ())
    assert "701.2" in articles(laws)


def test_701_4_a_rainbow_card_may_be_locked_in_any_place() -> None:
    game, laws = watched()
    state = game.state
    card = next(c for c in state.deck if state.cards[c].colour is Colour.rainbow)
    state.deck.remove(card)
    state.players[Seat.S].lock_area[Colour.pink].append(card)
    game.emit("locked", ())
    assert laws.violations == []


def test_103_2_the_seventh_colour_ends_the_game_at_that_instant() -> None:
    game, laws = watched()
    seven_colours(game, Seat.S)
    game.emit("locked", (), actor=Seat.S)
    assert laws.violations == []  # owed: the very next event is the end of the game
    game.emit("to_hand", ())
    assert articles(laws) == ["103.2"]
    assert "instead comes to_hand" in laws.violations[0].text


def test_103_2_the_end_of_the_game_right_after_the_seventh_colour_is_lawful() -> None:
    game, laws = watched()
    seven_colours(game, Seat.S)
    ev = game.emit("locked", (), actor=Seat.S)
    game.end_game(Seat.S, ev.seq)
    laws.finish()
    assert laws.violations == []


def test_103_2_nothing_happens_after_the_game_ends() -> None:
    game, laws = watched()
    seven_colours(game, Seat.S)
    game.end_game(Seat.S, None)
    game.emit("refused", ())  # a declaration refused after the end processes nothing (103.4)
    assert laws.violations == []
    game.emit("drew", ())
    assert articles(laws) == ["103.2"]


def test_103_3_one_winner() -> None:
    game, laws = watched()
    seven_colours(game, Seat.S)
    seven_colours(game, Seat.N)
    game.end_game(Seat.S, None)
    assert "103.3" in articles(laws)
    assert "N also have seven colours locked: two winners" in laws.violations[-1].text


def test_103_1_the_winner_has_seven_colours_locked() -> None:
    game, laws = watched()
    game.end_game(Seat.S, None)
    assert articles(laws) == ["103.1"]


def _end_turn(game: Game) -> None:
    game.emit("turn_ends", ())


def test_509_3_the_turn_passes_clockwise_to_the_next_player() -> None:
    game, laws = watched("SWNE")
    state = game.state
    first = state.turn
    _end_turn(game)
    state.turn = Seat.N if first is not Seat.N else Seat.S  # never the next one clockwise
    state.turn_number += 1
    game.emit("turn_begins", (), actor=state.turn, skipped=[])
    assert "509.3" in articles(laws)


def test_904_1_empty_seats_are_skipped() -> None:
    game, laws = watched("SWN", seed=2)
    state = game.state
    state.turn = Seat.N
    laws.arm()
    _end_turn(game)
    state.turn, state.phase = Seat.S, Phase.lock
    state.turn_number += 1
    game.emit("turn_begins", (), actor=Seat.S, skipped=["E"])
    game.emit("phase_begins", (), phase="lock")
    assert laws.violations == []
    _end_turn(game)
    state.turn_number += 1
    state.turn = Seat.W
    game.emit("turn_begins", (), actor=Seat.W, skipped=["E"])  # nothing lies between S and W
    assert articles(laws) == ["904.1"]


def test_509_1_a_turn_passes_only_after_it_ended() -> None:
    game, laws = watched("SN")
    state = game.state
    state.turn = Seat.N if state.turn is Seat.S else Seat.S
    state.turn_number += 1
    game.emit("turn_begins", (), actor=state.turn, skipped=["W"] if state.turn is Seat.N else ["E"])
    assert articles(laws) == ["509.1"]


def test_502_1_the_phases_go_lock_hand_move() -> None:
    game, laws = watched()
    game.state.phase = Phase.move
    game.emit("phase_begins", (), phase="move")
    assert articles(laws) == ["502.1"]
    assert "the move phase begins where the hand phase is due" in laws.violations[0].text


def test_502_1_a_phase_begins_only_by_beginning() -> None:
    game, laws = watched()
    game.state.phase = Phase.hand
    game.emit("drew", ())
    assert articles(laws) == ["502.1"]


def test_901_1_the_deck_is_refilled_the_instant_it_runs_out() -> None:
    game, laws = watched()
    state = game.state
    state.discard.append(state.deck.pop(0))
    state.players[Seat.S].hand.extend(state.deck)
    state.deck.clear()
    game.emit("drew", ())
    assert laws.violations == []
    game.emit("to_hand", ())
    assert articles(laws) == ["901.1"]
    assert "the deck ran out after event" in laws.violations[0].text


def test_901_2_the_discard_pile_is_turned_over_as_it_is() -> None:
    game, laws = watched()
    state = game.state
    state.discard.extend([state.deck.pop(0), state.deck.pop(0)])
    state.players[Seat.S].hand.extend(state.deck)
    state.deck.clear()
    game.emit("drew", ())
    state.deck, state.discard = list(state.discard), []  # not turned over: the order kept
    game.emit("deck_refilled", ())
    assert articles(laws) == ["901.2"]


def test_901_the_refill_turns_the_bottom_card_to_the_top() -> None:
    game, laws = watched()
    state = game.state
    state.discard.extend([state.deck.pop(0), state.deck.pop(0)])
    state.players[Seat.S].hand.extend(state.deck)
    state.deck.clear()
    game.emit("drew", ())
    state.deck, state.discard = list(reversed(state.discard)), []
    game.emit("deck_refilled", ())
    assert laws.violations == []


def test_901_1_the_deck_grows_only_by_being_refilled() -> None:
    game, laws = watched()
    state = game.state
    state.deck.append(state.eternal.pop())
    game.emit("placed", ())
    assert "901.1" in articles(laws)


def test_902_1_nothing_fails_to_be_drawn_while_a_card_is_left() -> None:
    game, laws = watched()
    game.emit("cannot_draw", ())
    assert articles(laws) == ["902.1"]


def test_508_1_a_game_that_is_not_over_always_goes_on(monkeypatch) -> None:
    _, laws = watched()
    monkeypatch.setattr(Game, "legal_declarations", lambda self: [])
    laws.finish()
    assert articles(laws) == ["508.1"]


def test_every_scenario_keeps_every_law() -> None:
    """The laws are the rules' own: no scenario's replay breaks any of them."""
    for path in scenario_files(REPO / "scenarios"):
        loaded = load_scenario(path)
        expect = loaded.scenario.expect
        loaded.scenario = loaded.scenario.model_copy(
            update={"expect": expect.model_copy(update={"invariants": list(ARTICLES)})}
        )
        rp = replay(loaded)
        assert rp.violations == [], f"{path}: {rp.violations}"


# -- State.lawful answers quickly what State.problems describes --------------------------
def _corrupt(game: Game, how: int, pick: int) -> None:
    """One way of breaking (or not) a position, chosen by ``how``."""
    state = game.state
    seats = list(state.players)
    seat = seats[pick % len(seats)]
    player = state.players[seat]
    cards = [c for c in state.deck + state.discard if state.cards[c].kind is Kind.normal]
    card = cards[pick % len(cards)] if cards else None
    if how == 0 and card:  # a card in a second place
        player.hand.append(card)
    elif how == 1 and card:  # a card locked in a place, maybe of another colour
        place = SEVEN_COLOURS[pick % 7]
        (state.deck if card in state.deck else state.discard).remove(card)
        player.lock_area[place].append(card)
    elif how == 2:  # two pieces on one square
        player.piece = state.players[seats[(pick + 1) % len(seats)]].piece
    elif how == 3:  # a piece off the field
        player.piece = None
    elif how == 4:  # a first card in the hand
        first = next(c for p in state.players.values() for c in p.lock_area[p.piece_colour])
        for p in state.players.values():
            for pile in p.lock_area.values():
                if first in pile:
                    pile.remove(first)
        player.hand.append(first)
    elif how == 5 and state.eternal:  # an eternal card on the field
        state.squares[Square.parse("d4")].append(FieldCard(state.eternal.pop()))
    elif how == 6 and card:  # a card placed (705.1) in a place of any colour: lawful
        (state.deck if card in state.deck else state.discard).remove(card)
        player.lock_area[SEVEN_COLOURS[pick % 7]].append(card)
        player.placed.add(card)
    elif how == 7:  # an unknown card
        state.discard.append("no-such-card")


@settings(max_examples=60, deadline=None)
@given(
    seats=st.sampled_from(["SN", "SWN", "SWNE"]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 120),
    how=st.integers(0, 8),
    pick=st.integers(0, 1_000),
)
def test_lawful_agrees_with_problems(
    seats: str, seed: int, moves: int, how: int, pick: int
) -> None:
    import random

    game = new_game(list(seats), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_declarations()
        if not legal or game.over:
            break
        game.declare(rng.choice(legal))
    _corrupt(game, how, pick)
    state = game.state
    assert state.lawful() == (state.problems(state.locations()) == [])
    assert state.problems() == state.problems(state.locations())


@pytest.mark.parametrize(
    ("how", "article"),
    [(0, "300.2"), (2, "204.2"), (3, "204.1"), (4, "201.3"), (5, "201.4"), (7, "300.2")],
)
def test_each_broken_law_is_seen_by_both(how: int, article: str) -> None:
    game = new_game(["S", "W", "N"], 4)
    _corrupt(game, how, 5)
    assert not game.state.lawful()
    assert article in [a for a, _ in game.state.problems()]


def test_705_1_a_placed_card_of_another_colour_is_lawful() -> None:
    game = new_game(["S", "W", "N"], 4)
    _corrupt(game, 6, 5)
    assert game.state.lawful() and game.state.problems() == []


# -- from any position a scenario can hold ---------------------------------------------------
def random_position(seed: int) -> State:
    """The 126 cards of the set dealt at random over the zones (pieces anywhere, first cards
    locked, eternal cards off the board, locked or in a hand, normal cards anywhere), for a
    random player and phase: positions a scenario file can hold, most of them unreachable."""
    import random

    from judge_cli.engine.state import Player
    from judge_cli.engine.table import ALL_SQUARES, CLOCKWISE

    rng = random.Random(seed)
    cards = load_cardset()
    chosen = set(rng.sample(CLOCKWISE, rng.choice([2, 3, 4])))
    seats = [s for s in CLOCKWISE if s in chosen]
    state = State(cards=dict(cards), players={s: Player(s) for s in seats})
    for seat, square in zip(seats, rng.sample(ALL_SQUARES, len(seats)), strict=True):
        state.players[seat].piece = square
    ids = list(cards)
    rng.shuffle(ids)
    firsts = [c for c in ids if cards[c].kind is Kind.first]
    for seat in seats:
        first = firsts.pop()
        state.players[seat].lock_area[cards[first].colour].append(first)
        state.players[seat].piece_colour = cards[first].colour
    state.out_of_game += firsts

    def free(player, colour) -> bool:
        return all(x in player.placed for x in player.lock_area[colour])

    for cid in ids:
        card, r = cards[cid], rng.random()
        player = state.players[rng.choice(seats)]
        if card.kind is Kind.first:
            continue
        if card.kind is Kind.eternal:
            if r < 0.6:
                state.eternal.append(cid)
            elif r < 0.8 and free(player, card.colour):
                player.lock_area[card.colour].append(cid)
            else:
                player.hand.append(cid)
        elif r < 0.45:
            state.squares[rng.choice(ALL_SQUARES)].append(FieldCard(cid, rng.random() < 0.3))
        elif r < 0.6:
            player.hand.append(cid)
        elif r < 0.8:
            state.deck.append(cid)
        elif r < 0.9:
            state.discard.append(cid)
        else:
            places = [c for c in SEVEN_COLOURS if card.can_lock_in(c) and free(player, c)]
            if places and sum(1 for c in SEVEN_COLOURS if not free(player, c)) < 6:
                player.lock_area[rng.choice(places)].append(cid)
            else:
                player.lock_area[rng.choice(SEVEN_COLOURS)].append(cid)
                player.placed.add(cid)
    state.turn, state.phase = rng.choice(seats), rng.choice(list(Phase))
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 1_000_000))
def test_the_laws_hold_from_any_position_a_scenario_can_hold(seed: int) -> None:
    import random

    from judge_cli.engine.decisions import RandomDecisions

    state = random_position(seed)
    if state.problems() or any(len(p.locked_colours()) == 7 for p in state.players.values()):
        return  # the scenario loader refuses it (an impossible position; 103.2)
    game = Game(state, RandomDecisions(seed))
    laws = Laws.attach(game)
    rng = random.Random(seed)
    for _ in range(120):
        legal = game.legal_declarations()
        if not legal or game.over:
            break
        game.declare(rng.choice(legal))
        assert laws.violations == [], laws.violations


def test_103_2_no_declaration_is_offered_after_the_game_ends(monkeypatch) -> None:
    game, laws = watched()
    seven_colours(game, Seat.S)
    ev = game.emit("locked", (), actor=Seat.S)
    game.end_game(Seat.S, ev.seq)
    monkeypatch.setattr(Game, "legal_declarations", lambda self: ["end"])
    laws.finish()
    assert articles(laws) == ["103.2"] and "still offered" in laws.violations[0].text


def test_300_2_a_cloned_position_shares_only_the_frozen_cards() -> None:
    """A replay plays on a clone of the scenario's position: the cards (frozen) are shared,
    and nothing a game changes is, so the loaded position stays as written."""
    import dataclasses

    loaded = load_scenario(
        Path(__file__).parents[1] / "scenarios" / "base" / "801-gate-invasion-bonus.yaml"
    )
    original = loaded.initial_state()
    copy = original.clone()
    assert all(copy.cards[c] is original.cards[c] for c in original.cards)
    for f in dataclasses.fields(original):
        value = getattr(original, f.name)
        if isinstance(value, (list, dict, set)):
            assert getattr(copy, f.name) is not value, f.name
    for seat, player in original.players.items():
        assert copy.players[seat] is not player
        assert copy.players[seat].hand is not player.hand
        assert copy.players[seat].lock_area is not player.lock_area
    square = next(sq for sq, pile in original.squares.items() if pile)
    assert copy.squares[square][0] is not original.squares[square][0]
    copy.squares[square][0].face_up = not original.squares[square][0].face_up
    assert copy.squares[square][0] != original.squares[square][0]

"""The gate invasion bonus (801–808), checked at the end of every turn (501.3, 509.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.cards import Kind
from judge_cli.engine.decisions import Request
from judge_cli.engine.rules.lock import check_win
from judge_cli.engine.rules.move import arrive
from judge_cli.engine.steps import Step, step
from judge_cli.engine.table import Seat, clockwise_from, gate_of, seat_of_gate

if TYPE_CHECKING:
    from judge_cli.engine.game import Game


def invaders(game: Game) -> list[tuple[Seat, Seat]]:
    """(invader, invaded) for each piece on another seated player's gate, in 113.2 order."""
    state = game.state
    out = []
    for seat in clockwise_from(state.turn, state.players):
        owner = seat_of_gate(state.players[seat].piece) if state.players[seat].piece else None
        # 801.4: not on your own gate; 904.2: an empty seat's centre is no gate.
        if owner is not None and owner != seat and owner in state.players:
            out.append((seat, owner))
    return out


def bonus_check(game: Game, cause: int | None) -> list[Step]:
    """801.1: a piece on an opponent's gate when a turn ends gains the bonus; 807.2: one
    invader at a time, clockwise from the turn player (113.2)."""
    state = game.state
    for seat in clockwise_from(state.turn, state.players):
        square = state.players[seat].piece
        centre_of = seat_of_gate(square) if square else None
        if centre_of is not None and centre_of not in state.players:
            game.emit(
                "no_bonus",
                C.BONUS_EMPTY_SEAT,
                actor=seat,
                cause=cause,
                square=square,
                empty_seat=centre_of,
            )
    turn_player = state.players[state.turn]
    if turn_player.piece is not None and turn_player.piece == gate_of(state.turn):
        game.emit(
            "no_bonus_own_gate",
            C.BONUS_OWN_GATE,
            actor=state.turn,
            cause=cause,
            square=turn_player.piece,
        )
    found = invaders(game)
    ev = game.emit(
        "bonus_check",
        C.BONUS_CHECK,
        cause=cause,
        invaders=[{"seat": s, "gate_of": o} for s, o in found],
    )
    if not found:
        return []
    several = len(found) > 1
    steps = [step(bonus_for, ev.seq, seat=s, invaded=o, several=several) for s, o in found]
    steps.append(step(return_to_gates, ev.seq, seats=[s for s, _ in found]))
    return steps


def bonus_for(
    game: Game, cause: int | None, seat: Seat, invaded: Seat, several: bool
) -> list[Step]:
    """802.1: steps 1–3 for one invader (807.2)."""
    articles = C.BONUS_BEGINS
    if seat != game.state.turn:
        articles += C.BONUS_OFF_TURN
        if carried_by_effect(game, seat):
            articles += C.BONUS_CARRIED_BY_EFFECT
    if several:
        articles += C.BONUS_SEVERAL
    ev = game.emit(
        "bonus_begins",
        articles,
        actor=seat,
        cause=cause,
        invaded=invaded,
        square=game.state.players[seat].piece,
    )
    return [
        step(take_half, ev.seq, seat=seat, invaded=invaded),
        step(gain_eternal, ev.seq, seat=seat),
        step(gate_cards_to_hand, ev.seq, seat=seat),
    ]


def carried_by_effect(game: Game, seat: Seat) -> bool:
    """801.3: whether a card's effect put ``seat``'s piece where it stands (its last move)."""
    for event in reversed(game.trace):
        if event.kind == "moved" and event.actor == seat:
            return bool(event.data.get("by_effect"))
        if event.kind == "returned" and any(m["seat"] == seat.value for m in event.data["moves"]):
            return False
    return False


def take_half(game: Game, cause: int | None, seat: Seat, invaded: Seat) -> None:
    """803.1: half the invaded player's hand, rounded down, at random."""
    hand = game.state.players[invaded].hand
    count = len(hand) // 2
    if count == 0:
        game.emit(
            "nothing_taken",
            C.BONUS_NOTHING_TO_TAKE,
            actor=seat,
            cause=cause,
            frm=invaded,
            hand_size=len(hand),
        )
        return
    cards = game.ask(
        Request(
            "take", "803.1", tuple(hand), count, None, {"from": invaded.value, "by": seat.value}
        )
    )
    for card in cards:
        hand.remove(card)
        game.state.players[seat].hand.append(card)
    game.emit(
        "took",
        C.BONUS_TAKE_HALF,
        actor=seat,
        cause=cause,
        frm=invaded,
        cards=list(cards),
        hand_size=len(hand) + count,
    )


def gain_eternal(game: Game, cause: int | None, seat: Seat) -> None:
    """804.1: an eternal card at random, locked; 804.2–804.4: what was on its place."""
    state = game.state
    if not state.eternal:
        game.emit("no_eternal", C.BONUS_NO_ETERNAL, actor=seat, cause=cause)
        return
    (card,) = game.ask(
        Request("eternal", "804.1", tuple(state.eternal), 1, None, {"by": seat.value})
    )
    # 300.2: the card drawn stays off the board (307) until it is locked; meanwhile what
    # was on its place goes to the hand (804.2).
    colour = state.cards[card].colour
    drawn = game.emit(
        "eternal_drawn", C.BONUS_ETERNAL_DRAWN, actor=seat, cause=cause, card=card, place=colour
    )
    player = state.players[seat]
    place = player.lock_area[colour]
    firsts = [c for c in place if state.cards[c].kind is Kind.first]
    leaving = [c for c in place if state.cards[c].kind is not Kind.first]
    if leaving:
        articles = C.BONUS_PLACE_CLEARED
        if len(leaving) > 1:
            articles += C.BONUS_PLACE_SEVERAL
        if any(c in player.placed for c in leaving):
            articles += C.BONUS_PLACED_CARD
        for c in leaving:
            player.take_from_lock_area(c)
            player.hand.append(c)
        game.emit(
            "place_cleared", articles, actor=seat, cause=drawn.seq, place=colour, cards=leaving
        )
    if firsts:
        game.emit(
            "first_stays",
            C.BONUS_FIRST_STAYS,
            actor=seat,
            cause=drawn.seq,
            place=colour,
            cards=firsts,
        )
    state.eternal.remove(card)
    place.append(card)
    ev = game.emit(
        "locked",
        C.BONUS_ETERNAL_LOCKED,
        actor=seat,
        cause=drawn.seq,
        card=card,
        place=colour,
        source="eternal",
    )
    check_win(game, seat, ev.seq)


def gate_cards_to_hand(game: Game, cause: int | None, seat: Seat) -> None:
    """805.1: every card on your own gate goes to your hand."""
    gate = gate_of(seat)
    pile = game.state.squares[gate]
    cards = [fc.card for fc in pile]
    pile.clear()
    game.state.players[seat].hand.extend(cards)
    game.emit("gate_cards", C.BONUS_GATE_CARDS, actor=seat, cause=cause, square=gate, cards=cards)


def return_to_gates(game: Game, cause: int | None, seats: list[Seat]) -> list[Step]:
    """806.1: back to your own gate by a forced move; 807.3: every invader at once."""
    state = game.state
    moves = []
    for seat in seats:
        player = state.players[seat]
        moves.append({"seat": seat, "frm": player.piece, "to": gate_of(seat)})
    for seat in seats:
        state.players[seat].piece = gate_of(seat)
    articles = C.BONUS_RETURN + (C.BONUS_RETURN_TOGETHER if len(seats) > 1 else ())
    ev = game.emit("returned", articles, cause=cause, moves=moves)
    steps: list[Step] = []
    for seat in seats:
        steps.extend(arrive(game, ev.seq, seat, gate_of(seat), forced=True))
    return steps

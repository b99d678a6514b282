"""Locking (503, 701–703) and the win it can bring (103)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.cards import Colour, Kind
from judge_cli.engine.rules.common import require_turn
from judge_cli.engine.state import Phase
from judge_cli.engine.steps import Refused, Step, step
from judge_cli.engine.table import Seat

if TYPE_CHECKING:
    from judge_cli.engine.declarations import Lock
    from judge_cli.engine.game import Game

# Enum members read at every declaration, named once: on Python 3.11 a member read off its
# class (``Phase.hand``) is a slow lookup, an alias a fast one.
_LOCK = Phase.lock
_RAINBOW = Colour.rainbow
_NORMAL = Kind.normal


def place_for(game: Game, decl: Lock) -> Colour | None:
    card = game.state.cards.get(decl.card)
    if decl.place is not None or card is None or card.colour is None:
        return decl.place
    return None if card.colour.is_rainbow or card.colour.is_colourless else card.colour


def verify_lock(game: Game, decl: Lock) -> None:
    require_turn(game, decl)
    state = game.state
    player = state.players[decl.seat]
    if state.phase is not _LOCK:
        raise Refused(decl, "lock_outside_lock_phase", C.LOCK_ONLY_IN_LOCK_PHASE, phase=state.phase)
    if decl.card not in player.hand:
        raise Refused(decl, "not_in_hand", C.LOCK_NOT_IN_HAND, card=decl.card)
    if state.locked_this_turn:
        raise Refused(decl, "second_lock", C.LOCK_SECOND)
    card = state.cards[decl.card]
    if card.colour is None or card.colour.is_colourless:
        raise Refused(decl, "colourless", C.LOCK_COLOURLESS, card=decl.card, colour=card.colour)
    if card.no_lock_phase:
        raise Refused(decl, "no_lock_phase", C.LOCK_PHASE_FORBIDDEN, card=decl.card)
    place = place_for(game, decl)
    if place is None:
        raise Refused(decl, "rainbow_needs_place", C.LOCK_RAINBOW_NEEDS_PLACE, card=decl.card)
    if not card.can_lock_in(place):
        raise Refused(
            decl,
            "wrong_colour",
            C.LOCK_WRONG_COLOUR,
            card=decl.card,
            colour=card.colour,
            place=place,
        )
    if player.holds_lock(place):
        raise Refused(
            decl,
            "place_taken",
            C.LOCK_PLACE_TAKEN,
            place=place,
            locked=list(player.lock_area[place]),
        )


def declare_lock(game: Game, decl: Lock) -> list[Step]:
    place = place_for(game, decl)
    ev = game.emit(
        "declared", C.DECLARE_LOCK, actor=decl.seat, declaration="lock", card=decl.card, place=place
    )
    return [step(lock_card, ev.seq, seat=decl.seat, card=decl.card, place=place)]


def place_taken(game: Game, cause: int | None, seat: Seat, cards: list[str], place: Colour) -> None:
    """702.1: a lock declared into a place that was taken meanwhile fails, card by card."""
    for card in cards:
        game.emit(
            "lock_place_taken",
            C.LOCK_FAILS_PLACE_TAKEN,
            actor=seat,
            cause=cause,
            card=card,
            place=place,
        )


def lock_card(
    game: Game, cause: int | None, seat: Seat, card: str, place: Colour
) -> list[Step] | None:
    """701.1: the card goes face up to its colour place; 703.1: it is no longer in the hand.
    A card that left the hand after the declaration (an interrupt took it) is not locked
    (300.3, 114.4); neither is one whose place was taken meanwhile (702.1)."""
    state = game.state
    player = state.players[seat]
    if card not in player.hand:
        game.emit("lock_fails", C.LOCK_FAILS_LEFT_HAND, actor=seat, cause=cause, card=card)
        return None
    if player.holds_lock(place):
        place_taken(game, cause, seat, [card], place)
        return None
    player.hand.remove(card)
    player.lock_area[place].append(card)
    state.locked_this_turn = True
    articles = C.LOCKED
    if state.cards[card].colour is _RAINBOW:
        articles = C.LOCKED_RAINBOW + C.LOCKED
    ev = game.emit(
        "locked", articles, actor=seat, cause=cause, card=card, place=place, source="hand"
    )
    if check_win(game, seat, ev.seq):
        return None
    from judge_cli.engine.rules.basic import locked_here

    return locked_here(game, ev.seq, seat, place)


def check_win(game: Game, seat: Seat, cause: int | None) -> bool:
    """103.1: seven colours locked wins; 103.2: at this very instant."""
    player = game.state.players[seat]
    if len(player.locked_colours()) < 7:
        return False
    game.end_game(seat, cause, C.WIN_BY_RAINBOW if rainbow_counts(game, seat) else ())
    return True


def rainbow_counts(game: Game, seat: Seat) -> bool:
    """701.5: a locked rainbow counts as the colour of its place."""
    player = game.state.players[seat]
    return any(
        game.state.cards[c].colour is _RAINBOW and game.state.cards[c].kind is _NORMAL
        for pile in player.lock_area.values()
        for c in pile
    )

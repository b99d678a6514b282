"""The deck (305): taking its top card, drawing, and what happens when it runs out (901, 902)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.table import Seat

if TYPE_CHECKING:
    from judge_cli.engine.game import Game


def refill_if_empty(game: Game, cause: int | None) -> None:
    """901.1: when the deck runs out, the discard pile is turned face down as it is and
    becomes the deck; 901.2: without shuffling. Turning the face-up pile over puts its
    bottom card on top (docs/rulings-notes.md)."""
    state = game.state
    if state.deck or not state.discard:
        return
    state.deck = list(reversed(state.discard))
    moved = list(state.discard)
    state.discard = []
    game.emit(
        "deck_refilled", C.DECK_REFILLED, cause=cause, cards=len(moved), new_top=state.deck[-1]
    )


def take_top(game: Game, cause: int | None) -> str | None:
    """The deck's top card, taken off the deck; None when neither deck nor discard has one."""
    state = game.state
    if not state.deck:
        refill_if_empty(game, cause)
    if not state.deck:
        return None
    return state.deck.pop()


def draw(game: Game, cause: int | None, seat: Seat, count: int) -> list[str]:
    """305.2: draw ``count`` cards; 114.4, 902.2: as many as there are."""
    drawn: list[str] = []
    for _ in range(count):
        card = take_top(game, cause)
        if card is None:
            game.emit(
                "cannot_draw",
                C.CANNOT_DRAW,
                actor=seat,
                cause=cause,
                wanted=count,
                drawn=len(drawn),
            )
            break
        game.state.players[seat].hand.append(card)
        drawn.append(card)
        game.emit("drew", C.DRAW, actor=seat, cause=cause, card=card)
        refill_if_empty(game, cause)
    return drawn

"""Reach (603), the reach effect and the card to the hand (604), and the reach combo (605)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.game import Step, step
from judge_cli.engine.rules.move import ensure_known
from judge_cli.engine.table import Seat, Square

if TYPE_CHECKING:
    from judge_cli.engine.game import Game


def reach(game: Game, cause: int | None, seat: Seat, square: Square, via: str) -> list[Step]:
    """603.1: the piece reaches the top card of its square (603.4: only the top card).

    ``via`` is how: ``face_up`` (moved onto a face-up card, 603.1 item 1), ``opened`` (the
    card under the piece turned face up, 603.2) or ``exposed`` (605.1).
    """
    state = game.state
    top = state.top(square)
    if top is None or not top.face_up or state.players[seat].piece != square:
        return []
    articles = {
        "face_up": C.REACH_ONTO_FACE_UP,
        "opened": C.REACH_BY_OPENING,
        "exposed": C.REACH_EXPOSED_CARD,
    }[via]
    if seat != state.turn:
        # 604.1: the piece's owner gains the reach effect, even on another player's turn.
        articles = articles + C.REACH_OWNER_OFF_TURN
    ensure_known(game, top.card, square)
    ev = game.emit(
        "reached", articles, actor=seat, cause=cause, square=square, card=top.card, via=via
    )
    return [
        step(reach_effect, ev.seq, seat=seat, card=top.card),
        step(card_to_hand, ev.seq, seat=seat, card=top.card, square=square),
        step(combo, ev.seq, seat=seat, square=square),
    ]


def reach_effect(game: Game, cause: int | None, seat: Seat, card: str) -> list[Step]:
    """604.1: the owner gains the reach effect, compulsorily. Issue 6 resolves its sentences
    here (112); a card without a reach effect gives nothing."""
    effect = game.state.cards[card].effects.reach
    game.emit(
        "reach_effect",
        C.REACH_EFFECT,
        actor=seat,
        cause=cause,
        card=card,
        effect=list(effect) if effect else None,
    )
    return []


def card_to_hand(game: Game, cause: int | None, seat: Seat, card: str, square: Square) -> None:
    """604.2: after the reach effect, the card goes to the owner's hand."""
    pile = game.state.squares[square]
    if not pile or pile[-1].card != card:
        return
    pile.pop()
    game.state.players[seat].hand.append(card)
    game.emit("to_hand", C.REACH_CARD_TO_HAND, actor=seat, cause=cause, card=card, frm=square)


def combo(game: Game, cause: int | None, seat: Seat, square: Square) -> list[Step]:
    """605.1: a face-up card exposed under the piece is reached too; 605.3: while they last."""
    state = game.state
    if state.players[seat].piece != square:
        return []
    top = state.top(square)
    if top is None:
        return []
    if not top.face_up:
        # 309.3: a face-down card is now the top card; nothing is reached (605.1 needs face up).
        game.emit(
            "exposed",
            C.REACH_EXPOSED_FACE_DOWN,
            actor=seat,
            cause=cause,
            square=square,
            card=top.card,
            face_up=False,
        )
        return []
    ev = game.emit(
        "exposed",
        C.REACH_EXPOSED,
        actor=seat,
        cause=cause,
        square=square,
        card=top.card,
        face_up=True,
    )
    return [step(reach, ev.seq, seat=seat, square=square, via="exposed")]

"""Reach (603), the reach effect and the card to the hand (604), and the reach combo (605)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.effects.run import EffectRun, effect_steps
from judge_cli.engine.rules.move import ensure_known
from judge_cli.engine.steps import Step, step
from judge_cli.engine.table import Seat, Square

if TYPE_CHECKING:
    from judge_cli.engine.game import Game


_VIA = {
    "face_up": C.REACH_ONTO_FACE_UP,
    "opened": C.REACH_BY_OPENING,
    "exposed": C.REACH_EXPOSED_CARD,
    "effect_opened": C.REACH_BY_EFFECT_OPENING,
    "placed_face_up": C.REACH_BY_FACE_UP_PLACED,
    "uncovered": C.REACH_UNCOVERED,
    "swapped": C.REACH_BY_SWAP,
}
"""The articles of each way a piece reaches a card (:func:`reach`)."""


def reach(
    game: Game, cause: int | None, seat: Seat, square: Square, via: str, no_arrival: bool = False
) -> list[Step]:
    """603.1: the piece reaches the top card of its square (603.4: only the top card).

    ``via`` is how: ``face_up`` (moved onto a face-up card, 603.1 item 1), ``opened`` (the
    card under the piece turned face up, 603.2), ``exposed`` (605.1), and by an effect:
    ``effect_opened`` (603.2), ``placed_face_up`` (603.2) or ``uncovered`` (the card above
    it discarded, 603.1 item 2).
    """
    state = game.state
    top = state.top(square)
    if top is None or not top.face_up or state.players[seat].piece != square:
        return []
    articles = _VIA[via]
    if seat != state.turn:
        # 604.1: the piece's owner gains the reach effect, even on another player's turn.
        articles = articles + C.REACH_OWNER_OFF_TURN
    ensure_known(game, top.card, square)
    ev = game.emit(
        "reached", articles, actor=seat, cause=cause, square=square, card=top.card, via=via
    )
    run = EffectRun(top.card, "reach", seat, ev.seq, square=square, suppressed=no_arrival)
    return [
        step(reach_effect, ev.seq, seat=seat, card=top.card, run=run),
        step(card_to_hand, ev.seq, seat=seat, card=top.card, square=square, run=run),
        step(combo, ev.seq, seat=seat, square=square, card=top.card),
    ]


def reach_effect(
    game: Game, cause: int | None, seat: Seat, card: str, run: EffectRun
) -> list[Step]:
    """604.1: the owner gains the reach effect, compulsorily, and processes its sentences
    (112); 601.2: a card may have none; 604.5: 「到達効果は得ない」 keeps it from being gained."""
    effect = game.state.cards[card].effects.reach
    if run.suppressed:
        # 「移動先の到達効果は得ない」: not gained here, so the card stays (604.5).
        game.emit("reach_suppressed_here", C.NO_ARRIVAL_HERE, actor=seat, cause=cause, card=card)
        return []
    if effect is not None and _loops(game, card, effect):
        # 611.1, 611.2: arriving here again with nothing changed would repeat for ever (two
        # 「ジャンプ台」 two squares apart): the repetition is not made.
        run.suppressed = True
        game.emit("loop", C.ARRIVAL_LOOP, actor=seat, cause=cause, card=card)
        return []
    if seat in game.state.suppressed:
        # 604.5: no reach effect is gained, so none is processed and the card stays.
        run.suppressed = True
        game.emit("reach_suppressed_here", C.REACH_SUPPRESSED, actor=seat, cause=cause, card=card)
        return []
    ev = game.emit(
        "reach_effect",
        C.REACH_EFFECT + (C.REACH_EFFECT_GAINED if effect else C.NO_SUCH_EFFECT),
        actor=seat,
        cause=cause,
        card=card,
        effect="reach" if effect else None,
    )
    if effect is None:
        return []
    run.cause = ev.seq
    return effect_steps(game, run, effect.do)


def _loops(game: Game, card: str, effect) -> bool:
    """Whether this card's Arrival Effect, which moves pieces, was already gained this turn in
    this very position (611.2: nothing on the board, in the hands or the locks changed)."""
    if not any(s.op in ("move", "swap") for s in effect.do):
        return False
    state = game.state
    seen = state.uses.setdefault(f"arrival {card}", [])
    now = state.fingerprint()
    if now in seen:
        return True
    seen.append(now)
    return False


def card_to_hand(
    game: Game, cause: int | None, seat: Seat, card: str, square: Square, run: EffectRun
) -> None:
    """604.2: after the reach effect, the card goes to the owner's hand; 604.4: even when
    the effect fizzled. Not when its own text said where it goes (604.3), nor when the reach
    effect was not gained (604.5)."""
    pile = game.state.squares[square]
    if run.suppressed or run.disposed or not any(f.card == card for f in pile):
        return
    pile[:] = [f for f in pile if f.card != card]
    game.state.players[seat].hand.append(card)
    fizzled = game.state.cards[card].effects.reach is not None and not run.did
    articles = C.REACH_CARD_TO_HAND + (C.REACH_CARD_TO_HAND_AFTER_FIZZLE if fizzled else ())
    game.emit("to_hand", articles, actor=seat, cause=cause, card=card, frm=square)


def combo(game: Game, cause: int | None, seat: Seat, square: Square, card: str) -> list[Step]:
    """605.1: a face-up card exposed under the piece is reached too; 605.3: while they last."""
    state = game.state
    if state.players[seat].piece != square:
        # The piece left (a swap, 「いる場所を入れ替える」): a piece now there arrives instead.
        holder = state.piece_at(square)
        if holder is None:
            return []
        seat = holder
    top = state.top(square)
    if top is None or top.card == card:
        # Nothing was exposed: the reached card is still on top (604.3, 604.5).
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

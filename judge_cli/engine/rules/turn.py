"""Turns and phases (501–502, 509), ending a phase, and the 508 fallback."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judge_cli.engine import citations as C
from judge_cli.engine.cards import SEVEN_COLOURS
from judge_cli.engine.decisions import Request
from judge_cli.engine.declarations import Contact, Declaration, EndPhase, Lock, Move, Use
from judge_cli.engine.rules import deck
from judge_cli.engine.rules.common import require_turn
from judge_cli.engine.rules.contact import contact_targets, verify_contact
from judge_cli.engine.rules.hand import any_anytime, usable_cards
from judge_cli.engine.rules.lock import verify_lock
from judge_cli.engine.rules.move import move_targets, verify_move
from judge_cli.engine.state import FieldCard, Phase
from judge_cli.engine.steps import Refused, Step, step
from judge_cli.engine.table import CLOCKWISE, Square, next_seat

if TYPE_CHECKING:
    from judge_cli.engine.game import Game
    from judge_cli.engine.state import Delayed

# Enum members read at every declaration, named once: on Python 3.11 a member read off its
# class (``Phase.hand``) is a slow lookup, an alias a fast one.
_LOCK = Phase.lock
_HAND = Phase.hand
_MOVE = Phase.move


def verify_end(game: Game, decl: EndPhase) -> None:
    require_turn(game, decl)
    if game.state.phase is _MOVE and game.state.acted is None:
        # 505.1: the move phase holds one move or one contact; 508 is not the player's call.
        raise Refused(decl, "must_move_or_contact", C.MUST_ACT)


_END_ARTICLES = {
    Phase.lock: C.END_LOCK_PHASE,
    Phase.hand: C.END_HAND_PHASE,
    Phase.move: C.END_MOVE_PHASE,
}


def declare_end(game: Game, decl: EndPhase) -> list[Step]:
    phase = game.state.phase
    articles = _END_ARTICLES[phase]
    ev = game.emit("declared", articles, actor=decl.seat, declaration="end", phase=phase)
    if phase is _LOCK:
        from judge_cli.engine.rules.basic import lock_phase_ends

        return [
            *lock_phase_ends(game, ev.seq, decl.seat),
            step(begin_phase, ev.seq, phase=_HAND),
        ]
    if phase is _HAND:
        return [step(begin_phase, ev.seq, phase=_MOVE)]
    return [step(end_turn, ev.seq, articles=C.TURN_ENDS)]


def begin_phase(game: Game, cause: int | None, phase: Phase) -> list[Step]:
    """502.1: lock, hand, move, in this order."""
    state = game.state
    state.phase = phase
    ev = game.emit("phase_begins", C.PHASE_BEGINS, actor=state.turn, cause=cause, phase=phase)
    if phase is _MOVE and not can_act(game):
        return [step(fallback, ev.seq)]
    return []


def can_act(game: Game) -> bool:
    """505.3: whether the turn player has any move or contact."""
    seat = game.state.turn
    return bool(move_targets(game.state, seat) or contact_targets(game.state, seat))


def fallback(game: Game, cause: int | None) -> list[Step]:
    """508.1: neither move nor contact: a card from the deck face down on an adjacent square,
    then the turn ends."""
    state = game.state
    seat = state.turn
    here = state.players[seat].piece
    ev = game.emit("no_action", C.NO_MOVE_NOR_CONTACT, actor=seat, cause=cause, at=here)
    options = tuple(sq.name for sq in here.adjacent()) if here else ()
    if options:
        (name,) = game.ask(Request("square", "508.1", options, 1, seat.value, {}))
        square = Square.parse(name)
        card = deck.take_top(game, ev.seq)
        if card is None:
            game.emit("cannot_draw", C.CANNOT_DRAW, actor=seat, cause=ev.seq, wanted=1, drawn=0)
        else:
            state.squares[square].append(FieldCard(card, face_up=False))
            game.emit(
                "placed",
                C.FALLBACK_PLACE,
                actor=seat,
                cause=ev.seq,
                card=card,
                square=square,
                face_up=False,
                frm="deck",
            )
            deck.refill_if_empty(game, ev.seq)
    return [step(end_turn, ev.seq, articles=C.FALLBACK_ENDS_TURN + C.TURN_ENDS)]


def end_turn(game: Game, cause: int | None, articles: tuple[str, ...]) -> list[Step]:
    """509.1: the turn ends; 509.2: the bonus is checked; 509.3: the next player's turn.

    Effects waiting for the end of this turn happen at the same instant as the bonus check;
    105.5: their activator orders them (the turn player when they are several players'),
    113.2: the turn player when there is no activator."""
    from judge_cli.engine.rules.bonus import bonus_check

    state = game.state
    ev = game.emit("turn_ends", articles, actor=state.turn, cause=cause, turn=state.turn_number)
    at_end = [step(bonus_check, ev.seq)]
    delayed, state.delayed = state.delayed, []
    if delayed:
        at_end = _order_turn_end(game, ev.seq, delayed, at_end[0])
    return [*at_end, step(next_turn, ev.seq)]


def _order_turn_end(game: Game, cause: int, delayed: list[Delayed], bonus: Step) -> list[Step]:
    """105.5: the order of what happens when the turn ends, chosen by the activator."""
    from judge_cli.engine.effects.run import EffectRun, effect_steps

    state = game.state
    labels = ["bonus"]
    for d in delayed:
        label = d.card
        while label in labels:
            label = f"{d.card}#{len(labels)}"
        labels.append(label)
    activators = {d.activator for d in delayed}
    chooser = next(iter(activators)) if len(activators) == 1 else state.turn
    order = game.ask(Request("order", "105.5", tuple(labels), len(labels), chooser.value, {}))
    game.emit(
        "turn_end_order",
        C.ORDER_BY_ACTIVATOR if len(activators) == 1 else C.ORDER_BY_TURN_PLAYER,
        actor=chooser,
        cause=cause,
        order=list(order),
    )
    steps: list[Step] = []
    for label in order:
        if label == "bonus":
            steps.append(bonus)
            continue
        d = delayed[labels.index(label) - 1]
        run = EffectRun(d.card, "delayed", d.activator, cause, drawn=list(d.drawn))
        steps.extend(effect_steps(game, run, d.sentences))
    return steps


def next_turn(game: Game, cause: int | None) -> None:
    """509.3: clockwise to the next player (102.5), skipping empty seats (904.1)."""
    state = game.state
    current = state.turn
    nxt = next_seat(current, state.seats)
    skipped = []
    i = CLOCKWISE.index(current)
    while CLOCKWISE[(i + 1) % 4] != nxt:
        i += 1
        skipped.append(CLOCKWISE[i % 4])
    # 308.4: a hand revealed this turn is hidden again; 604.5: 「到達効果は得ない」 ends.
    if state.revealed:
        game.emit(
            "reveal_ends",
            C.REVEAL_ENDS,
            actor=current,
            cause=cause,
            seats=[s for s in state.seats if s in state.revealed],
        )
    if state.suppressed:
        game.emit(
            "suppress_ends",
            C.SUPPRESS_ENDS,
            actor=current,
            cause=cause,
            seats=[s for s in state.seats if s in state.suppressed],
        )
    if state.cannot_move or state.cannot_contact or state.unusable or state.leaping:
        game.emit(
            "this_turn_ends",
            C.SUPPRESS_ENDS[1:] + C.CANNOT_THIS_TURN,
            actor=current,
            cause=cause,
        )
    state.revealed.clear()
    state.suppressed.clear()
    state.uses.clear()
    state.cannot_move.clear()
    state.cannot_contact.clear()
    state.unusable.clear()
    state.leaping.clear()
    state.nullified.clear()
    state.turn = nxt
    state.phase = _LOCK
    state.turn_number += 1
    state.locked_this_turn = False
    state.acted = None
    articles = C.TURN_BEGINS + (C.TURN_SKIPS_EMPTY_SEAT if skipped else ())
    ev = game.emit(
        "turn_begins", articles, actor=nxt, cause=cause, turn=state.turn_number, skipped=skipped
    )
    game.emit("phase_begins", C.PHASE_BEGINS, actor=nxt, cause=ev.seq, phase=_LOCK)


def legal_declarations(game: Game) -> list[Declaration]:
    """Every declaration that may be made now: the turn player's, then any player's card
    usable at a break (502.4f)."""
    state = game.state
    if state.winner is not None:  # game.over, without the property's slower read
        return []
    seat = state.turn
    out: list[Declaration] = []
    # Between steps a card is usable in your own Hand Phase (504.1) or, at any break, when it
    # is 「いつでも使える」 (502.4f): in a game without the latter, only the turn player's
    # Hand Phase has any (usable_cards would find none for anyone else).
    hand_phase = [seat] if state.phase is _HAND else []
    for s in state.seats if any_anytime(game) else hand_phase:
        out.extend(Use(s, c) for c in usable_cards(game, s))
    # Each candidate is verified as Game.can would (the rule's own verify), with the
    # dispatch on its type known here.
    candidates: list[tuple[Callable[[Game, Any], None], Declaration]] = []
    if state.phase is _LOCK and not state.locked_this_turn:
        # 503.3: after the one lock of this phase, no lock is offered (verify_lock would refuse).
        for card in dict.fromkeys(state.players[seat].hand):
            colour = state.cards[card].colour
            places = [None] if colour is None or not colour.is_rainbow else None
            if places is None:
                places = list(SEVEN_COLOURS)
            candidates.extend((verify_lock, Lock(seat, card, p)) for p in places)
    if state.phase is _MOVE and state.acted is None:
        # 505.1: one move or one contact in the phase; after it, only the end is offered.
        candidates.extend((verify_move, Move(seat, sq)) for sq in move_targets(state, seat))
        candidates.extend((verify_contact, Contact(seat, t)) for t in contact_targets(state, seat))
    candidates.append((verify_end, EndPhase(seat)))
    for verify, decl in candidates:
        try:
            verify(game, decl)
        except Refused:
            continue
        out.append(decl)
    return out

"""Contact (507, 903): take a card from an adjacent opponent, who goes back to their gate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.decisions import Request
from judge_cli.engine.game import Refused, Step, step
from judge_cli.engine.rules.common import require_turn
from judge_cli.engine.rules.move import forced_move
from judge_cli.engine.state import Phase, State
from judge_cli.engine.table import Seat, gate_of

if TYPE_CHECKING:
    from judge_cli.engine.declarations import Contact
    from judge_cli.engine.game import Game


def contact_targets(state: State, seat: Seat) -> list[Seat]:
    """Opponents whose piece is adjacent to yours (507.1 item 1, editorial reading; 608.3)."""
    here = state.players[seat].piece
    if here is None or seat in state.cannot_contact:
        return []
    return [
        s
        for s in state.seats
        if s != seat
        and state.players[s].piece is not None
        and here.is_adjacent(state.players[s].piece)
    ]


def verify_contact(game: Game, decl: Contact) -> None:
    require_turn(game, decl)
    state = game.state
    if state.phase is not Phase.move:
        raise Refused(
            decl, "contact_outside_move_phase", C.CONTACT_OUTSIDE_MOVE_PHASE, phase=state.phase
        )
    if state.acted == "contact":
        raise Refused(decl, "already_contacted", C.ALREADY_ACTED_SAME)
    if state.acted == "move":
        raise Refused(decl, "already_moved", C.ALREADY_ACTED_OTHER)
    if decl.seat in state.cannot_contact:
        raise Refused(decl, "cannot_contact_this_turn", C.CONTACT_FORBIDDEN)
    if decl.target == decl.seat or decl.target not in state.players:
        raise Refused(decl, "not_an_opponent", C.CONTACT_NOT_AN_OPPONENT, target=decl.target)
    if decl.target not in contact_targets(state, decl.seat):
        raise Refused(
            decl,
            "not_adjacent",
            C.CONTACT_NOT_ADJACENT,
            target=decl.target,
            at=state.players[decl.target].piece,
        )


def declare_contact(game: Game, decl: Contact) -> list[Step]:
    game.state.acted = "contact"
    ev = game.emit(
        "declared", C.DECLARE_CONTACT, actor=decl.seat, declaration="contact", target=decl.target
    )
    return [
        step(take_from_hand, ev.seq, seat=decl.seat, target=decl.target),
        step(send_to_gate, ev.seq, seat=decl.seat, target=decl.target),
    ]


def take_from_hand(game: Game, cause: int | None, seat: Seat, target: Seat) -> None:
    """507.1 item 2: one card (115.1), at random (304.4); 507.4: none from an empty hand."""
    state = game.state
    if cause in state.nullified:
        # 「その接触を無効にする」: the contact does nothing (it is still this phase's action).
        game.emit("contact_nullified", C.CONTACT_NULLIFIED, actor=seat, cause=cause, target=target)
        return
    hand = state.players[target].hand
    if not hand:
        game.emit("nothing_taken", C.CONTACT_EMPTY_HAND, actor=seat, cause=cause, frm=target)
        return
    (card,) = game.ask(
        Request("take", "507.1", tuple(hand), 1, None, {"from": target.value, "by": seat.value})
    )
    hand.remove(card)
    state.players[seat].hand.append(card)
    game.emit("took", C.CONTACT_TAKES, actor=seat, cause=cause, frm=target, cards=[card])


def send_to_gate(game: Game, cause: int | None, seat: Seat, target: Seat) -> list[Step]:
    """507.1 item 3: the opponent is force-moved to their own gate; 507.1a: unless there."""
    gate = gate_of(target)
    if cause in game.state.nullified:
        return []
    if game.state.players[target].piece == gate:
        game.emit("stays", C.CONTACT_ALREADY_AT_GATE, actor=target, cause=cause, square=gate)
        return []
    return forced_move(game, cause, target, gate, C.CONTACT_FORCED_TO_GATE)

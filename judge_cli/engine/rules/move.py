"""Moving pieces: the normal move (505, 506, 609.4) and the forced move (609.2), with the
opening and the reach they lead to."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.rules.common import require_turn
from judge_cli.engine.state import Phase, State
from judge_cli.engine.steps import Refused, Step, step
from judge_cli.engine.table import Seat, Square
from judge_cli.errors import ScenarioError

if TYPE_CHECKING:
    from judge_cli.engine.declarations import Move
    from judge_cli.engine.game import Game

# Enum members read at every declaration, named once: on Python 3.11 a member read off its
# class (``Phase.hand``) is a slow lookup, an alias a fast one.
_MOVE = Phase.move


def move_targets(state: State, seat: Seat) -> list[Square]:
    """The squares a normal move can go to: adjacent (506.1, editorial reading), with a card
    (506.2), without another piece (506.3); none when a card forbids moving this turn; two
    squares ahead in a straight line when a card makes the normal move leap (609.3, 609.4)."""
    here = state.players[seat].piece
    if here is None or seat in state.cannot_move:
        return []
    pieces = {p.piece for p in state.players.values()}  # where piece_at finds a piece
    squares = state.squares
    return [sq for sq in _steps(state, seat, here) if squares[sq] and sq not in pieces]


def _steps(state: State, seat: Seat, here: Square) -> tuple[Square, ...]:
    if seat in state.leaping:
        return leap_squares(here)
    return here.adjacent()


@cache
def leap_squares(here: Square) -> tuple[Square, ...]:
    """「２マス先」: the squares two steps away up, down, left or right (609.3)."""
    from judge_cli.engine.table import ALL_SQUARES

    return tuple(
        sq
        for sq in ALL_SQUARES
        if (abs(sq.col - here.col), abs(sq.row - here.row)) in ((2, 0), (0, 2))
    )


def verify_move(game: Game, decl: Move) -> None:
    require_turn(game, decl)
    state = game.state
    if state.phase is not _MOVE:
        raise Refused(decl, "move_outside_move_phase", C.MOVE_OUTSIDE_MOVE_PHASE, phase=state.phase)
    if state.acted == "move":
        raise Refused(decl, "already_moved", C.ALREADY_ACTED_SAME)
    if state.acted == "contact":
        raise Refused(decl, "already_contacted", C.ALREADY_ACTED_OTHER)
    if decl.seat in state.cannot_move:
        raise Refused(decl, "cannot_move_this_turn", C.MOVE_FORBIDDEN)
    here = state.players[decl.seat].piece
    if here == decl.to:
        raise Refused(decl, "same_square", C.MOVE_TO_OWN_SQUARE, square=decl.to)
    if decl.seat in state.leaping:
        if here is None or decl.to not in leap_squares(here):
            raise Refused(decl, "not_two_ahead", C.LEAP_MOVE, square=decl.to, at=here)
    elif here is None or not here.is_adjacent(decl.to):
        raise Refused(decl, "not_adjacent", C.MOVE_NOT_ADJACENT, square=decl.to, at=here)
    if not state.squares[decl.to]:
        raise Refused(decl, "no_card", C.MOVE_TO_EMPTY_SQUARE, square=decl.to)
    other = state.piece_at(decl.to)
    if other is not None:
        raise Refused(decl, "piece_there", C.MOVE_ONTO_PIECE, square=decl.to, piece=other)


def declare_move(game: Game, decl: Move) -> list[Step]:
    game.state.acted = "move"
    ev = game.emit("declared", C.DECLARE_MOVE, actor=decl.seat, declaration="move", to=decl.to)
    return [step(normal_move, ev.seq, seat=decl.seat, to=decl.to)]


def normal_move(game: Game, cause: int | None, seat: Seat, to: Square) -> list[Step]:
    """506.4; an interrupt may have changed the square since the declaration (502.4): a move
    onto another piece (506.3) or onto a square without cards (506.2) does not happen."""
    state = game.state
    other = state.piece_at(to)
    if (other is not None and other != seat) or not state.squares[to]:
        game.emit(
            "move_blocked",
            (C.MOVE_ONTO_PIECE if other is not None else C.MOVE_TO_EMPTY_SQUARE)
            + C.MOVE_BLOCKED_AFTER_INTERRUPT,
            actor=seat,
            cause=cause,
            to=to,
            piece=other,
            at=state.players[seat].piece,
        )
        return []
    articles = C.MOVED + (C.LEAP_MOVE if seat in state.leaping else ())
    return place_piece(game, cause, seat, to, forced=False, articles=articles)


def forced_move(
    game: Game, cause: int | None, seat: Seat, to: Square, articles: tuple[str, ...]
) -> list[Step]:
    """609.2: a move that may end on a square without cards; 905.2: never onto a piece."""
    other = game.state.piece_at(to)
    if other is not None and other != seat:
        game.emit(
            "forced_move_blocked",
            C.FORCED_BLOCKED,
            actor=seat,
            cause=cause,
            to=to,
            piece=other,
            at=game.state.players[seat].piece,
        )
        return []
    return place_piece(game, cause, seat, to, forced=True, articles=articles + C.FORCED_MOVED)


def place_piece(
    game: Game,
    cause: int | None,
    seat: Seat,
    to: Square,
    *,
    forced: bool,
    articles: tuple[str, ...],
    no_arrival: bool = False,
) -> list[Step]:
    """506.4: the piece goes onto the square's top card; then what arriving there causes."""
    player = game.state.players[seat]
    frm = player.piece
    player.piece = to
    # 801.3: a piece carried by a card's effect is told apart (the bonus cites it).
    extra = {"by_effect": True} if game.effects_in_progress else {}
    ev = game.emit(
        "moved", articles, actor=seat, cause=cause, frm=frm, to=to, forced=forced, **extra
    )
    return arrive(game, ev.seq, seat, to, forced=forced, no_arrival=no_arrival)


def arrive(
    game: Game,
    cause: int | None,
    seat: Seat,
    square: Square,
    *,
    forced: bool,
    no_arrival: bool = False,
) -> list[Step]:
    """506.4, 609.2: a face-down top card is opened; a face-up card is reached (603.1)."""
    from judge_cli.engine.rules.reach import reach

    top = game.state.top(square)
    if top is None:
        if forced:
            game.emit(
                "arrived_empty", C.ARRIVED_ON_EMPTY_SQUARE, actor=seat, cause=cause, square=square
            )
        return []
    if top.face_up:
        return [step(reach, cause, seat=seat, square=square, via="face_up", no_arrival=no_arrival)]
    ensure_known(game, top.card, square)
    top.face_up = True
    ev = game.emit(
        "opened",
        C.OPENED_BY_FORCED_MOVE if forced else C.OPENED_BY_MOVE,
        actor=seat,
        cause=cause,
        square=square,
        card=top.card,
    )
    return [step(reach, ev.seq, seat=seat, square=square, via="opened", no_arrival=no_arrival)]


def ensure_known(game: Game, card: str, square: Square) -> None:
    """A filler card (SCENARIOS.md) may not be looked at: the ruling needs its identity."""
    if game.state.cards[card].is_filler:
        raise ScenarioError(
            f"the ruling turns face up the face-down card on {square.name}, which the scenario "
            "gives only as a count",
            hint=f"give the card on {square.name} an id and a colour (cards: …)",
        )

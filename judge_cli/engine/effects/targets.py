"""Who and what an effect reaches: players (100.3, 113, 115), squares (608), cards (111, 704.3)
and numbers (115.1, 1000「半分」, 606.3)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.cards import Kind
from judge_cli.engine.decisions import Request
from judge_cli.engine.state import State
from judge_cli.engine.table import ALL_SQUARES, Seat, Square, clockwise_from, gate_of

if TYPE_CHECKING:
    from judge_cli.engine.effects.run import EffectRun
    from judge_cli.engine.effects.vocab import Area, Move
    from judge_cli.engine.game import Game


def seats_for(state: State, activator: Seat, who: str) -> list[Seat]:
    """The players ``who`` names, clockwise from the activator (113.1); for ``opponent``, every
    candidate (one of them is chosen, 115.2)."""
    if who == "you":
        return [activator]
    seats = clockwise_from(activator, state.players)
    if who in ("opponent", "each_opponent"):
        return seats[1:]
    if who == "declarer":
        return seats[1:]
    if who == "fewest_locked":
        counts = {s: len(state.players[s].locked_cards()) for s in seats}
        low = min(counts.values())
        return [s for s in seats if counts[s] == low]
    return seats


def who_articles(who: str) -> tuple[str, ...]:
    return {
        "all": C.ALL_PLAYERS,
        "each_opponent": C.EACH_OPPONENT,
        "fewest_locked": C.FEWEST_LOCKED,
        "opponent": C.ONE_OPPONENT,
    }.get(who, ())


def players_for(
    game: Game,
    cause: int | None,
    run: EffectRun,
    who: str,
    can: Callable[[Seat], bool] | None = None,
) -> list[Seat]:
    """The players a sentence is processed for. 相手 is one opponent (115.2), chosen by the
    activator among those for whom the sentence can be carried out (114.1)."""
    seats = seats_for(game.state, run.activator, who)
    if who == "fewest_locked":
        _fewest_event(game, cause, run, seats)
    if who != "opponent" or len(seats) == 1:
        return seats
    able = [s for s in seats if can is None or can(s)]
    if not able:
        # 114.4: the sentence can be carried out for none of them; whichever were chosen,
        # nothing would be done, so nobody is asked to choose.
        game.emit(
            "no_opponent_can",
            C.NO_OPPONENT_CAN,
            actor=run.activator,
            cause=cause,
            candidates=[s.value for s in seats],
        )
        return []
    if len(able) == 1:
        chosen = able[0].value
    else:
        (chosen,) = game.ask(
            Request(
                "player",
                "115.2",
                tuple(s.value for s in able),
                1,
                run.activator.value,
                {"card": run.card},
            )
        )
    game.emit(
        "chose_opponent",
        C.ONE_OPPONENT + (C.BEST_EFFORT_CHOICE if len(able) < len(seats) else ()),
        actor=run.activator,
        cause=cause,
        seat=chosen,
        candidates=[s.value for s in able],
    )
    return [Seat(chosen)]


def _fewest_event(game: Game, cause: int | None, run: EffectRun, fewest: list[Seat]) -> None:
    """1000「1番少なくロックしている」: the number of locked cards (702.2: cards locked together
    count one by one; 705.2: placed cards do not count); a tie includes every tied player."""
    state = game.state
    articles = C.FEWEST_LOCKED
    if any(p.groups for p in state.players.values()):
        articles += C.LOCKED_COUNT_TOGETHER
    if any(p.placed for p in state.players.values()):
        articles += C.PLACED_NOT_COUNTED
    counts = {
        s.value: len(state.players[s].locked_cards())
        for s in clockwise_from(run.activator, state.players)
    }
    game.emit(
        "fewest_locked",
        articles,
        actor=run.activator,
        cause=cause,
        counts=counts,
        seats=[s.value for s in fewest],
    )


def how_many(count: object, available: int, hand_of_activator: int = 0) -> int:
    """The number a sentence asks for: one when none is written (115.1), ``all``, ``half`` of
    what there is (rounded down, 1000「半分」), or ``hand``: the activator's hand (606.3)."""
    if count is None:
        return 1
    if count == "all":
        return available
    if count == "half":
        return available // 2
    if count == "hand":
        return hand_of_activator
    return int(count)


def count_articles(count: object) -> tuple[str, ...]:
    if count is None:
        return C.IMPLICIT_ONE
    if count == "half":
        return C.HALF
    return ()


def targetable(game: Game, run: EffectRun, cards: Iterable[str]) -> tuple[list[str], list[str]]:
    """(targetable, protected): 704.3 first and eternal cards, and cards whose base effect
    says so (105.3), are not targets of another card's effect."""
    ok, protected = [], []
    for cid in cards:
        card = game.state.cards[cid]
        if cid != run.card and card.untargetable:
            protected.append(cid)
        else:
            ok.append(cid)
    return ok, protected


def protected_event(
    game: Game, cause: int | None, run: EffectRun, cards: list[str], *, locked: bool = False
) -> None:
    """105.3: the prohibition wins; 105.4 is the example of a locked first or eternal card."""
    if not cards:
        return
    special = any(game.state.cards[c].kind is not Kind.normal for c in cards)
    articles: tuple[str, ...] = ()
    if special:
        articles += C.PROTECTED_FIRST_ETERNAL + (C.PROTECTED_LOCKED_EXAMPLE if locked else ())
    if any(game.state.cards[c].kind is Kind.normal for c in cards):
        articles += C.PROTECTED  # a normal card's own base effect says so

    game.emit("protected", articles, actor=run.activator, cause=cause, cards=cards)


def area_articles(area: Area) -> tuple[str, ...]:
    out: tuple[str, ...] = ()
    if area.within is not None:
        out += C.AREA_WITHIN
    else:
        out += {
            "adjacent": C.AREA_ADJACENT,
            "surrounding": C.AREA_SURROUNDING,
            "any": C.AREA_ANY,
            "gate": C.AREA_GATE,
            "ahead2": C.AHEAD_TWO,
            "near_opponent": C.AREA_ADJACENT,
        }.get(area.where or "", ())
    if area.empty:
        out += C.AREA_EMPTY
    if area.face_up:
        out += C.AREA_FACE_UP
    if area.not_gate:
        out += C.AREA_NOT_GATE
    return out


def is_empty(state: State, sq: Square) -> bool:
    """608.5: neither a card nor a piece."""
    return not state.squares[sq] and state.piece_at(sq) is None


def area_squares(
    state: State,
    centre: Square | None,
    seat: Seat,
    area: Area,
    run: EffectRun | None = None,
) -> list[Square]:
    """The squares of ``area`` around ``centre`` (the piece of the player it is about). Nマス以内
    is where a move of N squares could end, the centre included (608.2, :func:`within`);
    ``chosen``, ``placed``: the square an earlier sentence of ``run`` remembered."""
    where = area.where
    if where == "gate":
        out: tuple[Square, ...] | list[Square] = (gate_of(seat),)
    elif where in ("chosen", "placed"):
        sq = (
            None if run is None else (run.chosen_square if where == "chosen" else run.placed_square)
        )
        out = () if sq is None else (sq,)
    elif where == "near_opponent":
        out = sorted(
            {
                a
                for s, p in state.players.items()
                if s != seat and p.piece is not None
                for a in p.piece.adjacent()
            }
        )
    elif centre is None and where != "any":
        return []
    elif area.within is not None:
        out = within(state, centre, seat, area.within)
    else:
        out = _area(centre, where, None)
    if area.empty:
        occupied = {p.piece for p in state.players.values()}
        squares = state.squares
        out = [sq for sq in out if not squares[sq] and sq not in occupied]
    if area.face_up:
        squares = state.squares
        out = [sq for sq in out if (pile := squares[sq]) and pile[-1].face_up]
    if area.not_gate:
        gates = state.gates()
        out = [sq for sq in out if sq not in gates]
    return list(out)


def within(state: State, centre: Square, seat: Seat, n: int) -> list[Square]:
    """608.2: 「Nマス以内」 is the range of a move of N squares, the centre included: squares
    reached one adjacent step at a time (506.1), passing only over squares a move could stop
    on (a card, no other piece: 506.2, 506.3); the last step may end on any square, so that
    what the effect looks for there (a card, an opponent, nothing) decides."""
    pieces = state.pieces()
    squares = state.squares
    seen = {centre: 0}
    queue = deque([centre])
    while queue:
        sq = queue.popleft()
        d = seen[sq]
        if d == n or (sq != centre and (not squares[sq] or pieces.get(sq, seat) != seat)):
            continue
        for nxt in sq.adjacent():
            if nxt not in seen:
                seen[nxt] = d + 1
                queue.append(nxt)
    return sorted(seen)


@cache
def _area(centre: Square | None, where: str | None, within: int | None) -> tuple[Square, ...]:
    """The squares of an area around ``centre``, sorted; computed once per shape and centre
    (effects ask for them on every check of whether a card can be used)."""
    if where == "any":
        out = list(ALL_SQUARES)
    elif where == "adjacent":
        out = list(centre.adjacent())
    elif where == "surrounding":
        out = list(centre.surrounding())
    elif where == "own":
        out = [centre]
    elif where == "ahead2":
        out = [
            sq
            for sq in ALL_SQUARES
            if (abs(sq.col - centre.col), abs(sq.row - centre.row)) in ((2, 0), (0, 2))
        ]
    else:
        n = within or 0
        out = [sq for sq in ALL_SQUARES if abs(sq.col - centre.col) + abs(sq.row - centre.row) <= n]
    return tuple(sorted(out))


def move_destinations(
    state: State,
    seat: Seat,
    spec: Move,
    centre: Square | None = None,
    run: EffectRun | None = None,
) -> list[Square]:
    """Where ``seat``'s piece may go: a square with a card unless forced (609.1, 609.2), never
    onto another piece (905.2, 506.3), never its own square (506.4). Within N squares a piece
    steps to adjacent squares through squares it could stop on; a jump ignores them (609.3)."""
    here = state.players[seat].piece
    if here is None:
        return []
    pieces = state.pieces()
    squares = state.squares

    def can_stop(sq: Square) -> bool:
        other = pieces.get(sq)
        if other is not None and other != seat:
            return False
        return spec.forced or bool(squares[sq])

    if spec.within is not None and not spec.jump:
        seen = {here: 0}
        queue = deque([here])
        while queue:
            sq = queue.popleft()
            if seen[sq] == spec.within:
                continue
            for nxt in sq.adjacent():
                if nxt not in seen and can_stop(nxt):
                    seen[nxt] = seen[sq] + 1
                    queue.append(nxt)
        candidates = sorted(seen)
        if spec.empty:
            candidates = [sq for sq in candidates if is_empty(state, sq)]
    elif spec.within is not None:
        # 609.3: a leap passes over nothing, so only the distance counts.
        candidates = list(_area(here, None, spec.within))
        if spec.empty:
            candidates = [sq for sq in candidates if is_empty(state, sq)]
    else:
        candidates = area_squares(state, centre or here, seat, spec, run)
    return [sq for sq in candidates if sq != here and can_stop(sq)]


def card_here(game: Game, run: EffectRun) -> bool:
    """Whether this card is where its own text can move it: set aside (606.4) or, for a reach
    effect, still on the reached square."""
    state = game.state
    if run.card in state.in_use:
        return True
    return run.square is not None and any(f.card == run.card for f in state.squares[run.square])


def take_this(game: Game, run: EffectRun) -> None:
    """Take this card from where it is (set aside, or on the reached square)."""
    state = game.state
    if run.card in state.in_use:
        state.in_use.remove(run.card)
        return
    assert run.square is not None
    pile = state.squares[run.square]
    pile[:] = [f for f in pile if f.card != run.card]

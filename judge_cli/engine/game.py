"""A game in progress: the state, the trace, and the resolution stack.

Declarations follow verify / can / do (STYLE.md): ``verify_x`` raises :class:`Refused`
naming the forbidding article, ``can_x`` answers with a bool, ``x`` does it and returns its
events. :meth:`Game.submit` is the replay's entry: a forbidden declaration becomes a
``refused`` event and the state is unchanged.

Resolution uses an explicit stack of frames, each a queue of :class:`Step`. A step may push
sub-steps; they resolve before the rest of its frame (a reach inside a contact inside a
turn). Interrupt windows are steps pushed right after a declaration is recorded (502.4), and
effects are steps processed sentence by sentence (112). The game ends
at the instant the seventh colour is locked (103.2): the stack is abandoned.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from enum import Enum
from functools import cache
from types import ModuleType
from typing import Any

from judge_cli.engine import citations as C
from judge_cli.engine.cards import Colour
from judge_cli.engine.decisions import Decisions, Request
from judge_cli.engine.declarations import Contact, Declaration, EndPhase, Lock, Move, Use
from judge_cli.engine.events import Event
from judge_cli.engine.state import Phase, State
from judge_cli.engine.steps import Refused, Step, step
from judge_cli.engine.table import Seat, Square
from judge_cli.errors import ScenarioError

__all__ = ["Game", "Refused", "Step", "step"]


class Game:
    """The state of one game, its trace, and the stack of steps being resolved."""

    def __init__(self, state: State, decisions: Decisions) -> None:
        self.state = state
        self.decisions = decisions
        self.trace: list[Event] = []
        self._stack: list[deque[Step]] = []
        from judge_cli.engine.rules.interrupt import window_after

        self.after_declaration: list[Callable[[Game, Event], list[Step]]] = [window_after]
        """Providers of steps that resolve right after a declaration is recorded and before
        its resolution: the interrupt window (502.4), which is empty while nobody holds a card
        usable at that timing."""
        self.watchers: list[Callable[[Game, Event], None]] = []
        """Called with every event as it is recorded, the position as it leaves it (the
        laws of engine/laws.py, for ``seven simulate`` and ``expect.invariants``)."""
        self.effects_in_progress = 0
        """Effects being processed now: no break for 「いつでも使える」 (502.4f)."""
        self.interrupts_in_progress = 0
        """Interrupting effects being processed now (502.4a, 502.4b)."""
        self.anytime_cards: bool | None = None
        """Whether any card of the game is 「いつでも使える」 (502.4f), worked out on first use
        (rules/hand.py). An attribute, never a key put in ``__dict__``: on Python 3.11 an
        instance whose dict has been asked for has every attribute read slowly, and
        ``game.state`` is read everywhere."""

    # -- the trace ------------------------------------------------------------------------
    def emit(
        self,
        kind: str,
        articles: tuple[str, ...],
        *,
        actor: Seat | None = None,
        cause: int | None = None,
        **data: Any,
    ) -> Event:
        trace = self.trace
        cited = _DISTINCT.get(articles)
        if cited is None:
            cited = _DISTINCT[articles] = tuple(dict.fromkeys(articles))
        # ``data`` is this call's own dict: its values are made JSON-ready in place, the plain
        # ones (most of them) without a call.
        for k, v in data.items():
            t = type(v)
            if t in _PLAIN:
                continue
            if t is Square:
                data[k] = v.name
            elif t in _BY_VALUE:
                data[k] = v._value_
            else:
                data[k] = _jsonable(v)
        # Event(len(trace) + 1, kind, actor, cited, cause, data), its dict given whole here
        # rather than through its __init__ (one Python call fewer for each of some two
        # thousand events a game).
        event = _new_event(Event)
        _set_dict(
            event,
            "__dict__",
            {
                "seq": len(trace) + 1,
                "kind": kind,
                "actor": actor,
                "articles": cited,
                "cause": cause,
                "data": data,
            },
        )
        trace.append(event)
        for watch in self.watchers:
            watch(self, event)
        return event

    # -- choices and random results -----------------------------------------------------------
    def ask(self, request: Request) -> tuple[str, ...]:
        """Ask the decisions source; check that the answer is one the rules allow."""
        return self.checked(request, tuple(self.decisions.decide(request)))

    def checked(self, request: Request, answer: tuple[str, ...]) -> tuple[str, ...]:
        """``answer`` to ``request`` if the rules allow it; a :class:`ScenarioError` if not."""
        if request.kind in ("shuffle", "order"):
            ok = sorted(answer) == sorted(request.options)
        elif request.minimum is not None:
            ok = (
                request.minimum <= len(answer) <= request.count
                and len(set(answer)) == len(answer)
                and all(a in request.options for a in answer)
            )
        else:
            given = set(answer)
            ok = (
                len(answer) == request.count
                and len(given) == len(answer)
                and given.issubset(request.options)
            )
        if not ok:
            raise ScenarioError(
                f"the answer {list(answer)} to {request.kind!r} ({request.article}) is not "
                f"{request.count} of {list(request.options)}",
                article=request.article,
            )
        return answer

    # -- the stack -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def run(self, steps: list[Step]) -> None:
        """Resolve ``steps`` and everything they push, until the stack is empty or the game
        ends (103.2)."""
        stack = self._stack
        if steps:
            stack.append(deque(steps))
        while stack:
            if self.state.winner is not None:  # 103.2: the game is over
                stack.clear()
                break
            frame = stack[-1]
            if not frame:
                stack.pop()
                continue
            fn, cause, kwargs = frame.popleft()
            pushed = fn(self, cause, **kwargs)
            if pushed and self.state.winner is None:
                stack.append(deque(pushed))

    def pending(self) -> list[str]:
        """The names of the steps still on the stack (what 103.2 abandons)."""
        return [s.name for frame in reversed(self._stack) for s in frame]

    def end_game(self, winner: Seat, cause: int | None, extra: tuple[str, ...] = ()) -> Event:
        """103.2: the game ends at this instant; nothing pending is processed."""
        abandoned = self.pending()
        self.state.winner = winner
        self._stack.clear()
        return self.emit(
            "game_ends",
            C.GAME_ENDS + extra,
            actor=winner,
            cause=cause,
            winner=winner,
            abandoned=abandoned,
        )

    # -- declarations: verify / can / do --------------------------------------------------------
    def verify(self, decl: Declaration) -> None:
        """Raise :class:`Refused` citing the article that forbids ``decl``."""
        contact, hand, lock, move, turn = _rules()
        if isinstance(decl, Lock):
            lock.verify_lock(self, decl)
        elif isinstance(decl, Move):
            move.verify_move(self, decl)
        elif isinstance(decl, Contact):
            contact.verify_contact(self, decl)
        elif isinstance(decl, EndPhase):
            turn.verify_end(self, decl)
        elif isinstance(decl, Use):
            hand.verify_use(self, decl)
        else:  # pragma: no cover - the union is closed
            raise TypeError(decl)

    def can(self, decl: Declaration) -> bool:
        try:
            self.verify(decl)
        except Refused:
            return False
        return True

    def declare(self, decl: Declaration, *, verified: bool = False) -> list[Event]:
        """Do ``decl`` (verified first); return the events it caused. Raises :class:`Refused`.

        ``verified``: ``decl`` was verified in this very position (one of
        :meth:`legal_declarations`, each verified by its rule's own verify), so it is not
        verified again."""
        contact, hand, lock, move, turn = _rules()
        if not verified:
            self.verify(decl)
        start = len(self.trace)
        if isinstance(decl, Lock):
            first = lock.declare_lock(self, decl)
        elif isinstance(decl, Move):
            first = move.declare_move(self, decl)
        elif isinstance(decl, Contact):
            first = contact.declare_contact(self, decl)
        elif isinstance(decl, Use):
            first = hand.declare_use(self, decl)
        else:
            first = turn.declare_end(self, decl)
        declared = self.trace[start]
        # 502.4: what interrupts a declaration resolves before it, and the declaration resumes.
        window = [s for provider in self.after_declaration for s in provider(self, declared)]
        self.run([*window, *first])
        return self.trace[start:]

    def submit(self, decl: Declaration) -> list[Event]:
        """The replay's entry: do ``decl``, or record it as refused with the state unchanged."""
        try:
            return self.declare(decl)
        except Refused as exc:
            event = self.emit(
                "refused",
                exc.articles,
                actor=decl.seat,
                declaration=str(decl).split(": ", 1)[1],
                reason=exc.reason,
                **exc.data,
            )
            return [event]

    # -- named declarations, as in pokerkit -------------------------------------------------
    def verify_lock(self, seat: Seat, card: str, place: Colour | None = None) -> None:
        self.verify(Lock(seat, card, place))

    def can_lock(self, seat: Seat, card: str, place: Colour | None = None) -> bool:
        return self.can(Lock(seat, card, place))

    def lock(self, seat: Seat, card: str, place: Colour | None = None) -> list[Event]:
        return self.declare(Lock(seat, card, place))

    def verify_move(self, seat: Seat, to: Square) -> None:
        self.verify(Move(seat, to))

    def can_move(self, seat: Seat, to: Square) -> bool:
        return self.can(Move(seat, to))

    def move(self, seat: Seat, to: Square) -> list[Event]:
        return self.declare(Move(seat, to))

    def verify_contact(self, seat: Seat, target: Seat) -> None:
        self.verify(Contact(seat, target))

    def can_contact(self, seat: Seat, target: Seat) -> bool:
        return self.can(Contact(seat, target))

    def contact(self, seat: Seat, target: Seat) -> list[Event]:
        return self.declare(Contact(seat, target))

    def verify_end(self, seat: Seat) -> None:
        self.verify(EndPhase(seat))

    def can_end(self, seat: Seat) -> bool:
        return self.can(EndPhase(seat))

    def end_phase(self, seat: Seat) -> list[Event]:
        return self.declare(EndPhase(seat))

    def verify_use(self, seat: Seat, card: str) -> None:
        self.verify(Use(seat, card))

    def can_use(self, seat: Seat, card: str) -> bool:
        return self.can(Use(seat, card))

    def use(self, seat: Seat, card: str) -> list[Event]:
        return self.declare(Use(seat, card))

    def legal_declarations(self) -> list[Declaration]:
        """Every declaration that may be made now (for simulations and tests): the turn
        player's, and any player's 「いつでも使える」 card (502.4f). Interrupts are offered
        in their windows, through the decisions source."""
        turn = _rules()[-1]
        return turn.legal_declarations(self)


@cache
def _rules() -> tuple[ModuleType, ...]:
    """The rules modules (imported on first use: they import this module)."""
    from judge_cli.engine.rules import contact, hand, lock, move, turn

    return contact, hand, lock, move, turn


_DISTINCT: dict[tuple[str, ...], tuple[str, ...]] = {}
"""Each tuple of articles an event cites, without repeats (the engine cites a few hundred
different tuples, built from engine/citations.py)."""


_new_event = object.__new__
_set_dict = object.__setattr__

_PLAIN = frozenset({str, int, bool, type(None)})
"""The types of event data that are JSON-ready as they are."""

_BY_VALUE = frozenset({Seat, Colour, Phase})
"""The enums of event data most often given (written as their values, as :func:`_jsonable`
writes every enum)."""


def _jsonable(value: Any) -> Any:
    """An event's data as JSON-ready values: squares by name, seats, colours and phases by
    value, tuples as lists. The exact types come first: this runs for every value of every
    event."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is list or kind is tuple:
        return [_jsonable(v) for v in value]
    if kind is Square:
        return value.name
    if isinstance(value, Enum):  # seats, colours, phases (never also a dict or a list)
        return value._value_
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Square):
        return value.name
    if isinstance(value, Enum):
        return value.value
    return value

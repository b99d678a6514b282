"""Interrupts (502.4): right after a lock, move, contact or use is declared, and before it is
processed, players may use cards whose timing is that declaration (606.1a).

The chance goes clockwise from the activator of what caused the timing (the declarer, or the
effect's activator for a lock inside an effect; 502.4c, 113.1). A player who uses a card
interrupts: its declaration opens a window of its own, and its effect is processed before
the interrupted declaration (502.4a, 502.4b). When every player in turn declines, the
interrupted processing resumes (502.4d). A 「いつでも使える」 card is usable only at a break:
not while an effect is being processed (502.4f); a card with a timing is usable even then
(502.4g, 502.4h).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.decisions import Request
from judge_cli.engine.steps import Step, step
from judge_cli.engine.table import Seat, clockwise_from

if TYPE_CHECKING:
    from judge_cli.engine.effects.vocab import Timing
    from judge_cli.engine.events import Event
    from judge_cli.engine.game import Game
    from judge_cli.engine.state import State

TIMING_OF = {
    "lock": "lock",
    "lock_together": "lock",
    "move": "move",
    "contact": "contact",
    "use": "use",
}
"""The declarations that are timings (606.1a), by the ``declaration`` of their event."""


@dataclass
class Window:
    """The chance to interrupt one declaration."""

    declaration: str
    declarer: Seat
    target: Seat | None
    cause: int
    """The declared event."""
    in_effect: bool
    """Declared while an effect is being processed (502.4g): no break (502.4f)."""
    nested: bool
    """Opened while an interrupting effect is being processed (502.4a)."""
    order: list[Seat]
    used: set[str] = field(default_factory=set)
    position: int = 0
    passes: int = 0
    opened: bool = False
    interrupted: bool = False
    off_turn: bool = False
    """Someone other than the turn player interrupted (606.1c)."""
    final: bool = False
    """A lock that would lock the declarer's seventh colour (最後のロック, 103.1)."""

    @property
    def at_break(self) -> bool:
        return not self.in_effect

    @property
    def timing(self) -> str:
        return TIMING_OF[self.declaration]


def timing_matches(timing: Timing, seat: Seat, window: Window) -> bool:
    """Whether ``timing`` (as printed on ``seat``'s card) is this declaration (606.1a)."""
    if timing.when != window.timing:
        return False
    if timing.by == "opponent" and window.declarer == seat:
        return False
    if timing.by == "you" and window.declarer != seat:
        return False
    if timing.final and not window.final:
        return False
    return not (timing.against == "you" and window.target != seat)


def window_after(game: Game, declared: Event, first: Seat | None = None) -> list[Step]:
    """The steps of the window after ``declared``: none when nobody holds a usable card."""
    kind = declared.data.get("declaration")
    if kind not in TIMING_OF or declared.actor is None:
        return []
    state = game.state
    if not _anyone_holds(state, (TIMING_OF[kind], "anytime")):
        # Nobody holds a card of this timing or 「いつでも使える」: no window, nothing waits.
        return []
    from judge_cli.engine.rules.hand import usable_cards

    target = declared.data.get("target")
    window = Window(
        kind,
        declared.actor,
        Seat(target) if target else None,
        declared.seq,
        in_effect=game.effects_in_progress > 0,
        nested=game.interrupts_in_progress > 0,
        order=clockwise_from(first or declared.actor, state.players),
        final=_final_lock(state, declared),
    )
    if window.in_effect:
        _anytime_waits(game, window)
    if not any(usable_cards(game, s, window) for s in window.order):
        return []
    return [step(interrupt_window, declared.seq, window=window)]


def _final_lock(state: State, declared: Event) -> bool:
    """Whether a declared lock would lock the declarer's seventh colour (103.1)."""
    if TIMING_OF.get(declared.data.get("declaration", "")) != "lock" or declared.actor is None:
        return False
    place = declared.data.get("place")
    colours = {c.value for c in state.players[declared.actor].locked_colours()}
    return place is not None and place not in colours and len(colours) == 6


def _anyone_holds(state: State, timings: tuple[str, ...]) -> bool:
    """Whether a player holds, where it could be used (606.1b, 704.1), a card whose timing is
    one of ``timings`` (a quick look before the full check of each card, after every
    declaration: the cards of these timings are found once per card set)."""
    timed, timed_locked = _timed_cards(state, timings)
    if not timed:
        return False
    for player in state.players.values():
        if not timed.isdisjoint(player.hand):
            return True
        if timed_locked:
            for pile in player.lock_area.values():
                for c in pile:
                    if c in timed_locked and c not in player.placed:  # 704.1, 705.1
                        return True
    return False


def _timed_cards(state: State, timings: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    """The cards of ``state.cards`` whose timing is one of ``timings``, and those of them
    usable while locked (704.1), found once per card set."""
    cards = state.cards
    cache = state.worked_out.setdefault("timed", {})
    known = cache.get(timings)
    if known is None or known[0] is not cards or known[1] != len(cards):
        timed = frozenset(c for c, card in cards.items() if card.hand_timing in timings)
        locked = frozenset(c for c in timed if cards[c].usable_while_locked)
        known = cache[timings] = (cards, len(cards), timed, locked)
    return known[2], known[3]


def _anytime_held(state: State, seat: Seat) -> list[str]:
    """The 「いつでも使える」 cards ``seat`` holds where they could be used (606.1b, 704.1)."""
    player = state.players[seat]
    return [
        c
        for c in dict.fromkeys([*player.hand, *player.locked_cards()])
        if (h := state.cards[c].effects.hand) is not None
        and h.timing is not None
        and h.timing.when == "anytime"
        and (c in player.hand or state.cards[c].usable_while_locked)
    ]


def _anytime_waits(game: Game, window: Window) -> None:
    """502.4f, 502.4h: 「いつでも使える」 cards wait until the processing ends."""
    for seat in window.order:
        held = _anytime_held(game.state, seat)
        if held:
            game.emit("anytime_waits", C.ANYTIME_WAITS, actor=seat, cause=window.cause, cards=held)


def interrupt_window(game: Game, cause: int | None, window: Window) -> list[Step]:
    """502.4c: clockwise, each player uses a card or declines; a use interrupts (its own
    window first, then its effect), then the round goes on; 502.4d: all decline, resume."""
    from judge_cli.engine.declarations import Use
    from judge_cli.engine.rules.hand import declare_use, usable_cards

    if not window.opened:
        window.opened = True
        game.emit(
            "window_opens",
            C.WINDOW_OPENS + (C.WINDOW_IN_EFFECT if window.in_effect else ()),
            actor=window.order[0],
            cause=window.cause,
            declaration=window.declaration,
            order=list(window.order),
        )
    n = len(window.order)
    while window.passes < n:
        seat = window.order[window.position % n]
        window.position += 1
        usable = usable_cards(game, seat, window)
        if not usable:
            window.passes += 1
            continue
        request = Request(
            "use",
            "502.4c",
            (*usable, "pass"),
            1,
            seat.value,
            {"declaration": window.declaration, "by": window.declarer.value},
            tuple(_anytime_held(game.state, seat)) if window.in_effect else (),
        )
        answer = _use_answer(game, seat, window, request)
        if answer is None:
            window.position -= 1  # refused: the same player answers again
            continue
        if answer == "pass":
            window.passes += 1
            game.emit("passed", C.PASSED, actor=seat, cause=window.cause)
            continue
        window.passes = 0
        window.used.add(answer)
        window.interrupted = True
        window.off_turn |= seat != game.state.turn
        start = len(game.trace)
        effect = declare_use(game, Use(seat, answer), window)
        own = window_after(game, game.trace[start])
        return [*own, *effect, step(interrupt_window, cause, window=window)]
    articles = C.WINDOW_CLOSES
    if window.interrupted:
        articles += C.RESUMES + (C.RESUMES_NESTED if window.nested else ())
        articles += C.RESUMES_OFF_TURN if window.off_turn else ()
    game.emit(
        "window_closes",
        articles,
        actor=window.declarer,
        cause=window.cause,
        declaration=window.declaration,
        interrupted=window.interrupted,
    )
    return []


def _use_answer(game: Game, seat: Seat, window: Window, request: Request) -> str | None:
    """``seat``'s answer in the window: a card to use, or ``pass``. 502.4f: a 「いつでも使える」
    card named while an effect is being processed is refused (None), as a declaration the
    rules forbid; the state is unchanged and the player answers again."""
    if not request.refusable:
        return game.ask(request)[0]
    answer = tuple(game.decisions.decide(request))
    if len(answer) == 1 and answer[0] in request.refusable:
        from judge_cli.engine.declarations import Use

        game.emit(
            "refused",
            C.ANYTIME_IN_EFFECT,
            actor=seat,
            cause=window.cause,
            declaration=str(Use(seat, answer[0])).split(": ", 1)[1],
            reason="anytime_in_effect",
            card=answer[0],
        )
        return None
    return game.checked(request, answer)[0]

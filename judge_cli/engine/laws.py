"""The game's own laws, checked after every event: what no position and no trace may break.

``seven simulate`` watches every random game with :class:`Laws`, and a scenario whose
expectations list ``invariants`` is replayed under the same watch, so that a violation found
by simulation is a scenario that fails while the bug exists. Each law names its article:

- the position (:meth:`State.problems`): a card in one place only (300.2), one piece per
  square (204.2), a piece for every player (204.1), only cards of a colour locked (701.1),
  locked cards of their place's colour or rainbow (701.2), none colourless (701.3), one per
  place (702.1), first and eternal
  cards where they may be (201.3, 201.4);
- no card appears or disappears: the cards in play when the watch begins are, after every
  event, each in exactly one place (300.2);
- the end of the game: the seventh colour wins at that instant (103.1, 103.2), nothing
  happens after the game ends (103.2), one winner (103.3);
- turns: clockwise to the next seated player (102.5, 509.3), skipping empty seats (904.1),
  after the turn ended (509.1), the phases in order (502.1);
- the deck: turned over from the discard pile as it is when it runs out (901.1, 901.2), and
  nothing fails to be drawn while a card is left to draw (902.1).

An event may leave an obligation for the very next one (the ``locked`` event of the seventh
colour is followed by ``game_ends``; the draw of the deck's last card by ``deck_refilled``):
the law is broken when another event comes first, or none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from judge_cli.engine.state import Phase
from judge_cli.engine.table import CLOCKWISE, next_seat

if TYPE_CHECKING:
    from judge_cli.engine.events import Event
    from judge_cli.engine.game import Game

ARTICLES: tuple[str, ...] = (
    "300.2",
    "204.2",
    "204.1",
    "701.1",
    "701.2",
    "701.3",
    "702.1",
    "201.3",
    "201.4",
    "103.1",
    "103.2",
    "103.3",
    "102.5",
    "509.1",
    "509.3",
    "904.1",
    "502.1",
    "901.1",
    "901.2",
    "902.1",
    "508.1",
)
"""Every article a law names (``expect.invariants`` takes these; a test checks each exists)."""

NEXT_PHASE = {Phase.lock: Phase.hand, Phase.hand: Phase.move}
"""502.1: lock, hand, move."""


@dataclass(frozen=True)
class Violation:
    """A law broken after one event."""

    article: str
    """The article whose law is broken."""
    text: str
    """What is wrong, in the engine's terms (card ids, squares, seats)."""
    event: int
    """The ``seq`` of the event after which it was found (at the end of the watch: the last
    event); 0 for the position when the watch began."""

    def __str__(self) -> str:
        where = f"after event #{self.event}" if self.event else "at the start"
        return f"{self.article}: {self.text} ({where})"


class Laws:
    """Watches one game: :meth:`watch` is called with every event as it is recorded.

    ``cards``: the cards in play, each to be in exactly one place after every event; None
    takes the cards in play when the watch begins (after a setup, all of them). During a
    setup (:meth:`during_setup`) cards are still being put in place: only the laws that hold
    for every part of the table are checked until :meth:`arm`.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.violations: list[Violation] = []
        self.cards: frozenset[str] | None = None
        self.setup = False
        self._owed: tuple[str, str, str] | None = None
        """An obligation for the next event: (its kind, the article, why it is owed)."""
        self._ended = False
        self._turn_ended = False
        state = game.state
        self._turn = state.turn
        self._turn_number = state.turn_number
        self._phase: Phase | None = state.phase
        """The phase of the turn; None between a turn's beginning and its lock phase."""
        self._deck = list(state.deck)
        self._discard = list(state.discard)

    # -- attaching --------------------------------------------------------------------------
    @classmethod
    def during_setup(cls, game: Game) -> Laws:
        """Watch a game from its first event, while the setup puts the cards in place."""
        laws = cls(game)
        laws.setup = True
        game.watchers.append(laws.watch)
        return laws

    @classmethod
    def attach(cls, game: Game, cards: Iterable[str] | None = None) -> Laws:
        """Watch a game from its current position on (checked now, as event 0)."""
        laws = cls(game)
        game.watchers.append(laws.watch)
        laws.arm(cards)
        return laws

    def arm(self, cards: Iterable[str] | None = None) -> list[Violation]:
        """From now on every card of ``cards`` (default: those in play now) is to be in
        exactly one place; the position is checked at once."""
        state = self.game.state
        self.setup = False
        self.cards = frozenset(state.locations() if cards is None else cards)
        self._turn, self._turn_number, self._phase = state.turn, state.turn_number, state.phase
        self._deck, self._discard = list(state.deck), list(state.discard)
        found = self._position(0)
        if state.winner is None:
            found.extend(
                Violation("103.2", f"{seat} has all seven colours locked and the game goes on", 0)
                for seat, player in state.players.items()
                if len(player.locked_colours()) == 7
            )
        self.violations.extend(found)
        return found

    # -- the watch --------------------------------------------------------------------------
    def watch(self, game: Game, event: Event) -> None:
        self.violations.extend(self.check(event))

    def check(self, event: Event) -> list[Violation]:
        """Every law broken by ``event`` (just recorded) and the position it leaves."""
        out: list[Violation] = []
        seq = event.seq
        deck_before = len(self._deck)
        if self._ended and event.kind != "refused":
            # 103.2: the game ended; nothing is processed after that instant (a declaration
            # made anyway is refused, 103.4, and that processes nothing).
            out.append(Violation("103.2", f"{event.kind} happens after the game ended", seq))
        if self._owed is not None:
            kind, article, owed = self._owed
            self._owed = None
            if event.kind != kind:
                out.append(Violation(article, f"{owed}; instead comes {event.kind}", seq))
        out.extend(self._trace(event))
        out.extend(self._position(seq))
        self._obligations(event, deck_before)
        return out

    def finish(self) -> list[Violation]:
        """At the end of the watch (between declarations): an obligation still owed is
        broken, and so is a game that is not over where nobody can declare anything (505.3,
        508.1: the turn always goes on), or one that is over and still offers declarations
        (103.2, 103.4)."""
        found = []
        last = len(self.game.trace)
        if self._owed is not None:
            _, article, owed = self._owed
            found.append(Violation(article, f"{owed}; instead nothing more happens", last))
            self._owed = None
        state = self.game.state
        legal = self.game.legal_declarations()
        if self.game.over and legal:
            found.append(
                Violation("103.2", "declarations are still offered after the game ended", last)
            )
        if not self.game.over and not legal:
            found.append(
                Violation(
                    "508.1",
                    f"no declaration can be made in {state.turn}'s {state.phase} phase, and "
                    "the game is not over",
                    last,
                )
            )
        self.violations.extend(found)
        return found

    # -- the laws of the trace ----------------------------------------------------------------
    def _trace(self, event: Event) -> list[Violation]:
        state = self.game.state
        out: list[Violation] = []
        seq, kind = event.seq, event.kind
        if kind == "game_ends":
            out.extend(self._game_ends(event))
        elif kind == "turn_ends":
            self._turn_ended = True
        elif kind == "turn_begins":
            out.extend(self._turn_begins(event))
        elif kind == "phase_begins":
            out.extend(self._phase_begins(event))
        elif kind == "setup_first_player":
            # 102.5: the first turn; its lock phase begins next (502.1).
            self._turn, self._turn_number, self._phase = state.turn, state.turn_number, None
        elif kind == "deck_refilled":
            out.extend(self._refilled(seq))
        elif kind == "cannot_draw" and (state.deck or state.discard):
            out.append(
                Violation(
                    "902.1",
                    f"nothing is drawn while the deck has {len(state.deck)} and the discard "
                    f"pile {len(state.discard)} cards",
                    seq,
                )
            )
        if state.turn != self._turn and kind != "turn_begins":
            out.append(
                Violation("509.3", f"the turn passed to {state.turn} without a new turn", seq)
            )
            self._turn = state.turn
        changed = self._phase is not None and state.phase != self._phase
        if changed and kind not in ("turn_begins", "phase_begins"):
            out.append(Violation("502.1", f"the {state.phase} phase began without beginning", seq))
            self._phase = state.phase
        if not self.setup and kind != "deck_refilled" and len(state.deck) > len(self._deck):
            out.append(
                Violation(
                    "901.1",
                    f"the deck grew from {len(self._deck)} to {len(state.deck)} cards "
                    "without being refilled",
                    seq,
                )
            )
        self._deck, self._discard = list(state.deck), list(state.discard)
        return out

    def _game_ends(self, event: Event) -> list[Violation]:
        state = self.game.state
        seq = event.seq
        self._ended = True
        self._owed = None
        winner = state.winner
        out = []
        if winner is None or event.actor != winner:
            out.append(Violation("103.3", f"the game ends with the winner {winner}", seq))
        sevens = [s for s, p in state.players.items() if len(p.locked_colours()) == 7]
        if winner is not None and winner not in sevens:
            colours = len(state.players[winner].locked_colours())
            out.append(Violation("103.1", f"{winner} wins with {colours} colours locked", seq))
        others = [s for s in sevens if s != winner]
        if others:
            out.append(
                Violation(
                    "103.3",
                    f"{', '.join(others)} also have seven colours locked: two winners",
                    seq,
                )
            )
        return out

    def _turn_begins(self, event: Event) -> list[Violation]:
        state = self.game.state
        seq = event.seq
        out = []
        seats = state.seats
        expected = next_seat(self._turn, seats)
        if not self._turn_ended:
            out.append(Violation("509.1", f"{self._turn}'s turn passes without having ended", seq))
        if state.turn != expected or event.actor != expected:
            out.append(
                Violation(
                    "509.3",
                    f"after {self._turn}'s turn comes {state.turn}, not {expected} "
                    "(clockwise, 102.5)",
                    seq,
                )
            )
        else:
            i, between = CLOCKWISE.index(self._turn), []
            while CLOCKWISE[(i + 1) % 4] != expected:
                i += 1
                between.append(CLOCKWISE[i % 4].value)
            skipped = list(event.data.get("skipped", []))
            if skipped != between:
                out.append(
                    Violation(
                        "904.1", f"the seats skipped are {skipped}, not the empty {between}", seq
                    )
                )
        if state.turn_number != self._turn_number + 1:
            out.append(
                Violation(
                    "509.3",
                    f"turn {state.turn_number} follows turn {self._turn_number}",
                    seq,
                )
            )
        self._turn, self._turn_number = state.turn, state.turn_number
        self._turn_ended = False
        self._phase = None  # the lock phase begins next (502.1)
        return out

    def _phase_begins(self, event: Event) -> list[Violation]:
        """502.1: lock, hand, move; the lock phase first in a turn."""
        phase = Phase(event.data["phase"])
        due = Phase.lock if self._phase is None else NEXT_PHASE.get(self._phase)
        self._phase = phase
        now = self.game.state.phase
        if now is not phase:
            return [
                Violation(
                    "502.1",
                    f"the {phase} phase begins, but the position is in the {now} phase",
                    event.seq,
                )
            ]
        if phase is due:
            return []
        return [
            Violation("502.1", f"the {phase} phase begins where the {due} phase is due", event.seq)
        ]

    def _refilled(self, seq: int) -> list[Violation]:
        """901.1: the discard pile, turned face down as it is, is the deck; 901.2: unshuffled
        (the bottom card of the discard pile becomes the top of the deck: rulings notes)."""
        state = self.game.state
        out = []
        if self._deck:
            out.append(
                Violation("901.1", f"the deck is refilled with {len(self._deck)} cards left", seq)
            )
        if state.deck != list(reversed(self._discard)) or state.discard:
            out.append(
                Violation(
                    "901.2",
                    "the new deck is not the discard pile turned over as it is "
                    f"({len(self._discard)} cards, now {len(state.deck)} in the deck and "
                    f"{len(state.discard)} in the discard pile)",
                    seq,
                )
            )
        return out

    def _obligations(self, event: Event, deck_before: int) -> None:
        """What the next event must be, given the position this one leaves."""
        state = self.game.state
        if self._ended or self.setup:
            return
        after = f"after event #{event.seq} ({event.kind})"
        if state.winner is None:
            for seat, player in state.players.items():
                # Seven colours need seven places with cards (a quick look first).
                if all(player.lock_area.values()) and len(player.locked_colours()) == 7:
                    self._owed = (
                        "game_ends",
                        "103.2",
                        f"{seat} has all seven colours locked {after}, so the game ends at "
                        "that instant",
                    )
                    return
        if not state.deck and state.discard and deck_before:
            # This event took the deck's last card (901.1: the refill is at that instant).
            self._owed = (
                "deck_refilled",
                "901.1",
                f"the deck ran out {after} with {len(state.discard)} cards in the discard "
                "pile, so the pile is turned over at once",
            )

    # -- the laws of the position -------------------------------------------------------------
    def _position(self, seq: int) -> list[Violation]:
        state = self.game.state
        if not self.setup and self.cards is not None and state.lawful_cards() == self.cards:
            return []  # the usual case, found quickly; otherwise say what is wrong
        where = state.locations()
        out = [
            Violation(article, text, seq)
            for article, text in state.problems(where)
            # 401.1 step 6 puts the pieces on the field: until then none is there.
            if not (self.setup and article == "204.1")
        ]
        if self.cards is not None and not self.setup:
            missing = sorted(self.cards.difference(where))
            extra = sorted(set(where).difference(self.cards))
            if missing:
                out.append(Violation("300.2", f"{_cards(missing)} in no place", seq))
            if extra:
                out.append(Violation("300.2", f"{_cards(extra)} appeared from nowhere", seq))
        return out


def _cards(ids: list[str]) -> str:
    shown = ", ".join(repr(c) for c in ids[:5])
    more = f" and {len(ids) - 5} more" if len(ids) > 5 else ""
    return f"card{'s' if len(ids) > 1 else ''} {shown}{more}"

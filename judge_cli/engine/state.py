"""The state of a game of Seven: every zone (300.1) and whose turn and phase it is.

The state is plain mutable data; only the rules modules change it, and each change is
recorded as an event in the trace. :meth:`State.problems` checks the laws that no position
may break (300.2, 204.2, 701.2, 701.3, 702.1) and is used by scenario loading and the
property tests alike.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import chain
from operator import attrgetter
from typing import Any

from judge_cli.engine.cards import SEVEN_COLOURS, Card, Colour, Kind
from judge_cli.engine.table import ALL_SQUARES, CLOCKWISE, Seat, Square, gate_of, seat_of_gate


class Phase(StrEnum):
    """502.1: the three phases of a turn, in this order."""

    lock = "lock"
    hand = "hand"
    move = "move"


PHASES: tuple[Phase, ...] = (Phase.lock, Phase.hand, Phase.move)

_face = attrgetter("card", "face_up")
"""A field card as a (card id, face up) pair."""

_chained = chain.from_iterable


@dataclass
class FieldCard:
    """A card on a square (301), face up (308.1) or face down (308.2)."""

    card: str
    face_up: bool = False


@dataclass
class Player:
    """One seated player: piece (204), hand (304) and lock area (303)."""

    seat: Seat
    piece: Square | None = None
    piece_colour: Colour | None = None
    """204.1: the colour of the first card drawn; None when played without (404.1)."""
    hand: list[str] = field(default_factory=list)
    lock_area: dict[Colour, list[str]] = field(
        default_factory=lambda: {c: [] for c in SEVEN_COLOURS}
    )
    """303.2: the seven colour places, each a pile bottom → top."""
    placed: set[str] = field(default_factory=set)
    """Cards in the lock area that were placed there, not locked (705.1)."""
    groups: list[list[str]] = field(default_factory=list)
    """Cards locked together in one place by one effect (702.2: 「なないろの欠片」)."""

    def holds_lock(self, place: Colour) -> bool:
        """702.1, 705.1: the place holds a locked card (a card placed there locks nothing)."""
        placed = self.placed
        return any(x not in placed for x in self.lock_area[place])

    def locked_colours(self) -> set[Colour]:
        """103.1, 701.5, 705.2: the colour places holding at least one locked card."""
        return {c for c in self.lock_area if self.holds_lock(c)}

    def locked_cards(self) -> list[str]:
        """Every locked card, red place to purple, bottom to top; placed cards are not locked
        (705.1, 705.2); cards locked together count one by one (702.2)."""
        placed = self.placed
        if not placed:
            return list(chain.from_iterable(self.lock_area.values()))
        return [x for pile in self.lock_area.values() for x in pile if x not in placed]

    def place_of(self, card: str) -> Colour | None:
        """The colour place holding ``card`` in this lock area, or None."""
        for colour, pile in self.lock_area.items():
            if card in pile:
                return colour
        return None

    def group_of(self, card: str) -> list[str] | None:
        return next((g for g in self.groups if card in g), None)

    def take_from_lock_area(self, card: str) -> list[str]:
        """Remove ``card`` from its place (706.1: by an effect or the bonus); return the cards
        that were locked together with it and stay (702.3)."""
        place = self.place_of(card)
        if place is not None:
            self.lock_area[place].remove(card)
        self.placed.discard(card)
        group = self.group_of(card)
        if group is None:
            return []
        group.remove(card)
        if len(group) < 2:
            self.groups.remove(group)
        return list(group)


@dataclass(frozen=True)
class Delayed:
    """Sentences of an effect to process when the turn ends (「このターンの終了時、…」)."""

    card: str
    activator: Seat
    sentences: tuple
    cause: int
    drawn: tuple[str, ...] = ()
    """The cards the effect drew (「ターン終了時、それらを捨てる」)."""


@dataclass
class State:
    """Everything on and around the table at one instant."""

    cards: dict[str, Card]
    players: dict[Seat, Player]
    squares: dict[Square, list[FieldCard]] = field(
        default_factory=lambda: {sq: [] for sq in ALL_SQUARES}
    )
    deck: list[str] = field(default_factory=list)
    """305.1: face down, bottom → top; a draw takes the last item."""
    discard: list[str] = field(default_factory=list)
    """306.2, 306.3: one shared pile, face up, bottom → top."""
    eternal: list[str] = field(default_factory=list)
    """307.1: the eternal cards off the board, face down."""
    out_of_game: list[str] = field(default_factory=list)
    """Cards set aside at setup (404.1, 404.2, first cards nobody drew): in no zone of play."""
    # An enum default given by a factory leaves no class attribute of the same name behind:
    # on Python 3.11 such a class attribute (an enum member) keeps ``state.turn`` and
    # ``state.phase``, read at every declaration, from being read quickly.
    turn: Seat = field(default_factory=lambda: Seat.S)
    phase: Phase = field(default_factory=lambda: Phase.lock)
    turn_number: int = 1
    locked_this_turn: bool = False
    """503.3: the turn player has already locked in this lock phase."""
    acted: str | None = None
    """505.1: the action (move or contact) done in this move phase, if any."""
    winner: Seat | None = None
    in_use: list[str] = field(default_factory=list)
    """Cards being used whose own text says where they go (606.4): off the board (307) until
    that sentence; none between declarations."""
    revealed: set[Seat] = field(default_factory=set)
    """308.4: the hands revealed until the end of this turn."""
    suppressed: set[Seat] = field(default_factory=set)
    """604.5: the players who gain no reach effect until the end of this turn."""
    delayed: list[Delayed] = field(default_factory=list)
    """「このターンの終了時、…」: effects waiting for the end of this turn (105.5)."""
    uses: dict[str, list[tuple]] = field(default_factory=dict)
    """611.2: for each card used this turn, the position (board, hands, locks) at each use."""
    cannot_move: set[Seat] = field(default_factory=set)
    """「あなたはこのターン移動できない」: until the end of this turn."""
    cannot_contact: set[Seat] = field(default_factory=set)
    """「このターンあなたは接触できない」: until the end of this turn."""
    unusable: set[str] = field(default_factory=set)
    """「それらの手札効果はこのターン使うことができない」: cards whose Hand Effect waits."""
    leaping: set[Seat] = field(default_factory=set)
    """「このターンの通常の移動は２マス先に一気に移動する」 (609.3, 609.4)."""
    resolving: set[str] = field(default_factory=set)
    """Cards whose Arrival Effect is being processed: a swap does not arrive at them again
    before it is done (603.3; docs/rulings-notes.md)."""
    worked_out: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What is worked out once per card set and kept (the first and eternal cards, the timed
    cards, the lock areas last found lawful): not part of the position. A field, never a key
    put in ``__dict__``: on Python 3.11 an instance whose dict has been asked for has every
    attribute read slowly."""
    nullified: set[int] = field(default_factory=set)
    """「その接触を無効にする」: the declarations (by event) that do nothing."""

    # -- reading ------------------------------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        """The seated players in clockwise order from S."""
        return [s for s in CLOCKWISE if s in self.players]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def top(self, square: Square) -> FieldCard | None:
        """111, 309.2: the top card of a square, or None for a square without cards."""
        pile = self.squares[square]
        return pile[-1] if pile else None

    def piece_at(self, square: Square) -> Seat | None:
        # ``is``: there is one object per square (table.Square), so this is ``==``, asked
        # without the comparison protocol.
        for seat, p in self.players.items():
            if p.piece is square:
                return seat
        return None

    def pieces(self) -> dict[Square, Seat]:
        """Square → the seat whose piece is there (the first seat, as :meth:`piece_at` answers,
        should a broken position have two pieces on one square)."""
        out: dict[Square, Seat] = {}
        for seat, p in self.players.items():
            if p.piece is not None and p.piece not in out:
                out[p.piece] = seat
        return out

    def gates(self) -> dict[Square, Seat]:
        """302.3, 904.1: only the seated players' sides have a gate."""
        return {gate_of(s): s for s in self.players}

    def gate_owner(self, square: Square) -> Seat | None:
        owner = seat_of_gate(square)
        return owner if owner in self.players else None

    def locations(self) -> dict[str, list[str]]:
        """Where each card is: card id → the places it appears (300.2: exactly one)."""
        where: dict[str, list[str]] = {}

        def put(cid: str, place: str) -> None:
            where.setdefault(cid, []).append(place)

        for sq, pile in self.squares.items():
            for fc in pile:
                put(fc.card, f"square {sq.name}")
        for seat, p in self.players.items():
            for cid in p.hand:
                put(cid, f"{seat}'s hand")
            for colour, pile in p.lock_area.items():
                for cid in pile:
                    put(cid, f"{seat}'s {colour} lock place")
        for name, pile in (
            ("the deck", self.deck),
            ("the discard pile", self.discard),
            ("the eternal pile", self.eternal),
            ("out of the game", self.out_of_game),
            ("off the board, in use", self.in_use),
        ):
            for cid in pile:
                put(cid, name)
        return where

    def card_ids(self) -> list[str]:
        """Every card in every place, once per place it is in (300.2: once in all)."""
        out = [fc.card for pile in self.squares.values() for fc in pile]
        for p in self.players.values():
            out += p.hand
            for pile in p.lock_area.values():
                out += pile
        return out + self.deck + self.discard + self.eternal + self.out_of_game + self.in_use

    def lawful(self) -> bool:
        """Whether :meth:`problems` finds nothing, answered without describing anything:
        the laws are checked after every event of every simulated game (engine/laws.py)."""
        return self.lawful_cards() is not None

    def lawful_cards(self) -> set[str] | None:
        """The ids of the cards in play when :meth:`lawful`, else None (one pass over the
        zones serves both the laws of the position and the law that no card appears or
        disappears, engine/laws.py)."""
        cards = self.cards
        normal = Kind.normal
        all_ids, first_ids, eternal_ids = self._special_cards()
        ids = self.card_ids()
        known = set(ids)
        if len(known) != len(ids) or not known <= all_ids:
            return None  # 300.2
        players = self.players.values()
        pieces = {p.piece for p in players}
        if None in pieces or len(pieces) != len(self.players):
            return None  # 204.1, 204.2
        in_lock: set[str] = set()
        checked = self.worked_out.setdefault("locks_checked", {})
        for seat, p in self.players.items():
            # A lock area changes at a few events a turn: it is looked at again only when
            # it, its placed cards or its groups differ from when it was last found lawful
            # (the copies compared are made and compared without a Python loop).
            now = (
                tuple(p.lock_area),
                tuple(map(tuple, p.lock_area.values())),
                frozenset(p.placed),
                tuple(map(tuple, p.groups)),
            )
            last = checked.get(seat)
            if last is not None and last[0] is cards and last[1] == now:
                in_lock |= last[2]
                continue
            mine: set[str] = set()
            placed = p.placed
            for place, pile in p.lock_area.items():
                if not pile:
                    continue
                mine.update(pile)
                locked_normal = 0
                for cid in pile:
                    if cid in placed:
                        continue
                    card = cards[cid]
                    if place not in card.lock_places:
                        return None  # 701.1, 701.2, 701.3
                    locked_normal += card.kind is normal
                if locked_normal > 1:
                    locked = [c for c in pile if c not in placed]
                    group = p.group_of(locked[-1]) or []
                    if not all(c in group for c in locked):
                        return None  # 702.1
            checked[seat] = (cards, now, mine)
            in_lock |= mine
        out_of_game = self.out_of_game
        for cid in first_ids:
            if cid in known and cid not in in_lock and cid not in out_of_game:
                return None  # 201.3
        for cid in eternal_ids:
            if cid in known and not (
                cid in in_lock
                or cid in self.eternal
                or cid in out_of_game
                or any(cid in p.hand for p in players)
            ):
                return None  # 201.4
        return known

    def _special_cards(self) -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]:
        """Every id of :attr:`cards`, and the first and the eternal cards among them (201.3,
        201.4): found once per card set rather than at every check of the laws."""
        cards = self.cards
        known = self.worked_out.get("special")
        if known is None or known[0] is not cards or known[1] != len(cards):
            first = tuple(c for c, card in cards.items() if card.kind is Kind.first)
            eternal = tuple(c for c, card in cards.items() if card.kind is Kind.eternal)
            known = self.worked_out["special"] = (
                cards,
                len(cards),
                (frozenset(cards), first, eternal),
            )
        return known[2]

    def problems(self, where: dict[str, list[str]] | None = None) -> list[tuple[str, str]]:
        """Every broken law of the position, as (article, description); ``where`` is
        :meth:`locations`, when the caller has it already."""
        out: list[tuple[str, str]] = []
        if where is None:
            if self.lawful():
                return out
            where = self.locations()
        for cid, places in where.items():
            if cid not in self.cards:
                out.append(("300.2", f"unknown card {cid!r} in {places[0]}"))
            elif len(places) > 1:
                out.append(
                    ("300.2", f"card {cid!r} is in {len(places)} places: " + ", ".join(places))
                )
        squares = Counter(p.piece for p in self.players.values() if p.piece is not None)
        for sq, n in squares.items():
            if n > 1:
                out.append(("204.2", f"{n} pieces on {sq.name}"))
        for seat, p in self.players.items():
            if p.piece is None:
                out.append(("204.1", f"{seat} has no piece on the field"))
            normal_locked: Counter[Colour] = Counter()
            for place, pile in p.lock_area.items():
                for cid in pile:
                    card = self.cards.get(cid)
                    if card is None or cid in p.placed:
                        continue
                    if card.is_filler or card.colour is None:
                        out.append(("701.1", f"{seat}'s {place} place locks a filler card"))
                    elif card.colour.is_colourless:
                        out.append(("701.3", f"{seat} has colourless {cid!r} locked"))
                    elif not card.can_lock_in(place):
                        out.append(
                            (
                                "701.2",
                                f"{seat} has {card.colour} {cid!r} locked in the {place} place",
                            )
                        )
                    if card.kind is Kind.normal:
                        normal_locked[place] += 1
            for place, n in normal_locked.items():
                # 702.2: cards locked together by one effect share their place.
                locked = [c for c in p.lock_area[place] if c not in p.placed]
                group = p.group_of(locked[-1]) or []
                if n > 1 and not all(c in group for c in locked):
                    out.append(("702.1", f"{seat}'s {place} place has {n} locked cards"))
        for cid, card in self.cards.items():
            places = where.get(cid, [])
            if (
                card.kind is Kind.first
                and places
                and "lock place" not in places[0]
                and (places[0] != "out of the game")
            ):
                out.append(("201.3", f"first card {cid!r} is in {places[0]}"))
            if (
                card.kind is Kind.eternal
                and places
                and places[0]
                not in (
                    "the eternal pile",
                    "out of the game",
                )
                and "lock place" not in places[0]
                and "hand" not in places[0]
            ):
                out.append(("201.4", f"eternal card {cid!r} is in {places[0]}"))
        return out

    def fingerprint(self) -> tuple:
        """611.2: the board, the hands and the locks, as a value (for the loop prohibition).

        Only ever compared with another fingerprint of the same game, whose squares are the
        same keys in the same order: the field is the size of each square's pile, then every
        card (id and face up), square by square, bottom to top, built by ``map`` without a
        Python loop (this runs at every use of a card)."""
        players = self.players.items()
        piles = self.squares.values()
        return (
            tuple(map(len, piles)),
            tuple(map(_face, _chained(piles))),
            tuple([(s, p.piece) for s, p in players]),
            tuple([(s, tuple(sorted(p.hand))) for s, p in players]),
            tuple(
                [
                    (s, tuple([(c, tuple(pile)) for c, pile in p.lock_area.items() if pile]))
                    for s, p in players
                ]
            ),
        )

    def clone(self) -> State:
        """A copy to play on. The cards are frozen and shared (copying their effects was
        most of the cost); everything a game changes is copied."""
        memo: dict[int, object] = {id(card): card for card in self.cards.values()}
        return copy.deepcopy(self, memo)

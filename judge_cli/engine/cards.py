"""The cards of Seven: kinds (201.1), colours (203), and a typed slot for effects."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge_cli.engine.effects.vocab import BaseEffect, HandEffect, PrintedText, ReachEffect


class Colour(StrEnum):
    """A colour notation (203.1–203.4): the seven colours, rainbow, and colourless white/black."""

    red = "red"
    orange = "orange"
    yellow = "yellow"
    green = "green"
    blue = "blue"
    pink = "pink"
    purple = "purple"
    rainbow = "rainbow"
    white = "white"
    black = "black"

    @property
    def is_colourless(self) -> bool:
        """203.3, 203.4: white and black cards have no colour."""
        return self is _WHITE or self is _BLACK

    @property
    def is_rainbow(self) -> bool:
        return self is _RAINBOW


# Members read at every declaration, named once: on Python 3.11 a member read off its class
# (``Colour.rainbow``) is a slow lookup, an alias a fast one.
_RAINBOW, _WHITE, _BLACK = Colour.rainbow, Colour.white, Colour.black
_COLOURLESS = frozenset({Colour.white, Colour.black})
_set = object.__setattr__

SEVEN_COLOURS: tuple[Colour, ...] = (
    Colour.red,
    Colour.orange,
    Colour.yellow,
    Colour.green,
    Colour.blue,
    Colour.pink,
    Colour.purple,
)
"""203.1 and 303.2: the seven colours, in the order of the lock area (red to purple)."""


class Kind(StrEnum):
    """201.1: the three kinds of card, each with its own back."""

    normal = "normal"
    first = "first"
    eternal = "eternal"


@dataclass(frozen=True)
class CardEffects:
    """The effects a card carries (601.1, 601.2: not every card has all three), each with its
    printed text beside its structured sentences (judge_cli/engine/effects/vocab.py)."""

    base: BaseEffect | None = None
    reach: ReachEffect | None = None
    hand: HandEffect | None = None

    def lines(self) -> list[tuple[str, PrintedText]]:
        """The printed effect lines, as ``(kind, text)``: base, reach, hand (202.2)."""
        return [(k, e.text) for k in ("base", "reach", "hand") if (e := getattr(self, k))]


@dataclass(frozen=True)
class Card:
    """One card: its id (unique in a game), kind, colour notation and name."""

    id: str
    kind: Kind
    colour: Colour | None
    """None only for filler: a face-down card that no ruling looks at (SCENARIOS.md)."""
    name: str = ""
    name_en: str = ""
    effects: CardEffects = field(default_factory=CardEffects)
    design: str | None = None
    """The publisher's design id (``red-jump-pad``) of a real card (cards/0th-remake.yaml);
    None for a made-up card."""

    def __post_init__(self) -> None:
        # What the engine asks of a card at every declaration, worked out once and set as the
        # frozen fields are. Never put in ``__dict__`` (as ``cached_property`` does): on
        # Python 3.11 an instance whose dict has been asked for has every attribute read
        # slowly, and a card's are read thousands of times a game.
        _set(self, "untargetable", self._untargetable())
        _set(self, "hand_timing", self._hand_timing())
        _set(self, "usable_while_locked", self._usable_while_locked())
        _set(self, "no_lock_phase", self._no_lock_phase())
        _set(self, "lock_places", self._lock_places())

    untargetable: bool = field(init=False, repr=False, compare=False)
    """704.3: first and eternal cards; 105.3: a card whose base effect says so."""
    hand_timing: str | None = field(init=False, repr=False, compare=False)
    """What the hand effect waits for: None without a hand effect (601.2), ``""`` for your own
    Hand Phase (504.1), else the timing's ``when`` (606.1a; ``anytime``: 502.4f). The engine
    asks it for every card in every hand at every declaration."""
    usable_while_locked: bool = field(init=False, repr=False, compare=False)
    """704.1, 704.2: first and eternal cards, and cards with the lock-area-usable mark."""
    no_lock_phase: bool = field(init=False, repr=False, compare=False)
    """701.6: a card whose own text forbids locking it in the Lock Phase (702.2a)."""
    lock_places: frozenset[Colour] = field(init=False, repr=False, compare=False)
    """The places :meth:`can_lock_in` allows (701.2, 701.4): the laws look at every locked
    card after every event of a simulated game."""

    @property
    def is_filler(self) -> bool:
        return self.colour is None

    def _untargetable(self) -> bool:
        base = self.effects.base
        return self.kind is not Kind.normal or bool(base and base.untargetable)

    def _hand_timing(self) -> str | None:
        hand = self.effects.hand
        if hand is None:
            return None
        return "" if hand.timing is None else hand.timing.when

    def _usable_while_locked(self) -> bool:
        hand = self.effects.hand
        base = self.effects.base
        return hand is not None and (
            self.kind is not Kind.normal or hand.locked or bool(base and base.locked_use)
        )

    def _no_lock_phase(self) -> bool:
        base = self.effects.base
        return bool(base and base.no_lock_phase)

    def same_colour(self, other: Card) -> bool:
        """607.2: a card of this card's colour; a rainbow card is every colour (203.2);
        a colourless card has none (203.3)."""
        a, b = self.colour, other.colour
        if a is None or b is None or a in _COLOURLESS or b in _COLOURLESS:
            return False
        return a == b or a is _RAINBOW or b is _RAINBOW

    def can_lock_in(self, place: Colour) -> bool:
        """701.2, 701.4: a card locks only in its own colour's place; rainbow in any."""
        return place in self.lock_places

    def _lock_places(self) -> frozenset[Colour]:
        colour = self.colour
        if colour is None or colour.is_colourless:
            return frozenset()
        return frozenset(Colour if colour.is_rainbow else (colour,))

"""The cards of Seven: kinds (201.1), colours (203), and a typed slot for effects (issue 6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


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
        return self in (Colour.white, Colour.black)

    @property
    def is_rainbow(self) -> bool:
        return self is Colour.rainbow


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
    """The effects a card carries (601.1): base, reach and hand. Filled in by issue 6.

    The base game engine reads only whether a reach effect exists; issue 6 gives each list
    its structured sentences (112) and the card its printed text.
    """

    base: tuple = ()
    reach: tuple = ()
    hand: tuple = ()


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

    @property
    def is_filler(self) -> bool:
        return self.colour is None

    def can_lock_in(self, place: Colour) -> bool:
        """701.2, 701.4: a card locks only in its own colour's place; rainbow in any."""
        if self.colour is None or self.colour.is_colourless:
            return False
        return self.colour.is_rainbow or self.colour == place

"""What a player can declare (502.2): frozen values that print as they are written.

>>> parse_declaration("lock rb1 as blue", "S")
Lock(seat=<Seat.S: 'S'>, card='rb1', place=<Colour.blue: 'blue'>)
>>> str(parse_declaration("move d3", "W"))
'W: move d3'
>>> str(parse_declaration("contact N", "S"))
'S: contact N'
>>> parse_declaration("use counter-lock", "W")
Use(seat=<Seat.W: 'W'>, card='counter-lock')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge_cli.engine.cards import Colour
from judge_cli.engine.table import Seat, Square
from judge_cli.errors import InputError

CARD_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
VERBS = ("lock", "end", "move", "contact", "use")


# The declarations are frozen: their __init__ sets each field with ``_set`` (the
# object.__setattr__ the generated one calls, without looking it up each time). Never through
# ``self.__dict__``: on Python 3.11, an instance whose dict has been asked for is one the
# interpreter no longer reads attributes of quickly (each ``decl.seat`` a generic lookup), and
# the search for legal declarations makes and reads dozens before every declaration.

_set = object.__setattr__


@dataclass(frozen=True)
class Lock:
    """Lock a card from the hand (503.1, 701.1); ``place`` is needed for a rainbow (701.4)."""

    seat: Seat
    card: str
    place: Colour | None = None

    def __init__(self, seat: Seat, card: str, place: Colour | None = None) -> None:
        _set(self, "seat", seat)
        _set(self, "card", card)
        _set(self, "place", place)

    def __str__(self) -> str:
        tail = f" as {self.place.value}" if self.place else ""
        return f"{self.seat}: lock {self.card}{tail}"


@dataclass(frozen=True)
class EndPhase:
    """End the current phase (502.1): lock without locking (503.1), hand without using
    a card (504.1), or end the move phase after its one action (505.1)."""

    seat: Seat

    def __init__(self, seat: Seat) -> None:
        _set(self, "seat", seat)

    def __str__(self) -> str:
        return f"{self.seat}: end"


@dataclass(frozen=True)
class Move:
    """A normal move (506, 609.4) to a square."""

    seat: Seat
    to: Square

    def __init__(self, seat: Seat, to: Square) -> None:
        _set(self, "seat", seat)
        _set(self, "to", to)

    def __str__(self) -> str:
        return f"{self.seat}: move {self.to.name}"


@dataclass(frozen=True)
class Contact:
    """Contact an opponent (507)."""

    seat: Seat
    target: Seat

    def __init__(self, seat: Seat, target: Seat) -> None:
        _set(self, "seat", seat)
        _set(self, "target", target)

    def __str__(self) -> str:
        return f"{self.seat}: contact {self.target}"


@dataclass(frozen=True)
class Use:
    """Use a card's hand effect (504.1, 606): in your Hand Phase, or at the card's timing on
    anyone's turn (606.1a, 502.4)."""

    seat: Seat
    card: str

    def __init__(self, seat: Seat, card: str) -> None:
        _set(self, "seat", seat)
        _set(self, "card", card)

    def __str__(self) -> str:
        return f"{self.seat}: use {self.card}"


Declaration = Lock | EndPhase | Move | Contact | Use


def parse_declaration(text: str, seat: Seat | str) -> Declaration:
    """Read a written declaration (``lock r1``, ``end``, ``move d3``, ``contact W``)."""
    s = Seat.parse(seat) if not isinstance(seat, Seat) else seat
    words = str(text).split()
    if not words:
        raise InputError("an empty declaration", hint=f"declarations are: {', '.join(VERBS)}")
    verb, args = words[0].lower(), words[1:]

    def need(n: int, shape: str) -> None:
        if len(args) != n:
            raise InputError(f"cannot read the declaration {text!r}", hint=f"write: {shape}")

    if verb == "lock":
        if len(args) == 3 and args[1].lower() == "as":
            place = args[2].lower()
            if place not in Colour.__members__:
                raise InputError(
                    f"not a colour: {args[2]!r}",
                    hint="colours are red, orange, yellow, green, blue, pink, purple",
                )
            return Lock(s, _card_id(args[0]), Colour(place))
        need(1, "lock CARD  or  lock CARD as COLOUR")
        return Lock(s, _card_id(args[0]))
    if verb == "end":
        need(0, "end")
        return EndPhase(s)
    if verb == "move":
        need(1, "move SQUARE (e.g. move d3)")
        return Move(s, Square.parse(args[0]))
    if verb == "contact":
        need(1, "contact SEAT (e.g. contact W)")
        return Contact(s, Seat.parse(args[0]))
    if verb == "use":
        need(1, "use CARD (e.g. use counter-lock)")
        return Use(s, _card_id(args[0]))
    raise InputError(
        f"unknown declaration {words[0]!r} in {text!r}",
        hint=f"declarations are: {', '.join(VERBS)}",
    )


def _card_id(text: str) -> str:
    if not CARD_ID_RE.match(text):
        raise InputError(f"not a card id: {text!r}", hint="card ids are letters, digits, - _ .")
    return text

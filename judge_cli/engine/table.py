"""The table: the 49 squares of the field, the seats, clockwise order and the gates.

Squares are named like a chessboard as seen from the South seat (SCENARIOS.md): columns
``a``–``g`` left to right, rows ``1``–``7``; ``d4`` is the centre.

>>> Square.parse("d4").name
'd4'
>>> [s.name for s in Square.parse("a1").adjacent()]
['a2', 'b1']
>>> len(Square.parse("d4").surrounding())
8
>>> gate_of(Seat.W).name
'a4'
>>> [s.value for s in clockwise_from(Seat.N, [Seat.S, Seat.N, Seat.E])]
['N', 'E', 'S']
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from functools import cache

from judge_cli.errors import InputError

COLUMNS = "abcdefg"
SIZE = 7


class Square(int):
    """A square (マス, 301.2) of the 7×7 field (301.1).

    There is one object per square, made once and kept by copy and pickle. It is the number
    ``col * 8 + row`` as well: squares are dictionary keys and set members everywhere (the
    field, pieces, areas), and a number hashes, compares and sorts (column by column, then
    row by row) without a call into Python."""

    col: int
    """0 for column a … 6 for column g."""
    row: int
    """0 for row 1 … 6 for row 7."""
    name: str
    """``d4``: named once, as it is made (squares are named in every event that has one)."""

    def __new__(cls, col: int, row: int) -> Square:
        made = _MADE.get((col, row))
        if made is None:
            made = int.__new__(cls, col * 8 + row)
            made.__dict__.update(col=col, row=row, name=f"{COLUMNS[col]}{row + 1}")
            _MADE[col, row] = made
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a square is immutable: cannot set {name!r}")

    @classmethod
    def parse(cls, text: str) -> Square:
        """``Square.parse("d4")``; raises :class:`InputError` quoting the text."""
        t = str(text).strip().lower()
        if len(t) != 2 or t[0] not in COLUMNS or not t[1].isdigit() or not 1 <= int(t[1]) <= 7:
            raise InputError(
                f"not a square: {text!r}",
                hint="squares are a1 … g7: a column a–g and a row 1–7, as seen from the S seat",
            )
        return _square(COLUMNS.index(t[0]), int(t[1]) - 1)

    def __repr__(self) -> str:
        return f"Square.parse({self.name!r})"

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def __bool__(self) -> bool:
        return True  # a1 is the number 0, and still a square

    def adjacent(self) -> tuple[Square, ...]:
        """隣 (608.3): the squares in front, behind, left and right; not the diagonals."""
        return _adjacent(self)

    def surrounding(self) -> tuple[Square, ...]:
        """周囲 (608.4): the eight squares around, diagonals included."""
        return _surrounding(self)

    def is_adjacent(self, other: Square) -> bool:
        return abs(self.col - other.col) + abs(self.row - other.row) == 1

    def __copy__(self) -> Square:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Square:
        return self

    def __reduce__(self) -> tuple[object, tuple[int, int]]:  # type: ignore[override]
        return _square, (self.col, self.row)


_MADE: dict[tuple[int, int], Square] = {}
"""Every square made so far, by (column, row)."""


@cache
def _square(col: int, row: int) -> Square:
    return Square(col, row)


def _on_board(col: int, row: int) -> bool:
    return 0 <= col < SIZE and 0 <= row < SIZE


@cache
def _adjacent(sq: Square) -> tuple[Square, ...]:
    cand = [(sq.col, sq.row + 1), (sq.col + 1, sq.row), (sq.col, sq.row - 1), (sq.col - 1, sq.row)]
    return tuple(sorted(_square(c, r) for c, r in cand if _on_board(c, r)))


@cache
def _surrounding(sq: Square) -> tuple[Square, ...]:
    out = [
        _square(sq.col + dc, sq.row + dr)
        for dc in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (dc or dr) and _on_board(sq.col + dc, sq.row + dr)
    ]
    return tuple(sorted(out))


ALL_SQUARES: tuple[Square, ...] = tuple(_square(c, r) for r in range(SIZE) for c in range(SIZE))
"""Row by row from a1 (the S side) to g7, each row from column a to g."""


class Seat(StrEnum):
    """A side of the square of lock area bars (102.2): South, West, North, East."""

    S = "S"
    W = "W"
    N = "N"
    E = "E"

    @classmethod
    def parse(cls, text: str) -> Seat:
        try:
            return cls(str(text).strip().upper())
        except ValueError:
            raise InputError(f"not a seat: {text!r}", hint="seats are S, W, N and E") from None


CLOCKWISE: tuple[Seat, ...] = (Seat.S, Seat.W, Seat.N, Seat.E)
"""102.5, 113: clockwise seen from above is S → W → N → E → S (SCENARIOS.md)."""

GATES: dict[Seat, Square] = {
    Seat.S: Square.parse("d1"),
    Seat.W: Square.parse("a4"),
    Seat.N: Square.parse("d7"),
    Seat.E: Square.parse("g4"),
}
"""302.1: the centre square of each side."""

_SEAT_OF_GATE: dict[Square, Seat] = {gate: seat for seat, gate in GATES.items()}


def gate_of(seat: Seat) -> Square:
    """The gate of ``seat`` (302.2): the centre square of its side."""
    return GATES[seat]


def seat_of_gate(square: Square) -> Seat | None:
    """The seat whose side has ``square`` at its centre, or None."""
    return _SEAT_OF_GATE.get(square)


_FROM: dict[Seat, tuple[Seat, ...]] = {
    first: CLOCKWISE[i:] + CLOCKWISE[:i] for i, first in enumerate(CLOCKWISE)
}
"""Every seat clockwise from each seat, itself first."""


def clockwise_from(first: Seat, seated: Iterable[Seat]) -> list[Seat]:
    """The seated players clockwise starting with ``first`` (113, 904: empty seats skipped)."""
    present = seated if isinstance(seated, (set, frozenset, dict)) else set(seated)
    return [s for s in _FROM[first] if s in present]


def next_seat(current: Seat, seated: Iterable[Seat]) -> Seat:
    """The next player clockwise after ``current`` (509.3), skipping empty seats (904)."""
    order = clockwise_from(current, seated)
    return order[1] if len(order) > 1 else order[0]

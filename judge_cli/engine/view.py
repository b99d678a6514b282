"""A render-neutral view of the board: what a diagram shows, built from the state.

The terminal grid of ``seven replay`` and the SVG of the ruling sheets draw this, and only
this, so both show the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge_cli.engine.cards import SEVEN_COLOURS, Card
from judge_cli.engine.state import State
from judge_cli.engine.table import ALL_SQUARES, CLOCKWISE, Square


@dataclass(frozen=True)
class CardFace:
    """A card as the table sees it: face up with colour and name, or face down."""

    id: str
    face_up: bool
    kind: str
    colour: str | None
    name: str
    name_en: str


@dataclass(frozen=True)
class SquareView:
    square: str
    size: int
    """How many cards are piled on the square (309.1)."""
    top: CardFace | None
    piece: str | None
    """The seat whose piece stands here."""
    gate_of: str | None
    """The seat whose gate this square is (302.3: only seated players have one)."""


@dataclass(frozen=True)
class SeatView:
    seat: str
    seated: bool
    piece: str | None
    piece_colour: str | None
    hand_size: int
    hand: tuple[str, ...]
    lock_area: tuple[tuple[str, tuple[CardFace, ...]], ...]
    """The seven colour places, red to purple, each a pile bottom → top."""
    placed: tuple[str, ...] = ()
    """Cards in the lock area that an effect placed there, not locked (705.1)."""


@dataclass(frozen=True)
class BoardView:
    squares: tuple[SquareView, ...]
    """Row by row from a1 to g7 (as ALL_SQUARES)."""
    seats: tuple[SeatView, ...]
    deck: int
    discard: int
    discard_top: CardFace | None
    eternal: int
    turn: str
    phase: str
    winner: str | None

    def square(self, name: str) -> SquareView:
        sq = Square.parse(name)
        return self.squares[ALL_SQUARES.index(sq)]


def _face(card: Card, face_up: bool) -> CardFace:
    return CardFace(
        card.id,
        face_up,
        card.kind.value,
        card.colour.value if (face_up and card.colour) else None,
        card.name if face_up else "",
        card.name_en if face_up else "",
    )


def board_view(state: State) -> BoardView:
    gates = {sq: seat for sq, seat in state.gates().items()}
    squares = []
    for sq in ALL_SQUARES:
        pile = state.squares[sq]
        top = pile[-1] if pile else None
        squares.append(
            SquareView(
                sq.name,
                len(pile),
                _face(state.cards[top.card], top.face_up) if top else None,
                piece.value if (piece := state.piece_at(sq)) else None,
                gates[sq].value if sq in gates else None,
            )
        )
    seats = []
    for seat in CLOCKWISE:
        p = state.players.get(seat)
        if p is None:
            seats.append(SeatView(seat.value, False, None, None, 0, (), ()))
            continue
        seats.append(
            SeatView(
                seat.value,
                True,
                p.piece.name if p.piece else None,
                p.piece_colour.value if p.piece_colour else None,
                len(p.hand),
                tuple(p.hand),
                tuple(
                    (c.value, tuple(_face(state.cards[x], True) for x in p.lock_area[c]))
                    for c in SEVEN_COLOURS
                ),
                tuple(x for c in SEVEN_COLOURS for x in p.lock_area[c] if x in p.placed),
            )
        )
    return BoardView(
        tuple(squares),
        tuple(seats),
        len(state.deck),
        len(state.discard),
        _face(state.cards[state.discard[-1]], True) if state.discard else None,
        len(state.eternal),
        state.turn.value,
        state.phase.value,
        state.winner.value if state.winner else None,
    )

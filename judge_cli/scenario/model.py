"""The scenario file format, as pydantic models (extra keys forbidden).

docs/scenarios.md documents it; docs/scenario.schema.json is generated from
:class:`Scenario` (``python -m judge_cli.scenario.schema``) and a test keeps it current.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator

from judge_cli.engine.cards import Colour
from judge_cli.engine.effects.vocab import CardSpec, DesignRef
from judge_cli.engine.state import Phase
from judge_cli.engine.table import Seat

Token = str | int
"""A card on a pile: its id (``r1``, ``r1 up`` for face up on a square, ``w1 placed`` in a lock
area), or a count of filler cards nobody looks at (``3``)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Text(Strict):
    """The same text in Japanese and English."""

    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)


__all__ = ["AnyCard", "CardSpec", "DesignRef"]


def _card_kind(value: object) -> str:
    if isinstance(value, dict):
        return "design" if "design" in value else "spec"
    return "design" if isinstance(value, DesignRef) else "spec"


AnyCard = Annotated[
    Annotated[CardSpec, Tag("spec")] | Annotated[DesignRef, Tag("design")],
    Discriminator(_card_kind),
]
"""A card under ``cards:``: a made-up card written out (colour, name, effects), or an
instance of a real design, ``{design: PUBLISHER_ID}`` (cards/0th-remake.yaml)."""


class CardFile(Strict):
    """A shared card file that scenarios include (``include: [cards/base.yaml]``)."""

    illustrative: bool = Field(
        description="True: these cards are made up for rulings; the publisher's card list is "
        "not part of the rules (101.3)."
    )
    note: str | Text | None = None
    cards: dict[str, AnyCard]


class PlayerSpec(Strict):
    piece: str = Field(description="The square of the player's piece, e.g. d1.")
    piece_colour: Colour | None = Field(
        None, description="204.1: defaults to the colour of the first card in the lock area."
    )
    hand: list[Token] = []
    lock: dict[Colour, list[str]] = Field(
        {},
        description="Colour place → cards bottom to top; `ID placed` for a card placed "
        "there by an effect, not locked (705.1); `ID together` for a card locked together "
        "with the one before it (702.2).",
    )


class TurnSpec(Strict):
    player: Seat
    phase: Phase = Phase.lock
    number: int = Field(1, ge=1)
    locked: bool = Field(False, description="503.3: the player has already locked this turn.")
    acted: Literal["move", "contact"] | None = Field(
        None, description="505.1: the move phase's action is already done."
    )


class Beginner(Strict):
    no_first_cards: bool = Field(False, description="404.1")
    no_colourless: bool = Field(False, description="404.2")


class SetupSpec(Strict):
    """Start from nothing: 401.1 steps 1–7 run, with every random result in ``decide``."""

    players: list[Seat] = Field(min_length=1)
    deck: list[Token] = Field(description="The normal cards, before shuffling.")
    first_cards: list[str] = []
    eternal: list[str] = []
    beginner: Beginner = Beginner()
    decide: list[dict[str, object]] = []


class StepSpec(Strict):
    """One declaration, ``SEAT: DECLARATION``, with the choices and random results it needs."""

    S: str | None = None
    W: str | None = None
    N: str | None = None
    E: str | None = None
    decide: list[dict[str, object]] = Field(
        [], description="Answers in the order the engine asks: take, eternal, square, …"
    )

    @model_validator(mode="after")
    def _one_seat(self) -> StepSpec:
        given = [s for s in "SWNE" if getattr(self, s) is not None]
        if len(given) != 1:
            raise ValueError("a step is one declaration: exactly one of S, W, N, E")
        return self

    @property
    def seat(self) -> Seat:
        return next(Seat(s) for s in "SWNE" if getattr(self, s) is not None)

    @property
    def text(self) -> str:
        return str(getattr(self, self.seat.value))


class RefusedSpec(Strict):
    step: int = Field(ge=1, description="The 1-based number of the step.")
    article: str


class EndSpec(Strict):
    """A partial end state: only what is given is compared, and exactly."""

    hands: dict[Seat, list[Token]] = {}
    lock: dict[Seat, dict[Colour, list[str]]] = {}
    squares: dict[str, list[Token]] = {}
    pieces: dict[Seat, str] = {}
    deck: list[Token] | None = None
    discard: list[Token] | None = None
    eternal: list[str] | None = None
    turn: Seat | None = None
    phase: Phase | None = None


class Expect(Strict):
    fires: list[str] = Field([], description="Articles that must be cited by some event.")
    not_fires: list[str] = Field([], description="Articles no event may cite.")
    refused: list[RefusedSpec] = Field(
        [], description="Every step that must be refused, with the article that forbids it."
    )
    winner: Seat | Literal["none"] | None = None
    end: EndSpec | None = None
    invariants: list[str] = Field(
        [],
        description="Articles whose law must hold after every event of the replay, setup "
        "included (judge_cli/engine/laws.py: 300.2, 204.2, 701.2, 103.2, 509.3, 901.1, …); "
        "`seven simulate` writes each violation it finds as a scenario expecting this.",
    )

    def is_empty(self) -> bool:
        return (
            not (self.fires or self.not_fires or self.refused or self.winner or self.end)
            and not self.invariants
        )


class Scenario(Strict):
    """A disputed situation: a position (or a setup), the declarations, and the ruling."""

    title: Text
    question: Text
    answer: Text
    date: dt.date
    source: str = Field(
        min_length=1, description="Where the ruling comes from, e.g. 'written from 507.4'."
    )
    include: list[str] = Field([], description="Card files, relative to this file.")
    cards: dict[str, AnyCard] = Field(
        {},
        description="Card id → a card: `{design: PUBLISHER_ID}` for a real card (e.g. "
        "`j1: {design: red-jump-pad}`), or a made-up card written out.",
    )
    setup: SetupSpec | None = None
    players: dict[Seat, PlayerSpec] = {}
    fill: int = Field(0, ge=0, description="Face-down filler cards on every square not in `board`.")
    board: dict[str, list[Token]] = {}
    deck: list[Token] = Field([], description="Bottom to top.")
    discard: list[Token] = Field([], description="Bottom to top, face up.")
    eternal: list[str] = []
    out_of_game: list[str] = Field(
        [],
        description="Cards set aside at setup, in no zone of play: first cards nobody drew "
        "(402), and those beginners leave out (404.1, 404.2).",
    )
    turn: TurnSpec | None = None
    steps: list[StepSpec] = []
    expect: Expect

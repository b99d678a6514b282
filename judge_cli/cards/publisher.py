"""The publisher's card data (cards/0th-remake.yaml): the model and its loader.

Every string is the publisher's, exactly as printed (full-width digits, 【】「」, line breaks
and ・ bullets kept); the file's header records the sources. The model only checks the shape
and the composition of the box (201.2–201.4: 112 normal cards, 7 first, 7 eternal).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt

from judge_cli.errors import CardDataError
from judge_cli.paths import cards_root

EDITION_FILE = "0th-remake.yaml"

Colour = Literal[
    "red", "orange", "yellow", "green", "blue", "pink", "purple", "rainbow", "white", "black"
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Printed(_Strict):
    """A text in the publisher's Japanese and English."""

    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)


class DesignText(_Strict):
    """The printed effect lines of one language: ★ basic, ● arrival, ■ hand (601.1)."""

    basic: str | None = None
    arrival: str | None = None
    hand: str | None = None


class Texts(_Strict):
    ja: DesignText
    en: DesignText


class Design(_Strict):
    """One card design of the box, by the publisher's id (``red-jump-pad``)."""

    id: str = Field(pattern=r"^[a-z]+(-[a-z]+)+$")
    name: Printed
    reading: str | None = None
    colour: Colour
    kind: Literal["normal", "first", "eternal"]
    copies: PositiveInt
    effect_name: Printed | None = None
    text: Texts
    flavour: Printed | None = None
    notes_ja: str | None = None
    notes_en: str | None = None


class _File(_Strict):
    cards: list[Design]


def _composition_problems(designs: list[Design]) -> list[str]:
    """201.2–201.4 for the box: 112 normal cards; one first and one eternal card per colour."""
    problems = []
    normal = sum(d.copies for d in designs if d.kind == "normal")
    if normal != 112:
        problems.append(f"the normal designs hold {normal} cards, not 112")
    for kind in ("first", "eternal"):
        colours = Counter(d.colour for d in designs if d.kind == kind)
        sevens = {"red", "orange", "yellow", "green", "blue", "pink", "purple"}
        if set(colours) != sevens or any(n != 1 for n in colours.values()):
            problems.append(f"the {kind} cards are not one per colour: {dict(colours)}")
        if any(d.copies != 1 for d in designs if d.kind == kind):
            problems.append(f"a {kind} card has more than one copy")
    return problems


@cache
def load_designs(path: Path | None = None) -> dict[str, Design]:
    """Every design of the box by id, in the publisher's order."""
    from judge_cli.validation import read_model

    path = path or cards_root() / EDITION_FILE
    data, loaded = read_model(
        path, str(path), _File, error=CardDataError, what="a card data file is a mapping"
    )
    designs: dict[str, Design] = {}
    for i, design in enumerate(data.cards):
        if design.id in designs:
            raise CardDataError(
                f"design {design.id!r} is listed twice",
                file=loaded.file,
                line=loaded.line_of(("cards", i)),
            )
        designs[design.id] = design
    problems = _composition_problems(data.cards)
    if problems:
        raise CardDataError("; ".join(problems), file=loaded.file, line=1, article="201")
    return designs

"""The real cards in the engine: a design's printed text (the publisher's) with our encoding
of its effects (cards/0th-remake.effects.yaml, editorial) make engine :class:`Card` objects.

>>> card = design_card("red-jump-pad", "j1")
>>> card.design, card.name, card.name_en, card.colour.value
('red-jump-pad', 'ジャンプ台', 'Jump Pad', 'red')
>>> card.effects.reach.text.ja
'これはあなたの手札に加えない。２マス先に一気に移動する。'
>>> deck = real_cards()
>>> len(deck), sum(1 for c in deck.values() if c.kind.value == "normal")
(126, 112)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import Field

from judge_cli.engine.cards import Card, CardEffects, Colour, Kind
from judge_cli.engine.effects.vocab import (
    BaseEffect,
    Condition,
    HandEffect,
    PrintedText,
    ReachEffect,
    Sentence,
    Strict,
    Timing,
)
from judge_cli.errors import CardDataError
from judge_cli.paths import cards_root

EFFECTS_FILE = "0th-remake.effects.yaml"


class BaseEncoding(Strict):
    """★: what the Basic Effect does (the fields of :class:`BaseEffect`, without the text)."""

    untargetable: bool = False
    no_lock_phase: bool = False
    locked_use: bool = False
    lock_phase_without_lock: list[Sentence] | None = None
    lock_here: list[Sentence] | None = None


class HandEncoding(Strict):
    """■: the Hand Effect's timing, condition, cost and sentences."""

    timing: Timing | None = None
    condition: Condition | None = None
    cost: int | None = Field(None, ge=1)
    once_per_turn: bool = False
    do: list[Sentence] = Field(min_length=1)


class Encoding(Strict):
    """One design's effects as the engine reads them (no printed text: that is the
    publisher's)."""

    basic: BaseEncoding | None = None
    arrival: list[Sentence] | None = Field(None, min_length=1)
    hand: HandEncoding | None = None
    note: str | None = Field(None, description="Where the encoding takes a reading (editorial).")


class EncodingFile(Strict):
    designs: dict[str, Encoding]


def _printed(design, line: str) -> PrintedText:
    ja, en = getattr(design.text.ja, line), getattr(design.text.en, line)
    return PrintedText(ja=ja, en=en)


@cache
def encodings(path: Path | None = None) -> dict[str, Encoding]:
    """Every design's encoding, checked against the publisher's data: one entry per design,
    an effect for each printed line and none for a line that is not printed."""
    from judge_cli.cards.publisher import load_designs
    from judge_cli.validation import read_model

    path = path or cards_root() / EFFECTS_FILE
    data, loaded = read_model(
        path, str(path), EncodingFile, error=CardDataError, what="an encoding file is a mapping"
    )
    designs = load_designs()
    for did, enc in data.designs.items():
        line = loaded.line_of(("designs", did))
        if did not in designs:
            raise CardDataError(
                f"no design {did!r} in the publisher's data", file=str(path), line=line
            )
        text = designs[did].text.ja
        for printed, ours, key in (
            (text.basic, enc.basic, "basic"),
            (text.hand, enc.hand, "hand"),
        ):
            if (printed is None) != (ours is None):
                what = "is printed but not encoded" if ours is None else "is not printed"
                raise CardDataError(f"{did}: the {key} effect {what}", file=str(path), line=line)
        # 「到達効果はない。」 is printed and has nothing to encode (601.2).
        if enc.arrival is not None and text.arrival is None:
            raise CardDataError(
                f"{did}: the arrival effect is not printed", file=str(path), line=line
            )
        if enc.arrival is None and text.arrival not in (None, "到達効果はない。"):
            raise CardDataError(
                f"{did}: the arrival effect is printed but not encoded", file=path, line=line
            )
    missing = [d for d in designs if d not in data.designs]
    if missing:
        raise CardDataError(
            f"designs without an encoding: {', '.join(missing)}", file=str(path), line=1
        )
    return data.designs


def design_card(design_id: str, cid: str) -> Card:
    """An engine card for one instance ``cid`` of a real design."""
    from judge_cli.cards.publisher import load_designs

    designs = load_designs()
    design = designs.get(design_id)
    if design is None:
        import difflib

        near = difflib.get_close_matches(design_id, list(designs), 3)
        raise CardDataError(
            f"no real card design {design_id!r}",
            hint=f"did you mean: {', '.join(near)}" if near else "see `seven card --all`",
        )
    enc = encodings()[design_id]
    base = reach = hand = None
    if enc.basic is not None:
        base = BaseEffect(text=_printed(design, "basic"), **dict(enc.basic))
    if enc.arrival is not None:
        reach = ReachEffect(text=_printed(design, "arrival"), do=enc.arrival)
    if enc.hand is not None:
        h = enc.hand
        hand = HandEffect(
            text=_printed(design, "hand"),
            timing=h.timing,
            condition=h.condition,
            cost=h.cost,
            once_per_turn=h.once_per_turn,
            do=h.do,
        )
    return Card(
        cid,
        Kind(design.kind),
        Colour(design.colour),
        design.name.ja,
        design.name.en,
        CardEffects(base, reach, hand),
        design=design_id,
    )


def instance_ids(design_id: str, copies: int) -> list[str]:
    """``DESIGN-1`` … ``DESIGN-N`` for several copies; the design's own id for a single one."""
    if copies == 1:
        return [design_id]
    return [f"{design_id}-{n}" for n in range(1, copies + 1)]


@cache
def real_cards() -> dict[str, Card]:
    """The whole box as engine cards (201.2–201.4: 112 normal, 7 first, 7 eternal)."""
    from judge_cli.cards.publisher import load_designs

    out: dict[str, Card] = {}
    for did, design in load_designs().items():
        for cid in instance_ids(did, design.copies):
            out[cid] = design_card(did, cid)
    return out

"""The built-in card set: 126 illustrative cards with effects (cardset.yaml), for simulations.

>>> cards = load_cardset()
>>> len(cards)
126
>>> game = new_game(["S", "N"], seed=1)
>>> len(game.state.locations())
126

The set is illustrative (101.3: the publisher's card list is not part of the rules); its
composition follows 201.2–201.4 exactly, which :func:`load_cardset` checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, PositiveInt

from judge_cli.engine.cards import SEVEN_COLOURS, Card, Kind
from judge_cli.engine.effects.vocab import CardSpec, NameText, Strict
from judge_cli.errors import ScenarioError

CARDSET = Path(__file__).with_name("cardset.yaml")


class CardKind(CardSpec):
    """One kind of card and how many copies of it the set holds."""

    copies: PositiveInt = 1


class CardSet(Strict):
    illustrative: Literal[True] = Field(
        description="The cards are made up; the publisher's list is not part of the rules."
    )
    note: NameText
    kinds: dict[str, CardKind]


def card_ids(kind_id: str, copies: int) -> list[str]:
    """``KIND-1`` … ``KIND-N`` for several copies; the kind's own id for a single one."""
    return [kind_id] if copies == 1 else [f"{kind_id}-{n}" for n in range(1, copies + 1)]


@cache
def load_cardset(path: Path = CARDSET) -> dict[str, Card]:
    """Every card of the set by id, validated like a scenario's card file."""
    from judge_cli.validation import read_model

    spec, loaded = read_model(path, str(path), CardSet)
    cards: dict[str, Card] = {}
    for kind_id, kind in spec.kinds.items():
        for cid in card_ids(kind_id, kind.copies):
            cards[cid] = kind.to_card(cid)
    problems = composition_problems(cards.values())
    if problems:
        raise ScenarioError(
            "the card set does not make a game of Seven: " + "; ".join(problems),
            file=str(path),
            line=loaded.line_of(("kinds",)),
            article="201.2",
        )
    return cards


def composition_problems(cards: Iterable[Card]) -> list[str]:
    """201.2: 112 normal cards (7 colours × 2 kinds × 7, rainbow 1 kind × 7, colourless 7);
    201.3 and 201.4: one first and one eternal card of each colour."""
    cards = list(cards)
    out = []
    normal = [c for c in cards if c.kind is Kind.normal]
    if len(normal) != 112:
        out.append(f"{len(normal)} normal cards, not 112 (201.2)")
    for colour in SEVEN_COLOURS:
        names = Counter(c.name for c in normal if c.colour == colour)
        if sorted(names.values()) != [7, 7]:
            out.append(f"{colour}: {dict(names)}, not 2 kinds × 7 (201.2)")
    rainbow = Counter(c.name for c in normal if c.colour is not None and c.colour.is_rainbow)
    if list(rainbow.values()) != [7]:
        out.append(f"rainbow: {dict(rainbow)}, not 1 kind × 7 (201.2)")
    colourless = [c for c in normal if c.colour is not None and c.colour.is_colourless]
    if len(colourless) != 7:
        out.append(f"{len(colourless)} colourless cards, not 7 (201.2a)")
    for kind, article in ((Kind.first, "201.3"), (Kind.eternal, "201.4")):
        colours = sorted(c.colour.value for c in cards if c.kind is kind and c.colour)
        if colours != sorted(c.value for c in SEVEN_COLOURS):
            out.append(f"{kind} cards {colours}, not one of each colour ({article})")
    return out


def new_game(seats: Iterable[str], seed: int | str = 0, **beginner: bool):
    """A game of the built-in set from nothing (401.1), every random result and choice from
    ``RandomDecisions(seed)``; ``beginner``: ``no_first_cards``, ``no_colourless`` (404)."""
    from judge_cli.engine.decisions import RandomDecisions
    from judge_cli.engine.rules.setup import SetupConfig, setup_game
    from judge_cli.engine.table import Seat

    cards = load_cardset()
    config = SetupConfig(
        seats=tuple(Seat.parse(s) for s in seats),
        normal_cards=tuple(c for c, card in cards.items() if card.kind is Kind.normal),
        first_cards=tuple(c for c, card in cards.items() if card.kind is Kind.first),
        eternal_cards=tuple(c for c, card in cards.items() if card.kind is Kind.eternal),
        **beginner,
    )
    return setup_game(cards, config, RandomDecisions(seed))

"""Every choice and random result the engine needs, asked of a :class:`Decisions` source.

The engine never decides for a player and never draws a random number itself. A replay's
source is the scenario file (judge_cli/scenario/decisions.py); a simulator's source is
:class:`RandomDecisions` with a seed. Either way the same input gives the same trace.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Request:
    """One question the engine asks."""

    kind: str
    """``take`` (cards from a hand at random), ``eternal``, ``square``, ``first``,
    ``shuffle``, ``first_player``; for card effects ``use`` (a card or ``pass``: the chance to
    interrupt, 502.4c), ``player``, ``card``, ``place``, ``option``, ``cost`` and ``order``
    (a permutation of all the options, like ``shuffle``), ``colours`` (colours declared)."""
    article: str
    """The article that calls for the choice (507.1, 803.1, 804.1, 508.1, 402.1, …)."""
    options: tuple[str, ...]
    """The legal answers: card ids, square names or seats."""
    count: int = 1
    """How many distinct options to pick; for ``shuffle``, all of them, in order."""
    chooser: str | None = None
    """The seat that chooses, ``"all"`` for the players together (102.5: who starts), or
    None for a random result (無作為, a shuffle)."""
    context: dict[str, Any] = field(default_factory=dict)
    """What the question is about (whose hand, which seat), for messages."""
    refusable: tuple[str, ...] = ()
    """Answers the rules forbid here that a player may still name (a 「いつでも使える」 card
    while an effect is processed, 502.4f): the engine records them as refused and asks again."""
    minimum: int | None = None
    """When set, any number of options from ``minimum`` to ``count`` is an answer
    (「〜してもよい」, 「N枚まで」, 「２色以上」)."""

    @property
    def is_random(self) -> bool:
        return self.chooser is None


class Decisions(Protocol):
    def decide(self, request: Request) -> tuple[str, ...]:
        """The answer: ``request.count`` options (a permutation of all for ``shuffle``)."""
        ...


class RandomDecisions:
    """A seeded source for simulations: every choice and random result from one RNG."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, request: Request) -> tuple[str, ...]:
        if request.kind == "shuffle":
            order = list(request.options)
            self.rng.shuffle(order)
            return tuple(order)
        count = request.count
        if request.minimum is not None:
            count = self.rng.randint(request.minimum, count)
        elif count == 1 and request.options:
            # What ``sample`` does for one option (one ``_randbelow`` of the options' number,
            # the same result), without its set-up: most requests ask for one.
            return (self.rng.choice(request.options),)
        return tuple(self.rng.sample(list(request.options), count))

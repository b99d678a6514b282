"""The trace: one frozen event per thing that happens, with the articles that made it happen.

``cause`` is the number of the event an event belongs to (a declaration, a reach, a bonus),
so nesting is visible. ``data`` is the change, as JSON-ready values (card ids, square
names, seats). The words that describe an event live in judge_cli/render/, not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge_cli.engine.table import Seat

_set_dict = object.__setattr__


@dataclass(frozen=True)
class Event:
    seq: int
    """1-based, in the order things happened."""
    kind: str
    """What happened: ``declared``, ``refused``, ``moved``, ``reached``, ``locked``, …"""
    actor: Seat | None
    """The player who acted or whose piece or cards changed; None for the game itself."""
    articles: tuple[str, ...]
    """Ids of the articles that made this happen (engine/citations.py)."""
    cause: int | None = None
    """The ``seq`` of the event this one belongs to."""
    data: dict[str, Any] = field(default_factory=dict)
    """The change: what moved from where to where. Never mutated after creation."""

    def __init__(
        self,
        seq: int,
        kind: str,
        actor: Seat | None,
        articles: tuple[str, ...],
        cause: int | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        # The generated __init__ of a frozen dataclass sets each field through
        # object.__setattr__, several times slower than giving the instance its dict whole:
        # a simulated game records some two thousand events (benchmarks/simulate_bench.py).
        _set_dict(
            self,
            "__dict__",
            {
                "seq": seq,
                "kind": kind,
                "actor": actor,
                "articles": articles,
                "cause": cause,
                "data": {} if data is None else data,
            },
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "actor": self.actor.value if self.actor else None,
            "articles": list(self.articles),
            "cause": self.cause,
            "data": self.data,
        }

"""The units of resolution and refusal shared by the game and the rules it dispatches to.

The rules (engine/rules/*) and the effects (engine/effects/*) build :class:`Step` and raise
:class:`Refused`; :class:`~judge_cli.engine.game.Game` runs the steps and records the
refusals. Keeping these types here lets the rules and effects depend on them without
depending on the game that dispatches to them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from judge_cli.errors import IllegalDeclaration

if TYPE_CHECKING:
    from judge_cli.engine.declarations import Declaration

StepFn = Callable[..., "list[Step] | None"]


class Step(NamedTuple):
    """One thing to process: ``fn(game, cause, **kwargs)``; it may return sub-steps.

    A named tuple rather than a frozen dataclass: a game makes thousands of steps, and a
    tuple is built several times faster (benchmarks/simulate_bench.py)."""

    fn: StepFn
    cause: int | None
    kwargs: dict[str, Any]

    @property
    def name(self) -> str:
        return self.fn.__name__


def step(fn: StepFn, cause: int | None, **kwargs: Any) -> Step:
    return _new_step(Step, (fn, cause, kwargs))


_new_step = tuple.__new__
"""What ``Step(fn, cause, kwargs)`` does, without the generated ``__new__`` in between."""


class Refused(IllegalDeclaration):
    """A declaration the rules forbid: ``article`` forbids it, ``reason`` says which case."""

    def __init__(
        self, declaration: Declaration, reason: str, articles: tuple[str, ...], **data: Any
    ) -> None:
        # JudgeError's fields, without building the message: ``can`` and the search for legal
        # declarations refuse thousands of declarations a game and never show one.
        Exception.__init__(self, declaration, reason)
        self.file = self.line = self.hint = None
        self.article = articles[0]
        self.declaration = declaration
        self.reason = reason
        self.articles = articles
        self.data = data

    @property
    def message(self) -> str:  # type: ignore[override]
        return f"{self.declaration} is refused: {self.reason.replace('_', ' ')}"

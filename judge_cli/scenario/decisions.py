"""The scenario as the source of every choice and random result (SCENARIOS.md: Determinism).

Each step's ``decide`` list answers the engine's questions in the order it asks them. A
question without an answer, an answer of the wrong kind, an answer the rules do not allow,
and an answer never asked for are all errors naming the file and line.
"""

from __future__ import annotations

from typing import Any

from judge_cli.engine.decisions import Request
from judge_cli.scenario.load import FILLER_PREFIX, LoadedScenario

KINDS = {
    "take": "which cards come at random from {from}'s hand",
    "eternal": "which eternal card is drawn at random",
    "square": "which square {chooser} chooses",
    "first": "which first card {seat} draws at random",
    "shuffle": "the order of the deck after shuffling (bottom to top)",
    "first_player": "who takes the first turn",
    "use": "whether {chooser} uses a card now, after the {declaration} declared by {by} "
    "(a card id, or pass)",
    "player": "which opponent {chooser} chooses",
    "card": "which card(s) {chooser} chooses",
    "place": "which lock place (colour) {chooser} chooses",
    "option": "which option (1, 2, …) {chooser} chooses",
    "cost": "which card(s) {chooser} discards to pay 【追色】 for {card}",
    "order": "the order {chooser} chooses for what happens as the turn ends",
    "colours": "which colours {chooser} declares (red … purple; never colourless, 203.3)",
}
"""The kinds of answer under ``decide:``; each asks what its description says."""

NUMBERED = ("option",)
"""Kinds whose answers are numbers, not counts of filler cards."""


def describe(request: Request) -> str:
    ctx = {"chooser": request.chooser, **request.context}
    try:
        return KINDS[request.kind].format(**ctx)
    except (KeyError, IndexError):  # pragma: no cover - every kind is listed
        return request.kind


class ScriptedDecisions:
    """Answers from the scenario file, step by step."""

    def __init__(self, loaded: LoadedScenario) -> None:
        self.loaded = loaded
        self.queue: list[tuple[str, Any, tuple]] = []
        self.where: tuple = ()

    def load(self, entries: list[dict[str, object]], path: tuple) -> None:
        self.where = path
        self.queue = []
        for i, entry in enumerate(entries):
            if len(entry) != 1:
                raise self.loaded.error(
                    "each answer under decide is one `kind: value`", *path, "decide", i
                )
            ((kind, value),) = entry.items()
            if kind not in KINDS:
                raise self.loaded.error(
                    f"unknown kind of answer {kind!r}",
                    *path,
                    "decide",
                    i,
                    hint=f"kinds are: {', '.join(KINDS)}",
                )
            self.queue.append((kind, value, (*path, "decide", i, kind)))

    def decide(self, request: Request) -> tuple[str, ...]:
        what = describe(request)
        if not self.queue:
            raise self.loaded.error(
                f"the engine needs to know {what} ({request.article}), and the step gives no "
                "answer",
                *self.where,
                article=request.article,
                hint=f"add under this step: decide: [{{{request.kind}: …}}]; one of: "
                + ", ".join(_shown(request.options)),
            )
        kind, value, path = self.queue.pop(0)
        if kind != request.kind:
            raise self.loaded.error(
                f"the engine asks {what} ({request.kind}, {request.article}), but the next "
                f"answer is a {kind!r}",
                *path,
                article=request.article,
            )
        answer = self._answer(request, value, path)
        return tuple(answer)

    def _answer(self, request: Request, value: Any, path: tuple) -> list[str]:
        items = value if isinstance(value, list) else [value]
        fillers = [o for o in request.options if o.startswith(FILLER_PREFIX)]
        out: list[str] = []
        for item in items:
            if isinstance(item, bool) or not isinstance(item, (str, int)):
                raise self.loaded.error(f"cannot read the answer {item!r}", *path)
            if isinstance(item, int) and request.kind in NUMBERED:
                item = str(item)
            if isinstance(item, int):
                if item > len(fillers):
                    raise self.loaded.error(
                        f"the answer takes {item} unnamed card(s); only {len(fillers)} remain",
                        *path,
                        article=request.article,
                    )
                out.extend(fillers[:item])
                del fillers[:item]
                continue
            if item not in request.options:
                raise self.loaded.error(
                    f"{item!r} is not a possible answer to {describe(request)}",
                    *path,
                    article=request.article,
                    hint="possible: " + ", ".join(_shown(request.options)),
                )
            if item in out:
                raise self.loaded.error(f"{item!r} is given twice", *path)
            out.append(item)
        want = len(request.options) if request.kind in ("shuffle", "order") else request.count
        if request.minimum is not None and request.minimum <= len(out) <= want:
            return out
        if request.minimum is not None:
            raise self.loaded.error(
                f"{describe(request)}: {request.minimum} to {want} choice(s) are allowed "
                f"({request.article}), the answer gives {len(out)}",
                *path,
                article=request.article,
            )
        if len(out) != want:
            raise self.loaded.error(
                f"{describe(request)}: {want} card(s) or choice(s) are needed "
                f"({request.article}), the answer gives {len(out)}",
                *path,
                article=request.article,
            )
        return out

    def finish(self) -> None:
        """An answer the replay never used is an error (SCENARIOS.md)."""
        if self.queue:
            kind, value, path = self.queue[0]
            raise self.loaded.error(
                f"the answer {kind}: {value!r} is never asked for by the engine",
                *path,
                hint="remove it, or check the declarations before it",
            )


def _shown(options: tuple[str, ...]) -> list[str]:
    named = [o for o in options if not o.startswith(FILLER_PREFIX)]
    n = len(options) - len(named)
    return named + ([f"{n} unnamed card(s): give a count"] if n else [])

"""The rulings of the site: one page per scenario with the same content as its ruling sheet
(question, answer, board diagrams, the ruling step by step with its articles), built by
:func:`judge_cli.render.sheet.scenario_sheet` from a replay.

A scenario whose replay does not meet its expectations gets no page (its sheet would print
a ruling the engine does not give); it is reported, like a scenario that does not load.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from judge_cli.corpus.model import Corpus
from judge_cli.errors import JudgeError


@dataclass
class RulingPage:
    ruling: dict[str, Any]
    """The entry of the rulings index (:mod:`judge_cli.rulings`)."""
    sheet: Any
    """The :class:`judge_cli.render.sheet.ScenarioSheet` of its replay."""
    designs: list[str] = field(default_factory=list)
    """The real card designs its cards are instances of (``design:`` in the scenario)."""
    design_of: dict[str, str] = field(default_factory=dict)
    """Card id → design id, for the cards that are real designs (their text is on the cards
    page, linked instead of repeated)."""


def ruling_pages(
    corpora: Sequence[Corpus], rulings: dict[str, Any], classes: Any = None
) -> tuple[list[RulingPage], list[str]]:
    """A page per ruling that replays as expected, and a problem line for each other one.
    With ``classes`` (:class:`judge_cli.site.svgmin.Classes`) the diagrams' styling is
    written as classes."""
    from judge_cli.paths import scenarios_root
    from judge_cli.render.sheet import scenario_sheet
    from judge_cli.rulings import problems_of
    from judge_cli.scenario.runner import replay_file

    root = scenarios_root()
    pages: list[RulingPage] = []
    problems = list(problems_of(rulings))
    for r in rulings["rulings"]:
        try:
            rp = replay_file(root / f"{r['id']}.yaml", r["file"])
        except JudgeError as exc:
            problems.append(f"{r['file']}: {exc.message}")
            continue
        if not rp.passed:
            problems.append(f"{r['file']}: the replay does not meet its expectations")
            continue
        designs, of_card = [], {}
        for cid, card in rp.loaded.cards.items():
            design = getattr(card, "design", None)
            if design:
                of_card[cid] = design
                if design not in designs:
                    designs.append(design)
        sheet = scenario_sheet(rp, corpora, 1, file=r["file"])
        if classes is not None:
            _smaller_diagrams(sheet, classes)
        pages.append(RulingPage(r, sheet, designs, of_card))
    return pages, problems


def _smaller_diagrams(sheet: Any, classes: Any) -> None:
    """The sheet's diagrams with their styling as classes and their definitions written once,
    in the order the page shows them (the first one holds the definitions)."""
    from dataclasses import replace

    from judge_cli.site.svgmin import share_definitions

    steps = [step for step in sheet.steps if step.diagram is not None]
    shown = [sheet.before, *(step.diagram for step in steps)]
    if sheet.after is not None:
        shown.append(sheet.after)
    svgs = share_definitions([classes.svg(d.svg) for d in shown])
    sheet.before = replace(sheet.before, svg=svgs[0])
    for step, svg in zip(steps, svgs[1 : 1 + len(steps)], strict=True):
        step.diagram = replace(step.diagram, svg=svg)
    if sheet.after is not None:
        sheet.after = replace(sheet.after, svg=svgs[-1])

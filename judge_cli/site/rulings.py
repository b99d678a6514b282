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


def ruling_pages(
    corpora: Sequence[Corpus], rulings: dict[str, Any]
) -> tuple[list[RulingPage], list[str]]:
    """A page per ruling that replays as expected, and a problem line for each other one."""
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
        designs = []
        for card in rp.loaded.cards.values():
            design = getattr(card, "design", None)
            if design and design not in designs:
                designs.append(design)
        pages.append(RulingPage(r, scenario_sheet(rp, corpora, 1, file=r["file"]), designs))
    return pages, problems

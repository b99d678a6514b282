"""Which articles the engine can cite, and which scenarios exercise each (``seven check
--coverage``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge_cli.corpus.model import Corpus


@dataclass
class Coverage:
    citable: set[str]
    exercised: dict[str, list[str]] = field(default_factory=dict)
    """Article id → the scenario files whose replay cites it."""

    def rows(self, corpus: Corpus) -> list[tuple[str, bool, list[str]]]:
        return [
            (str(a.id), str(a.id) in self.citable, self.exercised.get(str(a.id), []))
            for a in corpus.numbered()
        ]


def compute_coverage(scenarios: Path) -> Coverage:
    from judge_cli.engine.citations import citable_ids
    from judge_cli.scenario.runner import replay_file, scenario_files

    cov = Coverage(citable_ids())
    root = scenarios
    for f in scenario_files(scenarios):
        rp = replay_file(f)
        name = str(f.relative_to(root)) if f.is_relative_to(root) else str(f)
        for aid in sorted(rp.fired()):
            cov.exercised.setdefault(aid, []).append(name)
    return cov

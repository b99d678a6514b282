"""A replay as JSON-ready data: the stable interface of ``seven replay --json``."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

FORMAT = 1


def replay_data(rp: Any) -> dict[str, Any]:
    from judge_cli.scenario.runner import actual_end

    sc = rp.loaded.scenario
    return {
        "format": FORMAT,
        "scenario": {
            "file": rp.loaded.file,
            "title": sc.title.model_dump(),
            "question": sc.question.model_dump(),
            "answer": sc.answer.model_dump(),
            "date": sc.date.isoformat(),
            "source": sc.source,
            "articles": rp.loaded.cited_articles(),
        },
        "setup": [e.to_dict() for e in rp.setup_events],
        "steps": [
            {
                "number": st.number,
                "line": st.line,
                "declaration": st.declaration,
                "refused": st.refused is not None,
                "events": [e.seq for e in st.events],
            }
            for st in rp.steps
        ],
        "trace": [e.to_dict() for e in rp.trace],
        "before": asdict(rp.before),
        "after": asdict(rp.after),
        "outcome": {
            "winner": rp.winner.value if rp.winner else None,
            "refused": [
                {"step": st.number, "articles": list(st.refusal.articles)}
                for st in rp.steps
                if st.refusal
            ],
            "end": actual_end(rp.game.state),
            "passed": rp.passed,
            "differences": rp.differences,
        },
    }

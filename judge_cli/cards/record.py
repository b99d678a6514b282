"""A real design as plain data: what ``seven card --json`` prints (a stable interface).

Every design is one record (fields are only ever added):

``id``, ``name`` {ja, en}, ``reading`` (the full kana reading of the Japanese name,
editorial), ``colour``, ``kind``, ``copies``, ``effect_name`` ({ja, en} or null),
``text`` {ja: {basic, arrival, hand}, en: {…}} (the publisher's, exactly; null for a line
the card does not print), ``flavour`` ({ja, en} or null), ``notes`` {ja, en} (the
publisher's official notes, null where there are none), ``engine`` (how the engine reads
the effects: the design's entry of cards/0th-remake.effects.yaml, editorial, or null),
``rulings`` (the scenarios using the design, each as ``seven rulings --json`` prints it),
``exercised`` {basic, arrival, hand}: for each effect the design has, the ids of the
scenarios whose replay plays it (empty when none does); null for an effect it does not have.
"""

from __future__ import annotations

from typing import Any

from judge_cli.cards.usage import EFFECTS


def design_record(
    design: dict[str, Any],
    *,
    engine: dict[str, Any] | None,
    rulings: list[dict[str, Any]],
    exercised: dict[str, list[str]],
) -> dict[str, Any]:
    """The record of ``design`` (its plain data, judge_cli/cards/index.py); ``exercised``
    holds the effects it has (usage index)."""
    return {
        **design,
        "engine": engine,
        "rulings": rulings,
        "exercised": {e: (list(exercised[e]) if e in exercised else None) for e in EFFECTS},
    }


def records(ids: list[str] | None = None) -> list[dict[str, Any]]:
    """The records of ``ids`` (every design, in the publisher's order, without ``ids``)."""
    from judge_cli.cards.encoding import engine_reading
    from judge_cli.cards.index import card_index
    from judge_cli.cards.usage import load_usage
    from judge_cli.rulings import load_rulings

    designs = card_index()["designs"]
    usage = load_usage()
    by_id = {r["id"]: r for r in load_rulings()["rulings"]}
    out = []
    for did in ids if ids is not None else list(designs):
        out.append(
            design_record(
                designs[did],
                engine=engine_reading(did),
                rulings=[by_id[s] for s in usage["used"][did] if s in by_id],
                exercised=usage["exercised"][did],
            )
        )
    return out

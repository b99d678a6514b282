"""Every article the engine can cite exists; the coverage of the base game is complete."""

from __future__ import annotations

from pathlib import Path

from judge_cli.engine.citations import all_citations, citable_ids
from judge_cli.scenario.coverage import compute_coverage

REPO = Path(__file__).resolve().parent.parent

GROUPS = (
    102,
    103,
    204,
    *range(300, 310),
    *range(401, 405),
    *range(501, 510),
    603,
    604,
    605,
    *range(701, 707),
    *range(801, 809),
    *range(901, 906),
)

# Articles of those groups that only card effects (issue 6) can exercise. Issue 6 removes
# each entry as its scenarios land.
ONLY_CARD_EFFECTS = {
    "300.5": "an effect that names a zone",
    "304.3": "revealing a hand (公開) is an effect word",
    "305.2": "drawing (ドロー) is done by effects; engine/rules/deck.py draw() is unit-tested",
    "307.2": "effects that target the field",
    "308.4": "revealing (公開) is an effect word",
    "502.4": "interrupts need timing cards",
    "502.4a": "interrupts",
    "502.4b": "interrupts",
    "502.4c": "interrupts",
    "502.4d": "interrupts",
    "502.4e": "interrupts (example)",
    "502.4f": "cards usable at any time",
    "502.4g": "timing cards",
    "502.4h": "timing cards",
    "504.2": "using a hand effect",
    "504.3": "using hand effects one at a time",
    "604.3": "a card's own text about where it goes",
    "604.4": "a reach effect that fizzles",
    "604.5": "an effect that cancels reach effects",
    "701.6": "a card's own restriction (なないろの欠片)",
    "702.2": "なないろの欠片",
    "702.2a": "なないろの欠片",
    "702.3": "なないろの欠片",
    "703.2": "hand effects of locked cards",
    "704.1": "the lock-area-usable mark",
    "704.2": "the lock-area-usable mark",
    "704.3": "effects that target cards",
    "705.1": "an effect that places a card in a lock area",
    "705.2": "an effect that places a card in a lock area",
}


def test_every_citable_id_exists_in_the_corpus(ja) -> None:
    for name, ids in all_citations().items():
        for aid in ids:
            assert ja.has(aid), f"citations.{name} cites {aid}, which is not in the rules"


def test_base_game_groups_are_cited_and_exercised(ja) -> None:
    cov = compute_coverage(REPO / "scenarios")
    citable = citable_ids()
    missing = []
    for art in ja.numbered():
        aid = str(art.id)
        if art.id.group not in GROUPS or aid in ONLY_CARD_EFFECTS:
            continue
        if aid not in citable or not cov.exercised.get(aid):
            missing.append(aid)
    assert not missing, f"not cited by the engine or not exercised by a scenario: {missing}"


def test_exclusions_are_still_needed() -> None:
    cov = compute_coverage(REPO / "scenarios")
    done = [a for a in ONLY_CARD_EFFECTS if a in citable_ids() and cov.exercised.get(a)]
    assert not done, f"now covered; remove from ONLY_CARD_EFFECTS: {done}"

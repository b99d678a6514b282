"""Every article the engine can cite exists; the coverage of the base game and of card
effects (104–115, 502.4, 601–612, 701–706) is complete."""

from __future__ import annotations

from pathlib import Path

from judge_cli.engine.citations import all_citations, citable_ids
from judge_cli.scenario.coverage import compute_coverage

REPO = Path(__file__).resolve().parent.parent

GROUPS = (
    102,
    103,
    104,
    105,
    *range(111, 116),
    204,
    *range(300, 310),
    *range(401, 405),
    *range(501, 510),
    *range(601, 613),
    *range(701, 707),
    *range(801, 809),
    *range(901, 906),
)
"""The groups the engine implements (the base game and card effects): every article in them
is cited by the engine and exercised by a scenario."""

# Articles of those groups that no engine can exercise, with the reason. Empty: every article
# of the groups above, card effects included, is cited and exercised.
NOT_EXERCISABLE: dict[str, str] = {}


def test_every_citable_id_exists_in_the_corpus(ja) -> None:
    for name, ids in all_citations().items():
        for aid in ids:
            assert ja.has(aid), f"citations.{name} cites {aid}, which is not in the rules"


def test_every_article_of_the_groups_is_cited_and_exercised(ja) -> None:
    cov = compute_coverage(REPO / "scenarios")
    citable = citable_ids()
    missing = []
    for art in ja.numbered():
        aid = str(art.id)
        if art.id.group not in GROUPS or aid in NOT_EXERCISABLE:
            continue
        if aid not in citable or not cov.exercised.get(aid):
            missing.append(aid)
    assert not missing, f"not cited by the engine or not exercised by a scenario: {missing}"


def test_exclusions_are_still_needed() -> None:
    cov = compute_coverage(REPO / "scenarios")
    done = [a for a in NOT_EXERCISABLE if a in citable_ids() and cov.exercised.get(a)]
    assert not done, f"now covered; remove from NOT_EXERCISABLE: {done}"

"""Every event and every refusal the engine can produce has words in ja and en, and every
scenario renders in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_cli.corpus.store import load_corpus
from judge_cli.engine.view import board_view
from judge_cli.render.board import board_lines, fit, width
from judge_cli.render.trace import TraceWriter, replay_text
from judge_cli.render.words import DECLARATIONS, EVENTS, REASONS
from judge_cli.scenario.runner import replay_file, scenario_files

REPO = Path(__file__).resolve().parent.parent
ENGINE = REPO / "judge_cli" / "engine"


def _engine_source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py"))


def test_every_refusal_reason_has_words() -> None:
    reasons = set(re.findall(r'Refused\(\s*decl,\s*"(\w+)"', _engine_source()))
    assert reasons, "no refusals found in the engine"
    for reason in reasons:
        assert set(REASONS[reason]) == {"ja", "en"}, reason


def test_every_event_kind_has_words() -> None:
    kinds = set(re.findall(r'emit\(\s*"(\w+)"', _engine_source()))
    kinds -= {"declared"}  # described per declaration
    special = {"moved": ("moved", "moved_forced"), "exposed": ("exposed_up", "exposed_down")}
    for kind in kinds:
        for key in special.get(kind, (kind,)):
            assert set(EVENTS[key]) == {"ja", "en"}, key
    found = re.findall(r'declaration="(\w+)"(?: if \w+ else "(\w+)")?', _engine_source())
    declared = {d for pair in found for d in pair if d}
    assert declared >= {"lock", "end", "move", "contact", "use", "lock_together"}
    assert set(DECLARATIONS) == declared


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_scenario_renders(lang: str) -> None:
    ja = load_corpus("ja")
    for path in scenario_files(REPO / "scenarios"):
        rp = replay_file(path)
        text = "\n".join("\n".join(b) for b in replay_text(rp, [ja], check=True))
        assert "{" not in text.replace("{ja", ""), path  # no template left unfilled
        writer = TraceWriter([ja], rp.loaded.cards)
        for ev in rp.trace:
            assert writer.describe(ev, lang)


def test_grid_rows_have_equal_width() -> None:
    rp = replay_file(REPO / "scenarios/base/605-reach-combo.yaml")
    lines = board_lines(board_view(rp.game.state), "ja")
    grid = [line for line in lines if line.startswith(("   ┌", "   │", " 1 │", "   └"))]
    assert len({width(line) for line in grid}) == 1


def test_fit_pads_and_cuts_wide_text() -> None:
    assert width(fit("緑:緑のカード4", 11)) == 11
    assert fit("緑:緑のカード4", 11).rstrip().endswith("…")


def test_507_1_a_cited_procedure_says_the_rulebook_confirms_it() -> None:
    rp = replay_file(REPO / "scenarios/base/507-4-contact-empty-hand.yaml")
    en = load_corpus("en")
    text = "\n".join("\n".join(b) for b in replay_text(rp, [en]))
    assert "507.1 [Contact] Contact is resolved in the following order. [editorial: " in text
    assert "confirmed by the rulebook, p. 8]" in text
    # 603.1: one item confirmed, one our reading, each said.
    assert "[editorial: item 1: confirmed by the rulebook, p. 8; item 2: our reading]" in text


def test_the_replay_board_fits_80_columns() -> None:
    """The grid fits an ordinary terminal, a square with a pile, a piece and a gate too."""
    from pathlib import Path

    from judge_cli.render.board import board_lines, width
    from judge_cli.scenario.runner import replay_file

    repo = Path(__file__).resolve().parents[1]
    for name in ("507-1a-contact-against-piece-on-its-gate", "801-gate-invasion-bonus"):
        rp = replay_file(repo / "scenarios" / "base" / f"{name}.yaml")
        for view in (rp.before, rp.after):
            for lang in ("ja", "en"):
                grid = board_lines(view, lang)[:23]
                assert all(width(line) <= 80 for line in grid), name

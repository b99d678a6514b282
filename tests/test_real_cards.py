"""The real cards in the engine: every design built from the publisher's text and our
encoding (cards/0th-remake.effects.yaml), instances in scenarios, and the real deck in play."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_cli.cards import load_designs
from judge_cli.cards.engine import design_card, encodings, real_cards
from judge_cli.engine.cards import Kind
from judge_cli.engine.effects.targets import within
from judge_cli.engine.state import FieldCard, Player, State
from judge_cli.engine.table import Seat, Square
from judge_cli.errors import JudgeError, ScenarioError
from judge_cli.scenario.load import load_scenario
from judge_cli.scenario.runner import replay_file

REPO = Path(__file__).resolve().parent.parent
REAL = sorted((REPO / "scenarios" / "cards-real").glob("*.yaml"))


def test_201_2_the_real_deck_is_112_normal_7_first_7_eternal() -> None:
    cards = real_cards()
    kinds = [c.kind for c in cards.values()]
    assert (kinds.count(Kind.normal), kinds.count(Kind.first), kinds.count(Kind.eternal)) == (
        112,
        7,
        7,
    )
    assert all(c.design for c in cards.values())


def test_every_design_is_encoded_and_keeps_the_publishers_text() -> None:
    designs = load_designs()
    assert set(encodings()) == set(designs)
    for did, design in designs.items():
        card = design_card(did, "x")
        assert card.design == did
        assert (card.name, card.name_en) == (design.name.ja, design.name.en)
        for line, effect in (("basic", "base"), ("arrival", "reach"), ("hand", "hand")):
            ours = getattr(card.effects, effect)
            printed = getattr(design.text.ja, line)
            if ours is None:
                assert printed in (None, "到達効果はない。"), (did, line)
                continue
            assert ours.text.ja == printed, (did, line)
            assert ours.text.en == getattr(design.text.en, line), (did, line)


def test_704_first_and_eternal_cards_are_usable_while_locked_and_untargetable() -> None:
    for card in real_cards().values():
        if card.kind is not Kind.normal:
            assert card.usable_while_locked and card.untargetable, card.id


def test_608_2_within_is_the_range_of_a_move_own_square_included() -> None:
    cards = real_cards()
    state = State(cards=cards, players={Seat.S: Player(Seat.S, piece=Square.parse("c3"))})
    state.squares[Square.parse("c4")].append(FieldCard("red-jump-pad-1"))
    names = {sq.name for sq in within(state, Square.parse("c3"), Seat.S, 2)}
    # c4 has a card, so the range goes on through it to c5; the squares next to c3 without a
    # card end the range there (a move could not pass over them).
    assert {"c3", "c4", "c5", "b4", "d4", "b3", "d3", "c2"} == names


def _scenario(tmp_path: Path, cards: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(
        "title: {ja: t, en: t}\nquestion: {ja: q, en: q}\nanswer: {ja: a, en: a}\n"
        "date: 2026-12-01\nsource: written from 604.1\n"
        f"cards:\n{cards}"
        "players:\n  S: {piece: d2, hand: [j1]}\n  N: {piece: d6}\n"
        "turn: {player: S, phase: hand}\nexpect:\n  fires: ['604.1']\n",
        encoding="utf-8",
    )
    return path


def test_a_scenario_declares_a_real_card_by_its_design(tmp_path: Path) -> None:
    loaded = load_scenario(_scenario(tmp_path, "  j1: {design: red-jump-pad}\n"))
    assert loaded.cards["j1"].design == "red-jump-pad"
    assert loaded.cards["j1"].name == "ジャンプ台"


def test_an_unknown_design_is_rejected_with_file_and_line(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(_scenario(tmp_path, "  j1: {design: red-jump-pads}\n"))
    assert "red-jump-pads" in exc.value.message and exc.value.line == 7
    assert "red-jump-pad" in (exc.value.hint or "")


def test_every_effect_of_every_design_is_exercised_by_a_real_card_scenario() -> None:
    """A use (■), an Arrival Effect gained (●), a Basic Effect at work (★) for each design."""
    seen: set[tuple[str, str]] = set()
    for path in REAL:
        rp = replay_file(path)
        assert rp.passed, (path, rp.differences)
        cards = rp.loaded.cards
        for ev in rp.trace:
            d = ev.data
            card = d.get("card")
            design = cards[card].design if card in cards else None
            if ev.kind == "declared" and d.get("declaration") == "use" and design:
                seen.add((design, "hand"))
                if d.get("frm") == "lock":
                    seen.add((design, "basic"))
            elif ev.kind == "reach_effect" and d.get("effect") == "reach" and design:
                seen.add((design, "arrival"))
            elif ev.kind in ("basic_effect", "protected"):
                for c in d.get("cards") or [card]:
                    if c in cards and cards[c].design:
                        seen.add((cards[c].design, "basic"))
            elif ev.kind == "refused" and d.get("reason") == "no_lock_phase" and design:
                seen.add((design, "basic"))
    missing = []
    for did, design in load_designs().items():
        for line in ("basic", "arrival", "hand"):
            printed = getattr(design.text.ja, line)
            if printed and printed != "到達効果はない。" and (did, line) not in seen:
                missing.append(f"{did} {line}")
    assert not missing


def test_the_real_deck_keeps_the_laws_in_random_games() -> None:
    from judge_cli.simulate.games import Options, run

    report = run(Options(games=6, players=(2, 3, 4), seed=5), real_cards())
    assert not report.violations and not report.crashes


def test_a_bad_encoding_is_a_card_data_error(tmp_path: Path) -> None:
    bad = tmp_path / "enc.yaml"
    bad.write_text("designs:\n  red-jump-pad:\n    basic: {untargetable: true}\n", "utf-8")
    with pytest.raises(JudgeError) as exc:
        encodings.__wrapped__(bad)
    assert "red-jump-pad" in exc.value.message


def test_404_beginners_variants_of_the_real_deck_keep_the_laws() -> None:
    from judge_cli.simulate.games import Options, play, run

    options = Options(
        games=3, players=(2, 3, 4), seed=8, beginner=("no-first-cards", "no-colourless")
    )
    report = run(options, real_cards())
    assert not report.violations and not report.crashes
    game, _ = play(real_cards(), options, 1)
    left_out = set(game.state.out_of_game)
    for cid, card in real_cards().items():
        if card.kind is Kind.first or (card.colour and card.colour.is_colourless):
            assert cid in left_out, cid


def test_404_an_unknown_beginners_variant_is_refused() -> None:
    from judge_cli.cli.simulate import parse_beginner

    assert parse_beginner("no-first-cards, no-colourless") == ("no-first-cards", "no-colourless")
    with pytest.raises(JudgeError) as exc:
        parse_beginner("no-eternal")
    assert "no-eternal" in exc.value.message and exc.value.article == "404"

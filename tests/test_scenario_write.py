"""A state written as a scenario and read back is the same state (judge_cli/scenario/write.py):
the violation files of ``seven simulate`` rely on it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.engine.cardset import load_cardset, new_game
from judge_cli.engine.state import State
from judge_cli.scenario.load import load_scenario
from judge_cli.scenario.write import card_file_data, dump_scenario, state_data, unwritable

HEAD = {
    "title": {"ja": "書き出した局面", "en": "A position written out"},
    "question": {"ja": "同じ局面か。", "en": "Is it the same position?"},
    "answer": {"ja": "同じ。", "en": "The same."},
    "date": "2026-11-29",
    "source": "written from 300.2",
    "include": ["cards.yaml"],
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("written")
    note = {"ja": "テスト用", "en": "for tests"}
    (d / "cards.yaml").write_text(dump_scenario(card_file_data(load_cardset(), note)), "utf-8")
    return d


def same(a: State, b: State) -> None:
    """Every field of the two states is equal; groups of cards locked together are a set."""
    for state in (a, b):
        for p in state.players.values():
            p.groups = sorted(sorted(g) for g in p.groups)
    assert a == b


def read_back(folder: Path, state: State, name: str) -> State:
    data = {**HEAD, **state_data(state), "expect": {"invariants": ["300.2"]}}
    path = folder / f"{name}.yaml"
    path.write_text(dump_scenario(data, "a comment\non two lines"), encoding="utf-8")
    return load_scenario(path).initial_state()


@settings(max_examples=25, deadline=None)
@given(
    seats=st.sampled_from(["SN", "SW", "WNE", "SWN", "SWNE"]),
    seed=st.integers(0, 100_000),
    moves=st.integers(0, 300),
)
def test_a_state_written_as_a_scenario_and_read_back_is_the_same(
    folder: Path, seats: str, seed: int, moves: int
) -> None:
    def play(limit: int) -> tuple[State, int]:
        """The position after ``limit`` random declarations, and the number of declarations
        after which the position could last be written."""
        game = new_game(list(seats), seed)
        rng = random.Random(seed)
        last = 0
        for done in range(limit + 1):
            if unwritable(game.state) is None:
                last = done
            legal = game.legal_declarations()
            if done == limit or not legal or game.over:
                break
            game.declare(rng.choice(legal))
        return game.state, last

    _, last = play(moves)  # the position after the setup can always be written
    state, _ = play(last)
    same(read_back(folder, state, f"{seats}-{seed}-{moves}"), state)


def test_every_card_of_the_set_is_written_and_read_back_the_same(folder: Path) -> None:
    from judge_cli.scenario.model import CardFile, CardSpec
    from judge_cli.validation import read_model

    spec, _ = read_model(folder / "cards.yaml", "cards.yaml", CardFile)
    cards = load_cardset()
    assert set(spec.cards) == set(cards)
    for cid, card_spec in spec.cards.items():
        assert isinstance(card_spec, CardSpec)
        assert card_spec.to_card(cid) == cards[cid]


def test_what_only_lasts_until_the_turn_ends_cannot_be_written() -> None:
    state = new_game(["S", "N"], 1).state
    assert unwritable(state) is None
    state.uses["x"] = []
    assert "611.2" in unwritable(state)
    with pytest.raises(ValueError, match=r"611\.2"):
        state_data(state)
    state.uses.clear()
    state.revealed.add(next(iter(state.players)))
    assert "308.4" in unwritable(state)


def test_piles_are_written_one_per_line_bottom_to_top(folder: Path) -> None:
    state = new_game(["S", "N"], 2).state
    text = dump_scenario({**HEAD, **state_data(state), "expect": {"invariants": ["300.2"]}})
    deck = next(line for line in text.splitlines() if line.startswith("deck: ["))
    assert deck == "deck: [" + ", ".join(state.deck) + "]"
    assert "out_of_game: [" in text and "fill:" not in text

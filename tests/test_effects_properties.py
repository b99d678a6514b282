"""Random full games with the built-in card set keep the game's laws (hypothesis): 300.2,
204.2, 701.2/701.4, 103.2/103.3; and the same seed gives the same game, byte for byte."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.engine.cardset import load_cardset, new_game
from judge_cli.engine.game import Game
from judge_cli.engine.state import State

SEATS = {2: ["S", "N"], 3: ["S", "W", "N"], 4: ["S", "W", "N", "E"]}


def check_laws(state: State) -> None:
    assert state.problems() == []  # 300.2, 204.2, 701.2, 701.3, 702.1
    assert len(state.locations()) == 126  # 300.2: all 126 cards, each in one place
    assert not state.in_use  # 606.4: a card in use has found its place by now
    for p in state.players.values():
        for place, pile in p.lock_area.items():
            for cid in pile:
                card = state.cards[cid]
                # 701.2, 701.4: a locked card is of its place's colour, or a rainbow
                assert card.colour == place or card.colour.is_rainbow or cid in p.placed


def play(players: int, seed: int, limit: int = 2500) -> Game:
    game = new_game(SEATS[players], seed)
    rng = random.Random(seed)
    for _ in range(limit):
        legal = game.legal_declarations()
        if not legal:
            break
        game.declare(rng.choice(legal))
        check_laws(game.state)
        if game.over:
            break
    return game


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 100_000))
def test_random_games_with_effects_keep_the_laws(players: int, seed: int) -> None:
    game = play(players, seed)
    ends = [e for e in game.trace if e.kind == "game_ends"]
    assert len(ends) <= 1  # 103.3: one winner at most
    if ends:
        assert game.trace[-1] is ends[0]  # 103.2: nothing after the winning lock
        assert len(game.state.players[ends[0].actor].locked_colours()) == 7  # 103.1
        assert game.legal_declarations() == []


def test_random_games_use_the_effects() -> None:
    kinds = {e.kind for seed in range(3) for e in play(4, seed).trace}
    for kind in ("sentence", "window_opens", "paid", "used_card_stays", "locked", "took"):
        assert kind in kinds, kind


def test_the_same_seed_gives_the_same_game() -> None:
    def trace(seed: int) -> str:
        return json.dumps([e.to_dict() for e in play(3, seed).trace], ensure_ascii=False)

    assert trace(7) == trace(7)
    assert trace(7) != trace(8)


def test_the_card_set_is_loaded_once() -> None:
    assert load_cardset() is load_cardset()

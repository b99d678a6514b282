"""Invariants of random legal play (hypothesis): 300.2, 204.2, 701.2/701.4, 103.3."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.engine.cards import Kind
from judge_cli.engine.state import State
from tests.engine_helpers import two_player_game


def check_invariants(state: State, total: int) -> None:
    assert state.problems() == []  # 300.2, 204.2, 701.2, 701.3, 702.1
    assert len(state.locations()) == total  # 300.2: every card somewhere, once
    for p in state.players.values():
        for place, pile in p.lock_area.items():
            for cid in pile:
                card = state.cards[cid]
                # 701.2, 701.4: a locked card is of its place's colour or a rainbow
                assert card.colour == place or card.colour.is_rainbow or cid in p.placed


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 1_000), max_size=300))
def test_random_legal_play_keeps_the_laws(seed: int, choices: list[int]) -> None:
    game = two_player_game(seed)
    total = len(game.state.locations())
    for choice in choices:
        legal = game.legal_declarations()
        if not legal:
            break
        game.declare(legal[choice % len(legal)])
        check_invariants(game.state, total)
        if game.over:
            winners = [e for e in game.trace if e.kind == "game_ends"]
            assert len(winners) == 1  # 103.3
            assert game.legal_declarations() == []
            break
    kinds = {game.state.cards[c].kind for c in game.state.eternal}
    assert kinds <= {Kind.eternal}

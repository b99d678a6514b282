"""Engine and replay throughput, run on demand (not part of the test suite).

    .venv/bin/python benchmarks/engine_bench.py

Prints: random legal play through the engine (declarations per second, two players, with and
without the position checks of State.problems after every declaration), random full games of
the built-in card set with effects (2 and 4 players), and the time to load and replay every
scenario in scenarios/.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from judge_cli.engine.cardset import load_cardset, new_game  # noqa: E402
from judge_cli.engine.game import Game  # noqa: E402
from judge_cli.scenario.runner import replay_file, scenario_files  # noqa: E402
from tests.engine_helpers import two_player_game  # noqa: E402


def random_play(
    make_game: Callable[[int], Game], games: int, checks: bool, limit: int = 3000
) -> tuple[int, int, float]:
    """Random legal declarations until a winner or ``limit``; with ``checks``, the position
    is checked (State.problems) after every declaration."""
    declarations = finished = 0
    start = time.perf_counter()
    for seed in range(games):
        game = make_game(seed)
        rng = random.Random(seed)
        for _ in range(limit):
            legal = game.legal_declarations()
            if not legal:
                break
            game.declare(rng.choice(legal))
            declarations += 1
            if checks:
                assert game.state.problems() == []
            if game.over:
                break
        finished += game.over
    return declarations, finished, time.perf_counter() - start


def report(label: str, games: int, result: tuple[int, int, float]) -> None:
    n, done, dt = result
    print(
        f"{label}: {games} games, {done} won, {n} declarations, "
        f"{n / dt:,.0f} declarations/s, {games / dt:.1f} games/s"
    )


def main() -> None:
    for checks in (False, True):
        label = "with checks" if checks else "no checks  "
        report(f"random play {label}", 100, random_play(two_player_game, 100, checks, 400))
    load_cardset()
    for players in (2, 4):
        seats = ["S", "W", "N", "E"][:players]
        for checks in (False, True):
            label = "with checks" if checks else "no checks  "
            result = random_play(partial(new_game, seats), 60, checks)
            report(f"card set, {players} players, {label}", 60, result)
    files = scenario_files(REPO / "scenarios")
    start = time.perf_counter()
    for f in files:
        replay_file(f)
    dt = time.perf_counter() - start
    print(
        f"replay: {len(files)} scenarios in {dt * 1000:.0f} ms "
        f"({dt * 1000 / len(files):.1f} ms each, corpus load included once)"
    )


if __name__ == "__main__":
    main()

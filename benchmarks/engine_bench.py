"""Engine and replay throughput, run on demand (not part of the test suite).

    .venv/bin/python benchmarks/engine_bench.py

Prints: random legal play through the engine (declarations per second, two players, with and
without the position checks of State.problems after every declaration) and the time to load
and replay every scenario in scenarios/.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from judge_cli.scenario.runner import replay_file, scenario_files  # noqa: E402
from tests.engine_helpers import two_player_game  # noqa: E402


def random_play(games: int, checks: bool) -> tuple[int, int, float]:
    declarations = finished = 0
    start = time.perf_counter()
    for seed in range(games):
        game = two_player_game(seed)
        rng = random.Random(seed)
        for _ in range(400):
            legal = game.legal_declarations()
            if not legal:
                break
            game.declare(rng.choice(legal))
            declarations += 1
            if checks:
                assert game.state.problems() == []
        finished += game.over
    return declarations, finished, time.perf_counter() - start


def main() -> None:
    for checks in (False, True):
        n, done, dt = random_play(100, checks)
        label = "with checks" if checks else "no checks  "
        print(
            f"random play {label}: 100 games, {done} won, {n} declarations, "
            f"{n / dt:,.0f} declarations/s, {100 / dt:.1f} games/s"
        )
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

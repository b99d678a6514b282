"""``seven simulate`` throughput, run on demand (not part of the test suite).

    .venv/bin/python benchmarks/simulate_bench.py [GAMES]

Plays GAMES (default 200) random four-player games of the built-in card set exactly as
``seven simulate --players 4`` does (one process, one core), with the laws of
judge_cli/engine/laws.py checked after every event and without them, best of three runs
each, then the same for two and three players. Issue 8 asks for at least 50 four-player
games per second with the checks off.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from judge_cli.cards.engine import real_cards  # noqa: E402
from judge_cli.simulate.games import Options, run  # noqa: E402

REQUIRED = 50.0
"""Four-player games per second of the real deck with the checks off."""


def games_per_second(options: Options, repeats: int = 3) -> tuple[float, str]:
    """The best of ``repeats`` runs (the least disturbed by other work on the machine), and
    the games' digest (the same every run: the speed is of the same games)."""
    cards = real_cards()
    best, digests = 0.0, set()
    for _ in range(repeats):
        report = run(options, cards)
        best = max(best, len(report.results) / report.seconds)
        digests.add(report.digest)
    assert len(digests) == 1, "the same seed played different games"
    return best, digests.pop()


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    real_cards()
    for players in (4, 3, 2):
        for checks in (False, True):
            options = Options(games=games, players=(players,), seed=11, checks=checks)
            speed, digest = games_per_second(options)
            label = "with the laws after every event" if checks else "no checks"
            print(f"{players} players, {label:<32} {speed:6.1f} games/s  ({digest[:12]})")
            if players == 4 and not checks and speed < REQUIRED:
                print(f"  below the required {REQUIRED:.0f} games per second")


if __name__ == "__main__":
    main()

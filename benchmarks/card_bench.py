#!/usr/bin/env python3
"""How fast ``seven card`` answers, and what its caches cost to build.

- usage index: replaying every scenario to find which effects of which design they exercise
  (judge_cli/cards/usage.py), paid once per change of the scenarios, cards or engine;
- card index: compiling the publisher's card data into plain data (judge_cli/cards/index.py);
- cold: a new ``seven card QUERY`` process with both caches built (median of --runs);
- warm: ``find_design`` lookups and ``card_block`` renderings per second in one process,
  over every design's names, readings and a few typos.

Usage: python benchmarks/card_bench.py [--runs N] [--query Q] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def seven_command() -> list[str]:
    script = Path(sys.executable).with_name("seven")
    return [str(script)] if script.exists() else [sys.executable, "-m", "judge_cli.cli.main"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--query", default="ジャンプ台")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as cache:
        os.environ["SEVEN_CACHE_DIR"] = cache
        from judge_cli.cards.find import find_design
        from judge_cli.cards.index import build_index, card_index
        from judge_cli.cards.usage import build_usage
        from judge_cli.paths import scenarios_root
        from judge_cli.render.card import card_block

        t = time.perf_counter()
        build_index()
        index_s = time.perf_counter() - t
        t = time.perf_counter()
        usage = build_usage(scenarios_root())
        usage_s = time.perf_counter() - t
        scenarios = len({s for used in usage["used"].values() for s in used})

        env = dict(os.environ, NO_COLOR="1")
        cmd = [*seven_command(), "card", args.query]
        subprocess.run(cmd, capture_output=True, env=env, check=True)  # builds the caches
        cold = []
        for _ in range(args.runs):
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, env=env, check=True)
            cold.append(time.perf_counter() - t)

        designs = card_index()["designs"]
        queries = [q for d in designs.values() for q in (d["name"]["ja"], d["name"]["en"])]
        queries += [d["reading"] for d in designs.values()] + ["ジャンプ代", "Jupm Pad", "conter"]
        t = time.perf_counter()
        for q in queries:
            find_design(q)
        find_rate = len(queries) / (time.perf_counter() - t)
        t = time.perf_counter()
        for did in designs:
            card_block(did, "both")
        block_rate = len(designs) / (time.perf_counter() - t)

    result = {
        "card_index_build_ms": round(index_s * 1000, 1),
        "usage_index_build_s": round(usage_s, 2),
        "scenarios_with_real_cards": scenarios,
        "cold_median_ms": round(statistics.median(cold) * 1000, 1),
        "find_per_second": round(find_rate),
        "card_block_per_second": round(block_rate),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

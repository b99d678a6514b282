#!/usr/bin/env python3
"""How fast ``seven judge`` answers: a cold process against a bare Python, and warm lookups.

Cold: each run is a new process (``seven judge 到達``, then a colloquial question that needs
the full-text, example-question and model stages; the answer printed to a pipe), timed side
by side with ``python -c pass`` (interleaved, so that the machine's load affects both
alike). The lookup index is built once before timing, as it is after the first run that
follows a change of the rules; "cold" is the process, not the cache. The goal:
the median within 6× the bare interpreter.

seven's bytecode is compiled first, as an installed package has it.

Warm: lookups per second in one process with the index loaded (the interactive prompt),
over the public query sets (tests/data/queries.yaml and player_queries.yaml).

Usage: python benchmarks/judge_latency.py [--runs N] [--query Q ...] [--json]
Exit code 1 when a cold median exceeds 6× the bare interpreter.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
GOAL = 6.0
QUERIES = ("到達", "到達したカードってそのあと手札にもらう？")
"""A term, and a colloquial question (the slowest path a player commonly takes)."""


def seven_command() -> list[str]:
    """The installed ``seven`` script beside this Python (what a user runs), else -m."""
    script = Path(sys.executable).with_name("seven")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "judge_cli.cli.main"]


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True, env=env, check=True)
    return time.perf_counter() - start


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": statistics.median(ordered) * 1000,
        "p90_ms": ordered[int(0.9 * (len(ordered) - 1))] * 1000,
        "min_ms": ordered[0] * 1000,
    }


def compile_bytecode() -> None:
    """Write seven's bytecode, as an installed package has it (pip compiles on install; an
    editable install writes it on first import, unless PYTHONDONTWRITEBYTECODE is set, as
    in some development shells, where every run would compile the sources again)."""
    import compileall

    compileall.compile_dir(REPO / "judge_cli", quiet=1)


def cold(runs: int, query: str, env: dict[str, str]) -> dict:
    judge = [*seven_command(), "judge", query]
    bare = [sys.executable, "-c", "pass"]
    compile_bytecode()
    timed(judge, env)  # build the index once (not timed)
    for _ in range(3):  # warm the OS file cache for both
        timed(bare, env)
        timed(judge, env)
    t_bare, t_judge = [], []
    for _ in range(runs):
        t_bare.append(timed(bare, env))
        t_judge.append(timed(judge, env))
    b, j = summary(t_bare), summary(t_judge)
    return {
        "query": query,
        "runs": runs,
        "python_pass": b,
        "seven_judge": j,
        "ratio_median": j["median_ms"] / b["median_ms"],
        "ratio_p90": j["p90_ms"] / b["p90_ms"],
    }


def warm(seconds: float = 2.0) -> dict:
    from judge_cli.errors import JudgeError
    from judge_cli.lookup.index import load_index
    from judge_cli.lookup.search import search
    from judge_cli.yamlio import load_yaml

    queries = [
        q["q"]
        for name in ("queries.yaml", "player_queries.yaml")
        for q in load_yaml(REPO / "tests" / "data" / name).data["queries"]
    ]
    index = load_index()
    for q in queries:  # unpack the lazily loaded sections and import rapidfuzz first
        with contextlib.suppress(JudgeError):
            search(index, q, limit=5)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for q in queries:
            with contextlib.suppress(JudgeError):  # a query that finds nothing is timed too
                search(index, q, limit=5)
        n += len(queries)
    elapsed = time.perf_counter() - start
    return {"lookups": n, "per_second": n / elapsed, "mean_ms": elapsed / n * 1000}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument(
        "--query", action="append", help="a query to time cold (repeatable; default: %(default)s)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cache = tempfile.mkdtemp(prefix="seven-bench-")
    env = {**os.environ, "SEVEN_CACHE_DIR": cache, "NO_COLOR": "1"}
    os.environ["SEVEN_CACHE_DIR"] = cache
    try:
        colds = [cold(args.runs, q, env) for q in args.query or QUERIES]
        w = warm()
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    if args.json:
        print(json.dumps({"cold": colds[0], "cold_all": colds, "warm": w}, indent=2))
    else:
        for c in colds:
            b, j = c["python_pass"], c["seven_judge"]
            print(f"cold, {c['runs']} runs each, interleaved; query {c['query']!r}:")
            print(
                f"  python -c pass          median {b['median_ms']:6.1f} ms"
                f"   p90 {b['p90_ms']:6.1f} ms"
            )
            print(
                f"  seven judge QUERY       median {j['median_ms']:6.1f} ms"
                f"   p90 {j['p90_ms']:6.1f} ms"
            )
            print(
                f"  ratio                   median {c['ratio_median']:6.2f}×     p90 "
                f"{c['ratio_p90']:6.2f}×   (goal ≤ {GOAL:g}×)"
            )
        print(
            f"warm (one process, public query sets): {w['per_second']:,.0f} lookups/s, "
            f"{w['mean_ms']:.2f} ms each"
        )
    return 0 if all(c["ratio_median"] <= GOAL for c in colds) else 1


if __name__ == "__main__":
    sys.exit(main())

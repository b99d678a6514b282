#!/usr/bin/env python3
"""Peak memory of ``seven sheet SCENARIO... -o FILE.pdf`` at several numbers of sheets.

Each size is one new ``seven sheet`` process given the first N scenarios (in the order
``seven sheet scenarios/`` prints them); its peak resident memory is the kernel's count for
that process (``ru_maxrss``, what ``/usr/bin/time -v`` prints as "Maximum resident set
size"). Memory that does not grow with the number of sheets shows as about the same peak
at each size. Time is wall-clock, only indicative on a busy machine.

Needs the ``print`` extra and a Japanese font, as ``seven sheet -o FILE.pdf`` does.

Usage: python benchmarks/pdf_book_memory.py [--sizes 10,40] [--all]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def seven_command() -> list[str]:
    """The installed ``seven`` script beside this Python (what a user runs), else -m."""
    script = Path(sys.executable).with_name("seven")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "judge_cli.cli.main"]


def measure(files: list[str], out: Path) -> dict[str, float]:
    """Run ``seven sheet FILES -o out``; its peak memory (MB), time (s), pages, size (MB)."""
    with tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        start = time.perf_counter()
        proc = subprocess.Popen(
            [*seven_command(), "sheet", *files, "-o", str(out)],
            stdout=stdout,
            stderr=stderr,
            cwd=REPO,  # the files as `seven sheet scenarios/` names them in each footer
        )
        _, status, usage = os.wait4(proc.pid, 0)  # this process's own peak, not its parent's
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        stdout.seek(0)
        stderr.seek(0)
        if proc.returncode != 0:
            sys.exit(f"seven sheet failed:\n{stderr.read().decode('utf-8', 'replace')}")
        said = stdout.read().decode("utf-8")
    pages = int(said.rsplit(", ", 1)[-1].split()[0])  # wrote FILE: N sheet(s), P page(s)
    return {
        "peak_mb": usage.ru_maxrss / 1024,
        "seconds": elapsed,
        "pages": pages,
        "size_mb": out.stat().st_size / 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,40", help="numbers of sheets, comma-separated")
    parser.add_argument("--all", action="store_true", help="also every scenario")
    args = parser.parse_args()
    from judge_cli.scenario.targets import scenario_targets

    files = [str(path.relative_to(REPO)) for path, _ in scenario_targets([str(REPO / "scenarios")])]
    sizes = [int(n) for n in args.sizes.split(",") if n.strip()]
    if args.all:
        sizes.append(len(files))
    print(f"{'sheets':>6} {'pages':>6} {'peak MB':>8} {'time s':>7} {'file MB':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            r = measure(files[:n], Path(tmp) / f"{n}.pdf")
            print(
                f"{n:>6} {r['pages']:>6} {r['peak_mb']:>8.0f} {r['seconds']:>7.1f} "
                f"{r['size_mb']:>8.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()

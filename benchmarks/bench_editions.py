"""How long the maintainer's commands take on the real text (run on demand, not in CI).

    .venv/bin/python benchmarks/bench_editions.py

Times parsing the published copy, matching two editions (one with every group after 604
renumbered, the worst realistic case), ``seven diff`` text against text, ``seven diff`` of
rules/ja against a one-article edit as a user runs it (a new process, the scenarios to
re-check included; the goal is under 1.5 s, with a cold cache as with a warm one), and a
full import (with rules/en) into a temporary copy of rules/.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from judge_cli.corpus.diff import diff_editions, load_side  # noqa: E402
from judge_cli.corpus.importer import import_text  # noqa: E402
from judge_cli.corpus.matching import match_articles  # noqa: E402
from judge_cli.corpus.source import parse_source  # noqa: E402
from tests.synthetic_editions import Edition, standard_edition  # noqa: E402

SOURCE = REPO / "rules" / "sources" / "seven-comprehensive-rules.ja.txt"


def timed(label: str, fn: Callable[[], object], runs: int = 20) -> None:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    print(f"{label:<48} median {statistics.median(samples):7.2f} ms   max {max(samples):7.2f} ms")


def seven_diff_one_article(tmp: str, runs: int = 5) -> None:
    """``seven diff rules/ja EDITED`` in a new process, 507.4 edited: cold (an empty cache, as
    after a fresh install or an edit of the scenarios: each run gets its own) and warm (the
    usual runs, one cache)."""
    text = SOURCE.read_text(encoding="utf-8")
    article = "相手の手札が0枚の場合、手札は奪えない。"
    edited = Path(tmp) / "one-article.txt"
    edited.write_text(text.replace(article, article[:-1] + "（改）。"), encoding="utf-8")
    seven = Path(sys.executable).with_name("seven")
    command = [str(seven), "diff", str(REPO / "rules" / "ja"), str(edited)]

    def run(cache: str) -> float:
        env = dict(os.environ, SEVEN_CACHE_DIR=str(Path(tmp) / cache))
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        return (time.perf_counter() - start) * 1000

    label = "seven diff rules/ja, one article edited"
    cold = [run(f"cold-{i}") for i in range(runs)]
    run("warm")
    warm = [run("warm") for _ in range(runs)]
    for kind, samples in (("cold", cold), ("warm", warm)):
        print(
            f"{label + f' ({kind})':<48} median {statistics.median(samples):7.0f} ms"
            f"   max {max(samples):7.0f} ms"
        )


def main() -> None:
    text = SOURCE.read_text(encoding="utf-8")
    shifted = Edition(text).insert_group(604, "新しい群の最初の条文である。").text()
    old = {a.id: a.text for a in parse_source(text).articles}
    new = {a.id: a.text for a in parse_source(shifted).articles}
    with tempfile.TemporaryDirectory() as tmp:
        std = Path(tmp) / "std.txt"
        std.write_text(standard_edition(text).text(), encoding="utf-8")
        big = Path(tmp) / "shifted.txt"
        big.write_text(shifted, encoding="utf-8")

        def fresh_import(edition: str) -> None:
            rules = Path(tmp) / "rules"
            shutil.rmtree(rules, ignore_errors=True)
            shutil.copytree(REPO / "rules", rules)
            import_text(edition, rules / "ja", name="bench.txt")

        timed("parse the published copy", lambda: parse_source(text))
        timed("match editions (groups 604-612 renumbered)", lambda: match_articles(old, new))
        timed(
            "seven diff text text (standard edition)",
            lambda: diff_editions(load_side(SOURCE), load_side(std)),
        )
        timed(
            "seven diff text text (groups renumbered)",
            lambda: diff_editions(load_side(SOURCE), load_side(big)),
        )
        seven_diff_one_article(tmp)
        timed(
            "seven import, standard edition (+ en, copy)", lambda: fresh_import(std.read_text()), 5
        )
        timed("seven import, groups renumbered (+ en, copy)", lambda: fresh_import(shifted), 5)
        timed("copy of rules/ + import of the same text", lambda: fresh_import(text), 5)


if __name__ == "__main__":
    main()

"""The ``seven`` entry point.

Kept tiny on purpose: importing typer (and the rich and pydantic it pulls in) costs several
times more than a lookup. ``seven judge QUERY [--json] [--lang] [--limit]`` is parsed here
and answered without typer (the fast path); everything else, ``--help`` and any option this
parser does not know go to the typer application in :mod:`judge_cli.cli.app`. Both paths
call :func:`judge_cli.cli.judging.judge` and print the same bytes.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from judge_cli.cli.guard import terminal_streams

    with terminal_streams():
        return _main(sys.argv[1:] if argv is None else list(argv))


def _main(args: list[str]) -> int:
    from judge_cli.cli.judging import judge, parse_fast

    fast = parse_fast(args)
    if fast is not None:
        from judge_cli.cli.guard import guarded

        return guarded(lambda: judge(**fast))
    from judge_cli.cli.app import run

    return run(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

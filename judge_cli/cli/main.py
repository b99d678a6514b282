"""The ``seven`` entry point.

Kept tiny on purpose: importing typer (and the rich it pulls in) costs more than a lookup, so
this module imports nothing heavy and hands over to the typer application in
:mod:`judge_cli.cli.app`.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    from judge_cli.cli.app import run

    return run(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

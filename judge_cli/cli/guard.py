"""The one place where errors become messages and exit codes.

Both ways into seven use it: the typer application (:func:`judge_cli.cli.app.run`) and the
fast path of ``seven judge`` in :mod:`judge_cli.cli.main`, which must not import typer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from judge_cli.errors import JudgeError


def fail(message: str, code: int = 1) -> int:
    print(f"seven: {message}", file=sys.stderr)
    return code


def _silence_stdout() -> None:
    """After a broken pipe (``seven judge 到達 | head -1``), point stdout at /dev/null so
    that the interpreter's final flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def guarded(run: Callable[[], int]) -> int:
    """Run a command; a :class:`JudgeError` is one message on stderr and exit code 1."""
    try:
        return run()
    except JudgeError as exc:
        return fail(exc.describe())
    except BrokenPipeError:
        _silence_stdout()
        return 0

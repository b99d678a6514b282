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
    from judge_cli.textsafe import printable

    print(f"seven: {printable(message)}", file=sys.stderr)
    return code


class _Printable:
    """A text stream that passes everything written through
    :func:`judge_cli.textsafe.printable` (seven's own colour sequences kept)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from judge_cli.textsafe import printable

        if isinstance(text, str):
            text = printable(text, colours=True)
        return self._stream.write(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


class terminal_streams:
    """While a command runs, nothing it prints carries a control character from a file to
    the terminal (stdout and stderr)."""

    def __enter__(self) -> None:
        self._saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = _Printable(sys.stdout), _Printable(sys.stderr)

    def __exit__(self, *exc: object) -> None:
        sys.stdout, sys.stderr = self._saved


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

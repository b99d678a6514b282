"""Terminal styling without rich: ANSI codes when the output is a terminal.

The lookup path (``seven judge``) must start fast, so the article renderer uses this instead
of rich. Colour follows the usual conventions: ``NO_COLOR`` turns it off, ``FORCE_COLOR``
turns it on, otherwise only a terminal gets it.
"""

from __future__ import annotations

import os
import sys

_CODES = {
    "bold": "1",
    "dim": "2",
    "italic": "3",
    "underline": "4",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
    "white": "97",
    "grey": "90",
    "orange": "38;5;208",
    "pink": "38;5;213",
    "purple": "38;5;135",
    "reverse": "7",
}


class Style:
    """Whether to colour, and the function that does it: ``style("603", "bold", "cyan")``.

    A plain immutable class rather than a dataclass: this module is on the path of every
    ``seven judge``, and importing :mod:`dataclasses` costs more than the lookup itself.
    """

    __slots__ = ("enabled",)

    def __init__(self, enabled: bool = False) -> None:
        object.__setattr__(self, "enabled", bool(enabled))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Style is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Style) and other.enabled == self.enabled

    def __hash__(self) -> int:
        return hash(self.enabled)

    def __repr__(self) -> str:
        return f"Style(enabled={self.enabled})"

    def __reduce__(self) -> tuple:
        return (Style, (self.enabled,))

    @classmethod
    def for_stream(cls, stream: object | None = None) -> Style:
        stream = stream or sys.stdout
        if os.environ.get("NO_COLOR"):
            return cls(False)
        if os.environ.get("FORCE_COLOR"):
            return cls(True)
        isatty = getattr(stream, "isatty", None)
        return cls(bool(isatty and isatty()))

    def __call__(self, text: str, *styles: str) -> str:
        if not self.enabled or not styles or not text:
            return text
        codes = ";".join(_CODES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"


PLAIN = Style(False)

"""Regular expressions compiled on first use.

A cold ``seven judge`` pays for every expression compiled at import, about a quarter of a
millisecond each and more for long ones: one that a lookup never reads (a Japanese question
parses no English request, a rules folder with no interrupted import matches no staged
copy) should not cost it anything.
"""

from __future__ import annotations

import re


class Lazy:
    """A regular expression compiled on first use; ``pattern`` is its source (the site's
    tables read it without compiling it)."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags, self._compiled = pattern, flags, None

    def __getattr__(self, name: str):
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return getattr(self._compiled, name)

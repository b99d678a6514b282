"""Text that is safe to print on a terminal.

A file from someone else (a scenario, a card file, a copy of the rules) can hold control
characters: an escape sequence retitles the terminal, moves the cursor or hides text, a
carriage return or a direction override makes a line read otherwise than it is. Every text
read from a file loses them (:func:`judge_cli.yamlio.loads_yaml`, the import's parser), and
everything seven prints passes :func:`printable` once more on its way out
(:func:`judge_cli.cli.guard.terminal_streams`), keeping only the colour sequences seven
writes itself.
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls, and the bidirectional embeddings,
# overrides and isolates (U+202A-U+202E, U+2066-U+2069).
CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(f"[{CONTROLS}]")
# What seven's own colours look like (judge_cli.render.style): SGR, digits and semicolons.
_SGR = re.compile(r"\x1b\[[0-9;]*m")
_UNSAFE = re.compile(rf"\x1b\[[0-9;]*m|[{CONTROLS}]")
_MARKUP = re.compile(r"([\\]*)(\[[a-zA-Z@#/][^\[\]]*\])")


def strip_controls(text: str) -> str:
    """``text`` without control characters (tab and newline kept)."""
    return _CONTROL.sub("", text) if _CONTROL.search(text) else text


def printable(text: str, *, colours: bool = False) -> str:
    """``text`` as it may reach a terminal: no control characters, no escape sequences;
    with ``colours``, the plain colour sequences (SGR) seven writes are kept."""
    if not _CONTROL.search(text):
        return text
    if not colours:
        return _CONTROL.sub("", text)
    return _UNSAFE.sub(lambda m: m.group(0) if m.group(0).startswith("\x1b[") else "", text)


def escape_markup(text: str) -> str:
    """``text`` with rich console markup (``[bold]``, ``[link=…]``) escaped, for a file's text
    shown through rich; control characters removed too."""
    return _MARKUP.sub(lambda m: m.group(1) * 2 + "\\" + m.group(2), strip_controls(text))

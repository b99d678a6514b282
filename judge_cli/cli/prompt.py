"""``seven judge`` without a query: a prompt for repeated lookups during a game.

The index is loaded once, so every answer after the first is immediate. Line editing and
history come from readline where Python has it (history kept in the user's state directory,
:func:`judge_cli.paths.state_dir`; the queries only, not the ``:`` commands). ``:en`` /
``:ja`` / ``:both`` switch the language, ``:q`` or Ctrl-D leaves, Ctrl-C clears the line.
Answers are wrapped to the terminal's width; one longer than the terminal shows its first
screen and ``:more`` the rest.
"""

from __future__ import annotations

import contextlib
import re
import sys
import unicodedata

from judge_cli.cli.judging import LANGS, answer, warn_rulings
from judge_cli.errors import JudgeError
from judge_cli.render.prerender import answer_index
from judge_cli.render.style import Style

HISTORY_FILE = "judge_history"
HISTORY_LENGTH = 1000
QUIT = (":q", ":quit", ":exit")
HELP_COMMANDS = (":h", ":help", "?")
MORE = ":more"
HELP = {
    "ja": "用語・条文番号・読み・英語・質問を入力（:en / :ja / :both で言語、:more で続き、"
    ":q か Ctrl-D で終了）",
    "en": "Type a term, an article number, a reading, English words or a question "
    "(:en / :ja / :both switch language, :more shows the rest, :q or Ctrl-D to leave)",
}
UNKNOWN = {
    "ja": "seven: {command} というコマンドはない（:en :ja :both :more :help :q）",
    "en": "seven: there is no command {command} (:en :ja :both :more :help :q)",
}
MORE_NOTE = {
    "ja": "…（残り{n}行：:more で続き）",
    "en": "… ({n} more lines: :more shows them)",
}
NOTHING_MORE = {"ja": "（続きはない）", "en": "(nothing more)"}


def _readline_history():
    """Set up readline with the saved history; returns a function that saves it."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Python built without readline
        return lambda: None
    from judge_cli.paths import state_dir

    state = state_dir()
    if state is None:  # no home directory: no history
        return lambda: None
    path = state / HISTORY_FILE
    with contextlib.suppress(OSError, UnicodeDecodeError):  # no history yet, or unreadable
        readline.read_history_file(path)
    readline.set_history_length(HISTORY_LENGTH)

    def save() -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(path)
        except OSError:
            pass  # a read-only home costs the history, not the answers

    return save


def _forget_last_command() -> None:
    """A ``:`` command is not a query: readline does not keep it in the history."""
    try:
        import readline
    except ImportError:  # pragma: no cover
        return
    n = readline.get_current_history_length()
    if n:
        readline.remove_history_item(n - 1)


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def _columns(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def wrap(line: str, width: int) -> list[str]:
    """``line`` cut to ``width`` terminal columns (wide characters take two, colour codes
    none); the continuation keeps the line's indentation.

    >>> wrap("  603.1 とうたつ", 10)
    ['  603.1 と', '  うたつ']
    """
    indent = line[: len(line) - len(line.lstrip(" "))]
    if len(indent) > width // 2:
        indent = ""
    out: list[str] = []
    current, used = "", 0
    pos = 0
    while pos < len(line):
        escape = _ESCAPE.match(line, pos)
        if escape:
            current += escape.group()
            pos = escape.end()
            continue
        ch = line[pos]
        cols = _columns(ch)
        if used + cols > width and used > len(indent):
            out.append(current)
            current, used = indent, len(indent)
        current += ch
        used += cols
        pos += 1
    out.append(current)
    return out


def _terminal() -> tuple[int, int]:
    import shutil

    size = shutil.get_terminal_size((80, 24))
    return max(size.columns, 20), max(size.lines, 5)


def _page(text: str) -> tuple[list[str], list[str]]:
    """The lines of ``text`` wrapped to the terminal: the first screen, and the rest."""
    columns, lines = _terminal()
    wrapped = [part for line in text.split("\n") for part in wrap(line, columns)]
    room = lines - 2  # the note and the next prompt
    if len(wrapped) <= room:
        return wrapped, []
    return wrapped[: room - 1], wrapped[room - 1 :]


def _say(text: str, stream=None) -> None:
    stream = stream or sys.stdout
    stream.write(text + "\n")
    stream.flush()


def interactive(*, lang: str = "ja", as_json: bool = False, limit: int = 5) -> int:
    """Read queries until :q or end of input; answer each like ``seven judge QUERY``."""
    index = answer_index()
    warn_rulings(index)
    save_history = _readline_history()
    colour = Style.for_stream(sys.stdout)
    _say(colour(HELP["en" if lang == "en" else "ja"], "dim"))
    rest: list[str] = []
    try:
        while True:
            try:
                line = input(f"seven judge [{lang}]> ")
            except EOFError:  # Ctrl-D
                _say("")
                break
            except KeyboardInterrupt:  # Ctrl-C: drop the line, ask again
                _say("")
                continue
            query = line.strip()
            if not query:
                continue
            words = "en" if lang == "en" else "ja"
            if query.startswith(":") or query in HELP_COMMANDS:
                _forget_last_command()
            if query in QUIT:
                break
            if query.startswith(":") and query[1:] in LANGS:
                if query[1:] != "ja" and "en" not in index["langs"]:
                    _say("seven: there is no English corpus (rules/en)", sys.stderr)
                    continue
                lang = query[1:]
                continue
            if query in HELP_COMMANDS:
                _say(HELP[words])
                continue
            if query == MORE:
                if not rest:
                    _say(NOTHING_MORE[words])
                    continue
                shown, rest = _page("\n".join(rest))
                _show(shown, rest, words)
                continue
            if query.startswith(":"):
                _say(UNKNOWN[words].format(command=query), sys.stderr)
                continue
            try:
                text = answer(
                    index, query, lang=lang, as_json=as_json, limit=limit, colour=colour.enabled
                )
            except JudgeError as exc:
                _say(f"seven: {exc.describe()}", sys.stderr)
                continue
            shown, rest = _page(text + "\n")
            _show(shown, rest, words)
    finally:
        save_history()
    return 0


def _show(shown: list[str], rest: list[str], words: str) -> None:
    _say("\n".join(shown))
    if rest:
        _say(MORE_NOTE[words].format(n=len(rest)))

"""``seven judge`` without a query: a prompt for repeated lookups during a game.

The index is loaded once, so every answer after the first is immediate. Line editing and
history come from readline where Python has it (history kept in the user's state directory,
:func:`judge_cli.paths.state_dir`). ``:en`` / ``:ja`` / ``:both`` switch the language,
``:q`` or Ctrl-D leaves, Ctrl-C clears the line.
"""

from __future__ import annotations

import contextlib
import sys

from judge_cli.cli.judging import LANGS, answer, warn_rulings
from judge_cli.errors import JudgeError
from judge_cli.render.prerender import answer_index
from judge_cli.render.style import Style

HISTORY_FILE = "judge_history"
HISTORY_LENGTH = 1000
QUIT = (":q", ":quit", ":exit")
HELP = {
    "ja": "用語・条文番号・読み・英語・質問を入力（:en / :ja / :both で言語、:q か Ctrl-D で終了）",
    "en": "Type a term, an article number, a reading, English words or a question "
    "(:en / :ja / :both switch language, :q or Ctrl-D to leave)",
}


def _readline_history():
    """Set up readline with the saved history; returns a function that saves it."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Python built without readline
        return lambda: None
    from judge_cli.paths import state_dir

    path = state_dir() / HISTORY_FILE
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
            if query in QUIT:
                break
            if query.startswith(":") and query[1:] in LANGS:
                if query[1:] != "ja" and "en" not in index["langs"]:
                    _say("seven: there is no English corpus (rules/en)", sys.stderr)
                    continue
                lang = query[1:]
                continue
            if query in (":h", ":help", "?"):
                _say(HELP["en" if lang == "en" else "ja"])
                continue
            try:
                text = answer(
                    index, query, lang=lang, as_json=as_json, limit=limit, colour=colour.enabled
                )
            except JudgeError as exc:
                _say(f"seven: {exc.describe()}", sys.stderr)
                continue
            _say(text + "\n")
    finally:
        save_history()
    return 0

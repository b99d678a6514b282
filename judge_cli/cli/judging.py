"""``seven judge``'s work, shared by the typer command and the fast path of main.py.

Both parse the same options and call :func:`judge`, which prints the same bytes, so that
``seven judge 到達`` answers the same whichever way it came in (a test checks it).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing is not imported on the lookup path (it costs milliseconds)
if TYPE_CHECKING:
    from judge_cli.errors import JudgeError

LANGS = ("ja", "en", "both")
DEFAULT_LIMIT = 5


def default_lang(query: str, lang: str | None) -> str:
    """The language of the answer: ``--lang`` when given, else ``SEVEN_LANG`` (ja, en or
    both), else the query's own (English for an English question, Japanese otherwise).

    >>> default_lang("forced move", None), default_lang("到達", None), default_lang("x", "ja")
    ('en', 'ja', 'ja')
    """
    import os

    if lang:
        return lang
    env = os.environ.get("SEVEN_LANG", "").strip().lower()
    if env in LANGS:
        return env
    from judge_cli.lookup.search import query_lang

    return query_lang(query)


NOTHING_FOUND = "nothing in the rules matches"
"""How the lookup says that a query matched nothing (as opposed to an article that does not
exist); its closest terms are then given again in the language of the answer."""
SUGGESTIONS = 5


def closest_terms_in(index: dict, query: str, lang: str, n: int = SUGGESTIONS) -> list[str]:
    """The terms closest to ``query`` in the language of the answer (``ja``, ``en``, or
    ``both``: each term with its counterpart, ``ゲート / gate``).

    The closest terms are found in whatever language the query is written in (a query in
    kana is close to katakana terms, not to English ones), then each is given as the same
    glossary entry, title or card (the same id) in the answer's language."""
    from judge_cli.lookup.normalize import clean, key
    from judge_cli.lookup.search import closest_terms

    langs = ["ja", "en"] if lang == "both" else [lang]
    same: dict[tuple, dict[str, str]] = {}
    by_term: dict[str, list[tuple]] = {}
    for e in index["entries"]:
        ident = (e.get("kind"), e.get("id"))
        same.setdefault(ident, {}).setdefault(e.get("lang"), e["term"])
        by_term.setdefault(key(e["term"]), []).append(ident)
    out: list[str] = []
    for term in closest_terms(index, key(clean(query)), n=n * 3):
        for ident in by_term.get(key(term), ()):
            names = [same[ident][x] for x in langs if x in same[ident]]
            if len(names) == len(langs):
                out.append(" / ".join(dict.fromkeys(names)))
    return list(dict.fromkeys(out))[:n]


def _suggesting(index: dict, query: str, lang: str, exc: JudgeError) -> JudgeError:
    """``exc`` with its closest terms in the language of the answer."""
    if not exc.message.startswith(NOTHING_FOUND):
        return exc
    near = closest_terms_in(index, query, lang)
    if near:
        exc.hint = "closest terms: " + ("、" if lang == "ja" else ", ").join(near)
    else:
        exc.hint = "try a term, an article number or a few words of the rule"
    return exc


def answer(
    index: dict, query: str, *, lang: str | None, as_json: bool, limit: int, colour: bool
) -> str:
    """The text (or JSON) ``seven judge`` prints for ``query``; raises JudgeError."""
    from judge_cli.lookup.normalize import clean
    from judge_cli.lookup.search import search

    query = clean(query)  # what is shown back: no control characters or lone surrogates
    asked = lang
    lang = default_lang(query, lang)
    if asked is None and "en" not in index["langs"]:
        lang = "ja"  # no English corpus: a guessed English answers in Japanese
    if lang != "ja" and "en" not in index["langs"]:
        from judge_cli.errors import CorpusError

        raise CorpusError("there is no English corpus (rules/en)", hint="use --lang ja")
    from judge_cli.errors import LookupFailed

    try:
        matches = search(index, query, limit=limit)
    except LookupFailed as exc:
        raise _suggesting(index, query, lang, exc) from None
    if as_json:
        import json

        from judge_cli.render.judge import judge_data

        return json.dumps(judge_data(index, query, matches, lang), ensure_ascii=False, indent=2)
    from judge_cli.render.judge import judge_text
    from judge_cli.render.style import Style

    return judge_text(index, query, matches, lang, Style(colour))


def judge(
    words: list[str],
    *,
    lang: str | None = None,
    as_json: bool = False,
    limit: int = DEFAULT_LIMIT,
) -> int:
    """Answer ``words`` (joined by spaces), or open the interactive prompt when empty.

    ``lang`` None: the answer is in the query's language (or ``SEVEN_LANG``)."""
    from judge_cli.render.prerender import answer_index
    from judge_cli.render.style import Style

    if not words:
        from judge_cli.cli.prompt import interactive

        return interactive(lang=default_lang("", lang), as_json=as_json, limit=limit)
    colour = Style.for_stream(sys.stdout).enabled
    index = answer_index()
    warn_rulings(index)
    text = answer(index, " ".join(words), lang=lang, as_json=as_json, limit=limit, colour=colour)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    return 0


def warn_rulings(index: dict) -> None:
    """Say on stderr when a scenario is left out of the rulings (judge still answers)."""
    from judge_cli.rulings import problems_note

    note = problems_note(index.get("rulings"))
    if note:
        sys.stderr.write(note + "\n")


def parse_fast(args: list[str]) -> dict | None:
    """``judge [QUERY…] [--json] [--lang ja|en|both] [--limit N]`` without typer, or None.

    None hands the command line to typer: other commands, ``--help``, unknown options and
    bad values, which typer reports with its usage message.

    >>> parse_fast(["judge", "forced", "move", "--lang=en", "-n", "3"])
    {'words': ['forced', 'move'], 'lang': 'en', 'as_json': False, 'limit': 3}
    >>> [parse_fast(a) for a in (["judge", "--help"], ["rule", "603"], ["judge", "-n", "0"])]
    [None, None, None]
    """
    if not args or args[0] != "judge":
        return None
    opts: dict = {"words": [], "lang": None, "as_json": False, "limit": DEFAULT_LIMIT}
    i = 1
    while i < len(args):
        arg = args[i]
        name, eq, inline = arg.partition("=")
        if arg == "--":
            opts["words"].extend(args[i + 1 :])
            break
        if arg == "--json":
            opts["as_json"] = True
        elif name in ("--lang", "-l", "--limit", "-n"):
            if eq:
                value = inline
            elif i + 1 < len(args):
                i += 1
                value = args[i]
            else:
                return None
            if name in ("--lang", "-l"):
                if value not in LANGS:
                    return None
                opts["lang"] = value
            else:
                if not value.isascii() or not value.isdigit() or int(value) < 1:
                    return None
                opts["limit"] = int(value)
        elif arg.startswith("-") and len(arg) > 1:
            return None
        else:
            opts["words"].append(arg)
        i += 1
    return opts

"""``seven judge``: the one query box (typer's side; the fast path is in main.py)."""

from __future__ import annotations

import typer

from judge_cli.cli.judging import DEFAULT_LIMIT
from judge_cli.cli.options import JsonOption, Lang


def judge(
    query: list[str] = typer.Argument(
        None,
        metavar="QUERY",
        help="An article number, a term, a reading (kana or romaji), English words or a "
        "question. Without a query: an interactive prompt.",
    ),
    lang: Lang = typer.Option(
        None,
        "--lang",
        "-l",
        help="Language of the answer: ja, en or both. Default: SEVEN_LANG, else the "
        "query's language (an English question is answered in English).",
    ),
    as_json: bool = JsonOption,
    limit: int = typer.Option(
        DEFAULT_LIMIT, "--limit", "-n", min=1, help="How many candidates to show."
    ),
) -> None:
    """Find the deciding article: by number, term, reading, near spelling or full text.

    Shows the best article with its children, references and referenced-by, the glossary
    entry that led there, then the other candidates. Nothing found: the closest terms, exit 1.

    Example: seven judge 到達
    """
    from judge_cli.cli.judging import judge as run

    code = run(
        list(query or []),
        lang=Lang(lang).value if lang else None,
        as_json=as_json,
        limit=limit,
    )
    if code:
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    app.command()(judge)

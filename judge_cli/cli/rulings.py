"""``seven rulings``: the scenarios as rulings, by the articles they cite."""

from __future__ import annotations

import typer

from judge_cli.cli.options import JsonOption, Lang, LangOption, print_json


def rulings(
    article: str = typer.Argument(
        None,
        metavar="[ARTICLE]",
        help="An article, group or section (507.4, 507, 500) or a glossary entry "
        "(1000「無作為」): only the rulings citing it or an article under it.",
    ),
    lang: Lang = LangOption,
    as_json: bool = JsonOption,
) -> None:
    """List the rulings: each scenario's question, short answer, articles, date and source.

    A scenario that does not load is named on stderr (exit 1) instead of being left out in
    silence.

    Example: seven rulings 507
    """
    from judge_cli.rulings import load_rulings, problems_note, rulings_for

    aid = None
    if article is not None:
        aid = _article(article)
    data = load_rulings()
    found = rulings_for(data, aid)
    if as_json:
        print_json(found)
    elif found:
        from judge_cli.render.rulings import ruling_blocks
        from judge_cli.render.style import Style

        typer.echo("\n".join(ruling_blocks(found, Lang(lang).value, Style.for_stream())))
    else:
        typer.echo(_none(aid, Lang(lang).value))
    note = problems_note(data)
    if note:
        typer.echo(note, err=True)
        raise typer.Exit(1)


def _article(text: str) -> str:
    """The canonical id of ``text``, which must be in the rules (else the nearest ids)."""
    from judge_cli.corpus.ids import ArticleId
    from judge_cli.corpus.model import GLOSSARY_ID
    from judge_cli.corpus.store import load_corpus
    from judge_cli.errors import ArticleNotFound

    corpus = load_corpus("ja")
    if text.startswith(f"{GLOSSARY_ID}「"):
        if not corpus.has(text):
            raise ArticleNotFound(f"no glossary entry {text!r} in the rules")
        return text
    return str(corpus.get(ArticleId.parse(text)).id)


def _none(aid: str | None, view: str) -> str:
    if aid is None:
        return "裁定例はない" if view == "ja" else "no rulings"
    if view == "ja":
        return f"{aid}（とその下の条文）を引く裁定例はない"
    return f"no ruling cites {aid} or an article under it"


def register(app: typer.Typer) -> None:
    app.command()(rulings)

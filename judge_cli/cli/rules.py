"""``seven rule`` and ``seven dump``: the rules as text and as data."""

from __future__ import annotations

import typer

from judge_cli.cli.options import JsonOption, Lang, LangOption, corpora_for, print_json


def rule(
    article_id: str = typer.Argument(
        ..., metavar="ID", help="An article, group or section: 603.1, 603, 600."
    ),
    lang: Lang = LangOption,
    no_children: bool = typer.Option(False, "--no-children", help="Only the article itself."),
    as_json: bool = JsonOption,
) -> None:
    """Show an article, group or section with its children, references and referenced-by.

    Example: seven rule 603 --lang both
    """
    from judge_cli.corpus.ids import ArticleId
    from judge_cli.errors import InvalidArticleId

    corpora = corpora_for(lang)
    try:
        aid = ArticleId.parse(article_id)
    except InvalidArticleId as exc:
        exc.hint = f"to search for it, try: seven judge {article_id!r}"
        raise
    corpora[0].get(aid)  # raises ArticleNotFound with the nearest ids
    rulings = _rulings(str(aid))
    if as_json:
        from judge_cli.render.data import tree_data

        data = tree_data(corpora, aid, children=not no_children)
        data["rulings"] = rulings
        print_json(data)
        return
    from judge_cli.render.article import render_article
    from judge_cli.render.rulings import ruling_lines
    from judge_cli.render.style import Style

    style = Style.for_stream()
    text = render_article(corpora, aid, children=not no_children, style=style)
    lines = ruling_lines(rulings, Lang(lang).value, style)
    # typer.echo strips ANSI codes when stdout is not a terminal unless told otherwise, which
    # would defeat FORCE_COLOR.
    typer.echo(text + ("\n\n" + "\n".join(lines) if lines else ""), color=style.enabled)


def _rulings(aid: str) -> list[dict]:
    """The rulings citing ``aid`` or an article under it; a scenario left out is said on
    stderr."""
    from judge_cli.rulings import load_rulings, problems_note, rulings_for

    data = load_rulings()
    note = problems_note(data)
    if note:
        typer.echo(note, err=True)
    return rulings_for(data, aid)


def dump(lang: Lang = LangOption) -> None:
    """Print every article, passage and glossary entry as a JSON array, in document order.

    Example: seven dump --lang en > rules-en.json
    """
    from judge_cli.render.data import dump_both, dump_data

    corpora = corpora_for(lang)
    if len(corpora) == 2:
        print_json(dump_both(*corpora))
    else:
        print_json(dump_data(corpora[0]))


def register(app: typer.Typer) -> None:
    app.command()(rule)
    app.command()(dump)

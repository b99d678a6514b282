"""``seven card``: a real card by its name, reading, id or a fragment of them."""

from __future__ import annotations

import typer

from judge_cli.cli.options import JsonOption, Lang, LangOption, print_json


def card(
    query: list[str] = typer.Argument(
        None,
        metavar="QUERY",
        help="A card's Japanese or English name, its reading in kana or romaji, its id "
        "(red-jump-pad) or a part of any of them.",
    ),
    lang: Lang = LangOption,
    as_json: bool = JsonOption,
    every: bool = typer.Option(
        False, "--all", help="Every card of the box, in the publisher's order."
    ),
) -> None:
    """Show a real card: colour, kind, copies, the printed text (★ ● ■), how the engine reads
    it, the official notes, the rulings that use it and which of its effects they exercise.

    Several cards match: the candidates. None: the closest names, exit 1.

    Example: seven card ジャンプ台
    """
    from judge_cli.cards.find import find_design
    from judge_cli.cards.index import card_index
    from judge_cli.cards.record import records

    text = " ".join(query or []).strip()
    if every == bool(text):
        raise typer.BadParameter("give a QUERY or --all (not both)", param_hint="QUERY")
    view = Lang(lang).value
    designs = card_index()["designs"]
    if every:
        found = None
        ids = list(designs)
    else:
        found = find_design(text)
        ids = list(found.ids)
    if as_json:
        recs = records(ids)
        if found is None:
            print_json(recs)
        else:
            print_json({"query": found.query, "via": found.via, "results": recs})
    else:
        from judge_cli.render.style import Style

        style = Style.for_stream()
        if found is not None and found.ambiguous:
            from judge_cli.render.card_view import candidates_view

            typer.echo(candidates_view([designs[i] for i in ids], view, style))
        else:
            from judge_cli.render.card_view import card_view

            via = found.via if found is not None else ""
            pages = [card_view(r, view, style, via) for r in records(ids)]
            typer.echo("\n\n".join(pages))
    _warn_problems()


def _warn_problems() -> None:
    """Scenarios that do not load or replay as expected are named on stderr (exit 1): the
    rulings and the effects exercised are then incomplete, and seven says so."""
    from judge_cli.cards.usage import load_usage
    from judge_cli.rulings import load_rulings, problems_note

    seen = set()
    problems = []
    for p in [*load_rulings()["problems"], *load_usage()["problems"]]:
        if p["file"] not in seen:
            seen.add(p["file"])
            problems.append(p)
    note = problems_note({"problems": problems})
    if note:
        typer.echo(note, err=True)
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command()(card)

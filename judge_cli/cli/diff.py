"""``seven diff``: what changed between two editions of the rules."""

from __future__ import annotations

from pathlib import Path

import typer

from judge_cli.cli.options import JsonOption, print_json


def diff(
    old: Path = typer.Argument(
        ..., metavar="OLD", help="The older edition: a copy of the published text or rules/ja."
    ),
    new: Path = typer.Argument(
        ..., metavar="NEW", help="The newer edition: a copy of the published text or rules/ja."
    ),
    as_json: bool = JsonOption,
) -> None:
    """Compare two editions: articles added, removed, changed and renumbered, with a
    character diff of each text, the glossary and passages, and the scenarios to re-check.

    Each side is a publisher's text file or a corpus directory (rules/ja, or a rules/ that
    holds ja/). A renumbered article is found by its text, even when it was also edited.
    Deletions are marked [-…-] and insertions {+…+}.

    Example: seven diff rules/ja rules-2027.txt
    """
    from judge_cli.corpus.diff import diff_editions, load_side
    from judge_cli.recheck import scenarios_citing

    result = diff_editions(load_side(old), load_side(new))
    result.scenarios = scenarios_citing(result.affected)
    if as_json:
        from judge_cli.render.diff import diff_data

        print_json(diff_data(result))
        return
    from judge_cli.render.diff import diff_lines
    from judge_cli.render.style import Style

    style = Style.for_stream()
    # click strips colour codes when stdout is not a terminal; FORCE_COLOR asked for them.
    typer.echo("\n".join(diff_lines(result, style=style)), color=style.enabled)


def register(app: typer.Typer) -> None:
    app.command()(diff)

"""``seven check`` and ``seven import``: keeping the rules data honest."""

from __future__ import annotations

from pathlib import Path

import typer

from judge_cli.cli.options import JsonOption, print_json


def check() -> None:
    """Validate the rules data: schema, ids, order, references, glossary, translations.

    Prints each problem with its file and line; exits 1 if there is any.

    Example: seven check
    """
    from judge_cli.corpus.checks import check_rules

    report = check_rules()
    for problem in report.problems:
        typer.echo(str(problem))
    for line in report.summary:
        typer.echo(line, err=bool(report.problems))
    if report.problems:
        typer.echo(f"{len(report.problems)} problem(s)", err=True)
        raise typer.Exit(1)
    typer.echo("no problems")


def import_(
    text: Path = typer.Argument(
        ..., metavar="TEXT", help="The publisher's text, as copied from the page."
    ),
    edition: str = typer.Option(None, "--edition", help="A name for this edition of the rules."),
    date: str = typer.Option(None, "--date", help="The date of this edition, YYYY-MM-DD."),
    source: str = typer.Option(
        None, "--source", help="Where the text came from (a URL); kept in meta.yaml."
    ),
    rules: Path = typer.Option(
        None, "--rules", help="The rules/ja directory to write (default: the corpus)."
    ),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Report what would change; write nothing."
    ),
    as_json: bool = JsonOption,
) -> None:
    """Import a new edition of the published text into rules/ja, keeping editorial data.

    Articles are matched by text, so a renumbered article keeps its editorial data and its
    English translation. Run `seven diff` first to see what the edition changes.

    Example: seven import rules-2027.txt --edition 2027-03 --date 2027-03-01
    """
    import datetime

    from judge_cli.corpus.importer import import_text
    from judge_cli.corpus.source import read_source
    from judge_cli.corpus.store import rules_dir
    from judge_cli.errors import ImportFailure

    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise ImportFailure(f"--date must be a date written YYYY-MM-DD, got {date!r}") from None
    raw = read_source(text)
    target = rules or rules_dir("ja")
    report = import_text(
        raw, target, name=str(text), edition=edition, date=date, source=source, dry_run=dry_run
    )
    if as_json:
        print_json(report.data())
        return
    from judge_cli.render.reports import import_lines
    from judge_cli.render.style import Style

    for w in report.warnings:
        typer.echo(f"warning: {w}", err=True)
    style = Style.for_stream()
    typer.echo("\n".join(import_lines(report, target, style=style)), color=style.enabled)


def register(app: typer.Typer) -> None:
    app.command()(check)
    app.command("import")(import_)

"""``seven stamp``: record that English articles translate the current Japanese text."""

from __future__ import annotations

import typer


def stamp(
    ids: list[str] = typer.Argument(
        None,
        metavar="[ID]...",
        help="Articles, groups or sections whose English was (re)translated. "
        "Without ids: every English article that has no `translates:` yet.",
    ),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Report what would be stamped; write nothing."
    ),
) -> None:
    """Record in rules/en that the English of these articles translates today's Japanese.

    Run it after translating or retranslating an article that `seven check` reports as
    stale: it writes the hash of the current Japanese text into `translates:`.

    Example: seven stamp 603.1 607
    """
    from judge_cli.corpus.store import rules_dir
    from judge_cli.corpus.translation import stamp_translations
    from judge_cli.paths import rules_root

    report = stamp_translations(
        rules_dir("en"),
        rules_dir("ja"),
        ids or (),
        display_root=rules_root().parent,
        dry_run=dry_run,
    )
    verb = "would stamp" if dry_run else "stamped"
    if report.stamped:
        typer.echo(f"{verb}: {', '.join(report.stamped)}")
    if report.unchanged:
        typer.echo(f"already current: {', '.join(report.unchanged)}")
    if not report.stamped:
        typer.echo("nothing to stamp")


def register(app: typer.Typer) -> None:
    app.command()(stamp)

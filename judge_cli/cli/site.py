"""``seven site``: the rules, the cards and the rulings as a static site for the phone."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from judge_cli.cli.options import Lang


def site(
    output: Path = typer.Option(
        ..., "--output", "-o", metavar="DIR", help="The folder to write the site to."
    ),
    lang: Lang = typer.Option(
        Lang.both, "--lang", "-l", help="Languages of the site: ja, en or both (a switch)."
    ),
) -> None:
    """Write the rules, the card designs and the rulings as a static site.

    Every article on a page with its own anchor (rules/600.html#603.1), references and
    referenced-by as links, glossary terms and card names linked, every ruling with its board
    diagrams and steps, and a search box that runs the pipeline of `seven judge` in the
    browser (search.html?q=QUERY). It works opened from the file system, served from any
    static host, and offline after the first visit over HTTPS. A folder holding anything but
    an earlier site is not overwritten.

    Example: seven site -o site/ && xdg-open site/index.html
    """
    from judge_cli.site.build import build_site

    start = time.perf_counter()
    report = build_site(output, Lang(lang).value)
    seconds = time.perf_counter() - start
    page, size = report.largest_page
    typer.echo(
        f"wrote {report.files} files, {report.bytes / 1024:.0f} KiB, to {output} "
        f"in {seconds:.1f} s (largest page: {page}, {size / 1024:.0f} KiB)"
    )
    for problem in report.problems:
        typer.echo(f"seven: a ruling is left out of the site: {problem}", err=True)
    typer.echo(f"open: {(output / 'index.html').resolve().as_uri()}")


def register(app: typer.Typer) -> None:
    app.command("site")(site)

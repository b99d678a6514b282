"""``seven sheet``: printable ruling sheets (HTML, PDF, Markdown) and quick-reference sheets."""

from __future__ import annotations

from pathlib import Path

import typer

from judge_cli.cli.options import Lang, LangOption

FORMATS = {".html": "html", ".htm": "html", ".pdf": "pdf", ".md": "md", ".markdown": "md"}


def sheet(
    scenarios: list[str] = typer.Argument(
        None,
        metavar="SCENARIO...",
        help="Scenario files, directories of them, or ruling ids as `seven rulings` lists "
        "them (base/507-4-contact-empty-hand).",
    ),
    output: Path = typer.Option(
        ..., "--output", "-o", metavar="FILE", help="FILE.html, FILE.pdf or FILE.md."
    ),
    lang: Lang = LangOption,
    articles: str = typer.Option(
        None,
        "--articles",
        metavar="IDS",
        help="A quick-reference sheet of these articles instead (801-808, 603,605.1, 800): "
        "their full text, referenced-by and rulings.",
    ),
) -> None:
    """Print ruling sheets: the question, board diagrams, the ruling step by step, the articles.

    One A4 sheet (more when needed) per scenario: title and question, the board before, each
    step with the articles it cites and the board after each step that changes it, the
    outcome and answer, the full text of every article cited (editorial parts marked), and a
    footer with the rules edition, the date and the file. HTML is one self-contained file;
    PDF needs the `print` extra (WeasyPrint) and a Japanese font; Markdown writes the
    diagrams as SVG files in FILE-diagrams/ beside it.

    Example: seven sheet scenarios/base/507-4-contact-empty-hand.yaml -o ruling.pdf
    """
    from judge_cli.errors import InputError

    kind = FORMATS.get(output.suffix.lower())
    if kind is None:
        raise InputError(
            f"cannot tell what to write from the file name {str(output)!r}",
            hint="end it with .html, .pdf or .md",
        )
    if bool(scenarios) == bool(articles):
        raise InputError(
            "give scenarios or --articles (one of the two)",
            hint="seven sheet SCENARIO... -o FILE, or seven sheet --articles 801-808 -o FILE",
        )
    from judge_cli.cli.replay import replay_corpora

    corpora = replay_corpora(lang)
    if articles:
        _reference(corpora, articles, output, kind)
    else:
        _scenarios(corpora, scenarios, output, kind)


def _scenarios(corpora: list, targets: list[str], output: Path, kind: str) -> None:
    from judge_cli.scenario.targets import scenario_targets

    files = scenario_targets(targets)
    with _progress() as progress:
        task = progress.add_task("sheets", total=len(files)) if progress else None
        if kind == "pdf":
            done = _print_pdf(_sheets(corpora, files, progress, task), output, len(files), progress)
        else:
            sheets = list(_sheets(corpora, files, progress, task))
            if progress:
                what = "writing the diagrams" if kind == "md" else "writing"
                progress.update(task, description=f"{what} ({len(sheets)} sheets)")
            done = _write_sheets(sheets, output, kind)
    _done(output, done)


def _sheets(corpora: list, files: list, progress, task):
    """Each scenario's sheet, replayed one at a time (the progress bar moves with them)."""
    from judge_cli.render.sheet import scenario_sheet
    from judge_cli.scenario.runner import replay_file

    for n, (path, display) in enumerate(files, 1):
        rp = replay_file(path, display)
        if not rp.passed:
            from judge_cli.errors import ScenarioError

            raise ScenarioError(
                "the replay does not meet the scenario's expectations, so its sheet would "
                "print a ruling the engine does not give: " + "; ".join(rp.differences),
                file=display,
                hint=f"see: seven replay {display} --check",
            )
        yield scenario_sheet(rp, corpora, n, file=display)
        if progress:
            progress.update(task, advance=1, description=f"sheets: {Path(display).stem}")


def _write_sheets(sheets: list, output: Path, kind: str) -> str:
    if kind == "md":
        from judge_cli.render.sheet_html import markdown_sheets

        folder = _diagram_folder(output)
        text, diagrams = markdown_sheets(sheets, folder.name)
        _write_markdown(output, text, folder, diagrams)
        return f"{len(sheets)} sheet(s), {len(diagrams)} diagram(s) in {folder}"
    from judge_cli.render.sheet_html import html_sheets

    return _write(output, kind, html_sheets(sheets), f"{len(sheets)} sheet(s)")


def _print_pdf(sheets, output: Path, count: int, progress) -> str:
    """Each sheet printed on its own as it is replayed, then all joined into ``output``
    (judge_cli/render/pdf_book.py): the memory holds one sheet's layout, not all of them."""
    from judge_cli.errors import InputError
    from judge_cli.render.pdf_book import Book
    from judge_cli.render.sheet_html import doc_title, html_sheets

    try:
        with Book(output) as book:
            first = None
            for sheet in sheets:
                first = first or sheet
                book.add(html_sheets([sheet]))
            book.title = doc_title(first, count)
            joining = progress.add_task("joining the PDF", total=count) if progress else None

            def joined(n: int) -> None:
                if progress:
                    progress.update(joining, completed=n)

            pages = book.finish(joined)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InputError(f"cannot write the sheet: {reason}", file=str(output)) from None
    return f"{count} sheet(s), {pages} page(s)"


def _on_terminal() -> bool:
    import sys

    return sys.stderr.isatty()


def _progress():
    """A progress bar on stderr when it is a terminal (a long run of sheets is not silent);
    nothing otherwise, so that logs and pipes stay clean."""
    import contextlib

    if not _on_terminal():
        return contextlib.nullcontext(None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True, force_terminal=True),
        transient=True,
    )


def _reference(corpora: list, spec: str, output: Path, kind: str) -> None:
    from judge_cli.corpus.selection import select_articles
    from judge_cli.render.sheet import reference_sheet
    from judge_cli.rulings import load_rulings

    heads = select_articles(corpora[0], spec)
    ref = reference_sheet(corpora, heads, spec, load_rulings())
    if kind == "md":
        from judge_cli.render.sheet_html import markdown_reference

        _write_bytes(output, markdown_reference(ref).encode("utf-8"))
        _done(output, f"{len(heads)} article(s)")
        return
    from judge_cli.render.sheet_html import html_reference

    _done(output, _write(output, kind, html_reference(ref), f"{len(heads)} article(s)"))


def _write(output: Path, kind: str, html: str, what: str) -> str:
    """Write the HTML or its PDF; return what was written, for the closing line."""
    if kind == "html":
        _write_bytes(output, html.encode("utf-8"))
        return what
    from judge_cli.render.sheet_pdf import pdf_bytes

    data, pages, _ = pdf_bytes(html)
    _write_bytes(output, data)
    return f"{what}, {pages} page(s)"


def _write_bytes(path: Path, data: bytes) -> None:
    """The whole file or nothing (a replaced file keeps its permissions)."""
    from judge_cli.errors import InputError
    from judge_cli.fileio import write_atomic

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InputError(f"cannot write the sheet: {reason}", file=str(path)) from None


def _diagram_folder(output: Path) -> Path:
    return output.with_name(f"{output.stem}-diagrams")


def _write_markdown(output: Path, text: str, folder: Path, files: dict[str, str]) -> None:
    """The Markdown and its diagrams' folder, both or neither: the diagrams into a new folder
    swapped in for the old one, then the Markdown; a failure anywhere puts the old folder
    back and leaves nothing new. A folder holding anything but SVG files is never replaced."""
    import os
    import shutil

    from judge_cli.errors import InputError

    if folder.exists() and (
        not folder.is_dir() or any(p.suffix != ".svg" for p in folder.iterdir())
    ):
        raise InputError(
            "the diagrams' folder exists and holds other things; not replacing it",
            file=str(folder),
            hint="choose another output name or move that folder",
        )
    tag = f"{os.getpid()}-{os.urandom(3).hex()}"
    tmp = folder.with_name(f".{folder.name}-new-{tag}")
    old = folder.with_name(f".{folder.name}-old-{tag}")
    swapped = False
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        tmp.mkdir()  # ordinary permissions (0777 less the umask), like any folder
        for name, svg in files.items():
            (tmp / name).write_text(svg + "\n", encoding="utf-8")
        if folder.exists():
            folder.rename(old)
        swapped = True
        tmp.rename(folder)
        _write_bytes(output, text.encode("utf-8"))
        swapped = False
    except OSError as exc:
        raise InputError(
            f"cannot write the diagrams: {exc.strerror or exc}", file=str(folder)
        ) from None
    finally:
        if swapped:  # the Markdown failed after the folder moved: put the old folder back
            if folder.exists() and not tmp.exists():
                folder.rename(tmp)
            if old.exists() and not folder.exists():
                old.rename(folder)
        for leftover in (tmp, old):
            if leftover.exists():
                shutil.rmtree(leftover, ignore_errors=True)


def _done(output: Path, what: str) -> None:
    typer.echo(f"wrote {output}: {what}")


def register(app: typer.Typer) -> None:
    app.command()(sheet)

"""``seven check`` and ``seven import``: keeping the rules data honest."""

from __future__ import annotations

from pathlib import Path

import typer

from judge_cli.cli.options import JsonOption, print_json


def check(
    coverage: bool = typer.Option(
        False,
        "--coverage",
        help="For each article: can the engine cite it, which scenarios exercise it.",
    ),
    update_citations: bool = typer.Option(
        False,
        "--update-citations",
        help="Write scenarios/citations.json again from the replays (what seven diff reads).",
    ),
) -> None:
    """Validate the rules data: schema, ids, order, references, glossary, translations.

    Also replays every scenario in scenarios/ and checks its expectations, and that
    scenarios/citations.json (the articles each scenario cites, for seven diff) matches the
    replays. Prints each problem with its file and line; exits 1 if there is any.

    Example: seven check --coverage
    """
    from judge_cli.corpus.checks import check_rules

    report = check_rules()
    problems = [str(p) for p in report.problems]
    scenario_problems, replayed = _scenario_problems(update_citations)
    problems.extend(scenario_problems)
    if coverage and not problems:
        _print_coverage()
    for problem in problems:
        typer.echo(problem)
    for line in report.summary:
        typer.echo(line, err=bool(problems))
    typer.echo(f"{replayed} scenario(s) replayed", err=bool(problems))
    if problems:
        typer.echo(f"{len(problems)} problem(s)", err=True)
        raise typer.Exit(1)
    typer.echo("no problems")


def _scenario_problems(update_citations: bool = False) -> tuple[list[str], int]:
    """Every scenario loads, replays and meets its expectations, and the citations index
    matches the replays (one line per problem, or the index written again with
    ``update_citations``), and how many scenarios were replayed."""
    from judge_cli import recheck
    from judge_cli.errors import CorpusError, JudgeError
    from judge_cli.paths import scenarios_root
    from judge_cli.scenario.runner import replay_file, scenario_files

    root = scenarios_root()
    if not root.is_dir():
        return [], 0
    out: list[str] = []
    try:
        files = scenario_files(root)
    except JudgeError:
        return [], 0
    replayed = 0
    entries: dict[str, dict] | None = {}
    for f in files:
        name = f.relative_to(root).as_posix()
        try:
            rp = replay_file(f)
        except CorpusError:
            # Every scenario cites the rules: with the rules data broken, none can be
            # replayed, and the rules' problems are listed already.
            out.append(f"{root}: the scenarios are not replayed while the rules data has problems")
            entries = None
            break
        except JudgeError as exc:
            out.append(exc.describe())
            entries[name] = recheck.replay_entry(root, name, f)
            continue
        replayed += 1
        out.extend(f"{f}: {d}" for d in rp.differences)
        ids = recheck.citations_of(rp.loaded, rp.fired())
        entries[name] = recheck.entry(root, f, rp.loaded, ids, None)
    if entries is not None and update_citations:
        _writable_scenarios(root)
        typer.echo(f"written: {recheck.write_index(root, entries)}", err=True)
    elif entries is not None:
        out.extend(recheck.index_problems(root, entries))
    return out, replayed


def _writable_scenarios(root: Path) -> None:
    """The scenarios packaged with an installed seven are never written, as ``seven import``
    never writes its rules."""
    from judge_cli.errors import InputError

    _not_installed(
        root,
        "scenarios",
        "--update-citations",
        InputError,
        "run it in a checkout, or with SEVEN_SCENARIOS_DIR set to your scenarios",
    )


def _not_installed(path: Path, what: str, writer: str, error: type, hint: str) -> None:
    """Refuse to write ``path`` when it is part of an installed seven (its rules, its
    scenarios): an upgrade would replace what was written."""
    from judge_cli.paths import PACKAGE_DIR

    if path.resolve().is_relative_to(PACKAGE_DIR):
        raise error(
            f"seven is installed: the {what} it reads belong to the installed package, and "
            f"{writer} does not write there",
            file=str(path),
            hint=hint,
        )


def _print_coverage() -> None:
    from judge_cli.corpus.store import load_corpus
    from judge_cli.paths import scenarios_root
    from judge_cli.scenario.coverage import compute_coverage

    corpus = load_corpus("ja")
    cov = compute_coverage(scenarios_root())
    rows = cov.rows(corpus)
    typer.echo(f"{'article':<10} {'engine':<6}  {'n':>2}  scenarios exercising it")
    for aid, citable, files in rows:
        mark = "engine" if citable else "  -   "
        shown = ", ".join(Path(f).stem for f in files[:3])
        more = f" (+{len(files) - 3})" if len(files) > 3 else ""
        typer.echo(f"{aid:<10} {mark}  {len(files):>2}  {shown}{more}")
    cited = sum(1 for _, c, _ in rows if c)
    exercised = sum(1 for _, _, f in rows if f)
    typer.echo(
        f"{len(rows)} articles: {cited} citable by the engine, {exercised} exercised by scenarios"
    )


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
        None,
        "--rules",
        metavar="DIR",
        help="The rules/ja directory to write (default: the checkout's rules/ja; an "
        "installed seven never writes into its own package).",
    ),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Report what would change; write nothing."
    ),
    allow_removals: bool = typer.Option(
        False,
        "--allow-removals",
        help="Import an edition that removes more than a few articles or a whole section.",
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
    from judge_cli.errors import ImportFailure

    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise ImportFailure(f"--date must be a date written YYYY-MM-DD, got {date!r}") from None
    target = _import_target(rules)
    raw = read_source(text)
    report = import_text(
        raw,
        target,
        name=str(text),
        edition=edition,
        date=date,
        source=source,
        dry_run=dry_run,
        allow_removals=allow_removals,
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


def _import_target(rules: Path | None) -> Path:
    """Where ``seven import`` writes: ``--rules DIR``, ``SEVEN_RULES_DIR``, or the rules/ja
    of the checkout seven runs from or of the one in the current folder. The copy of the
    rules packaged with an installed seven is never written: an upgrade would replace it."""
    import os

    from judge_cli.corpus.store import rules_dir
    from judge_cli.errors import ImportFailure
    from judge_cli.paths import PACKAGE_DIR

    if rules is not None:
        target = rules
    elif os.environ.get("SEVEN_RULES_DIR"):
        target = rules_dir("ja")
    else:
        target = rules_dir("ja")
        here = Path.cwd() / "rules" / "ja"
        if target.resolve().is_relative_to(PACKAGE_DIR) and here.is_dir():
            target = here  # the checkout in the current folder
    _not_installed(
        target,
        "rules",
        "an import",
        ImportFailure,
        "give the rules/ja of a checkout with --rules DIR, or run it in a checkout",
    )
    return target


def register(app: typer.Typer) -> None:
    app.command()(check)
    app.command("import")(import_)

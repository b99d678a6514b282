"""``seven replay``: run scenarios through the engine and show which articles fire."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import typer

from judge_cli.cli.options import JsonOption, Lang, LangOption, print_json


def replay_corpora(lang: Lang | str) -> list:
    """The corpora the trace cites from; English falls back to Japanese if not installed."""
    from judge_cli.corpus.store import load_corpus
    from judge_cli.errors import CorpusError

    lang = Lang(lang)
    wanted = ["ja", "en"] if lang is Lang.both else [lang.value]
    out = []
    for code in wanted:
        try:
            out.append(load_corpus(code))
        except CorpusError:
            if code != "en":
                raise
            typer.echo(
                "seven: the English rules are not installed; articles are quoted in Japanese",
                err=True,
            )
            out.append(_relabel(load_corpus("ja"), "en"))
    return out


def _relabel(corpus, lang: str):
    """The Japanese corpus standing in for ``lang``: the trace's words are in ``lang``, the
    articles are quoted once, in Japanese."""
    from dataclasses import replace

    return replace(corpus, lang=lang, meta={**corpus.meta, "stands_in_for": lang})


def replay(
    targets: list[str] = typer.Argument(
        ...,
        metavar="SCENARIO...",
        help="Scenario files, directories of them, or ruling ids as `seven rulings` lists "
        "them (base/507-4-contact-empty-hand).",
        show_default=False,
    ),
    lang: Lang = LangOption,
    as_json: bool = JsonOption,
    check: bool = typer.Option(
        False,
        "--check",
        help="Verify the expectations: one line per scenario (✓, or ✗ and its differences) "
        "and the totals; exit 1 if any differs.",
    ),
    verbose: bool = typer.Option(
        False, "--verbose", "-v", help="With --check, the full replay of each scenario too."
    ),
    step: bool = typer.Option(False, "--step", help="Wait for Enter between steps."),
) -> None:
    """Replay disputed positions: the board, each step with the articles that fired, the outcome.

    Example: seven replay base/507-4-contact-empty-hand --lang both
    """
    from judge_cli.render.style import Style
    from judge_cli.scenario.targets import scenario_targets

    files = scenario_targets(targets)
    style = Style.for_stream()
    if as_json:
        _replay_json(files, single=len(targets) == 1 and len(files) == 1)
        return
    corpora = replay_corpora(lang)
    if check and not verbose:
        _check(files, corpora[0].lang, style)
        return
    from judge_cli.render.trace import replay_text
    from judge_cli.scenario.runner import replay_file

    failed = 0
    for path, display in files:
        rp = replay_file(path, display)
        failed += not rp.passed
        blocks = replay_text(rp, corpora, style, check=check)
        for i, block in enumerate(blocks):
            typer.echo("\n".join(block), color=style.enabled)
            if step and 0 < i < len(blocks) - 1:
                _wait(corpora[0].lang)
    if check:
        _totals(len(files), failed, corpora[0].lang, style)


def _check(files: list[tuple[Path, str]], lang: str, style) -> None:
    """One line per scenario, its differences under it; a scenario that cannot be replayed
    is a failure (its error on stderr), and the others are still checked."""
    from judge_cli.errors import JudgeError
    from judge_cli.render.trace import check_lines
    from judge_cli.render.words import MISC, word
    from judge_cli.scenario.runner import replay_file

    failed = 0
    for path, display in files:
        try:
            rp = replay_file(path, display)
        except JudgeError as exc:
            failed += 1
            head = style(f"✗ {display}: {word(MISC, 'check_error', lang)}", "bold", "red")
            typer.echo(head, color=style.enabled)
            typer.echo(f"seven: {exc.describe()}", err=True)
            continue
        failed += not rp.passed
        for line in check_lines(rp, lang, style):
            typer.echo(line, color=style.enabled)
    _totals(len(files), failed, lang, style)


def _totals(total: int, failed: int, lang: str, style) -> None:
    from judge_cli.render.words import MISC, word

    text = word(MISC, "check_totals", lang).format(passed=total - failed, failed=failed)
    typer.echo(style(text, "bold", "red" if failed else "green"), color=style.enabled)
    if failed:
        raise typer.Exit(1)


def _replay_json(files: list[tuple[Path, str]], *, single: bool) -> None:
    from judge_cli.render.data_replay import replay_data
    from judge_cli.scenario.runner import replay_file

    results = [replay_data(replay_file(path, display)) for path, display in files]
    print_json(results[0] if single else results)


def _wait(lang: str) -> None:
    from judge_cli.render.words import MISC, word

    typer.echo(word(MISC, "press_enter", lang), err=True)
    with contextlib.suppress(EOFError, OSError):  # a closed stdin just runs through
        sys.stdin.readline()


def register(app: typer.Typer) -> None:
    app.command()(replay)

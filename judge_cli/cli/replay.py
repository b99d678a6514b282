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
    target: Path = typer.Argument(
        ..., metavar="FILE|DIR", help="A scenario file, or a directory of them."
    ),
    lang: Lang = LangOption,
    as_json: bool = JsonOption,
    check: bool = typer.Option(
        False, "--check", help="Verify the expectations; print the differences; exit 1 on any."
    ),
    step: bool = typer.Option(False, "--step", help="Wait for Enter between steps."),
) -> None:
    """Replay disputed positions: the board, each step with the articles that fired, the outcome.

    Example: seven replay scenarios/base/507-4-contact-empty-hand.yaml --lang both
    """
    from judge_cli.render.style import Style
    from judge_cli.scenario.runner import replay_file, scenario_files

    files = scenario_files(target)
    failed = 0
    results = []
    style = Style.for_stream()
    corpora = None if as_json else replay_corpora(lang)
    for f in files:
        rp = replay_file(f)
        failed += not rp.passed
        if as_json:
            from judge_cli.render.data_replay import replay_data

            results.append(replay_data(rp))
            continue
        from judge_cli.render.trace import check_lines, replay_text

        if check and len(files) > 1:
            for line in check_lines(rp, corpora[0].lang, style):
                typer.echo(line, color=style.enabled)
            continue
        blocks = replay_text(rp, corpora, style, check=check)
        for i, block in enumerate(blocks):
            typer.echo("\n".join(block), color=style.enabled)
            if step and 0 < i < len(blocks) - 1:
                _wait(corpora[0].lang)
    if as_json:
        print_json(results[0] if target.is_file() else results)
    if check and len(files) > 1 and not as_json:
        typer.echo(f"{len(files) - failed} passed, {failed} failed")
    if check and failed:
        raise typer.Exit(1)


def _wait(lang: str) -> None:
    from judge_cli.render.words import MISC, word

    typer.echo(word(MISC, "press_enter", lang), err=True)
    with contextlib.suppress(EOFError, OSError):  # a closed stdin just runs through
        sys.stdin.readline()


def register(app: typer.Typer) -> None:
    app.command()(replay)

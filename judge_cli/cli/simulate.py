"""``seven simulate``: random full games through the engine, checked by the game's laws."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import typer

from judge_cli.cli.options import JsonOption, print_json
from judge_cli.errors import InputError


def parse_players(text: str) -> tuple[int, ...]:
    """``4``, ``2-4`` or ``2,4``: the numbers of players the games cycle through (102.1)."""
    out: list[int] = []
    for part in text.replace(" ", "").split(","):
        m = re.fullmatch(r"(\d)(?:-(\d))?", part)
        if m is None:
            out = []
            break
        out.extend(range(int(m[1]), int(m[2] or m[1]) + 1))
    if not out or any(not 2 <= n <= 4 for n in out):
        raise InputError(
            f"not a number of players: {text!r}",
            article="102.1",
            hint="Seven is played by 2 to 4: write 4, 2-4 or 2,4",
        )
    return tuple(out)


def parse_beginner(text: str) -> tuple[str, ...]:
    """``no-first-cards,no-colourless``: the variants of 404 to play."""
    from judge_cli.simulate.games import BEGINNER

    names = tuple(x for x in text.replace(" ", "").split(",") if x)
    bad = [x for x in names if x not in BEGINNER]
    if bad:
        raise InputError(
            f"not a beginners' variant: {bad[0]!r}",
            article="404",
            hint="write --beginner no-first-cards, no-colourless, or both with a comma",
        )
    return names


def load_deck(name: str) -> dict[str, Any]:
    """The cards of the games: ``real`` (cards/0th-remake.yaml) or ``illustrative``."""
    if name == "real":
        from judge_cli.cards.engine import real_cards

        return real_cards()
    if name == "illustrative":
        from judge_cli.engine.cardset import load_cardset

        return load_cardset()
    raise InputError(f"not a card set: {name!r}", hint="write --cards real or --cards illustrative")


def simulate(
    players: str = typer.Option(
        "2-4", "--players", "-p", help="Players per game: 2, 3, 4, or a mix (2-4, 2,4)."
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games."),
    seed: int = typer.Option(0, "--seed", "-s", help="The same seed plays the same games."),
    as_json: bool = JsonOption,
    max_turns: int = typer.Option(
        1000, "--max-turns", min=1, help="A game still going after this many turns stops."
    ),
    no_checks: bool = typer.Option(
        False, "--no-checks", help="Skip the laws after every event (to measure speed)."
    ),
    beginner: str = typer.Option(
        "",
        "--beginner",
        help="Beginners' variants (404), comma-separated: no-first-cards, no-colourless.",
    ),
    deck: str = typer.Option(
        "real",
        "--cards",
        help="real: the 126 cards of the 0th EDITION REMAKE (default); illustrative: the "
        "made-up set.",
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        "-o",
        metavar="DIR",
        help="Where to write a scenario for each violation (default: a new temporary dir).",
    ),
) -> None:
    """Play random full games from a 126-card setup and check the game's laws after every event.

    Every declaration is picked at random among the legal ones, every choice and random
    result comes from the seed; after each event the laws of the game are checked (300.2,
    204.2, 701.2, 103.2, 103.3, 509.3, 901.1, …). Each violation is written as a scenario
    that `seven replay --check` shows failing. Exit 1 when anything went wrong.

    Example: seven simulate --games 200 --players 4 --seed 11
    """
    from judge_cli.simulate.games import Options, run
    from judge_cli.simulate.reproduce import write_all

    options = Options(
        games=games,
        players=parse_players(players),
        seed=seed,
        max_turns=max_turns,
        checks=not no_checks,
        beginner=parse_beginner(beginner),
    )
    cards = load_deck(deck)
    report = run(options, cards)
    write_all(report, cards, out)
    if as_json:
        print_json(report_data(report))
    else:
        for line in report_lines(report):
            typer.echo(line)
    if report.violations or report.crashes:
        raise typer.Exit(1)


def report_data(report: Any) -> dict[str, Any]:
    """``--json``: a stable interface (fields are only ever added)."""
    o = report.options
    return {
        "games": len(report.results),
        "players": list(o.players),
        "seed": o.seed,
        "max_turns": o.max_turns,
        "checks": o.checks,
        "finished": report.finished,
        "unfinished": len(report.results) - report.finished,
        "average_turns": round(report.average("turns"), 2),
        "average_declarations": round(report.average("declarations"), 2),
        "average_events": round(report.average("events"), 2),
        "wins": _wins(report),
        "violations": len(report.violations),
        "crashes": len(report.crashes),
        "faults": [
            {
                "game": r.number,
                "seats": [s.value for s in r.seats],
                "violations": [
                    {"article": v.article, "text": v.text, "event": v.event} for v in r.violations
                ],
                "crash": r.crash,
                "file": report.files.get(r.number),
                "reproduced": report.reproduced.get(r.number),
            }
            for r in report.results
            if r.went_wrong
        ],
        "out": report.out,
        "digest": report.digest,
        "seconds": round(report.seconds, 3),
        "games_per_second": round(len(report.results) / report.seconds, 2)
        if report.seconds
        else None,
    }


def _wins(report: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r in report.results:
        if r.winner is not None:
            counts[r.winner.value] = counts.get(r.winner.value, 0) + 1
    return {s: counts[s] for s in "SWNE" if s in counts}


def report_lines(report: Any) -> list[str]:
    data = report_data(report)
    players = ", ".join(str(n) for n in data["players"])
    checks = "the laws checked after every event" if data["checks"] else "no checks"
    games = f"{data['games']} game{'s' if data['games'] != 1 else ''}"
    lines = [
        f"{games} of {players} players, seed {data['seed']} ({checks})",
        f"  finished: {data['finished']} with a winner, {data['unfinished']} stopped at "
        f"{data['max_turns']} turns",
        f"  average: {data['average_turns']} turns, {data['average_declarations']} "
        f"declarations, {data['average_events']} events",
        "  wins: " + ", ".join(f"{s} {n}" for s, n in data["wins"].items()),
        f"  speed: {data['games_per_second']} games per second ({data['seconds']} s)",
        f"  violations: {data['violations']}, crashes: {data['crashes']}",
    ]
    for fault in data["faults"]:
        for v in fault["violations"]:
            where = f"after event #{v['event']}" if v["event"] else "at the start"
            lines.append(f"  game {fault['game']}: {v['article']} {v['text']} ({where})")
        if fault["crash"]:
            lines.append(f"  game {fault['game']}: the engine raised {fault['crash']}")
        shown = "replays it" if fault["reproduced"] else "DOES NOT replay it"
        lines.append(f"    → {fault['file']} ({shown})")
    if data["out"]:
        lines.append(f"  scenarios written to {data['out']} (seven replay DIR --check)")
    lines.append(f"  digest: {data['digest']}")
    return lines


def register(app: typer.Typer) -> None:
    app.command()(simulate)

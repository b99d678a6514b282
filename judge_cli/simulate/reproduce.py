"""Writing what went wrong in a simulated game as a scenario that replays it.

The game is played again from its seeds (it goes the same way: everything random in it is
seeded), this time recording every question the engine asks and its answer. The scenario
starts from the last position before the offending declaration that a scenario can hold
(judge_cli/scenario/write.py: at worst the start of that turn, or the setup itself), gives the
declarations from there with their answers under ``decide:``, and expects the laws that
broke to hold (``expect.invariants``): it fails while the bug exists, and passes once fixed.
Each file is replayed at once to confirm that it shows the violation again.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge_cli.engine.cards import Card
from judge_cli.engine.decisions import Decisions, RandomDecisions, Request
from judge_cli.engine.declarations import Declaration
from judge_cli.engine.game import Game
from judge_cli.engine.laws import ARTICLES
from judge_cli.errors import JudgeError
from judge_cli.scenario.write import (
    card_file_data,
    decision_data,
    dump_scenario,
    state_data,
    unwritable,
)
from judge_cli.simulate.games import GameResult, Options, Report, play, setup_config
from judge_cli.yamlio import write_text_atomic

CARD_FILE = "cards/cardset.yaml"
"""Beside the scenarios, in a folder named ``cards`` (which ``seven replay DIR`` skips)."""
CARD_NOTE = {
    "ja": "seven simulate が書いた、シミュレーションのカード一式：実物のカード（{design: …}、"
    "cards/0th-remake.yaml）、または架空のカード一式（judge_cli/engine/cardset.yaml）。",
    "en": "The cards of the simulated games, written by seven simulate: the real cards "
    "({design: …}, cards/0th-remake.yaml) or the made-up set (judge_cli/engine/cardset.yaml).",
}


class Recorder:
    """A decisions source that remembers every question and its answer, in order."""

    def __init__(self, source: Decisions) -> None:
        self.source = source
        self.log: list[tuple[Request, tuple[str, ...]]] = []

    def decide(self, request: Request) -> tuple[str, ...]:
        answer = tuple(self.source.decide(request))
        self.log.append((request, answer))
        return answer


@dataclass
class Recording:
    """A game played again: where the scenario starts, and the declarations from there."""

    start: dict[str, Any] | None = None
    """The position (scenario keys), or None to start from the setup."""
    steps: list[tuple[Declaration, int]] = field(default_factory=list)
    """Each declaration, and where its answers begin in the recorder's log."""


def record(cards: dict[str, Card], options: Options, number: int) -> tuple[Recording, Recorder]:
    recorder = Recorder(RandomDecisions(options.seed_text(number, "decisions")))
    recording = Recording()

    def observe(game: Game, index: int, decl: Declaration | None) -> None:
        if decl is None:
            return
        if unwritable(game.state) is None:
            recording.start = state_data(game.state)
            recording.steps.clear()
        recording.steps.append((decl, len(recorder.log)))

    play(cards, options, number, decisions=recorder, observe=observe)
    return recording, recorder


def command(options: Options) -> str:
    players = ",".join(str(n) for n in options.players)
    line = f"seven simulate --games {options.games} --players {players} --seed {options.seed}"
    line += f" --max-turns {options.max_turns}"
    if options.beginner:
        line += f" --beginner {','.join(options.beginner)}"
    return line + ("" if options.checks else " --no-checks")


def scenario_data(
    cards: dict[str, Card], options: Options, result: GameResult, date: str
) -> dict[str, Any]:
    """The scenario of what went wrong in ``result``'s game."""
    recording, recorder = record(cards, options, result.number)
    laws = sorted({v.article for v in result.violations if v.article in ARTICLES})
    articles = ", ".join(dict.fromkeys(v.article for v in result.violations)) or "—"
    what = "; ".join(str(v) for v in result.violations[:3])
    if result.crash:
        what = "; ".join(x for x in (what, f"the engine raised {result.crash}") if x)
    seats = ", ".join(s.value for s in result.seats)
    where = f"`{command(options)}`, game {result.number} (seats {seats})"
    data: dict[str, Any] = {
        "title": {
            "ja": f"シミュレーションで見つかった不具合（{articles}）",
            "en": f"A fault found by simulation ({articles})",
        },
        "question": {
            "ja": f"{where}。{'この局面から' if recording.start else 'この準備から'}次の宣言を"
            "すると、ゲームの規定は守られるか。",
            "en": f"{where}: from this {'position' if recording.start else 'setup'}, with "
            "these declarations, does the game keep its laws?",
        },
        "answer": {
            "ja": f"守られなければならない。エンジンは守らなかった（検出内容: {what}）。"
            "このシナリオは、エンジンが直るまで失敗する。",
            "en": f"It must. The engine did not ({what}). This scenario fails until the engine "
            "is fixed.",
        },
        "date": date,
        "source": f"written from {articles} by {command(options)} (game {result.number})",
        "include": [CARD_FILE],
    }
    steps = recording.steps
    if recording.start is None:
        config = setup_config(cards, result.seats, options.beginner)
        setup_log = recorder.log[: steps[0][1]] if steps else recorder.log
        data["setup"] = {
            "players": [s.value for s in config.seats],
            "deck": list(config.normal_cards),
            "first_cards": list(config.first_cards),
            "eternal": list(config.eternal_cards),
            "decide": [decision_data(r, a) for r, a in setup_log],
        }
        if config.no_first_cards or config.no_colourless:
            data["setup"]["beginner"] = {
                "no_first_cards": config.no_first_cards,
                "no_colourless": config.no_colourless,
            }
    else:
        data.update(recording.start)
    ends = [mark for _, mark in steps[1:]] + [len(recorder.log)] if steps else []
    data["steps"] = []
    for (decl, begin), end in zip(steps, ends, strict=True):
        seat, text = str(decl).split(": ", 1)
        step: dict[str, Any] = {seat: text}
        if end > begin:
            step["decide"] = [decision_data(r, a) for r, a in recorder.log[begin:end]]
        data["steps"].append(step)
    # Every law, when what went wrong is a crash or a refusal no law names (the replay then
    # fails by raising, or on the refused step that expect.refused does not list).
    data["expect"] = {"invariants": laws or list(ARTICLES)}
    return data


def header(options: Options, result: GameResult) -> str:
    lines = [
        f"Written by `{command(options)}`: game {result.number} went wrong.",
        *(f"  {v}" for v in result.violations),
        *([f"  the engine raised {result.crash}"] if result.crash else []),
        "Replay it: seven replay THIS-FILE --check (it fails while the bug exists).",
        f"The cards of the games are in {CARD_FILE} (beside this file).",
    ]
    return "\n".join(lines)


def file_name(result: GameResult) -> str:
    first = result.violations[0].article if result.violations else "crash"
    return f"game-{result.number:05d}-{first}.yaml"


def write_all(report: Report, cards: dict[str, Card], out: Path | None) -> Path | None:
    """Write a scenario for every game that went wrong (and the card file they include);
    check that each replays what went wrong. None when nothing did."""
    wrong = [r for r in report.results if r.went_wrong]
    if not wrong:
        return None
    if out is None:
        out = Path(tempfile.mkdtemp(prefix="seven-simulate-"))
    out.mkdir(parents=True, exist_ok=True)
    report.out = str(out)
    write_text_atomic(out / CARD_FILE, dump_scenario(card_file_data(cards, CARD_NOTE)))
    date = _edition_date()
    for result in wrong:
        path = out / file_name(result)
        data = scenario_data(cards, report.options, result, date)
        write_text_atomic(path, dump_scenario(data, header(report.options, result)))
        report.files[result.number] = str(path)
        report.reproduced[result.number] = replays_wrong(path, result)
    return out


def replays_wrong(path: Path, result: GameResult) -> bool:
    """Whether replaying ``path`` shows what went wrong again: a difference from its
    expectations, or, for a crash, the same exception."""
    from judge_cli.scenario.runner import replay_file

    try:
        return not replay_file(path).passed
    except JudgeError:
        return False  # the file does not replay (a bug of the writer, reported as such)
    except Exception as exc:  # the engine's bug, raised again
        return result.crash is not None and result.crash.startswith(type(exc).__name__)


def _edition_date() -> str:
    """The date of the rules edition the engine judges by: a file's date that does not
    change from one day to the next, so that a seed writes the same bytes."""
    from judge_cli.corpus.store import load_corpus

    return str(load_corpus("ja").meta.get("date", "2026-01-01"))

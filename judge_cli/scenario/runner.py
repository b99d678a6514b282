"""Replaying a scenario through the engine, and checking its expectations."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge_cli.engine.events import Event
from judge_cli.engine.game import Game
from judge_cli.engine.laws import Laws, Violation
from judge_cli.engine.state import State
from judge_cli.engine.table import Seat, Square
from judge_cli.engine.view import BoardView, board_view
from judge_cli.errors import ScenarioError
from judge_cli.scenario.decisions import ScriptedDecisions
from judge_cli.scenario.files import scenario_files  # noqa: F401 (where the commands find it)
from judge_cli.scenario.load import FILLER_PREFIX, LoadedScenario, load_scenario
from judge_cli.scenario.model import Token


@dataclass
class StepResult:
    number: int
    line: int | None
    declaration: str
    events: list[Event]
    board: BoardView | None = None
    """The board view right after this step (the ruling sheets draw the steps that change it)."""

    @property
    def refused(self) -> Event | None:
        """The refusal of the step's declaration itself (the board is unchanged)."""
        first = self.events[0] if self.events else None
        return first if first is not None and first.kind == "refused" else None

    @property
    def refusal(self) -> Event | None:
        """The first declaration refused during the step: its own, or one a player made while
        it was processed (a 「いつでも使える」 card inside an effect, 502.4f)."""
        return next((e for e in self.events if e.kind == "refused"), None)


@dataclass
class Replay:
    loaded: LoadedScenario
    game: Game
    setup_events: list[Event]
    before: BoardView
    steps: list[StepResult]
    after: BoardView
    differences: list[str] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    """The laws broken during the replay, when the expectations list ``invariants``."""

    @property
    def trace(self) -> list[Event]:
        return self.game.trace

    @property
    def winner(self) -> Seat | None:
        return self.game.state.winner

    def fired(self) -> set[str]:
        return {a for e in self.trace for a in e.articles}

    @property
    def passed(self) -> bool:
        return not self.differences


def replay_file(path: str | Path, display: str | None = None) -> Replay:
    return replay(load_scenario(path, display))


def replay(loaded: LoadedScenario) -> Replay:
    """Run the scenario's declarations; check its expectations into ``differences``."""
    sc = loaded.scenario
    decisions = ScriptedDecisions(loaded)
    laws: list[Laws] = []
    if sc.setup is not None:
        from judge_cli.engine.rules.setup import SetupConfig, setup_game

        setup = sc.setup
        placer_ids = _setup_ids(loaded)
        config = SetupConfig(
            seats=tuple(setup.players),
            normal_cards=tuple(placer_ids),
            first_cards=tuple(setup.first_cards),
            eternal_cards=tuple(setup.eternal),
            no_first_cards=setup.beginner.no_first_cards,
            no_colourless=setup.beginner.no_colourless,
        )
        decisions.load(list(setup.decide), ("setup",))
        watch = (lambda g: laws.append(Laws.during_setup(g))) if sc.expect.invariants else None
        game = setup_game(loaded.cards, config, decisions, watch)
        decisions.finish()
        setup_events = list(game.trace)
        if laws:
            laws[0].arm()  # 401.1: every card is in place now
    else:
        game = Game(loaded.initial_state(), decisions)
        setup_events = []
        if sc.expect.invariants:
            laws.append(Laws.attach(game))
    before = board_view(game.state)
    results: list[StepResult] = []
    for i, (spec, decl) in enumerate(zip(sc.steps, loaded.declarations, strict=True)):
        decisions.load(list(spec.decide), ("steps", i))
        try:
            events = game.submit(decl)
        except ScenarioError as exc:
            # The engine does not know the file: the step that led there is the place to look.
            if exc.file is None:
                exc.file, exc.line = loaded.file, loaded.line("steps", i)
            raise
        decisions.finish()
        results.append(
            StepResult(i + 1, loaded.line("steps", i), str(decl), events, board_view(game.state))
        )
    out = Replay(loaded, game, setup_events, before, results, board_view(game.state))
    if laws:
        laws[0].finish()
        out.violations = laws[0].violations
    out.differences = differences(out)
    return out


def _setup_ids(loaded: LoadedScenario) -> list[str]:
    """The deck of a setup scenario: named ids, and the filler cards made for its counts."""
    setup = loaded.scenario.setup
    assert setup is not None
    out: list[str] = []
    fillers = iter(loaded.fillers)
    for tok in setup.deck:
        if isinstance(tok, int):
            out.extend(next(fillers) for _ in range(tok))
        else:
            out.append(tok)
    return out


# -- expectations ------------------------------------------------------------------------
def _tokens(cards: list[tuple[str, str | None]]) -> list[Token]:
    """Cards as a scenario writes them: ids (with a suffix), and runs of filler as counts."""
    out: list[Token] = []
    for cid, suffix in cards:
        if cid.startswith(FILLER_PREFIX):
            if out and isinstance(out[-1], int):
                out[-1] += 1
            else:
                out.append(1)
        else:
            out.append(f"{cid} {suffix}" if suffix else cid)
    return out


def _norm(tokens: list[Token], drop: str = "") -> list[Token]:
    out: list[Token] = []
    for t in tokens:
        if isinstance(t, str) and drop and t.endswith(f" {drop}"):
            t = t[: -len(drop) - 1]
        if isinstance(t, int) and out and isinstance(out[-1], int):
            out[-1] += t
        elif t != 0:
            out.append(t)
    return out


def _multiset(tokens: list[Token]) -> Counter:
    c: Counter = Counter()
    for t in tokens:
        if isinstance(t, int):
            c["(unnamed)"] += t
        else:
            c[t] += 1
    return c


def _lock_token(player: Any, pile: list[str], i: int) -> str:
    """A card of a lock place as a scenario writes it: ``ID placed`` (705.1), ``ID together``
    (locked with the card before it, 702.2), or ``ID``."""
    cid = pile[i]
    if cid in player.placed:
        return f"{cid} placed"
    group = player.group_of(cid)
    if i and group is not None and pile[i - 1] in group:
        return f"{cid} together"
    return cid


def actual_end(state: State) -> dict[str, Any]:
    """The whole end state in the scenario's own notation (also printed by --json)."""
    players = state.players
    return {
        "hands": {s.value: _tokens([(c, None) for c in p.hand]) for s, p in players.items()},
        "lock": {
            s.value: {
                colour.value: [_lock_token(p, pile, i) for i in range(len(pile))]
                for colour, pile in p.lock_area.items()
                if pile
            }
            for s, p in players.items()
        },
        "squares": {
            sq.name: _tokens([(fc.card, "up" if fc.face_up else None) for fc in pile])
            for sq, pile in state.squares.items()
            if pile
        },
        "pieces": {s.value: p.piece.name if p.piece else None for s, p in players.items()},
        "deck": _tokens([(c, None) for c in state.deck]),
        "discard": _tokens([(c, None) for c in state.discard]),
        "eternal": sorted(state.eternal),
        "turn": state.turn.value,
        "phase": state.phase.value,
    }


def differences(rp: Replay) -> list[str]:
    """Every expectation that does not hold, as a readable line."""
    e = rp.loaded.scenario.expect
    out: list[str] = []
    fired = rp.fired()
    for aid in e.fires:
        if aid not in fired:
            out.append(f"expect.fires: {aid} did not fire")
    for aid in e.not_fires:
        if aid in fired:
            seqs = [ev.seq for ev in rp.trace if aid in ev.articles]
            out.append(f"expect.not_fires: {aid} fired (event #{seqs[0]})")
    expected = {(r.step, r.article) for r in e.refused}
    for st in rp.steps:
        ref = st.refusal
        wanted = [a for (n, a) in expected if n == st.number]
        if ref is None:
            out.extend(
                f"expect.refused: step {st.number} ({st.declaration}) was not refused ({a})"
                for a in wanted
            )
        elif not wanted:
            out.append(
                f"step {st.number} ({st.declaration}) was refused "
                f"({', '.join(ref.articles)}) but expect.refused does not list it"
            )
        else:
            out.extend(
                f"expect.refused: step {st.number} was refused citing "
                f"{', '.join(ref.articles)}, not {a}"
                for a in wanted
                if a not in ref.articles
            )
    if e.winner is not None:
        want = None if e.winner == "none" else Seat(e.winner)
        if rp.winner != want:
            out.append(
                f"expect.winner: expected {e.winner}, got "
                f"{rp.winner.value if rp.winner else 'none'}"
            )
    if e.end is not None:
        out.extend(_end_differences(e.end, actual_end(rp.game.state)))
    out.extend(_invariant_differences(rp, e.invariants))
    return out


def _invariant_differences(rp: Replay, articles: list[str]) -> list[str]:
    """The first violation of each law the scenario expects to hold, with the step."""
    step_of = {seq: st for st in rp.steps for seq in (e.seq for e in st.events)}
    out = []
    for aid in articles:
        broken = [v for v in rp.violations if v.article == aid]
        if not broken:
            continue
        v = broken[0]
        st = step_of.get(v.event)
        where = f"event #{v.event}" if v.event else "the start"
        if st is not None:
            where += f", step {st.number}: {st.declaration}"
        elif v.event:
            where += ", the setup"
        more = f" (and {len(broken) - 1} more time(s))" if len(broken) > 1 else ""
        out.append(f"expect.invariants: {aid} is broken after {where}: {v.text}{more}")
    return out


def _end_differences(end: Any, got: dict[str, Any]) -> list[str]:
    out: list[str] = []

    def diff(key: str, want: Any, have: Any) -> None:
        if want != have:
            out.append(f"expect.end.{key}: expected {want}, got {have}")

    for seat, hand in end.hands.items():
        want, have = _multiset(hand), _multiset(got["hands"].get(seat.value, []))
        if want != have:
            diff(f"hands.{seat}", _norm(hand), got["hands"].get(seat.value, []))
    for seat, places in end.lock.items():
        for colour, pile in places.items():
            diff(
                f"lock.{seat}.{colour}",
                list(pile),
                got["lock"].get(seat.value, {}).get(colour.value, []),
            )
    for name, pile in end.squares.items():
        sq = Square.parse(name).name
        diff(f"squares.{sq}", _norm(list(pile), "down"), got["squares"].get(sq, []))
    for seat, sq in end.pieces.items():
        diff(f"pieces.{seat}", Square.parse(sq).name, got["pieces"].get(seat.value))
    for key in ("deck", "discard"):
        want = getattr(end, key)
        if want is not None:
            diff(key, _norm(list(want)), got[key])
    if end.eternal is not None:
        diff("eternal", sorted(end.eternal), got["eternal"])
    if end.turn is not None:
        diff("turn", end.turn.value, got["turn"])
    if end.phase is not None:
        diff("phase", end.phase.value, got["phase"])
    return out

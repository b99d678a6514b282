"""Playing random games and collecting what happened (``seven simulate``).

Game ``n`` of a run with seed ``s`` draws everything from three RNGs seeded with the text
``seven-simulate:s:n:…`` (Python seeds its RNG from the SHA-512 of a text, the same on every
machine): the seats (which 2, 3 or 4 of S, W, N, E sit down; 102.3 lets them sit anywhere),
every choice and random result the engine asks for (:class:`RandomDecisions`), and the
declaration made at each moment, picked uniformly among :meth:`Game.legal_declarations`.
So a game can be played again on its own, to write what went wrong in it.
"""

from __future__ import annotations

import gc
import hashlib
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from judge_cli.engine.cards import Card, Kind
from judge_cli.engine.decisions import Decisions, RandomDecisions
from judge_cli.engine.declarations import Declaration
from judge_cli.engine.game import Game
from judge_cli.engine.laws import Laws, Violation
from judge_cli.engine.rules.setup import SetupConfig, setup_game
from judge_cli.engine.steps import Refused
from judge_cli.engine.table import CLOCKWISE, Seat

COMPOSITION = {Kind.normal: 112, Kind.first: 7, Kind.eternal: 7}
"""201.2–201.4: the 126 cards of a game, every one of them in play from the setup on."""


@dataclass(frozen=True)
class Options:
    """What ``seven simulate`` was asked for."""

    games: int = 100
    players: tuple[int, ...] = (2, 3, 4)
    """Game ``n`` (1-based) has ``players[(n - 1) % len(players)]`` players."""
    seed: int = 0
    max_turns: int = 1000
    """A game still going after this many turns stops, unfinished."""
    checks: bool = True
    """The laws after every event (engine/laws.py); off, only crashes are caught."""
    beginner: tuple[str, ...] = ()
    """404: ``no-first-cards`` (404.1) and ``no-colourless`` (404.2)."""

    def table_size(self, number: int) -> int:
        return self.players[(number - 1) % len(self.players)]

    def rng(self, number: int, purpose: str) -> random.Random:
        return random.Random(self.seed_text(number, purpose))

    def seed_text(self, number: int, purpose: str) -> str:
        return f"seven-simulate:{self.seed}:{number}:{purpose}"


@dataclass
class GameResult:
    """One game: how it went, and the first laws it broke, if any."""

    number: int
    seats: tuple[Seat, ...]
    turns: int = 0
    declarations: int = 0
    events: int = 0
    winner: Seat | None = None
    violations: list[Violation] = field(default_factory=list)
    crash: str | None = None
    """An exception the engine raised (a bug: it should never raise on a legal declaration)."""
    failed_at: int | None = None
    """The index of the declaration during which the game first went wrong; -1 for the
    setup; None while nothing went wrong."""
    summary: str = ""
    """The game in one text (seats, every declaration, the end), hashed into the digest."""

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def went_wrong(self) -> bool:
        return bool(self.violations) or self.crash is not None


def table(options: Options, number: int) -> tuple[Seat, ...]:
    """The seats of game ``number``, clockwise from S (102.3: anywhere around the table)."""
    chosen = options.rng(number, "table").sample(CLOCKWISE, options.table_size(number))
    return tuple(s for s in CLOCKWISE if s in chosen)


BEGINNER = ("no-first-cards", "no-colourless")
"""The beginners' variants of 404: without first cards (404.1), without colourless cards
(404.2)."""


def setup_config(
    cards: dict[str, Card], seats: tuple[Seat, ...], beginner: tuple[str, ...] = ()
) -> SetupConfig:
    """401.1 with every card of the set: the normal cards make the deck; ``beginner`` names
    the variants of 404 played (the cards left out stay out of the game)."""
    by_kind = {k: tuple(c for c, card in cards.items() if card.kind is k) for k in Kind}
    return SetupConfig(
        seats=seats,
        normal_cards=by_kind[Kind.normal],
        first_cards=by_kind[Kind.first],
        eternal_cards=by_kind[Kind.eternal],
        no_first_cards="no-first-cards" in beginner,
        no_colourless="no-colourless" in beginner,
    )


def composition(game: Game) -> list[Violation]:
    """300.2 at the start: all 126 cards (112 normal, 7 first, 7 eternal), each in one place."""
    state = game.state
    where = state.locations()
    counts = Counter(state.cards[c].kind for c in where if c in state.cards)
    if dict(counts) == COMPOSITION and len(where) == sum(COMPOSITION.values()):
        return []
    found = ", ".join(f"{counts.get(k, 0)} {k}" for k in COMPOSITION)
    return [Violation("300.2", f"after the setup the cards in play are {found}, not 112/7/7", 0)]


Observer = Callable[[Game, int, Declaration | None], None]
"""Called before each declaration (its index and the declaration) and once when the game
stops (the index past the last, and None): how :mod:`reproduce` records a game."""


def play(
    cards: dict[str, Card],
    options: Options,
    number: int,
    *,
    decisions: Decisions | None = None,
    observe: Observer | None = None,
) -> tuple[Game | None, GameResult]:
    """Play game ``number`` until a winner, the turn cap, or the first thing that goes wrong.
    ``decisions`` stands in for the game's own source (to record what it answers)."""
    seats = table(options, number)
    result = GameResult(number, seats)
    decisions = decisions or RandomDecisions(options.seed_text(number, "decisions"))
    watched: list[Laws] = []
    watch = (lambda g: watched.append(Laws.during_setup(g))) if options.checks else None
    try:
        game = setup_game(cards, setup_config(cards, seats, options.beginner), decisions, watch)
    except Exception as exc:  # an engine bug: report it, never crash the run
        result.crash, result.failed_at = _crash(exc), -1
        return None, result
    laws = watched[0] if watched else None
    if laws is not None:
        laws.arm()
        laws.violations.extend(composition(game))
        if laws.violations:
            result.failed_at = -1
    rng = options.rng(number, "declarations")
    lines = [" ".join(s.value for s in seats)]
    cap = options.max_turns * 100  # a turn has at most a few dozen declarations
    i = 0
    state = game.state
    # ``not game.over``, without the property's slower read (on Python 3.11).
    while result.failed_at is None and state.winner is None and i < cap:
        if state.turn_number > options.max_turns:
            break
        legal = game.legal_declarations()
        if not legal:
            break  # stuck: the laws' finish says so (508.1)
        decl = rng.choice(legal)
        if observe is not None:
            observe(game, i, decl)
        lines.append(str(decl))
        try:
            # With the checks on, the declaration is verified again (a refusal here is the
            # disagreement below); off, it is one legal_declarations just verified.
            game.declare(decl, verified=not options.checks)
        except Refused as exc:
            # Offered as legal, then refused: legal_declarations and verify disagree.
            result.failed_at = i
            result.violations.append(
                Violation(
                    exc.articles[0],
                    f"{decl} was offered as legal, then refused ({exc.reason})",
                    len(game.trace),
                )
            )
        except Exception as exc:  # an engine bug: report it, never crash the run
            result.crash, result.failed_at = _crash(exc), i
        if laws is not None and laws.violations and result.failed_at is None:
            result.failed_at = i
        i += 1
    if observe is not None:
        observe(game, i, None)
    if laws is not None:
        if result.failed_at is None:
            laws.finish()
            if laws.violations:
                result.failed_at = i - 1
        result.violations = laws.violations + result.violations
    # A law broken once stays broken for the events after it: each is reported once.
    first: dict[tuple[str, str], Violation] = {}
    for v in result.violations:
        first.setdefault((v.article, v.text), v)
    result.violations = list(first.values())
    result.turns = min(game.state.turn_number, options.max_turns)
    result.declarations = i
    result.events = len(game.trace)
    result.winner = game.state.winner
    lines.append(f"winner {result.winner} turns {result.turns} events {result.events}")
    result.summary = "\n".join(lines)
    return game, result


def _crash(exc: BaseException) -> str:
    """The exception and where the engine raised it (the innermost frame in judge_cli)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "judge_cli" in f.filename]
    where = ""
    if frames:
        f = frames[-1]
        where = f" at {f.filename.rsplit('judge_cli', 1)[-1].lstrip('/')}:{f.lineno} ({f.name})"
    return f"{type(exc).__name__}: {exc}{where}"


@dataclass
class Report:
    """A whole run."""

    options: Options
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    files: dict[int, str] = field(default_factory=dict)
    """Game number → the scenario file written for what went wrong in it."""
    reproduced: dict[int, bool] = field(default_factory=dict)
    """Game number → whether replaying the file written shows the violation again."""
    out: str | None = None

    @property
    def finished(self) -> int:
        return sum(r.finished for r in self.results)

    @property
    def violations(self) -> list[tuple[int, Violation]]:
        return [(r.number, v) for r in self.results for v in r.violations]

    @property
    def crashes(self) -> list[tuple[int, str]]:
        return [(r.number, r.crash) for r in self.results if r.crash]

    @property
    def digest(self) -> str:
        """SHA-256 of every game's summary: the same seed gives the same digest."""
        h = hashlib.sha256()
        for r in self.results:
            h.update(r.summary.encode())
            h.update(b"\n\n")
        return h.hexdigest()

    def average(self, what: str) -> float:
        return (
            sum(getattr(r, what) for r in self.results) / len(self.results) if self.results else 0.0
        )


def run(
    options: Options,
    cards: dict[str, Card],
    progress: Callable[[GameResult], None] | None = None,
) -> Report:
    """Play ``options.games`` games; time them (the games only: not the card set's loading,
    nor writing violations)."""
    report = Report(options)
    start = time.perf_counter()
    with _fewer_collections():
        for number in range(1, options.games + 1):
            _, result = play(cards, options, number)
            report.results.append(result)
            if progress is not None:
                progress(result)
    report.seconds = time.perf_counter() - start
    return report


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Python's cycle collector less often while games are played: a game makes and drops
    tens of thousands of objects, freed by their reference counts, and at the default
    threshold (700) the collector walks the young ones some hundred times a game for the
    few cycles there are. What it frees is the same, later; the threshold is restored."""
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], 50_000), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)

"""Loading a scenario: YAML through yamlio, the model through pydantic, then every check of
SCENARIOS.md (unknown card, a card in two places, two pieces on a square, …) before
anything runs. Each problem is a :class:`ScenarioError` naming the file and the line."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from judge_cli.engine.cards import Card, Kind
from judge_cli.engine.declarations import Declaration, parse_declaration
from judge_cli.engine.state import FieldCard, Player, State
from judge_cli.engine.table import ALL_SQUARES, Seat, Square
from judge_cli.errors import CardDataError, InputError, JudgeError, ScenarioError
from judge_cli.scenario.model import CardFile, CardSpec, DesignRef, Scenario, Token
from judge_cli.validation import read_model
from judge_cli.yamlio import LoadedYaml

FILLER_PREFIX = "~"


@dataclass
class LoadedScenario:
    """A validated scenario: the model, its cards, its declarations, and where each came from."""

    scenario: Scenario
    file: str
    yaml: LoadedYaml
    cards: dict[str, Card]
    declarations: list[Declaration]
    fillers: list[str] = field(default_factory=list)
    _state: State | None = None

    def line(self, *path: str | int) -> int | None:
        return self.yaml.line_of(tuple(path))

    def error(
        self, message: str, *path: str | int, article: str | None = None, hint: str | None = None
    ) -> ScenarioError:
        return ScenarioError(
            message, file=self.file, line=self.line(*path), article=article, hint=hint
        )

    def initial_state(self) -> State:
        """A fresh copy of the starting position (None-safe only for board scenarios)."""
        assert self._state is not None
        return self._state.clone()

    def cited_articles(self) -> list[str]:
        """The articles the scenario's expectations name (for rulings by article)."""
        e = self.scenario.expect
        ids = [*e.fires, *(r.article for r in e.refused)]
        return list(dict.fromkeys(ids))


def load_scenario(path: str | Path, display: str | None = None) -> LoadedScenario:
    """Read, validate and build a scenario; every problem names the file and the line."""
    path = Path(path)
    display = display or str(path)
    scenario, yaml = read_model(path, display, Scenario)
    cards: dict[str, Card] = {}
    origin: dict[str, str] = {}
    for i, inc in enumerate(scenario.include):
        inc_path = (path.parent / inc).resolve()
        try:
            card_file, inc_yaml = read_model(inc_path, str(path.parent / inc), CardFile)
        except InputError as exc:
            if exc.message == "no such file":
                raise ScenarioError(
                    f"the included card file {inc!r} does not exist",
                    file=display,
                    line=yaml.line_of(("include", i)),
                ) from None
            raise
        for cid, spec in card_file.cards.items():
            if cid in cards:
                raise ScenarioError(
                    f"card {cid!r} is defined twice (also in {origin[cid]})",
                    file=inc_yaml.file,
                    line=inc_yaml.line_of(("cards", cid)),
                )
            cards[cid] = _card(cid, spec, inc_yaml.file, inc_yaml.line_of(("cards", cid)))
            origin[cid] = inc_yaml.file
    for cid, spec in scenario.cards.items():
        if cid in cards:
            raise ScenarioError(
                f"card {cid!r} is defined twice (also in {origin[cid]})",
                file=display,
                line=yaml.line_of(("cards", cid)),
            )
        cards[cid] = _card(cid, spec, display, yaml.line_of(("cards", cid)))
        origin[cid] = display
    loaded = LoadedScenario(scenario, display, yaml, cards, [])
    _check_declarations(loaded)
    if scenario.setup is None:
        loaded._state = _build_state(loaded)
    else:
        _check_setup(loaded)
    _check_expect(loaded)
    return loaded


def _card(cid: str, spec: CardSpec | DesignRef, file: str, line: int | None) -> Card:
    from judge_cli.engine.declarations import CARD_ID_RE

    if not CARD_ID_RE.match(cid):
        raise ScenarioError(
            f"not a card id: {cid!r}",
            file=file,
            line=line,
            hint="card ids are letters, digits, - _ . (no spaces)",
        )
    if isinstance(spec, DesignRef):
        try:
            return spec.to_card(cid)
        except CardDataError as exc:
            if exc.file is not None:
                raise
            raise ScenarioError(exc.message, file=file, line=line, hint=exc.hint) from None
    if spec.kind is not Kind.normal and (spec.colour.is_colourless or spec.colour.is_rainbow):
        raise ScenarioError(
            f"a {spec.kind} card is one of the seven colours, not {spec.colour}",
            file=file,
            line=line,
            article="201.3" if spec.kind is Kind.first else "201.4",
        )
    return spec.to_card(cid)


class _Placer:
    """Puts each card in one place, and says where it already is when it is placed twice."""

    def __init__(self, loaded: LoadedScenario) -> None:
        self.loaded = loaded
        self.where: dict[str, tuple[str, tuple]] = {}

    def filler(self, count: int) -> list[str]:
        out = []
        for _ in range(count):
            cid = f"{FILLER_PREFIX}{len(self.loaded.fillers) + 1}"
            self.loaded.fillers.append(cid)
            self.loaded.cards[cid] = Card(cid, Kind.normal, None)
            out.append(cid)
        return out

    def tokens(
        self, items: list[Token], path: tuple, place: str, suffixes: tuple[str, ...] = ()
    ) -> list[tuple[str, str | None]]:
        """(card id, suffix) for each token; counts become filler cards."""
        out: list[tuple[str, str | None]] = []
        for i, tok in enumerate(items):
            if isinstance(tok, int):
                if tok < 0:
                    raise self.loaded.error(f"a count of cards cannot be negative: {tok}", *path, i)
                out.extend((cid, None) for cid in self.filler(tok))
                continue
            words = tok.split()
            if not words or len(words) > 2 or (len(words) == 2 and words[1] not in suffixes):
                allowed = " or ".join(f"'ID {s}'" for s in suffixes)
                raise self.loaded.error(
                    f"cannot read the card {tok!r} in {place}",
                    *path,
                    i,
                    hint=f"write a card id{', ' + allowed if allowed else ''}, or a count",
                )
            cid = words[0]
            self.claim(cid, place, (*path, i))
            out.append((cid, words[1] if len(words) == 2 else None))
        return out

    def claim(self, cid: str, place: str, path: tuple) -> None:
        cards = self.loaded.cards
        if cid not in cards or cid.startswith(FILLER_PREFIX):
            near = difflib.get_close_matches(cid, [c for c in cards if c[0] != "~"], 3)
            raise self.loaded.error(
                f"unknown card {cid!r} in {place}",
                *path,
                hint=f"did you mean: {', '.join(near)}" if near else "define it under cards:",
            )
        if cid in self.where:
            first, first_path = self.where[cid]
            line = self.loaded.line(*first_path)
            raise self.loaded.error(
                f"card {cid!r} is in two places: {first} (line {line}) and {place}",
                *path,
                article="300.2",
            )
        self.where[cid] = (place, path)


def _build_state(loaded: LoadedScenario) -> State:
    sc = loaded.scenario
    if not sc.players:
        raise loaded.error("a scenario needs `players` (or `setup`)")
    if sc.turn is None:
        raise loaded.error("a scenario with `players` needs `turn` (whose turn, which phase)")
    seats = [s for s in Seat if s in sc.players]
    if len(seats) < 2:
        raise loaded.error("Seven is played by 2 to 4 players", "players", article="102.1")
    placer = _Placer(loaded)
    state = State(cards=loaded.cards, players={})
    pieces: dict[Square, Seat] = {}
    for seat in seats:
        spec = sc.players[seat]
        player = Player(seat)
        try:
            player.piece = Square.parse(spec.piece)
        except InputError as exc:
            raise loaded.error(exc.message, "players", seat.value, "piece", hint=exc.hint) from None
        if player.piece in pieces:
            raise loaded.error(
                f"{seat}'s piece and {pieces[player.piece]}'s piece are both on "
                f"{player.piece.name}",
                "players",
                seat.value,
                "piece",
                article="204.2",
            )
        pieces[player.piece] = seat
        player.hand = [
            c
            for c, _ in placer.tokens(spec.hand, ("players", seat.value, "hand"), f"{seat}'s hand")
        ]
        for colour, pile in spec.lock.items():
            path = ("players", seat.value, "lock", colour.value)
            for i, (cid, suffix) in enumerate(
                placer.tokens(list(pile), path, f"{seat}'s {colour} place", ("placed", "together"))
            ):
                if suffix == "together":
                    # 702.2: locked together with the card before it, by one effect.
                    before = player.lock_area[colour][-1:] if i else []
                    if not before or before[0] in player.placed:
                        raise loaded.error(
                            f"{cid!r} is locked together with the card before it, and there "
                            "is no locked card before it",
                            *path,
                            i,
                            article="702.2",
                        )
                    group = player.group_of(before[0])
                    if group is None:
                        player.groups.append([before[0], cid])
                    else:
                        group.append(cid)
                player.lock_area[colour].append(cid)
                if suffix == "placed":
                    player.placed.add(cid)
        firsts = [
            c
            for pile in player.lock_area.values()
            for c in pile
            if loaded.cards[c].kind is Kind.first
        ]
        player.piece_colour = spec.piece_colour or (
            loaded.cards[firsts[0]].colour if firsts else None
        )
        state.players[seat] = player
    for name, pile in sc.board.items():
        try:
            sq = Square.parse(name)
        except InputError as exc:
            raise loaded.error(exc.message, "board", name, hint=exc.hint) from None
        for cid, suffix in placer.tokens(
            pile, ("board", name), f"square {sq.name}", ("up", "down")
        ):
            state.squares[sq].append(FieldCard(cid, face_up=suffix == "up"))
    listed = {Square.parse(n) for n in sc.board}
    for sq in ALL_SQUARES:
        if sq not in listed and sc.fill:
            state.squares[sq].extend(FieldCard(c) for c in placer.filler(sc.fill))
    state.deck = [c for c, _ in placer.tokens(sc.deck, ("deck",), "the deck")]
    state.discard = [c for c, _ in placer.tokens(sc.discard, ("discard",), "the discard pile")]
    state.eternal = [
        c for c, _ in placer.tokens(list(sc.eternal), ("eternal",), "the eternal pile")
    ]
    state.out_of_game = [
        c for c, _ in placer.tokens(list(sc.out_of_game), ("out_of_game",), "out of the game")
    ]
    turn = sc.turn
    if turn.player not in state.players:
        raise loaded.error(f"{turn.player} is not playing", "turn", "player")
    state.turn, state.phase, state.turn_number = turn.player, turn.phase, turn.number
    state.locked_this_turn, state.acted = turn.locked, turn.acted
    for article, problem in state.problems():
        raise loaded.error(f"impossible position: {problem}", "players", article=article)
    for seat, player in state.players.items():
        if len(player.locked_colours()) == 7:
            raise loaded.error(
                f"impossible position: {seat} has all seven colours locked, so the game ended "
                "when the seventh was locked",
                "players",
                seat.value,
                "lock",
                article="103.2",
            )
    _check_move_phase_start(loaded, state)
    return state


def _check_move_phase_start(loaded: LoadedScenario, state: State) -> None:
    """A Move Phase without any move or contact would have begun with 508.1 (505.3): the
    scenario must start before it, so that the fallback shows in the trace."""
    from judge_cli.engine.rules.contact import contact_targets
    from judge_cli.engine.rules.move import move_targets
    from judge_cli.engine.state import Phase

    seat = state.turn
    if (
        state.phase is Phase.move
        and state.acted is None
        and not (move_targets(state, seat) or contact_targets(state, seat))
    ):
        raise loaded.error(
            f"{seat} can neither move nor contact, so this Move Phase began with 508.1",
            "turn",
            "phase",
            article="505.3",
            hint="start in the hand phase and declare `end` to see 508.1 happen",
        )


def _check_setup(loaded: LoadedScenario) -> None:
    sc = loaded.scenario
    setup = sc.setup
    assert setup is not None
    if sc.players or sc.board or sc.deck or sc.discard or sc.eternal or sc.out_of_game or sc.turn:
        raise loaded.error(
            "a scenario with `setup` starts from nothing: no players, board, "
            "deck, discard, eternal, out_of_game or turn",
            "setup",
        )
    if len(setup.players) != len(set(setup.players)):
        raise loaded.error("a seat is used twice", "setup", "players")
    if not 2 <= len(setup.players) <= 4:
        raise loaded.error(
            f"Seven is played by 2 to 4 players, not {len(setup.players)}",
            "setup",
            "players",
            article="102.1",
        )
    placer = _Placer(loaded)
    placer.tokens(setup.deck, ("setup", "deck"), "the deck")
    placer.tokens(list(setup.first_cards), ("setup", "first_cards"), "the first cards")
    placer.tokens(list(setup.eternal), ("setup", "eternal"), "the eternal pile")


def _check_declarations(loaded: LoadedScenario) -> None:
    sc = loaded.scenario
    seated = set(sc.setup.players) if sc.setup else set(sc.players)
    for i, st in enumerate(sc.steps):
        seat = st.seat
        if seat not in seated:
            raise loaded.error(f"{seat} is not playing in this scenario", "steps", i, seat.value)
        try:
            loaded.declarations.append(parse_declaration(st.text, seat))
        except InputError as exc:
            raise loaded.error(exc.message, "steps", i, seat.value, hint=exc.hint) from None


def _check_expect(loaded: LoadedScenario) -> None:
    from judge_cli.corpus.store import load_corpus

    sc = loaded.scenario
    e = sc.expect
    if e.is_empty():
        raise loaded.error(
            "a scenario without expectations is rejected: it would pass whatever happens",
            "expect",
            hint="give fires, not_fires, refused, winner, end or invariants",
        )
    corpus = load_corpus("ja")
    groups = [
        ("fires", e.fires),
        ("not_fires", e.not_fires),
        ("refused", [r.article for r in e.refused]),
        ("invariants", e.invariants),
    ]
    for key, ids in groups:
        for i, aid in enumerate(ids):
            path = ("expect", key, i) if key != "refused" else ("expect", key, i, "article")
            if not corpus.has(aid):
                try:
                    corpus.get(aid)
                except JudgeError as exc:
                    raise loaded.error(exc.message, *path, hint=exc.hint) from None
    from judge_cli.engine.laws import ARTICLES

    for i, aid in enumerate(e.invariants):
        if aid not in ARTICLES:
            raise loaded.error(
                f"no law of the engine is checked for {aid}",
                "expect",
                "invariants",
                i,
                hint=f"the laws checked after every event: {', '.join(ARTICLES)}",
            )
    for i, r in enumerate(e.refused):
        if r.step > len(sc.steps):
            raise loaded.error(
                f"there is no step {r.step} (the scenario has {len(sc.steps)})",
                "expect",
                "refused",
                i,
                "step",
            )
    seated = set(sc.setup.players) if sc.setup else set(sc.players)
    if e.winner not in (None, "none") and e.winner not in seated:
        raise loaded.error(f"{e.winner} is not playing", "expect", "winner")
    if e.end:
        for key in ("hands", "lock", "pieces"):
            for seat in getattr(e.end, key):
                if seat not in seated:
                    raise loaded.error(f"{seat} is not playing", "expect", "end", key, seat.value)
        for name in e.end.squares:
            try:
                Square.parse(name)
            except InputError as exc:
                raise loaded.error(exc.message, "expect", "end", "squares", name) from None
        for seat, sq in e.end.pieces.items():
            try:
                Square.parse(sq)
            except InputError as exc:
                raise loaded.error(exc.message, "expect", "end", "pieces", seat.value) from None

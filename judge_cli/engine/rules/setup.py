"""Setting up a game (401–404): seats, first cards, the eternal pile, the deck, the field,
the pieces and the first player, each step an event."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from judge_cli.engine import citations as C
from judge_cli.engine.cards import Card
from judge_cli.engine.decisions import Decisions, Request
from judge_cli.engine.game import Game
from judge_cli.engine.state import FieldCard, Phase, Player, State
from judge_cli.engine.table import ALL_SQUARES, CLOCKWISE, Seat, gate_of
from judge_cli.errors import ScenarioError


@dataclass(frozen=True)
class SetupConfig:
    seats: tuple[Seat, ...]
    normal_cards: tuple[str, ...]
    """The normal cards that make the deck (305.1), before shuffling."""
    first_cards: tuple[str, ...] = ()
    eternal_cards: tuple[str, ...] = ()
    no_first_cards: bool = False
    """404.1: beginners may play without first cards."""
    no_colourless: bool = False
    """404.2: beginners may take the colourless cards out of the deck."""


def setup_game(
    cards: dict[str, Card],
    config: SetupConfig,
    decisions: Decisions,
    watch: Callable[[Game], object] | None = None,
) -> Game:
    """401.1 steps 1–7 (editorial reconstruction, docs/rulings-notes.md). ``watch`` is called
    with the new game before its first event (to watch the setup too: engine/laws.py)."""
    seats = tuple(s for s in CLOCKWISE if s in config.seats)
    state = State(cards=dict(cards), players={s: Player(s) for s in seats})
    game = Game(state, decisions)
    if watch is not None:
        watch(game)
    # 1. Seats (102.2): a side nobody sits at has no lock area and no gate (102.4).
    empty = [s for s in CLOCKWISE if s not in seats]
    game.emit(
        "setup_seats",
        C.SETUP_SEATS + (C.SETUP_SEATS_FEWER if empty else ()),
        seats=list(seats),
        empty=empty,
    )
    # 2. First cards (402), or none for beginners (404.1).
    if config.no_first_cards:
        state.out_of_game.extend(config.first_cards)
        game.emit("setup_no_first_cards", C.SETUP_NO_FIRST_CARDS, cards=list(config.first_cards))
    else:
        remaining = list(config.first_cards)
        for seat in seats:
            if not remaining:
                raise ScenarioError("there are fewer first cards than players (201.3)")
            (card,) = game.ask(
                Request("first", "402.1", tuple(remaining), 1, None, {"seat": seat.value})
            )
            remaining.remove(card)
            colour = cards[card].colour
            state.players[seat].lock_area[colour].append(card)
            state.players[seat].piece_colour = colour
            game.emit("first_card", C.SETUP_FIRST_CARD, actor=seat, card=card, place=colour)
        state.out_of_game.extend(remaining)
    # 3. The eternal pile, off the board (201.4, 307.1).
    state.eternal = list(config.eternal_cards)
    game.emit("setup_eternal_pile", C.SETUP_ETERNAL_PILE, cards=len(state.eternal))
    # 4. The deck (305.1), without the colourless cards for beginners (404.2).
    normal = list(config.normal_cards)
    if config.no_colourless:
        removed = [
            c for c in normal if cards[c].colour is not None and cards[c].colour.is_colourless
        ]
        normal = [c for c in normal if c not in removed]
        state.out_of_game.extend(removed)
        game.emit("setup_no_colourless", C.SETUP_NO_COLOURLESS, cards=removed)
    order = game.ask(Request("shuffle", "305.1", tuple(normal), len(normal), None, {}))
    state.deck = list(order)
    game.emit(
        "setup_deck",
        C.SETUP_DECK,
        cards=len(state.deck),
        top=state.deck[-1] if state.deck else None,
    )
    # 5. One card face down on each of the 49 squares (301.1, 401.2), from the deck's top.
    if len(state.deck) < len(ALL_SQUARES):
        raise ScenarioError(
            f"the deck has {len(state.deck)} cards; setup places one on each of the "
            f"{len(ALL_SQUARES)} squares (401.1, 301.1)"
        )
    for sq in ALL_SQUARES:
        state.squares[sq].append(FieldCard(state.deck.pop(), face_up=False))
    game.emit("setup_field", C.SETUP_FIELD, cards=len(ALL_SQUARES), deck=len(state.deck))
    # 6. Each piece on its own gate (editorial reading, docs/rulings-notes.md).
    for seat in seats:
        state.players[seat].piece = gate_of(seat)
    game.emit("setup_pieces", C.SETUP_PIECES, pieces={s.value: gate_of(s).name for s in seats})
    # 7. The first player (102.5); nobody holds a card (403.1).
    (first,) = game.ask(
        Request("first_player", "102.5", tuple(s.value for s in seats), 1, "all", {})
    )
    state.turn = Seat(first)
    state.phase = Phase.lock
    game.emit("setup_first_player", C.SETUP_FIRST_PLAYER, actor=state.turn, seat=state.turn)
    game.emit("phase_begins", C.PHASE_BEGINS, actor=state.turn, phase=Phase.lock)
    return game

"""Small positions built in code for the engine's article tests and property tests."""

from __future__ import annotations

from judge_cli.engine.cards import SEVEN_COLOURS, Card, Colour, Kind
from judge_cli.engine.decisions import RandomDecisions
from judge_cli.engine.game import Game
from judge_cli.engine.state import FieldCard, Phase, Player, State
from judge_cli.engine.table import ALL_SQUARES, Seat, Square, gate_of

SQ = Square.parse


def card_set() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for colour in SEVEN_COLOURS:
        cards[f"first-{colour}"] = Card(f"first-{colour}", Kind.first, colour)
        cards[f"eternal-{colour}"] = Card(f"eternal-{colour}", Kind.eternal, colour)
        for n in range(1, 15):
            cid = f"{colour}{n}"
            cards[cid] = Card(cid, Kind.normal, colour)
    for n in range(1, 8):
        cards[f"rainbow{n}"] = Card(f"rainbow{n}", Kind.normal, Colour.rainbow)
    for n in range(1, 4):
        cards[f"white{n}"] = Card(f"white{n}", Kind.normal, Colour.white)
        cards[f"black{n}"] = Card(f"black{n}", Kind.normal, Colour.black)
    return cards


def two_player_game(seed: int = 0, phase: Phase = Phase.lock) -> Game:
    """S and N on their gates, every square with one face-down card, the rest in the deck."""
    cards = card_set()
    normal = sorted(c for c, card in cards.items() if card.kind is Kind.normal)
    state = State(cards=cards, players={})
    for seat, first in ((Seat.S, "first-red"), (Seat.N, "first-blue")):
        p = Player(seat, gate_of(seat), cards[first].colour)
        p.lock_area[cards[first].colour].append(first)
        state.players[seat] = p
    pool = list(normal)
    for sq in ALL_SQUARES:
        state.squares[sq].append(FieldCard(pool.pop(), False))
    state.deck = pool
    state.eternal = [c for c, card in cards.items() if card.kind is Kind.eternal]
    state.out_of_game = [
        c
        for c, card in cards.items()
        if card.kind is Kind.first and c not in ("first-red", "first-blue")
    ]
    state.phase = phase
    return Game(state, RandomDecisions(seed))


def take_out(game: Game, *ids: str) -> None:
    """Remove cards from the field and the deck, so a test can put them elsewhere."""
    for pile in game.state.squares.values():
        pile[:] = [f for f in pile if f.card not in ids]
    game.state.deck = [c for c in game.state.deck if c not in ids]

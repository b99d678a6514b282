"""Cards with effects built in code, and decisions given in order, for the effect tests."""

from __future__ import annotations

from typing import Any

from judge_cli.engine.cards import Card
from judge_cli.engine.decisions import Request
from judge_cli.engine.effects.vocab import CardSpec
from judge_cli.engine.game import Game
from judge_cli.engine.state import Phase
from judge_cli.engine.table import Seat
from tests.engine_helpers import take_out, two_player_game


def effect_card(cid: str, colour: str = "red", kind: str = "normal", **effects: Any) -> Card:
    """A card from the vocabulary: ``hand={"text": {"ja": …}, "do": [...]}``."""
    return CardSpec.model_validate({"colour": colour, "kind": kind, **effects}).to_card(cid)


def hand_effect(*sentences: dict, **extra: Any) -> dict:
    return {"text": {"ja": "テスト用の効果。"}, "do": list(sentences), **extra}


class Answers:
    """Decisions given in order; each request is recorded, so a test can check what was
    asked and of whom."""

    def __init__(self, *answers: str | tuple[str, ...]) -> None:
        self.answers = [a if isinstance(a, tuple) else (a,) for a in answers]
        self.asked: list[Request] = []

    def decide(self, request: Request) -> tuple[str, ...]:
        self.asked.append(request)
        if not self.answers:
            raise AssertionError(f"unexpected question: {request}")
        return self.answers.pop(0)


def game_with(
    *cards: Card,
    hands: dict[Seat, list[str]] | None = None,
    answers: Answers | None = None,
    phase: Phase = Phase.hand,
) -> Game:
    """The two-player position of engine_helpers (S and N), with ``cards`` added and dealt to
    ``hands`` (anything else of theirs stays out of play)."""
    game = two_player_game(0, phase)
    state = game.state
    for card in cards:
        state.cards[card.id] = card
    placed = {c for ids in (hands or {}).values() for c in ids}
    take_out(game, *placed)
    for seat, ids in (hands or {}).items():
        state.players[seat].hand.extend(ids)
    state.out_of_game.extend(c.id for c in cards if c.id not in placed)
    if answers is not None:
        game.decisions = answers
    return game

"""Writing a position as a scenario file: the inverse of judge_cli/scenario/load.py.

``seven simulate`` writes each violation it finds as a scenario that replays it; the position
it starts from is a :class:`State` written here. Read back with :func:`load_scenario`, the
file gives the same state (a property test checks it). A state holds a few things that only
last until the turn ends (hands revealed, reach effects suppressed, effects waiting for the
turn end, the uses of cards this turn for 611.2) or until a declaration is processed (a card
set aside in use, 606.4): a scenario cannot write those, and :func:`unwritable` says which
one a state holds, so that the writer starts from an earlier position of the same turn.

>>> from judge_cli.engine.cardset import new_game
>>> data = state_data(new_game(["S", "N"], seed=3).state)
>>> sorted(data["players"]), data["turn"]["phase"], len(data["board"])
(['N', 'S'], 'lock', 49)
"""

from __future__ import annotations

from typing import Any

from judge_cli.engine.cards import Card, Kind
from judge_cli.engine.decisions import Request
from judge_cli.engine.state import State
from judge_cli.scenario.runner import actual_end
from judge_cli.yamlio import dump_yaml


def unwritable(state: State) -> str | None:
    """What a scenario cannot hold of ``state`` (None: it can be written whole)."""
    if state.winner is not None:
        return "the game is over"
    if state.in_use:
        return f"cards in use: {', '.join(state.in_use)} (606.4)"
    if state.revealed:
        return "hands revealed until the turn ends (308.4)"
    if state.suppressed:
        return "reach effects suppressed until the turn ends (604.5)"
    if state.delayed:
        return "effects waiting for the end of the turn"
    if state.uses:
        return "cards used this turn (611.2 compares positions at each use)"
    return None


def state_data(state: State) -> dict[str, Any]:
    """The position as the keys of a scenario file: ``players``, ``board``, ``deck``,
    ``discard``, ``eternal``, ``out_of_game`` and ``turn`` (every square with its cards, so
    no ``fill``). Raises ValueError for a state :func:`unwritable` refuses."""
    reason = unwritable(state)
    if reason is not None:
        raise ValueError(f"a scenario cannot hold this position: {reason}")
    end = actual_end(state)
    players: dict[str, Any] = {}
    for seat, player in state.players.items():
        spec: dict[str, Any] = {"piece": end["pieces"][seat.value]}
        if player.piece_colour is not None:
            spec["piece_colour"] = player.piece_colour.value
        spec["hand"] = end["hands"][seat.value]
        if end["lock"][seat.value]:
            spec["lock"] = end["lock"][seat.value]
        players[seat.value] = spec
    turn: dict[str, Any] = {
        "player": state.turn.value,
        "phase": state.phase.value,
        "number": state.turn_number,
    }
    if state.locked_this_turn:
        turn["locked"] = True
    if state.acted is not None:
        turn["acted"] = state.acted
    return {
        "players": players,
        "board": end["squares"],
        "deck": end["deck"],
        "discard": end["discard"],
        "eternal": list(state.eternal),  # in order: the order the random draw is asked in
        "out_of_game": list(state.out_of_game),
        "turn": turn,
    }


def card_data(card: Card) -> dict[str, Any]:
    """A card as a card file writes it: ``{design: ID}`` for a real card, else the keys of
    :class:`CardSpec`."""
    if card.design is not None:
        return {"design": card.design}
    out: dict[str, Any] = {"colour": card.colour.value if card.colour else None}
    if card.kind is not Kind.normal:
        out["kind"] = card.kind.value
    if card.name:
        out["name"] = {"ja": card.name, "en": card.name_en or card.name}
    for part in ("base", "reach", "hand"):
        effect = getattr(card.effects, part)
        if effect is not None:
            out[part] = effect.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    return out


def card_file_data(cards: dict[str, Card], note: dict[str, str]) -> dict[str, Any]:
    """A card file (``include:``) holding ``cards``; illustrative unless every card is an
    instance of a real design."""
    return {
        "illustrative": not all(c.design for c in cards.values() if not c.is_filler),
        "note": note,
        "cards": {cid: card_data(card) for cid, card in cards.items() if not card.is_filler},
    }


def decision_data(request: Request, answer: tuple[str, ...]) -> dict[str, Any]:
    """One answer under ``decide:``, as judge_cli/scenario/decisions.py reads it."""
    if request.kind in ("shuffle", "order") or request.count != 1 or request.minimum is not None:
        return {request.kind: list(answer)}
    return {request.kind: answer[0]}


def dump_scenario(data: dict[str, Any], comment: str = "") -> str:
    """The YAML text of a scenario (or a card file): block style, piles on one line each."""
    head = "".join(f"# {line}\n" if line else "#\n" for line in comment.splitlines())
    return head + dump_yaml(data, flow_lists=True)

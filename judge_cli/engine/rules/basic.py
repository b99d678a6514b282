"""Basic Effects that react to what happens (602): a card placed in a lock area (705.1) whose
Basic Effect speaks of its owner's Lock Phase (「あなたのロックフェイズにロックしないなら…」) or
of a lock in its colour place (「これの置かれた色のロックエリアにロックしたなら…」)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.cards import Colour
from judge_cli.engine.game import Step
from judge_cli.engine.table import Seat

if TYPE_CHECKING:
    from judge_cli.engine.game import Game


def _placed_with(game: Game, seat: Seat, key: str) -> list[tuple[str, Colour]]:
    """The cards placed in ``seat``'s lock area whose Basic Effect has ``key``."""
    state = game.state
    player = state.players[seat]
    out = []
    for colour, pile in player.lock_area.items():
        for c in pile:
            base = state.cards[c].effects.base
            if c in player.placed and base is not None and getattr(base, key):
                out.append((c, colour))
    return out


def _run_basic(game: Game, cause: int | None, seat: Seat, card: str, sentences) -> list[Step]:
    from judge_cli.engine.effects.run import EffectRun, effect_steps

    ev = game.emit("basic_effect", C.BASIC_EFFECT_WORKS, actor=seat, cause=cause, card=card)
    run = EffectRun(card, "basic", seat, ev.seq)
    return effect_steps(game, run, sentences)


def lock_phase_ends(game: Game, cause: int | None, seat: Seat) -> list[Step]:
    """「あなたのロックフェイズにロックしないなら…」: as the Lock Phase ends without a lock."""
    if game.state.locked_this_turn:
        return []
    steps: list[Step] = []
    for card, _ in _placed_with(game, seat, "lock_phase_without_lock"):
        base = game.state.cards[card].effects.base
        assert base is not None and base.lock_phase_without_lock
        steps += _run_basic(game, cause, seat, card, base.lock_phase_without_lock)
    return steps


def locked_here(game: Game, cause: int | None, seat: Seat, place: Colour) -> list[Step]:
    """「これの置かれた色のロックエリアにロックしたなら…」: a card of ``seat`` was just locked in
    ``place``; a card placed there reacts. Its text moves it (「これを任意のマスに…置く」), so
    it is set aside off the board until then (606.4, 307.1)."""
    state = game.state
    player = state.players[seat]
    steps: list[Step] = []
    for card, colour in _placed_with(game, seat, "lock_here"):
        if colour is not place:
            continue
        base = state.cards[card].effects.base
        assert base is not None and base.lock_here
        player.take_from_lock_area(card)
        state.in_use.append(card)
        steps += _run_basic(game, cause, seat, card, base.lock_here)
    return steps

"""The operations by name: what each sentence does, and whether it could do anything now."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from judge_cli.engine.effects import ops_board as B
from judge_cli.engine.effects import ops_cards as K
from judge_cli.engine.effects import ops_lock as L

if TYPE_CHECKING:
    from judge_cli.engine.effects.run import EffectRun
    from judge_cli.engine.effects.vocab import Sentence
    from judge_cli.engine.game import Game

OPS: dict[str, Callable[..., Any]] = {
    "draw": K.draw,
    "take": K.take,
    "discard": K.discard,
    "release": K.release,
    "lock": L.lock,
    "put_in_lock_area": L.put_in_lock_area,
    "move": B.move,
    "open": B.open_,
    "place": B.place,
    "reveal": B.reveal,
    "suppress_reach": B.suppress_reach,
    "this": B.this,
    "choose": B.choose_option,
    "at_turn_end": B.at_turn_end,
}

CAN: dict[str, Callable[..., bool]] = {
    "draw": K.can_draw,
    "take": K.can_take,
    "discard": K.can_discard,
    "release": K.can_release,
    "lock": L.can_lock,
    "put_in_lock_area": L.can_put_in_lock_area,
    "move": B.can_move,
    "open": B.can_open,
    "place": B.can_place,
    "reveal": B.can_reveal,
    "suppress_reach": B.can_suppress_reach,
    "this": B.can_this,
    "choose": B.can_choose,
    "at_turn_end": B.can_at_turn_end,
}


def can_sentences(game: Game, run: EffectRun, sentences: Sequence[Sentence]) -> bool:
    """Whether at least one sentence could be carried out now: what can be done is done
    (114.4), so an effect is impossible only when none of it can be (114.2, 610.1)."""
    return any(CAN[s.op](game, run, s.params) for s in sentences)

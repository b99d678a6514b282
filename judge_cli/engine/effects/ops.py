"""The operations by name: what each sentence does, and whether it could do anything now."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from judge_cli.engine.effects import ops_board as B
from judge_cli.engine.effects import ops_cards as K
from judge_cli.engine.effects import ops_lock as L
from judge_cli.engine.effects import ops_real as R

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
    "pick_up": R.pick_up,
    "give": R.give,
    "swap": R.swap,
    "declare_colours": R.declare_colours,
    "from_discard": R.from_discard,
    "if_": R.if_,
    "each": R.each,
    "nullify": R.nullify,
    "gain_arrival": R.gain_arrival,
    "end_phase": R.end_phase,
    "repeat": R.repeat,
    "cannot_this_turn": R.cannot_this_turn,
    "normal_move_leaps": R.normal_move_leaps,
    "require": R.require,
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
    "pick_up": R.can_pick_up,
    "give": R.can_give,
    "swap": R.can_swap,
    "declare_colours": R.can_declare_colours,
    "from_discard": R.can_from_discard,
    "if_": R.can_if,
    "each": R.can_each,
    "nullify": R.can_nullify,
    "gain_arrival": R.can_gain_arrival,
    "end_phase": R.can_end_phase,
    "repeat": R.can_repeat,
    "cannot_this_turn": R.can_cannot_this_turn,
    "normal_move_leaps": R.can_normal_move_leaps,
    "require": R.can_require,
}


def can_sentences(game: Game, run: EffectRun, sentences: Sequence[Sentence]) -> bool:
    """Whether at least one sentence could be carried out now: what can be done is done
    (114.4), so an effect is impossible only when none of it can be (114.2, 610.1). A
    condition (606.1a-1) that does not hold makes its sentences impossible."""
    # Plain loops, not any() over generators: this runs for every card in the hand at
    # every declaration of a Hand Phase.
    can = CAN
    for s in sentences:
        if s.op == "require" and not can["require"](game, run, s.params):
            return False
    for s in sentences:
        op = s.op
        if op != "require" and can[op](game, run, s.params):
            return True
    return False

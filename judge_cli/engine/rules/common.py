"""Checks shared by every declaration: the game is not over, and it is your turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.steps import Refused

if TYPE_CHECKING:
    from judge_cli.engine.declarations import Declaration
    from judge_cli.engine.game import Game


def require_turn(game: Game, decl: Declaration) -> None:
    state = game.state
    # ``game.over``, read without the property (on Python 3.11 a property is read slowly, and
    # this runs for every declaration the search for legal ones tries).
    if state.winner is not None:
        raise Refused(decl, "game_over", C.GAME_IS_OVER, winner=state.winner)
    if decl.seat != state.turn:
        raise Refused(decl, "not_your_turn", C.NOT_YOUR_TURN, turn=state.turn)

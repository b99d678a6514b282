"""Checks shared by every declaration: the game is not over, and it is your turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.steps import Refused

if TYPE_CHECKING:
    from judge_cli.engine.declarations import Declaration
    from judge_cli.engine.game import Game


def require_turn(game: Game, decl: Declaration) -> None:
    if game.over:
        raise Refused(decl, "game_over", C.GAME_IS_OVER, winner=game.state.winner)
    if decl.seat != game.state.turn:
        raise Refused(decl, "not_your_turn", C.NOT_YOUR_TURN, turn=game.state.turn)

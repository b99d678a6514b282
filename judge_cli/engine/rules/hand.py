"""Using hand effects (504, 606, 607, 611, 703.2, 704): verify, then declare.

A card is used in its owner's Hand Phase (504.1, 606.1a), at its timing on anyone's turn
(606.1a, 502.4: see interrupt.py), or, 「いつでも使える」, at any break in the processing
(502.4f). Every use is verified first; a forbidden one is refused citing its article.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.cards import Kind
from judge_cli.engine.declarations import Use
from judge_cli.engine.effects.ops import can_sentences
from judge_cli.engine.effects.run import EffectRun, choose, effect_steps
from judge_cli.engine.rules.interrupt import timing_matches
from judge_cli.engine.state import Phase, State
from judge_cli.engine.steps import Refused, Step
from judge_cli.engine.table import Seat

if TYPE_CHECKING:
    from judge_cli.engine.cards import Card
    from judge_cli.engine.game import Game
    from judge_cli.engine.rules.interrupt import Window

# Enum members read at every declaration, named once: on Python 3.11 a member read off its
# class (``Phase.hand``) is a slow lookup, an alias a fast one.
_HAND = Phase.hand
_NORMAL = Kind.normal


def where_usable(state: State, seat: Seat, card: str) -> str | None:
    """``hand`` or ``lock`` when ``seat`` holds ``card`` where it can be used (606.1b, 704.1)."""
    player = state.players[seat]
    if card in player.hand:
        return "hand"
    if card in player.locked_cards():
        return "lock"
    return None


def cost_cards(state: State, seat: Seat, card: str) -> list[str]:
    """607.2, 607.3: the other cards of this card's colour in the hand (203.2: a rainbow card
    is every colour); 704.3: never a first or eternal card, which is never discarded."""
    used = state.cards[card]
    return [
        c
        for c in state.players[seat].hand
        if c != card and used.same_colour(other := state.cards[c]) and other.kind is _NORMAL
    ]


def _kept_from_cost(state: State, seat: Seat, card: str) -> bool:
    """Whether the hand holds a first or eternal card of this card's colour (704.3)."""
    used = state.cards[card]
    return any(
        c != card and state.cards[c].kind is not _NORMAL and used.same_colour(state.cards[c])
        for c in state.players[seat].hand
    )


def condition_met(state: State, seat: Seat, card: Card) -> bool:
    """606.1a-1: the state of your hand or of the board when you declare."""
    cond = card.effects.hand.condition if card.effects.hand else None
    if cond is None:
        return True
    player = state.players[seat]
    if cond.in_hand is not None:
        n = sum(
            1
            for c in player.hand
            if (not cond.in_hand.same_name or state.cards[c].name == card.name)
            and (cond.in_hand.colour is None or state.cards[c].colour == cond.in_hand.colour)
        )
        if n < cond.in_hand.count:
            return False
    if cond.fewest_locked:
        counts = [len(p.locked_cards()) for p in state.players.values()]
        if len(player.locked_cards()) > min(counts):
            return False
    return True


class as_if_used:
    """The position while the effect is processed: a used card has left the hand (606.2,
    606.3), set aside when its text says where it goes (606.4); first and eternal cards stay
    (606.5). Restored afterwards: verifying changes nothing.

    A class rather than a generator-based context manager: every check of whether a card
    can be used enters it, thousands of times a game."""

    __slots__ = ("card", "hand", "index", "pile")

    def __init__(self, state: State, seat: Seat, card: Card) -> None:
        self.hand = state.players[seat].hand
        self.card = card.id
        self.pile: list[str] | None = None
        self.index = 0
        if card.id in self.hand and card.kind is _NORMAL:
            assert card.effects.hand is not None
            disposes = card.effects.hand.disposes_of_this
            self.pile = state.in_use if disposes else state.discard

    def __enter__(self) -> None:
        if self.pile is not None:
            self.index = self.hand.index(self.card)
            self.hand.pop(self.index)
            self.pile.append(self.card)

    def __exit__(self, *exc: object) -> None:
        if self.pile is not None:
            self.pile.pop()
            self.hand.insert(self.index, self.card)


def verify_use(game: Game, decl: Use, window: Window | None = None) -> None:
    """Raise :class:`Refused` citing the article that forbids ``decl``."""
    state = game.state
    if state.winner is not None:  # game.over, without the property's slower read
        raise Refused(decl, "game_over", C.GAME_IS_OVER, winner=state.winner)
    card = state.cards.get(decl.card)
    where = where_usable(state, decl.seat, decl.card) if card else None
    if card is None or where is None:
        player = state.players[decl.seat]
        if card is not None and decl.card in (c for p in player.lock_area.values() for c in p):
            raise Refused(decl, "placed_card", C.USE_NOT_IN_HAND, card=decl.card)
        raise Refused(decl, "not_in_hand", C.USE_NOT_IN_HAND, card=decl.card)
    effect = card.effects.hand
    if effect is None:
        raise Refused(decl, "no_hand_effect", C.USE_NO_HAND_EFFECT, card=decl.card)
    if where == "lock" and not card.usable_while_locked:
        raise Refused(decl, "locked_card", C.USE_LOCKED_WITHOUT_MARK, card=decl.card)
    timing = effect.timing
    if window is not None:
        if timing is not None and timing.when == "anytime":
            if not window.at_break:
                raise Refused(decl, "not_at_a_break", C.USE_NOT_AT_A_BREAK, card=decl.card)
        elif timing is None or not timing_matches(timing, decl.seat, window):
            raise Refused(decl, "not_its_timing", C.USE_NOT_ITS_TIMING, card=decl.card)
        if decl.card in window.used:
            raise Refused(decl, "used_in_this_window", C.USE_ONCE_PER_WINDOW, card=decl.card)
    elif timing is not None and timing.when != "anytime":
        raise Refused(decl, "not_its_timing", C.USE_NOT_ITS_TIMING, card=decl.card)
    elif timing is None and (decl.seat != state.turn or state.phase is not _HAND):
        # 606.1a-1: a card with a condition is still used in your own Hand Phase.
        articles = C.USE_NOT_HAND_PHASE + (C.USE_CONDITION_MET if effect.condition else ())
        raise Refused(
            decl, "not_hand_phase", articles, card=decl.card, phase=state.phase, turn=state.turn
        )
    if not condition_met(state, decl.seat, card):
        raise Refused(decl, "condition_not_met", C.USE_CONDITION_NOT_MET, card=decl.card)
    if decl.card in state.unusable:
        raise Refused(decl, "unusable_this_turn", C.HAND_EFFECT_WAITS, card=decl.card)
    if effect.once_per_turn and decl.card in state.uses:
        raise Refused(decl, "once_per_turn", C.ONCE_PER_TURN, card=decl.card)
    if effect.cost and len(cost_cards(state, decl.seat, decl.card)) < effect.cost:
        kept = _kept_from_cost(state, decl.seat, decl.card)
        raise Refused(
            decl,
            "cannot_pay",
            C.USE_CANNOT_PAY + (C.COST_NEVER_FIRST_ETERNAL if kept else ()),
            card=decl.card,
            cost=effect.cost,
            have=len(cost_cards(state, decl.seat, decl.card)),
        )
    run = EffectRun(
        decl.card, "hand", decl.seat, None, interrupted=window.cause if window else None
    )
    with as_if_used(state, decl.seat, card):
        possible = can_sentences(game, run, effect.do)
    if not possible:
        raise Refused(decl, "cannot_be_done", C.USE_CANNOT_BE_DONE, card=decl.card)
    if decl.card in state.uses and state.fingerprint() in state.uses[decl.card]:
        raise Refused(decl, "loop", C.USE_LOOP, card=decl.card)


def declare_use(game: Game, decl: Use, window: Window | None = None) -> list[Step]:
    """Declare the use: the declaration, the cost (607.5: first), the card's own fate (606.2,
    606.4, 606.5); the effect's sentences are the returned steps."""
    state = game.state
    card = state.cards[decl.card]
    effect = card.effects.hand
    assert effect is not None
    where = where_usable(state, decl.seat, decl.card)
    articles = C.DECLARE_USE if effect.timing is None else C.USE_AT_TIMING
    if effect.timing is not None and effect.timing.when == "anytime":
        articles = C.USE_ANYTIME
    if decl.seat != state.turn:
        articles += C.USE_ON_ANOTHERS_TURN
    if window is not None:
        articles += C.INTERRUPT
        if game.interrupts_in_progress:
            articles += C.INTERRUPT_NESTED
            if window.declaration in ("lock", "lock_together") and window.in_effect:
                articles += C.INTERRUPT_EXAMPLE
        if window.in_effect:
            articles += C.INTERRUPT_IN_EFFECT
    if effect.condition is not None:
        articles += C.USE_CONDITION_MET
    if effect.timing is not None and effect.timing.final:
        articles += C.FINAL_LOCK_TIMING
    if where == "lock":
        articles += C.USE_LOCKED
    state.uses.setdefault(decl.card, []).append(state.fingerprint())
    ev = game.emit(
        "declared",
        articles,
        actor=decl.seat,
        cause=window.cause if window else None,
        declaration="use",
        card=decl.card,
        frm=where,
    )
    if effect.cost:
        pay_cost(game, ev.seq, decl.seat, decl.card, effect.cost)
    player = state.players[decl.seat]
    if card.kind is not _NORMAL or where == "lock":
        game.emit("used_card_stays", C.USED_CARD_STAYS, actor=decl.seat, cause=ev.seq, card=card.id)
    elif effect.disposes_of_this:
        player.hand.remove(card.id)
        state.in_use.append(card.id)
        game.emit("used_card_aside", C.USED_CARD_ASIDE, actor=decl.seat, cause=ev.seq, card=card.id)
    else:
        player.hand.remove(card.id)
        state.discard.append(card.id)
        game.emit(
            "used_card_discarded",
            C.USED_CARD_DISCARDED,
            actor=decl.seat,
            cause=ev.seq,
            card=card.id,
        )
    run = EffectRun(
        decl.card,
        "hand",
        decl.seat,
        ev.seq,
        interrupt=window is not None,
        interrupted=window.cause if window is not None else None,
    )
    return effect_steps(game, run, effect.do)


def pay_cost(game: Game, cause: int | None, seat: Seat, card: str, cost: int) -> None:
    """607.5: the cost is paid before the effect: ``cost`` other cards of this card's colour
    discarded from the hand (607.2, 607.3), chosen by the user."""
    state = game.state
    paid = choose(game, "cost", "607.2", cost_cards(state, seat, card), cost, seat, card=card)
    for c in paid:
        state.players[seat].hand.remove(c)
        state.discard.append(c)
    game.emit("paid", C.COST_PAID, actor=seat, cause=cause, card=card, cards=paid, cost=cost)


def any_anytime(game: Game) -> bool:
    """Whether any card of the game is 「いつでも使える」 (computed once per game)."""
    known = game.anytime_cards
    if known is None:
        known = game.anytime_cards = any(
            c.hand_timing == "anytime" for c in game.state.cards.values()
        )
    return known


def usable_cards(game: Game, seat: Seat, window: Window | None = None) -> list[str]:
    """The cards ``seat`` may use now (in a window, or as a declaration between steps).

    Each candidate is verified (:func:`verify_use`); the timing is looked at first, cheaply,
    because most cards are not usable at most moments, and this runs for every player at
    every declaration."""
    state = game.state
    player = state.players[seat]
    cards = state.cards
    own_hand_phase = seat == state.turn and state.phase is _HAND
    if window is None and not own_hand_phase and not any_anytime(game):
        # Between steps outside your Hand Phase only 「いつでも使える」 cards are usable, and the
        # game has none (the real deck): nothing to look at (this runs for every player at
        # every declaration).
        return []
    placed = player.placed
    locked = [  # 704.1: the locked cards usable while locked (Player.locked_cards, filtered)
        c
        for pile in player.lock_area.values()
        for c in pile
        if cards[c].usable_while_locked and c not in placed
    ]
    out: list[str] = []
    for cid in chain(player.hand, locked) if locked else player.hand:
        card = cards[cid]
        when = card.hand_timing
        if when is None:
            continue
        if window is None:
            # Between steps: your own Hand Phase (504.1), or 「いつでも使える」 (502.4f).
            if not (when == "anytime" if when else own_hand_phase):
                continue
        elif not when or (
            when != "anytime" and not timing_matches(card.effects.hand.timing, seat, window)
        ):
            # In a window: only a card whose timing is this declaration (606.1a), or anytime.
            continue
        if cid in out:
            continue
        try:
            verify_use(game, Use(seat, cid), window)
        except Refused:
            continue
        out.append(cid)
    return out

"""Operations on lock areas: a lock by an effect (503.3, 702: a declaration that may be
interrupted, 502.4h; 「なないろの欠片」 locks two together, 702.2) and placing a card in a lock
area, which is not a lock (705)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.cards import SEVEN_COLOURS, Colour
from judge_cli.engine.decisions import Request
from judge_cli.engine.effects.run import EffectRun, choose, for_each, partial
from judge_cli.engine.effects.targets import (
    card_here,
    how_many,
    players_for,
    seats_for,
    take_this,
    who_articles,
)
from judge_cli.engine.game import Step, step
from judge_cli.engine.rules.lock import check_win, place_taken
from judge_cli.engine.table import Seat

if TYPE_CHECKING:
    from judge_cli.engine.effects.vocab import Lock, PutInLockArea
    from judge_cli.engine.game import Game
    from judge_cli.engine.state import Player, State


def free_places(player: Player) -> list[Colour]:
    """702.1: the colour places where nothing is locked (a placed card locks nothing, 705.1)."""
    return [c for c in SEVEN_COLOURS if not player.holds_lock(c)]


def lock_places(
    state: State, player: Player, card: str, place: str, not_final: bool = False
) -> list[Colour]:
    """Where ``card`` may be locked: its colour (701.2), any for a rainbow (701.4) or when the
    card says 任意の1箇所; never a colourless card (701.3); with ``not_final``, never the
    seventh colour (「ただし最後のロックはできない」, 103.1)."""
    colour = state.cards[card].colour
    if colour is None or colour.is_colourless:
        return []
    free = free_places(player)
    if not_final and len(free) == 1:
        return []
    if place == "any" or colour.is_rainbow:
        return free
    return [colour] if colour in free else []


def _lock_pool(game: Game, run: EffectRun, seat: Seat, p: Lock) -> list[str]:
    state = game.state
    name = state.cards[run.card].name
    hand = state.players[seat].hand
    return [c for c in hand if not p.same_name or state.cards[c].name == name]


def _this_ready(game: Game, run: EffectRun, p: Lock) -> bool:
    return p.this and run.card in game.state.in_use


def lock(game: Game, cause: int | None, run: EffectRun, p: Lock) -> list[Step] | None:
    def able(s: Seat) -> bool:
        return _can_lock_one(game, run, s, p)

    seats = players_for(game, cause, run, p.who, able)
    return for_each(game, cause, run, seats, who_articles(p.who), _lock_one, p=p)


def _lock_counts(game: Game, run: EffectRun, seat: Seat, p: Lock) -> tuple[list[str], int]:
    """(this card, if it is to be locked; how many cards from the hand): with ``this`` and no
    count, only this card; otherwise ``count`` cards (115.1: one)."""
    this = [run.card] if _this_ready(game, run, p) else []
    others = 0 if (p.this and p.count is None) else how_many(p.count, 0)
    return this, others


def _together_places(state: State, player: Player, cards: list[str]) -> list[Colour]:
    return [
        pl for pl in SEVEN_COLOURS if all(pl in lock_places(state, player, c, "any") for c in cards)
    ]


def _can_lock_one(game: Game, run: EffectRun, seat: Seat, p: Lock) -> bool:
    state = game.state
    player = state.players[seat]
    pool = _lock_pool(game, run, seat, p)
    this, others = _lock_counts(game, run, seat, p)
    if p.together:
        cards = this + pool[:others]
        return bool(cards) and bool(_together_places(state, player, cards))
    return any(lock_places(state, player, c, p.place, p.not_final) for c in this + pool)


def can_lock(game: Game, run: EffectRun, p: Lock) -> bool:
    return any(_can_lock_one(game, run, s, p) for s in seats_for(game.state, run.activator, p.who))


def _lock_one(
    game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Lock
) -> list[Step] | None:
    state = game.state
    player = state.players[seat]
    pool = _lock_pool(game, run, seat, p)
    this, others = _lock_counts(game, run, seat, p)
    if p.together:
        # 702.2: the cards go to one place, chosen among those where all of them can go.
        picked = this + choose(game, "card", "702.2", pool, others, seat, zone="hand")
        places = _together_places(state, player, picked)
        if not picked or not places:
            partial(game, cause, seat, len(this) + others, 0, "lock")
            return None
        (place,) = choose(game, "place", "702.2", [c.value for c in places], 1, seat)
        return declare_effect_lock(game, cause, run, seat, picked, Colour(place), together=True)
    todo = len(this) + others
    steps: list[Step] = []
    for i in range(todo):
        steps.append(step(_lock_next, cause, run=run, seat=seat, p=p, this=bool(this) and i == 0))
    return steps


def _lock_next(
    game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Lock, this: bool
) -> list[Step] | None:
    """One card of a lock effect: chosen, declared (502.4h: opponents may interrupt), locked."""
    state = game.state
    player = state.players[seat]
    if this:
        options = [run.card] if lock_places(state, player, run.card, p.place) else []
    else:
        pool = _lock_pool(game, run, seat, p)
        options = [c for c in pool if lock_places(state, player, c, p.place, p.not_final)]
    if not options:
        articles = C.NOT_FINAL_LOCK if p.not_final and _pool_nonempty(game, run, seat, p) else ()
        partial(game, cause, seat, 1, 0, "lock", articles)
        return None
    if p.may:
        # 「ロックしてもよい」: the player may lock none.
        picked = game.ask(
            Request("card", "503.3", tuple(options), 1, seat.value, {"zone": "hand"}, minimum=0)
        )
        if not picked:
            run.did = True
            game.emit("declined", C.MAY_DECLINE, actor=seat, cause=cause, card=run.card)
            return None
        card = picked[0]
    else:
        (card,) = choose(game, "card", "503.3", options, 1, seat, zone="hand")
    places = lock_places(state, player, card, p.place, p.not_final)
    (place,) = choose(game, "place", "701.4", [c.value for c in places], 1, seat)
    return declare_effect_lock(game, cause, run, seat, [card], Colour(place), together=False)


def _pool_nonempty(game: Game, run: EffectRun, seat: Seat, p: Lock) -> bool:
    state = game.state
    player = state.players[seat]
    return any(lock_places(state, player, c, p.place) for c in _lock_pool(game, run, seat, p))


def declare_effect_lock(
    game: Game,
    cause: int | None,
    run: EffectRun,
    seat: Seat,
    cards: list[str],
    place: Colour,
    *,
    together: bool,
) -> list[Step]:
    """A lock declared inside an effect (502.4e, 502.4h): the window for it, then the lock."""
    from judge_cli.engine.rules.interrupt import window_after

    articles = C.LOCK_BY_EFFECT + (C.LOCK_TOGETHER + C.CARD_OVER_RULES if together else ())
    ev = game.emit(
        "declared",
        articles,
        actor=seat,
        cause=cause,
        declaration="lock_together" if together else "lock",
        card=cards[0],
        cards=cards,
        place=place,
        by_effect=True,
    )
    # 502.4c: the chance to interrupt starts with the activator of the effect.
    return [
        *window_after(game, ev, first=run.activator),
        step(lock_cards, ev.seq, run=run, seat=seat, cards=cards, place=place, together=together),
    ]


def lock_cards(
    game: Game,
    cause: int | None,
    run: EffectRun,
    seat: Seat,
    cards: list[str],
    place: Colour,
    together: bool,
) -> list[Step] | None:
    """701.1: each card still where it was declared from goes face up to the place; a card that
    left (300.3) or a place taken meanwhile (702.1) is not locked (114.4)."""
    state = game.state
    player = state.players[seat]
    if player.holds_lock(place):
        place_taken(game, cause, seat, cards, place)
        return
    done: list[str] = []
    for card in cards:
        if card in player.hand or card in state.in_use:
            done.append(card)
        else:
            game.emit("lock_fails", C.LOCK_FAILS_LEFT_HAND, actor=seat, cause=cause, card=card)
    if not done:
        return
    # The cards go to the place together, after what could not be locked is told: the lock
    # may be the seventh colour, and nothing is processed after it (103.2).
    for card in done:
        (player.hand if card in player.hand else state.in_use).remove(card)
        player.lock_area[place].append(card)
    run.did = True
    if together and len(done) > 1:
        player.groups.append(list(done))
    articles = C.LOCKED
    if together:
        articles = C.LOCKED_TOGETHER + C.LOCKED
    if any(state.cards[c].colour is Colour.rainbow for c in done):
        articles = C.LOCKED_RAINBOW + articles
    ev = game.emit(
        "locked",
        articles,
        actor=seat,
        cause=cause,
        card=done[0],
        cards=done,
        place=place,
        source="effect",
        together=done if together and len(done) > 1 else None,
    )
    if check_win(game, seat, ev.seq):
        return None
    from judge_cli.engine.rules.basic import locked_here

    return locked_here(game, ev.seq, seat, place)


# -- place in a lock area (705) ---------------------------------------------------------------
def put_in_lock_area(
    game: Game, cause: int | None, run: EffectRun, p: PutInLockArea
) -> list[Step] | None:
    state = game.state
    if p.card == "this":
        card = run.card if card_here(game, run) else None
    else:
        hand = state.players[run.activator].hand
        card = (
            choose(game, "card", "705.1", hand, 1, run.activator, zone="hand")[0] if hand else None
        )
    seats = players_for(game, cause, run, p.whose)
    if card is None or not seats:
        partial(game, cause, run.activator, 1, 0, "put_in_lock_area")
        return None
    colour = state.cards[card].colour
    if p.place == "empty":
        # 「あなたの空いているロックエリア」: a colour place holding no card, chosen by you.
        owner = state.players[seats[0]] if seats else None
        empty = [c.value for c in SEVEN_COLOURS if owner is not None and not owner.lock_area[c]]
        if not empty:
            partial(game, cause, run.activator, 1, 0, "put_in_lock_area")
            return None
        (name,) = choose(game, "place", "705.1", empty, 1, run.activator)
        place = Colour(name)
    elif p.place != "same":
        place = Colour(p.place)
    elif colour in SEVEN_COLOURS:
        place = colour
    elif colour is Colour.rainbow:
        (name,) = choose(game, "place", "203.2", [c.value for c in SEVEN_COLOURS], 1, run.activator)
        place = Colour(name)
    else:
        # 203.3: a colourless card has no colour, so no place of its own colour.
        partial(game, cause, run.activator, 1, 0, "put_in_lock_area")
        return None
    if p.card == "this":
        take_this(game, run)
        run.disposed = True
    else:
        state.players[run.activator].hand.remove(card)
    target = state.players[seats[0]]
    target.lock_area[place].append(card)
    target.placed.add(card)
    run.did = True
    articles = C.PLACED_IN_LOCK_AREA + C.CARD_OVER_RULES
    if p.card == "this" and run.source == "reach":
        articles += C.REACH_OWN_FATE
    game.emit(
        "placed_in_lock_area",
        articles,
        actor=run.activator,
        cause=cause,
        card=card,
        whose=seats[0],
        place=place,
    )
    return None


def can_put_in_lock_area(game: Game, run: EffectRun, p: PutInLockArea) -> bool:
    if p.place == "empty":
        player = game.state.players[run.activator]
        if not any(not player.lock_area[c] for c in SEVEN_COLOURS):
            return False
        return card_here(game, run) if p.card == "this" else bool(player.hand)
    if p.card == "this":
        card = game.state.cards[run.card]
        return card_here(game, run) and not (
            p.place == "same" and (card.colour is None or card.colour.is_colourless)
        )
    return bool(game.state.players[run.activator].hand)

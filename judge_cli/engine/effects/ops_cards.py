"""Operations on cards: draw (305.2), take (奪う), discard from a named zone (300.5), release a
lock (706), lock by an effect (503.3, 702), place in a lock area (705.1).

Each operation is ``op(game, cause, run, params)`` and returns the steps it causes; its twin
``can_op(game, run, params)`` says whether it could change anything now (114.2, 114.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.cards import SEVEN_COLOURS, Colour
from judge_cli.engine.effects.run import EffectRun, for_each
from judge_cli.engine.effects.targets import (
    count_articles,
    how_many,
    players_for,
    protected_event,
    seats_for,
    targetable,
    who_articles,
)
from judge_cli.engine.game import Step, step
from judge_cli.engine.rules import deck
from judge_cli.engine.rules.lock import check_win
from judge_cli.engine.table import Seat

if TYPE_CHECKING:
    from judge_cli.engine.effects.vocab import (
        Discard,
        Draw,
        Lock,
        PutInLockArea,
        Release,
        Take,
    )
    from judge_cli.engine.game import Game
    from judge_cli.engine.state import Player, State


def choose(
    game: Game,
    kind: str,
    article: str,
    options: list[str],
    count: int,
    chooser: Seat | None,
    **context: object,
) -> list[str]:
    """Ask for ``count`` of ``options``; when all of them are needed there is no choice."""
    from judge_cli.engine.decisions import Request

    if count >= len(options):
        return list(options)
    answer = game.ask(
        Request(
            kind,
            article,
            tuple(options),
            count,
            chooser.value if chooser else None,
            {k: (v.value if isinstance(v, Seat) else v) for k, v in context.items()},
        )
    )
    return list(answer)


def partial(
    game: Game,
    cause: int | None,
    seat: Seat,
    wanted: int,
    done: int,
    what: str,
    articles: tuple[str, ...] = (),
) -> None:
    """114.4, 610.4: only part of it can be done, so that part is done; ``articles`` say
    what bounds it (300.5: only the zone the effect names)."""
    game.emit(
        "partial",
        C.PARTIAL + articles,
        actor=seat,
        cause=cause,
        wanted=wanted,
        done=done,
        what=what,
    )


# -- draw ----------------------------------------------------------------------------------
def draw(game: Game, cause: int | None, run: EffectRun, p: Draw) -> list[Step] | None:
    seats = players_for(game, cause, run, p.who)
    return for_each(game, cause, run, seats, who_articles(p.who), _draw_one, p=p)


def _draw_one(game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Draw) -> None:
    size = 0
    if p.count == "hand":
        size = len(game.state.players[run.activator].hand)
        if run.source == "hand":
            # 606.3: the used card has already left the hand and is not counted.
            game.emit(
                "hand_counted",
                C.HAND_COUNTED,
                actor=run.activator,
                cause=cause,
                card=run.card,
                size=size,
            )
    want = how_many(p.count, 0, size)
    if want and deck.draw(game, cause, seat, want):
        run.did = True


def can_draw(game: Game, run: EffectRun, p: Draw) -> bool:
    state = game.state
    if p.count == "hand" and not state.players[run.activator].hand:
        return False
    return bool(state.deck or state.discard)


# -- take --------------------------------------------------------------------------------------
def take(game: Game, cause: int | None, run: EffectRun, p: Take) -> list[Step] | None:
    def able(s: Seat) -> bool:
        return bool(targetable(game, run, game.state.players[s].hand)[0])

    seats = players_for(game, cause, run, p.source, able)
    return for_each(game, cause, run, seats, who_articles(p.source), _take_one, p=p)


def _take_one(game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Take) -> None:
    hand = game.state.players[seat].hand
    ok, protected = targetable(game, run, hand)
    protected_event(game, cause, run, protected)
    want = how_many(p.count, len(hand))
    k = min(want, len(ok))
    if k == 0:
        game.emit(
            "nothing_taken",
            C.PARTIAL,
            actor=run.activator,
            cause=cause,
            frm=seat,
            hand_size=len(hand),
        )
        return
    if p.pick == "random":
        cards = choose(game, "take", "304.4", ok, k, None, **{"from": seat, "by": run.activator})
        kind, articles = "took", C.EFFECT_TAKES + C.AT_RANDOM
    else:
        cards = choose(
            game, "card", "300.5", ok, k, run.activator, **{"from": seat, "zone": "hand"}
        )
        kind, articles = "took_chosen", C.EFFECT_TAKES
    for c in cards:
        hand.remove(c)
        game.state.players[run.activator].hand.append(c)
    run.did = True
    game.emit(
        kind,
        articles + count_articles(p.count),
        actor=run.activator,
        cause=cause,
        frm=seat,
        cards=cards,
        hand_size=len(hand) + k,
    )
    if k < want:
        partial(game, cause, run.activator, want, k, "take")


def can_take(game: Game, run: EffectRun, p: Take) -> bool:
    state = game.state
    return any(
        targetable(game, run, state.players[s].hand)[0]
        for s in seats_for(state, run.activator, p.source)
    )


# -- discard, release --------------------------------------------------------------------------
def _zone_cards(player: Player, zone: str) -> list[str]:
    return list(player.hand) if zone == "hand" else player.locked_cards()


def discard(game: Game, cause: int | None, run: EffectRun, p: Discard) -> list[Step] | None:
    if p.source == "field":
        from judge_cli.engine.effects.ops_board import discard_from_field

        return discard_from_field(game, cause, run, p)

    def able(s: Seat) -> bool:
        return bool(targetable(game, run, _zone_cards(game.state.players[s], p.source))[0])

    seats = players_for(game, cause, run, p.who, able)
    return for_each(game, cause, run, seats, who_articles(p.who), _discard_one, p=p)


def _discard_one(game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Discard) -> None:
    state = game.state
    player = state.players[seat]
    cards = _zone_cards(player, p.source)
    ok, protected = targetable(game, run, cards)
    protected_event(game, cause, run, protected, locked=p.source == "lock")
    want = how_many(p.count, len(cards))
    k = min(want, len(ok))
    zone = C.DISCARD_FROM_HAND if p.source == "hand" else C.DISCARD_FROM_LOCK
    if k == 0:
        partial(game, cause, seat, want, 0, f"discard_{p.source}", zone[:2])
        return
    pick = p.pick or ("owner" if p.source == "hand" else "you")
    if pick == "random":
        chosen = choose(game, "take", "304.4", ok, k, None, **{"from": seat, "by": run.activator})
    else:
        chooser = seat if pick == "owner" else run.activator
        chosen = choose(game, "card", "300.5", ok, k, chooser, **{"from": seat, "zone": p.source})
    articles = zone
    if pick == "random":
        articles += C.AT_RANDOM
    left: list[str] = []
    for c in chosen:
        if p.source == "hand":
            player.hand.remove(c)
        else:
            left += _unlock(player, c)
        state.discard.append(c)
    run.did = True
    game.emit(
        "discarded",
        articles + count_articles(p.count),
        actor=seat,
        cause=cause,
        cards=chosen,
        zone=p.source,
        by=run.activator,
    )
    _still_locked(game, cause, player, [c for c in left if c not in chosen])
    if k < want:
        partial(game, cause, seat, want, k, f"discard_{p.source}")


def can_discard(game: Game, run: EffectRun, p: Discard) -> bool:
    if p.source == "field":
        from judge_cli.engine.effects.ops_board import can_discard_from_field

        return can_discard_from_field(game, run, p)
    state = game.state
    return any(
        targetable(game, run, _zone_cards(state.players[s], p.source))[0]
        for s in seats_for(state, run.activator, p.who)
    )


def _unlock(player: Player, card: str) -> list[str]:
    """706.1: the lock is released by the effect and the card leaves its place. Returns the
    cards that were locked together with it and stay locked (702.3)."""
    place = player.place_of(card)
    if place is not None:
        player.lock_area[place].remove(card)
    player.placed.discard(card)
    group = player.group_of(card)
    if group is None:
        return []
    group.remove(card)
    if len(group) < 2:
        player.groups.remove(group)
    return list(group)


def _still_locked(game: Game, cause: int | None, player: Player, left: list[str]) -> None:
    """702.3: one of the cards locked together is lost; the others stay locked."""
    left = [c for c in dict.fromkeys(left) if player.place_of(c) is not None]
    if left:
        game.emit(
            "still_locked",
            C.STILL_LOCKED,
            actor=player.seat,
            cause=cause,
            cards=left,
            place=player.place_of(left[0]),
        )


def release(game: Game, cause: int | None, run: EffectRun, p: Release) -> list[Step] | None:
    def able(s: Seat) -> bool:
        return bool(targetable(game, run, game.state.players[s].locked_cards())[0])

    seats = players_for(game, cause, run, p.who, able)
    return for_each(game, cause, run, seats, who_articles(p.who), _release_one, p=p)


def _release_one(game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Release) -> None:
    state = game.state
    player = state.players[seat]
    cards = player.locked_cards()
    ok, protected = targetable(game, run, cards)
    protected_event(game, cause, run, protected, locked=True)
    want = how_many(p.count, len(cards))
    k = min(want, len(ok))
    if k == 0:
        partial(game, cause, seat, want, 0, "release")
        return
    chosen = choose(game, "card", "706.1", ok, k, run.activator, **{"from": seat, "zone": "lock"})
    left: list[str] = []
    for c in chosen:
        left += _unlock(player, c)
        (player.hand if p.to == "hand" else state.discard).append(c)
    run.did = True
    game.emit(
        "released",
        C.RELEASED + count_articles(p.count),
        actor=seat,
        cause=cause,
        cards=chosen,
        to=p.to,
        by=run.activator,
    )
    _still_locked(game, cause, player, [c for c in left if c not in chosen])
    if k < want:
        partial(game, cause, seat, want, k, "release")


def can_release(game: Game, run: EffectRun, p: Release) -> bool:
    state = game.state
    return any(
        targetable(game, run, state.players[s].locked_cards())[0]
        for s in seats_for(state, run.activator, p.who)
    )


# -- lock by an effect ------------------------------------------------------------------------
def free_places(player: Player) -> list[Colour]:
    """702.1: the colour places where nothing is locked (a placed card locks nothing, 705.1)."""
    return [c for c in SEVEN_COLOURS if all(x in player.placed for x in player.lock_area[c])]


def lock_places(state: State, player: Player, card: str, place: str) -> list[Colour]:
    """Where ``card`` may be locked: its colour (701.2), any for a rainbow (701.4) or when the
    card says 任意の1箇所; never a colourless card (701.3)."""
    colour = state.cards[card].colour
    if colour is None or colour.is_colourless:
        return []
    free = free_places(player)
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
    return any(lock_places(state, player, c, p.place) for c in this + pool)


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
        options = [c for c in pool if lock_places(state, player, c, p.place)]
    if not options:
        partial(game, cause, seat, 1, 0, "lock")
        return None
    (card,) = choose(game, "card", "503.3", options, 1, seat, zone="hand")
    places = lock_places(state, player, card, p.place)
    (place,) = choose(game, "place", "701.4", [c.value for c in places], 1, seat)
    return declare_effect_lock(game, cause, run, seat, [card], Colour(place), together=False)


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
) -> None:
    """701.1: each card still where it was declared from goes face up to the place; a card that
    left (300.3) or a place taken meanwhile (702.1) is not locked (114.4)."""
    state = game.state
    player = state.players[seat]
    done: list[str] = []
    for card in cards:
        where = (
            player.hand if card in player.hand else state.in_use if card in state.in_use else None
        )
        if where is None:
            game.emit("lock_fails", C.LOCK_FAILS_LEFT_HAND, actor=seat, cause=cause, card=card)
            continue
        if place not in free_places(player) and not done:
            game.emit(
                "lock_fails",
                C.LOCK_FAILS_PLACE_TAKEN,
                actor=seat,
                cause=cause,
                card=card,
                place=place,
            )
            continue
        where.remove(card)
        player.lock_area[place].append(card)
        done.append(card)
    if not done:
        return
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
    check_win(game, seat, ev.seq)


# -- place in a lock area (705) ---------------------------------------------------------------
def _card_here(game: Game, run: EffectRun) -> bool:
    """Whether this card is where its own text can move it: set aside (606.4) or, for a reach
    effect, still on the reached square."""
    state = game.state
    if run.card in state.in_use:
        return True
    return run.square is not None and any(f.card == run.card for f in state.squares[run.square])


def take_this(game: Game, run: EffectRun) -> None:
    """Take this card from where it is (set aside, or on the reached square)."""
    state = game.state
    if run.card in state.in_use:
        state.in_use.remove(run.card)
        return
    assert run.square is not None
    pile = state.squares[run.square]
    pile[:] = [f for f in pile if f.card != run.card]


def put_in_lock_area(
    game: Game, cause: int | None, run: EffectRun, p: PutInLockArea
) -> list[Step] | None:
    state = game.state
    if p.card == "this":
        card = run.card if _card_here(game, run) else None
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
    if p.place != "same":
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
    if p.card == "this":
        card = game.state.cards[run.card]
        return _card_here(game, run) and not (
            p.place == "same" and (card.colour is None or card.colour.is_colourless)
        )
    return bool(game.state.players[run.activator].hand)

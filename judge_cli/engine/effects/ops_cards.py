"""Operations on cards in hands and lock areas: draw (305.2), take (奪う), discard from a named
zone (300.5), release a lock (706).

Each operation is ``op(game, cause, run, params)`` and returns the steps it causes; its twin
``can_op(game, run, params)`` says whether it could change anything now (114.2, 114.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.decisions import Request
from judge_cli.engine.effects.run import EffectRun, choose, for_each, partial
from judge_cli.engine.effects.targets import (
    count_articles,
    how_many,
    players_for,
    protected_event,
    seats_for,
    targetable,
    who_articles,
)
from judge_cli.engine.game import Step
from judge_cli.engine.rules import deck
from judge_cli.engine.table import Seat

if TYPE_CHECKING:
    from judge_cli.engine.effects.vocab import Discard, Draw, Release, Take
    from judge_cli.engine.game import Game
    from judge_cli.engine.state import Player


# -- draw ----------------------------------------------------------------------------------
def draw(game: Game, cause: int | None, run: EffectRun, p: Draw) -> list[Step] | None:
    seats = players_for(game, cause, run, p.who)
    return for_each(game, cause, run, seats, who_articles(p.who), _draw_one, p=p)


def _draw_one(game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Draw) -> None:
    if p.may:
        # 「ドローしてもよい」: the player says whether to draw.
        (answer,) = game.ask(
            Request(
                "use",
                "104.2",
                (run.card, "pass"),
                1,
                seat.value,
                {"declaration": "draw", "by": seat.value},
            )
        )
        if answer == "pass":
            run.did = True
            game.emit("declined", C.MAY_DECLINE, actor=seat, cause=cause, card=run.card)
            return
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
    want = len(run.declared or []) if p.count == "declared" else how_many(p.count, 0, size)
    if p.per_discarded:
        want *= run.discarded
    drawn = deck.draw(game, cause, seat, want) if want else []
    if drawn:
        run.did = True
        run.drawn = drawn


def can_draw(game: Game, run: EffectRun, p: Draw) -> bool:
    state = game.state
    if p.per_discarded or p.count == "declared":
        return False  # it draws only what earlier sentences decide
    if p.count == "hand" and not state.players[run.activator].hand:
        return False
    return bool(state.deck or state.discard)


# -- take --------------------------------------------------------------------------------------
def _declarer(game: Game, run: EffectRun) -> Seat | None:
    """The player whose declaration this effect interrupts (502.4)."""
    root = run
    while root.parent is not None:
        root = root.parent
    if root.interrupted is None:
        return None
    return game.trace[root.interrupted - 1].actor


def _take_pool(game: Game, seat: Seat, p: Take) -> list[str]:
    player = game.state.players[seat]
    return player.hand if p.zone == "hand" else player.locked_cards()


def take(game: Game, cause: int | None, run: EffectRun, p: Take) -> list[Step] | None:
    def able(s: Seat) -> bool:
        return bool(targetable(game, run, _take_pool(game, s, p))[0])

    if p.source == "declarer":
        declarer = _declarer(game, run)
        seats = [] if declarer is None else [declarer]
        if not seats:
            partial(game, cause, run.activator, 1, 0, "take")
            return None
    else:
        seats = players_for(game, cause, run, p.source, able)
    if p.source == "opponent" and len(seats) == 1:
        run.opponent = seats[0]  # 「その相手」
    return for_each(game, cause, run, seats, who_articles(p.source), _take_one, p=p)


def _take_one(game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Take) -> None:
    if p.zone == "lock":
        _leave(
            game,
            cause,
            run,
            seat,
            "lock",
            p.count,
            "you",
            "activator",
            "took_locked",
            C.EFFECT_TAKES + C.RELEASED,
        )
        return
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
    if p.source == "declarer":
        declarer = _declarer(game, run)
        return declarer is not None and bool(
            targetable(game, run, _take_pool(game, declarer, p))[0]
        )
    return any(
        targetable(game, run, _take_pool(game, s, p))[0]
        for s in seats_for(state, run.activator, p.source)
    )


# -- discard, release --------------------------------------------------------------------------
def _zone_cards(player: Player, zone: str) -> list[str]:
    return list(player.hand) if zone in ("hand", "drawn") else player.locked_cards()


def _discard_able(game: Game, run: EffectRun, s: Seat, p: Discard) -> bool:
    player = game.state.players[s]
    cards = _zone_cards(player, p.source)
    if p.source == "drawn":
        cards = [c for c in run.drawn or [] if c in player.hand]
    if p.min_hand is not None and len(player.hand) < p.min_hand:
        return False
    if p.keep is not None and len(player.hand) <= p.keep:
        return False
    if p.count == "half" and len(cards) < 2:
        return False  # 1000「半分」: half of one card is none
    return bool(targetable(game, run, cards)[0])


def discard(game: Game, cause: int | None, run: EffectRun, p: Discard) -> list[Step] | None:
    """300.5: a hand, a lock area (706: the lock is released) or the field (ops_board.py)."""
    if p.source == "field":
        from judge_cli.engine.effects.ops_board import discard_from_field

        return discard_from_field(game, cause, run, p)

    def able(s: Seat) -> bool:
        return _discard_able(game, run, s, p)

    seats = players_for(game, cause, run, p.who, able)
    if p.min_hand is not None:
        seats = [s for s in seats if len(game.state.players[s].hand) >= p.min_hand]
        if not seats:
            partial(game, cause, run.activator, 1, 0, "discard_hand", C.HAND_AT_LEAST)
            return None
    return for_each(game, cause, run, seats, who_articles(p.who), _discard_one, p=p)


def _discard_one(game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Discard) -> None:
    zone = C.DISCARD_FROM_LOCK if p.source == "lock" else C.DISCARD_FROM_HAND
    if p.min_hand is not None:
        zone += C.HAND_AT_LEAST
    if p.source == "drawn":
        zone += C.TURN_END_DISCARD
    pick = p.pick or ("owner" if p.source in ("hand", "drawn") else "you")
    count = p.count
    if p.keep is not None:
        # 「手札がN枚になるように捨てる」: as many as bring the hand down to N.
        count = max(0, len(game.state.players[seat].hand) - p.keep)
        zone += C.DISCARD_DOWN_TO
        if count == 0:
            return
    _leave(game, cause, run, seat, p.source, count, pick, "discard", "discarded", zone)


def _leave(
    game: Game,
    cause: int | None,
    run: EffectRun,
    seat: Seat,
    zone: str,
    count: object,
    pick: str,
    to: str,
    kind: str,
    articles: tuple[str, ...],
) -> None:
    """Cards leave ``seat``'s hand or lock area (only that zone, 300.5) for ``to``: chosen by
    the owner or the activator, or at random (304.4); protected cards stay (105.3, 704.3)."""
    state = game.state
    player = state.players[seat]
    cards = _zone_cards(player, zone)
    if zone == "drawn":
        cards = [c for c in run.drawn or [] if c in player.hand]
    ok, protected = targetable(game, run, cards)
    protected_event(game, cause, run, protected, locked=zone == "lock")
    want = len(ok) if count == "any" else how_many(count, len(cards))
    k = min(want, len(ok))
    what = "release" if kind == "released" else f"discard_{zone}"
    if k == 0:
        partial(game, cause, seat, want, 0, what, articles[:2])
        return
    if count == "any":
        # 「任意の枚数」: any number, none included.
        chooser = seat if pick == "owner" else run.activator
        chosen = list(
            game.ask(
                Request(
                    "card",
                    articles[0],
                    tuple(ok),
                    k,
                    chooser.value,
                    {"from": seat, "zone": zone},
                    minimum=0,
                )
            )
        )
        if not chosen:
            run.did = True
            game.emit("declined", C.MAY_DECLINE, actor=chooser, cause=cause, card=run.card)
            return
    elif pick == "random":
        chosen = choose(game, "take", "304.4", ok, k, None, **{"from": seat, "by": run.activator})
        articles += C.AT_RANDOM
    else:
        chooser = seat if pick == "owner" else run.activator
        chosen = choose(game, "card", articles[0], ok, k, chooser, **{"from": seat, "zone": zone})
    left: list[str] = []
    for c in chosen:
        if zone in ("hand", "drawn"):
            player.hand.remove(c)
        else:
            left += player.take_from_lock_area(c)
        if to == "activator":
            state.players[run.activator].hand.append(c)
        else:
            (player.hand if to == "hand" else state.discard).append(c)
    run.did = True
    if to == "discard":
        run.discarded += len(chosen)
    game.emit(
        kind,
        articles + count_articles(count),
        actor=seat,
        cause=cause,
        cards=chosen,
        zone=zone,
        to=to,
        by=run.activator,
    )
    _still_locked(game, cause, player, [c for c in left if c not in chosen])
    if k < want:
        partial(game, cause, seat, want, k, what)


def can_discard(game: Game, run: EffectRun, p: Discard) -> bool:
    if p.source == "field":
        from judge_cli.engine.effects.ops_board import can_discard_from_field

        return can_discard_from_field(game, run, p)
    state = game.state
    return any(_discard_able(game, run, s, p) for s in seats_for(state, run.activator, p.who))


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
    _leave(game, cause, run, seat, "lock", p.count, "you", p.to, "released", C.RELEASED)


def can_release(game: Game, run: EffectRun, p: Release) -> bool:
    state = game.state
    return any(
        targetable(game, run, state.players[s].locked_cards())[0]
        for s in seats_for(state, run.activator, p.who)
    )

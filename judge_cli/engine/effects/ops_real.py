"""Operations the real cards' texts need beyond the basic ones: a card from the field to your
hand, a card given, a swap of places (マスチェンジ), colours declared, a card from the
discard pile, 「〜なら」, 「全員は…」, 「その接触を無効にする」, 「上記の到達効果を得る」,
「このフェイズを終了する」, 「この効果を繰り返す」, what cannot be done this turn, leaping normal
moves, and a condition on one option (606.1a-1). Each cites the articles that allow it; the
card's own text is what changes the rules here (104.2, 105.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.cards import SEVEN_COLOURS, Colour
from judge_cli.engine.decisions import Request
from judge_cli.engine.effects.run import EffectRun, partial, sentence
from judge_cli.engine.effects.targets import (
    area_articles,
    area_squares,
    protected_event,
    seats_for,
    targetable,
    who_articles,
    within,
)
from judge_cli.engine.game import Step, step
from judge_cli.engine.rules.move import ensure_known
from judge_cli.engine.state import Phase
from judge_cli.engine.table import Seat, Square

if TYPE_CHECKING:
    from judge_cli.engine.effects.vocab import (
        Condition,
        DeclareColours,
        Each,
        FromDiscard,
        Give,
        IfSpec,
        PickUp,
        Sentence,
        Swap,
    )
    from judge_cli.engine.game import Game


def _sentences(run: EffectRun, cause: int | None, sentences: list[Sentence]) -> list[Step]:
    n = len(sentences)
    return [step(sentence, cause, run=run, index=i, of=n, spec=s) for i, s in enumerate(sentences)]


def _root(run: EffectRun) -> EffectRun:
    while run.parent is not None:
        run = run.parent
    return run


# -- a card from the field to your hand -----------------------------------------------------
def _pick_targets(game: Game, run: EffectRun, p: PickUp) -> tuple[list[Square], list[str]]:
    state = game.state
    centre = state.players[run.activator].piece
    squares = [sq for sq in area_squares(state, centre, run.activator, p, run) if state.squares[sq]]
    ok, protected = targetable(game, run, [state.squares[sq][-1].card for sq in squares])
    return [sq for sq in squares if state.squares[sq][-1].card in ok], protected


def pick_up(game: Game, cause: int | None, run: EffectRun, p: PickUp) -> list[Step] | None:
    """111.1: the top card of one square of the area to your hand; 「そのマス」 is remembered."""
    from judge_cli.engine.effects.ops_board import _reaches, uncover

    state = game.state
    squares, protected = _pick_targets(game, run, p)
    protected_event(game, cause, run, protected)
    if not squares:
        partial(game, cause, run.activator, 1, 0, "pick_up")
        return None
    (name,) = game.ask(
        Request(
            "square",
            "111.1",
            tuple(sq.name for sq in squares),
            1,
            run.activator.value,
            {"card": run.card},
        )
    )
    sq = Square.parse(name)
    ensure_known(game, state.squares[sq][-1].card, sq)
    fc = state.squares[sq].pop()
    state.players[run.activator].hand.append(fc.card)
    run.chosen_square = sq
    run.did = True
    piece = state.piece_at(sq)
    articles = C.PICKED_UP + C.TOP_CARD + area_articles(p)
    if piece is not None:
        articles += C.TOP_CARD_UNDER_PIECE
    ev = game.emit("picked_up", articles, actor=run.activator, cause=cause, card=fc.card, square=sq)
    uncovered = uncover(game, piece, sq, ev.seq)
    return _reaches(game, run, [uncovered]) if uncovered is not None else None


def can_pick_up(game: Game, run: EffectRun, p: PickUp) -> bool:
    """Whether :func:`_pick_targets` finds a square (the first one found is enough)."""
    state = game.state
    centre = state.players[run.activator].piece
    squares, cards = state.squares, state.cards
    for sq in area_squares(state, centre, run.activator, p, run):
        pile = squares[sq]
        if pile and ((top := pile[-1].card) == run.card or not cards[top].untargetable):
            return True
    return False


# -- a card given to the opponent chosen before (「その相手」) ---------------------------------
def give(game: Game, cause: int | None, run: EffectRun, p: Give) -> list[Step] | None:
    state = game.state
    to = run.opponent
    hand = state.players[run.activator].hand
    want = p.count or 1
    if to is None or not hand:
        partial(game, cause, run.activator, want, 0, "give")
        return None
    k = min(want, len(hand))
    cards = list(
        game.ask(
            Request(
                "card", "304.1", tuple(hand), k, run.activator.value, {"zone": "hand", "to": to}
            )
        )
    )
    for c in cards:
        hand.remove(c)
        state.players[to].hand.append(c)
    run.did = True
    game.emit("gave", C.GIVEN, actor=run.activator, cause=cause, to=to, cards=cards)
    if k < want:
        partial(game, cause, run.activator, want, k, "give")
    return None


def can_give(game: Game, run: EffectRun, p: Give) -> bool:
    return bool(game.state.players[run.activator].hand)


# -- swapping places (マスチェンジ) -----------------------------------------------------------
def _swap_candidates(game: Game, run: EffectRun, p: Swap) -> list[Seat]:
    state = game.state
    here = state.players[run.activator].piece
    if here is None:
        return []
    area = set(within(state, here, run.activator, p.within))
    return [
        s for s in seats_for(state, run.activator, "opponent") if state.players[s].piece in area
    ]


def swap(game: Game, cause: int | None, run: EffectRun, p: Swap) -> list[Step] | None:
    """「いる場所を入れ替える」: the pieces change squares at once. Not a move (506.4), so a
    face-down card is not opened; a face-up top card at either new square is arrived at
    (603.1), activator first (113.1); never this card itself (「相手はこのカードの到達効果を
    得ない」)."""
    from judge_cli.engine.effects.ops_board import _reaches

    state = game.state
    candidates = _swap_candidates(game, run, p)
    if not candidates:
        partial(game, cause, run.activator, 1, 0, "swap")
        return None
    if len(candidates) == 1:
        them = candidates[0]
    else:
        (name,) = game.ask(
            Request(
                "player",
                "115.2",
                tuple(s.value for s in candidates),
                1,
                run.activator.value,
                {"card": run.card},
            )
        )
        them = Seat(name)
    me = run.activator
    mine, theirs = state.players[me].piece, state.players[them].piece
    assert mine is not None and theirs is not None
    state.players[me].piece, state.players[them].piece = theirs, mine
    run.opponent = them
    run.did = True
    ev = game.emit(
        "swapped",
        C.SWAPPED + C.ONE_OPPONENT,
        actor=me,
        cause=cause,
        seat=them,
        frm=mine,
        to=theirs,
    )
    reaches = []
    for seat, sq in ((me, theirs), (them, mine)):
        top = state.top(sq)
        if top is None or not top.face_up or top.card == run.card:
            continue
        if top.card in state.resolving:
            # 603.3: a card whose Arrival Effect is still being processed is not arrived at
            # again by the swap it caused (it would swap back and forth for ever).
            game.emit(
                "not_arrived_again", C.NOT_ARRIVED_AGAIN, actor=seat, cause=ev.seq, card=top.card
            )
            continue
        reaches.append((seat, sq, ev.seq, "swapped"))
    return _reaches(game, run, reaches)


def can_swap(game: Game, run: EffectRun, p: Swap) -> bool:
    return bool(_swap_candidates(game, run, p))


# -- colours declared ----------------------------------------------------------------------
def declare_colours(
    game: Game, cause: int | None, run: EffectRun, p: DeclareColours
) -> list[Step] | None:
    """「色を３色宣言する」, 「２色以上」: among the seven colours; a colourless card has no
    colour and cannot be named (203.3)."""
    options = tuple(c.value for c in SEVEN_COLOURS)
    count = p.count or len(options)
    answer = game.ask(
        Request(
            "colours",
            "203.3",
            options,
            count,
            run.activator.value,
            {"card": run.card},
            minimum=None if p.count else p.min,
        )
    )
    run.declared = list(answer)
    run.did = True
    game.emit(
        "declared_colours",
        C.COLOURS_DECLARED,
        actor=run.activator,
        cause=cause,
        card=run.card,
        colours=list(answer),
    )
    return None


def can_declare_colours(game: Game, run: EffectRun, p: DeclareColours) -> bool:
    return True


# -- a card from the discard pile -----------------------------------------------------------
def from_discard(game: Game, cause: int | None, run: EffectRun, p: FromDiscard) -> None:
    """「捨て場の１番上からN番目のカード」 (306.3: the pile is face up, its top the last)."""
    pile = game.state.discard
    if len(pile) < p.position:
        partial(game, cause, run.activator, 1, 0, "from_discard")
        return
    card = pile.pop(len(pile) - p.position)
    game.state.players[run.activator].hand.append(card)
    run.did = True
    game.emit(
        "took_from_discard",
        C.FROM_DISCARD,
        actor=run.activator,
        cause=cause,
        card=card,
        position=p.position,
    )


def can_from_discard(game: Game, run: EffectRun, p: FromDiscard) -> bool:
    return len(game.state.discard) >= p.position


# -- 「〜なら」 --------------------------------------------------------------------------------
def _matches(game: Game, card: str, colour: str, declared: list[str]) -> bool:
    c = game.state.cards[card].colour
    if c is None or c.is_colourless:
        return False
    if c is Colour.rainbow:
        return True  # 203.2: every colour
    return c.value in (declared if colour == "declared" else [colour])


def _holds(game: Game, run: EffectRun, p: IfSpec) -> tuple[bool, tuple[str, ...], dict]:
    state = game.state
    player = state.players[run.activator]
    if p.fewest_locked:
        counts = {s.value: len(q.locked_cards()) for s, q in state.players.items()}
        mine = len(player.locked_cards())
        articles = C.FEWEST_LOCKED
        if any(q.groups for q in state.players.values()):
            articles += C.LOCKED_COUNT_TOGETHER
        if any(q.placed for q in state.players.values()):
            articles += C.PLACED_NOT_COUNTED
        return mine == min(counts.values()), articles, {"counts": counts}
    if p.hand_at_most is not None:
        size = len(player.hand)
        articles = C.HAND_COUNTED if run.source == "hand" else ()
        return size <= p.hand_at_most, articles, {"hand_size": size}
    cards = list(run.drawn or []) if p.among == "drawn" else [c for c in [run.placed_card] if c]
    assert p.colour is not None
    hits = [c for c in cards if _matches(game, c, str(p.colour), run.declared or [])]
    rainbow = any(state.cards[c].colour is Colour.rainbow for c in hits)
    return bool(hits), C.COLOUR_RAINBOW_MATCHES if rainbow else (), {"cards": hits}


def if_(game: Game, cause: int | None, run: EffectRun, p: IfSpec) -> list[Step] | None:
    holds, articles, data = _holds(game, run, p)
    ev = game.emit(
        "condition_met" if holds else "condition_not_met",
        C.IF_CONDITION + articles,
        actor=run.activator,
        cause=cause,
        card=run.card,
        **data,
    )
    if not holds:
        return None
    return _sentences(run, ev.seq, p.then)


def can_if(game: Game, run: EffectRun, p: IfSpec) -> bool:
    from judge_cli.engine.effects.ops import can_sentences

    if p.among is not None:
        return True  # decided by what the effect draws or places
    return _holds(game, run, p)[0] and can_sentences(game, run, p.then)


# -- 「全員は…」: each player processes the sentences as 「あなた」 -------------------------
def each(game: Game, cause: int | None, run: EffectRun, p: Each) -> list[Step] | None:
    seats = seats_for(game.state, run.activator, p.who)
    run.multi = True
    ev = game.emit(
        "each_player",
        who_articles(p.who) + C.EACH_PLAYER,
        actor=run.activator,
        cause=cause,
        seats=list(seats),
    )
    return [step(_each_one, ev.seq, run=run, seat=s, sentences=p.do) for s in seats]


def _each_one(
    game: Game, cause: int | None, run: EffectRun, seat: Seat, sentences: list[Sentence]
) -> list[Step]:
    """612.2: one player's part, ended before the next player's begins."""
    child = EffectRun(
        run.card,
        run.source,
        seat,
        cause,
        square=run.square,
        interrupted=run.interrupted,
        parent=run,
    )
    return [*_sentences(child, cause, sentences), step(_merge, cause, run=run, child=child)]


def _merge(game: Game, cause: int | None, run: EffectRun, child: EffectRun) -> None:
    run.did |= child.did
    run.disposed |= child.disposed


def can_each(game: Game, run: EffectRun, p: Each) -> bool:
    from judge_cli.engine.effects.ops import can_sentences

    for seat in seats_for(game.state, run.activator, p.who):
        child = EffectRun(run.card, run.source, seat, None, square=run.square, parent=run)
        if can_sentences(game, child, p.do):
            return True
    return False


# -- 「その接触を無効にする」 -----------------------------------------------------------------
def _interrupted_contact(game: Game, run: EffectRun) -> int | None:
    seq = _root(run).interrupted
    if seq is None:
        return None
    ev = game.trace[seq - 1]
    return seq if ev.data.get("declaration") == "contact" else None


def nullify(game: Game, cause: int | None, run: EffectRun, what: str) -> None:
    seq = _interrupted_contact(game, run)
    if seq is None:
        partial(game, cause, run.activator, 1, 0, "nullify")
        return
    game.state.nullified.add(seq)
    run.did = True
    game.emit("nullified", C.NULLIFIED, actor=run.activator, cause=cause, declared=seq)


def can_nullify(game: Game, run: EffectRun, what: str) -> bool:
    return _interrupted_contact(game, run) is not None


# -- 「上記の到達効果を得る」 ---------------------------------------------------------------------
def gain_arrival(game: Game, cause: int | None, run: EffectRun, _: object) -> list[Step] | None:
    effect = game.state.cards[run.card].effects.reach
    assert effect is not None
    ev = game.emit("gains_arrival", C.GAIN_ARRIVAL, actor=run.activator, cause=cause, card=run.card)
    return _sentences(run, ev.seq, effect.do)


def can_gain_arrival(game: Game, run: EffectRun, _: object) -> bool:
    from judge_cli.engine.effects.ops import can_sentences

    effect = game.state.cards[run.card].effects.reach
    return effect is not None and can_sentences(game, run, effect.do)


# -- 「このフェイズを終了する」 -------------------------------------------------------------------
def end_phase(game: Game, cause: int | None, run: EffectRun, _: object) -> None:
    _root(run).ends_phase = True
    run.did = True
    game.emit(
        "phase_will_end",
        C.END_PHASE_BY_EFFECT,
        actor=run.activator,
        cause=cause,
        phase=game.state.phase,
    )


def end_phase_now(game: Game, cause: int | None, run: EffectRun) -> list[Step]:
    """The phase ends when the effect is done; the next phase begins (502.1)."""
    from judge_cli.engine.rules.turn import begin_phase, end_turn

    state = game.state
    phase = state.phase
    ev = game.emit("phase_ended", C.END_PHASE_BY_EFFECT, actor=state.turn, cause=cause, phase=phase)
    if phase is Phase.lock:
        return [step(begin_phase, ev.seq, phase=Phase.hand)]
    if phase is Phase.hand:
        return [step(begin_phase, ev.seq, phase=Phase.move)]
    return [step(end_turn, ev.seq, articles=C.TURN_ENDS)]


def can_end_phase(game: Game, run: EffectRun, _: object) -> bool:
    return True


# -- 「この効果を繰り返す」 ----------------------------------------------------------------------
def repeat(game: Game, cause: int | None, run: EffectRun, _: object) -> list[Step] | None:
    root = run
    ev = game.emit("repeated", C.REPEATED, actor=run.activator, cause=cause, card=run.card)
    run.declared = None
    run.placed_card = None
    return _sentences(run, ev.seq, list(root.sentences))


def can_repeat(game: Game, run: EffectRun, _: object) -> bool:
    return True


# -- what cannot be done this turn ----------------------------------------------------------
def cannot_this_turn(game: Game, cause: int | None, run: EffectRun, what: str) -> None:
    state = game.state
    data: dict = {"what": what}
    if what == "move":
        state.cannot_move.add(run.activator)
    elif what == "contact":
        state.cannot_contact.add(run.activator)
    else:
        cards = [c for c in run.drawn or []]
        state.unusable.update(cards)
        data["cards"] = cards
    run.did = True
    game.emit("cannot_this_turn", C.CANNOT_THIS_TURN, actor=run.activator, cause=cause, **data)


def can_cannot_this_turn(game: Game, run: EffectRun, what: str) -> bool:
    return True


def normal_move_leaps(game: Game, cause: int | None, run: EffectRun, _: object) -> None:
    game.state.leaping.add(run.activator)
    run.did = True
    game.emit("normal_move_leaps", C.LEAP_MOVES, actor=run.activator, cause=cause)


def can_normal_move_leaps(game: Game, run: EffectRun, _: object) -> bool:
    return run.activator not in game.state.leaping


# -- a condition on one option (606.1a-1) ---------------------------------------------------
def _condition_holds(game: Game, run: EffectRun, cond: Condition) -> bool:
    state = game.state
    card = state.cards[run.card]
    cards = list(state.players[run.activator].hand)
    if run.card in state.in_use:
        cards.append(run.card)  # 「これを含めた」: the card being used counts
    if cond.in_hand is not None:
        n = sum(
            1
            for c in cards
            if (not cond.in_hand.same_name or state.cards[c].name == card.name)
            and (cond.in_hand.colour is None or state.cards[c].colour == cond.in_hand.colour)
        )
        if n < cond.in_hand.count:
            return False
    if cond.fewest_locked:
        counts = [len(p.locked_cards()) for p in state.players.values()]
        if len(state.players[run.activator].locked_cards()) > min(counts):
            return False
    return True


def require(game: Game, cause: int | None, run: EffectRun, cond: Condition) -> None:
    holds = _condition_holds(game, run, cond)
    game.emit(
        "condition_met" if holds else "condition_not_met",
        C.USE_CONDITION_MET,
        actor=run.activator,
        cause=cause,
        card=run.card,
    )


def can_require(game: Game, run: EffectRun, cond: Condition) -> bool:
    return _condition_holds(game, run, cond)

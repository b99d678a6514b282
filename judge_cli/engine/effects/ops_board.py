"""Operations on the board and on the effect itself: move (609), open (308.3), place a card on
a square (606.4, 608.7), discard a card from the field (111), reveal (308.4), 「到達効果は得ない」
(604.5), the reached card's own fate (604.3), a choice (114.3), and 「このターンの終了時」."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge_cli.engine import citations as C
from judge_cli.engine.decisions import Request
from judge_cli.engine.effects.run import EffectRun, choose, for_each, partial, sentence
from judge_cli.engine.effects.targets import (
    area_articles,
    area_squares,
    card_here,
    count_articles,
    how_many,
    move_destinations,
    players_for,
    protected_event,
    seats_for,
    take_this,
    targetable,
    who_articles,
)
from judge_cli.engine.rules import deck
from judge_cli.engine.rules.move import ensure_known, place_piece
from judge_cli.engine.state import Delayed, FieldCard
from judge_cli.engine.steps import Step, step
from judge_cli.engine.table import Seat, Square, clockwise_from

if TYPE_CHECKING:
    from judge_cli.engine.effects.vocab import (
        Discard,
        Move,
        Open,
        Place,
        Reveal,
        Sentence,
        SuppressReach,
    )
    from judge_cli.engine.game import Game


def _reaches(
    game: Game, run: EffectRun, reaches: list[tuple[Seat, Square, int, str]]
) -> list[Step]:
    """Reaches caused at one instant, processed clockwise from the activator (113.1)."""
    from judge_cli.engine.rules.reach import reach

    order = clockwise_from(run.activator, game.state.players)
    reaches.sort(key=lambda r: order.index(r[0]))
    if len(reaches) > 1:
        game.emit(
            "each_player",
            C.EACH_PLAYER,
            actor=run.activator,
            cause=reaches[0][2],
            seats=[r[0].value for r in reaches],
        )
    return [step(reach, cause, seat=s, square=sq, via=via) for s, sq, cause, via in reaches]


# -- move ------------------------------------------------------------------------------------
def _centre_for(game: Game, run: EffectRun, p: Move) -> Square | None:
    """「あなたの周囲へ」: the area is around the activator's piece, not the moving one."""
    return game.state.players[run.activator].piece if p.near == "you" else None


def move(game: Game, cause: int | None, run: EffectRun, p: Move) -> list[Step] | None:
    def able(s: Seat) -> bool:
        return bool(move_destinations(game.state, s, p, _centre_for(game, run, p), run))

    seats = players_for(game, cause, run, p.who, able)
    return for_each(game, cause, run, seats, who_articles(p.who), _move_one, p=p)


def _move_one(
    game: Game, cause: int | None, run: EffectRun, seat: Seat, p: Move
) -> list[Step] | None:
    """609.1: 移動; 609.2: 強制移動; 609.3: 一気に移動; 609.5: never a contact."""
    state = game.state
    dests = move_destinations(state, seat, p, _centre_for(game, run, p), run)
    if not dests:
        game.emit(
            "cannot_move",
            C.EFFECT_CANNOT_MOVE,
            actor=seat,
            cause=cause,
            at=state.players[seat].piece,
        )
        return None
    chooser = run.activator if p.by == "you" else seat
    (name,) = choose(game, "square", "609.1", [sq.name for sq in dests], 1, chooser, piece=seat)
    articles = C.EFFECT_MOVE + area_articles(p)
    if p.forced:
        articles += C.EFFECT_FORCED_MOVE
    if p.jump:
        articles += C.EFFECT_JUMP
    if p.no_arrival:
        articles += C.NO_ARRIVAL_HERE
    run.did = True
    return place_piece(
        game,
        cause,
        seat,
        Square.parse(name),
        forced=p.forced,
        articles=articles,
        no_arrival=p.no_arrival,
    )


def can_move(game: Game, run: EffectRun, p: Move) -> bool:
    state = game.state
    centre = _centre_for(game, run, p)
    return any(
        move_destinations(state, s, p, centre, run) for s in seats_for(state, run.activator, p.who)
    )


# -- open --------------------------------------------------------------------------------------
def _centre(game: Game, run: EffectRun) -> Square | None:
    return game.state.players[run.activator].piece


def _face_down_tops(game: Game, run: EffectRun, p: Open) -> list[Square]:
    state = game.state
    squares = area_squares(state, _centre(game, run), run.activator, p, run)
    piles = state.squares
    return [sq for sq in squares if (pile := piles[sq]) and not pile[-1].face_up]


def open_(game: Game, cause: int | None, run: EffectRun, p: Open) -> list[Step] | None:
    """308.3: the top card (111.1) of each chosen square turned face up; a piece there reaches
    it (603.2)."""
    state = game.state
    squares = _face_down_tops(game, run, p)
    want = how_many(p.count, len(squares))
    k = min(want, len(squares))
    if k == 0:
        partial(game, cause, run.activator, want, 0, "open")
        return None
    if p.up_to:
        # 「N枚までオープンしてもよい」: none to N.
        names = list(
            game.ask(
                Request(
                    "square",
                    "308.3",
                    tuple(sq.name for sq in squares),
                    k,
                    run.activator.value,
                    {"card": run.card},
                    minimum=0,
                )
            )
        )
        if not names:
            run.did = True
            game.emit("declined", C.MAY_DECLINE, actor=run.activator, cause=cause, card=run.card)
            return None
    else:
        names = choose(game, "square", "308.3", [sq.name for sq in squares], k, run.activator)
    reaches = []
    for name in names:
        sq = Square.parse(name)
        top = state.squares[sq][-1]
        ensure_known(game, top.card, sq)
        top.face_up = True
        piece = state.piece_at(sq)
        articles = C.OPENED_BY_EFFECT + C.TOP_CARD + area_articles(p) + count_articles(p.count)
        if piece is not None:
            articles += C.TOP_CARD_UNDER_PIECE
        ev = game.emit(
            "opened", articles, actor=run.activator, cause=cause, square=sq, card=top.card
        )
        if piece is not None:
            reaches.append((piece, sq, ev.seq, "effect_opened"))
    run.did = True
    if k < want and not p.up_to:
        partial(game, cause, run.activator, want, k, "open")
    return _reaches(game, run, reaches)


def can_open(game: Game, run: EffectRun, p: Open) -> bool:
    return bool(_face_down_tops(game, run, p))


# -- place a card on a square ---------------------------------------------------------------------
def _place_squares(game: Game, run: EffectRun, p: Place) -> list[Square]:
    state = game.state
    squares = area_squares(state, _centre(game, run), run.activator, p, run)
    if p.card == "this" and run.square is not None:
        # A reached card is not put back on its own square.
        squares = [sq for sq in squares if sq != run.square]
    return squares


def _place_sources(game: Game, run: EffectRun, p: Place) -> list[str]:
    """What can be placed: this card, the deck's top card, or a card from the hand."""
    state = game.state
    deck_ok = bool(state.deck or state.discard)
    if p.card == "this":
        return [run.card] if card_here(game, run) else []
    if p.card == "deck":
        return ["deck"] if deck_ok else []
    hand = list(state.players[run.activator].hand)
    return hand + (["deck"] if p.card == "deck_or_hand" and deck_ok else [])


def place(game: Game, cause: int | None, run: EffectRun, p: Place) -> list[Step] | None:
    """606.4: this card, the deck's top card or a card from the hand, on squares of
    ``area`` (608.7: any square, with cards or a piece, unless the card restricts it), one
    card each (「１枚ずつ」)."""
    run.placed_card = None
    squares = _place_squares(game, run, p)
    want = len(squares) if p.count == "all" else (p.count or 1)
    if not squares or not _place_sources(game, run, p):
        partial(game, cause, run.activator, want, 0, "place")
        return None
    k = min(want, len(squares))
    if p.count == "all":
        names = [sq.name for sq in squares]
    else:
        names = choose(game, "square", "608.7", [sq.name for sq in squares], k, run.activator)
    steps: list[Step] = []
    for name in names:
        steps.extend(_place_one(game, cause, run, p, Square.parse(name)) or [])
        if not _place_sources(game, run, p):
            break
    if k < want and p.count != "all":
        partial(game, cause, run.activator, want, k, "place")
    return steps


def _place_one(
    game: Game, cause: int | None, run: EffectRun, p: Place, sq: Square
) -> list[Step] | None:
    state = game.state
    articles = C.PUT_ON_SQUARE + area_articles(p)
    source = p.card
    if p.card in ("hand", "deck_or_hand"):
        options = _place_sources(game, run, p)
        (card,) = choose(game, "card", "608.7", options, 1, run.activator, zone="hand")
        source = "deck" if card == "deck" else "hand"
        if source == "hand":
            state.players[run.activator].hand.remove(card)
    if source == "this":
        take_this(game, run)
        card = run.card
        run.disposed = True
        articles += C.CARD_OVER_RULES + (C.REACH_OWN_FATE if run.source == "reach" else ())
    elif source == "deck":
        taken = deck.take_top(game, cause)
        if taken is None:
            partial(game, cause, run.activator, 1, 0, "place")
            return None
        card = taken
    face_up = p.face == "up"
    state.squares[sq].append(FieldCard(card, face_up=face_up))
    articles += C.PUT_FACE_UP if face_up else C.PUT_FACE_DOWN
    run.did = True
    run.placed_square, run.placed_card = sq, card
    ev = game.emit(
        "put_on_square",
        articles,
        actor=run.activator,
        cause=cause,
        card=card,
        square=sq,
        face_up=face_up,
        frm=source,
    )
    if source == "deck":
        deck.refill_if_empty(game, ev.seq)
    piece = state.piece_at(sq)
    if face_up and piece is not None:
        return _reaches(game, run, [(piece, sq, ev.seq, "placed_face_up")])
    return None


def can_place(game: Game, run: EffectRun, p: Place) -> bool:
    return bool(_place_sources(game, run, p)) and bool(_place_squares(game, run, p))


# -- discard from the field -----------------------------------------------------------------
def _field_targets(game: Game, run: EffectRun, p: Discard) -> tuple[list[Square], list[str]]:
    state = game.state
    assert p.area is not None
    squares = [
        sq
        for sq in area_squares(state, _centre(game, run), run.activator, p.area, run)
        if state.squares[sq]
    ]
    tops = [state.squares[sq][-1].card for sq in squares]
    ok, protected = targetable(game, run, tops)
    return [sq for sq in squares if state.squares[sq][-1].card in ok], protected


def discard_from_field(
    game: Game, cause: int | None, run: EffectRun, p: Discard
) -> list[Step] | None:
    """300.5, 307.2: only cards on the field; 111.1: the top card of each square."""
    state = game.state
    squares, protected = _field_targets(game, run, p)
    protected_event(game, cause, run, protected)
    want = how_many(p.count, len(squares) + len(protected))
    k = min(want, len(squares))
    if k == 0:
        partial(game, cause, run.activator, want, 0, "discard_field")
        return None
    names = choose(game, "square", "111.1", [sq.name for sq in squares], k, run.activator)
    reaches = []
    assert p.area is not None
    if p.pile:
        return _discard_piles(game, cause, run, p, names)
    for name in names:
        sq = Square.parse(name)
        ensure_known(game, state.squares[sq][-1].card, sq)  # 306.3: face up on the pile
        fc = state.squares[sq].pop()
        state.discard.append(fc.card)
        piece = state.piece_at(sq)
        articles = C.DISCARD_FROM_FIELD + C.TOP_CARD + area_articles(p.area)
        if piece is not None:
            articles += C.TOP_CARD_UNDER_PIECE
        ev = game.emit(
            "discarded_from_field",
            articles + count_articles(p.count),
            actor=run.activator,
            cause=cause,
            card=fc.card,
            square=sq,
        )
        uncovered = uncover(game, piece, sq, ev.seq)
        if uncovered is not None:
            reaches.append(uncovered)
    run.did = True
    if k < want:
        partial(game, cause, run.activator, want, k, "discard_field")
    return _reaches(game, run, reaches)


def _discard_piles(
    game: Game, cause: int | None, run: EffectRun, p: Discard, names: list[str]
) -> None:
    """「１マスのカードをすべて捨てる」: every card of the square, not only the top one."""
    state = game.state
    assert p.area is not None
    for name in names:
        sq = Square.parse(name)
        cards = [fc.card for fc in state.squares[sq]]
        for c in cards:
            ensure_known(game, c, sq)
        state.squares[sq] = []
        state.discard.extend(cards)
        game.emit(
            "pile_discarded",
            C.DISCARD_FROM_FIELD + C.PILE_DISCARDED + area_articles(p.area),
            actor=run.activator,
            cause=cause,
            cards=cards,
            square=sq,
        )
    run.did = True


def can_discard_from_field(game: Game, run: EffectRun, p: Discard) -> bool:
    return bool(_field_targets(game, run, p)[0])


# -- reveal, 「到達効果は得ない」 ---------------------------------------------------------
def reveal(game: Game, cause: int | None, run: EffectRun, p: Reveal) -> list[Step] | None:
    if p.cards == "drawn":
        # 「ドローし公開する」: the cards drawn, shown to every opponent (308.4).
        cards = [c for c in run.drawn or [] if c in game.state.players[run.activator].hand]
        if cards:
            run.did = True
            game.emit(
                "revealed_drawn", C.DRAWN_REVEALED, actor=run.activator, cause=cause, cards=cards
            )
        return None

    def able(s: Seat) -> bool:
        return s not in game.state.revealed

    seats = players_for(game, cause, run, p.who, able)
    return for_each(game, cause, run, seats, who_articles(p.who), _reveal_one)


def _reveal_one(game: Game, cause: int | None, run: EffectRun, seat: Seat) -> None:
    """308.4: shown to every opponent until the end of this turn; 304.3: the card says so."""
    game.state.revealed.add(seat)
    run.did = True
    hand = game.state.players[seat].hand
    game.emit("revealed", C.REVEALED, actor=seat, cause=cause, cards=list(hand))


def can_reveal(game: Game, run: EffectRun, p: Reveal) -> bool:
    state = game.state
    if p.cards == "drawn":
        return False  # it shows only what an earlier sentence drew
    return any(s not in state.revealed for s in seats_for(state, run.activator, p.who))


def suppress_reach(
    game: Game, cause: int | None, run: EffectRun, p: SuppressReach
) -> list[Step] | None:
    seats = seats_for(game.state, run.activator, p.who)
    if p.who == "opponent":
        seats = players_for(game, cause, run, p.who)
    new = [s for s in seats if s not in game.state.suppressed]
    if not new:
        return None
    game.state.suppressed.update(new)
    run.did = True
    game.emit(
        "reach_suppressed",
        C.SUPPRESS_REACH + who_articles(p.who),
        actor=run.activator,
        cause=cause,
        seats=new,
    )
    return None


def can_suppress_reach(game: Game, run: EffectRun, p: SuppressReach) -> bool:
    state = game.state
    return any(s not in state.suppressed for s in seats_for(state, run.activator, p.who))


# -- the reached card's own fate (604.3) ----------------------------------------------------------
def this(game: Game, cause: int | None, run: EffectRun, fate: str) -> list[Step] | None:
    """「これをあなたの手札に加えない。」: the card stays where it is; 「これを捨てる。」: it
    goes to the discard pile; either way 604.2 does not apply (604.3)."""
    state = game.state
    if not card_here(game, run):
        return None
    run.disposed = True
    run.did = True
    if fate == "not_to_hand":
        game.emit(
            "stays_on_field",
            C.OWN_FATE_STAYS + C.CARD_OVER_RULES,
            actor=run.activator,
            cause=cause,
            card=run.card,
            square=run.square,
        )
        return None
    take_this(game, run)
    state.discard.append(run.card)
    game.emit(
        "own_card_discarded",
        C.OWN_FATE_DISCARDED + C.CARD_OVER_RULES,
        actor=run.activator,
        cause=cause,
        card=run.card,
        square=run.square,
    )
    return None


def can_this(game: Game, run: EffectRun, fate: str) -> bool:
    return True


# -- a choice (選択式) ----------------------------------------------------------------------
def choose_option(
    game: Game, cause: int | None, run: EffectRun, options: list[list[Sentence]]
) -> list[Step] | None:
    """114.3: only an option that can be carried out may be chosen; 610.3: none can, the
    effect does nothing."""
    from judge_cli.engine.effects.ops import can_sentences

    able = [str(i + 1) for i, opt in enumerate(options) if can_sentences(game, run, opt)]
    if not able:
        game.emit(
            "no_option", C.CHOICE_NONE, actor=run.activator, cause=cause, options=len(options)
        )
        return None
    (answer,) = choose(game, "option", "114.3", able, 1, run.activator, card=run.card)
    chosen = options[int(answer) - 1]
    ev = game.emit(
        "chose",
        C.CHOICE,
        actor=run.activator,
        cause=cause,
        option=int(answer),
        able=able,
        options=len(options),
    )
    n = len(chosen)
    return [step(sentence, ev.seq, run=run, index=i, of=n, spec=s) for i, s in enumerate(chosen)]


def can_choose(game: Game, run: EffectRun, options: list[list[Sentence]]) -> bool:
    from judge_cli.engine.effects.ops import can_sentences

    return any(can_sentences(game, run, opt) for opt in options)


# -- 「このターンの終了時、…」 ---------------------------------------------------------------
def at_turn_end(
    game: Game, cause: int | None, run: EffectRun, sentences: list[Sentence]
) -> list[Step] | None:
    ev = game.emit("delayed", C.DELAYED, actor=run.activator, cause=cause, card=run.card)
    game.state.delayed.append(
        Delayed(run.card, run.activator, tuple(sentences), ev.seq, tuple(run.drawn or ()))
    )
    run.did = True
    return None


def can_at_turn_end(game: Game, run: EffectRun, sentences: list[Sentence]) -> bool:
    return True


def uncover(game: Game, piece: Seat | None, sq: Square, cause: int) -> tuple | None:
    """After the top card of ``sq`` left it: a face-up card now on top under ``piece`` is
    arrived at (605.1; returned as a reach to process), a face-down one is only exposed."""
    top = game.state.top(sq)
    if piece is None or top is None:
        return None
    if top.face_up:
        return (piece, sq, cause, "uncovered")
    game.emit(
        "exposed",
        C.UNCOVERED_FACE_DOWN,
        actor=piece,
        cause=cause,
        square=sq,
        card=top.card,
        face_up=False,
    )
    return None

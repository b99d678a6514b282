"""The effect vocabulary: a card's base, reach and hand effects as structured data.

A card keeps its printed text (``text: {ja, en}``) beside the structured form. Each effect
that is processed (reach, hand) is a list of sentences, processed in order (112); each
sentence is one operation written as a one-key mapping (``{draw: {count: 3}}``) in the
game's own words. docs/effects.md documents every key with the printed text it stands for;
docs/scenario.schema.json carries the schema. The models only describe; what they do is in
judge_cli/engine/effects/ops.py, and every event cites its articles.

>>> Sentence.model_validate({"draw": {"who": "all"}}).op
'draw'
>>> Move.model_validate({"within": 2}).within
2
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, model_validator

from judge_cli.engine.cards import Card, CardEffects, Colour, Kind


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PrintedText(Strict):
    """The text printed on the card: Japanese, and English where given."""

    ja: str = Field(min_length=1)
    en: str | None = Field(None, min_length=1)


Who = Literal["you", "opponent", "each_opponent", "all", "fewest_locked"]
"""あなた (100.3), 相手 (one opponent, 115.2), 相手全員, 全員 (115.3), and 1番少なくロックしている
(every player with the fewest locked cards; 1000「1番少なくロックしている」)."""

Count = PositiveInt | Literal["all", "half", "hand"] | None
"""A number of cards; omitted means one (115.1, 608.1). ``all``: every card there is; ``half``:
half, rounded down (1000「半分」); ``hand``: as many as the cards in your hand (606.3)."""

Where = Literal[
    "adjacent", "surrounding", "any", "own", "gate", "ahead2", "near_opponent", "chosen", "placed"
]
"""隣 (608.3), 周囲 (608.4), 任意のマス (608.7), your own square, your own gate (302.2);
``ahead2``: 「２マス先」, the squares two steps away in a straight line (609.3); ``near_opponent``:
「相手の隣」; ``chosen``: 「そのマス」, the square an earlier sentence chose; ``placed``: the square
where an earlier sentence of this effect placed a card."""


class Area(Strict):
    """Squares around a piece: ``where`` or ``within: N`` (Nマス以内, 608.2); ``empty``: only
    何もないマス (608.5)."""

    where: Where | None = None
    within: PositiveInt | None = None
    empty: bool = False
    face_up: bool = Field(False, description="Only squares whose top card is face up (111).")
    not_gate: bool = Field(False, description="「ゲート以外の」: no gate square (302).")

    @model_validator(mode="after")
    def _one_area(self) -> Area:
        if (self.where is None) == (self.within is None):
            raise ValueError("give either `where` (adjacent, surrounding, any, …) or `within: N`")
        return self


class Draw(Strict):
    """「N枚ドロー」 (305.2): each player of ``who`` draws. ``count: declared``: as many as the
    colours declared (「その色の種類の数分」); ``per_discarded``: that many for each card an
    earlier sentence discarded (「捨てたカード１枚に付き３枚」)."""

    who: Who = "you"
    count: PositiveInt | Literal["hand", "declared"] | None = None
    per_discarded: bool = False
    may: bool = Field(False, description="「ドローしてもよい」: the player may decline.")


class Take(Strict):
    """「相手の手札から1枚奪う」: cards from another player's hand to yours, at random (無作為,
    304.4) unless ``pick: you`` (you choose them)."""

    source: Literal["opponent", "each_opponent", "declarer"] = Field("opponent", alias="from")
    count: PositiveInt | Literal["all", "half"] | None = None
    pick: Literal["random", "you"] = "random"
    zone: Literal["hand", "lock"] = Field(
        "hand", description="lock: 「相手のロックしている１枚」, chosen by you (706)."
    )
    """``from: declarer``: the opponent whose declaration this card interrupts."""


class Discard(Strict):
    """「あなたの手札から1枚捨てる」, 「ロックしているカードを捨てる」, a card on the field: the
    zone is named (300.5). ``pick``: who chooses (default: the hand's owner for a hand, you for the
    lock area and the field), or ``random``."""

    who: Who = "you"
    source: Literal["hand", "lock", "field", "drawn"] = Field("hand", alias="from")
    count: PositiveInt | Literal["all", "half", "any"] | None = None
    pick: Literal["owner", "you", "random"] | None = None
    area: Area | None = Field(None, description="Only for `from: field`: where the squares are.")
    keep: int | None = Field(
        None, ge=0, description="「手札がN枚になるように捨てる」: down to N cards (hand only)."
    )
    pile: bool = Field(False, description="「１マスのカードをすべて」: every card of the square.")
    min_hand: PositiveInt | None = Field(
        None, description="「手札が２枚以上ある相手」: only players with at least this many."
    )

    @model_validator(mode="after")
    def _field_area(self) -> Discard:
        if (self.source == "field") != (self.area is not None):
            raise ValueError("`area` is given exactly when discarding `from: field`")
        if self.source == "field" and self.who != "you":
            raise ValueError("cards on the field belong to nobody: leave out `who`")
        return self


class Release(Strict):
    """「ロックを解除する」 (706): locked cards leave the lock area, to ``to`` (706.2)."""

    who: Who = "you"
    count: PositiveInt | Literal["all"] | None = None
    to: Literal["hand", "discard"] = "hand"


class Lock(Strict):
    """「手札から1枚ロックする」: a lock by a card's effect (503.3, 702): a declaration of a lock
    (502.4h) that opponents may interrupt. With ``this`` the used card is locked too, and with
    ``together`` all in one place (702.2: 「なないろの欠片」)."""

    who: Who = "you"
    count: PositiveInt | None = None
    this: bool = False
    same_name: bool = Field(False, description="Only cards with this card's name.")
    together: bool = False
    place: Literal["own", "any"] = Field(
        "own", description="own: each card's colour place (701.2); any: 任意の1箇所."
    )
    may: bool = Field(False, description="「〜してもよい」: the player may lock none.")
    not_final: bool = Field(
        False, description="「ただし最後のロックはできない」: never the seventh colour (103.1)."
    )

    @model_validator(mode="after")
    def _together(self) -> Lock:
        if self.together and self.place != "any":
            raise ValueError("cards locked `together` go to one place: write `place: any` (702.2)")
        return self


class PutInLockArea(Strict):
    """「ロックエリアに置く」 (705.1): placed, not locked; it counts for nothing (705.2)."""

    card: Literal["this", "hand"] = "this"
    whose: Literal["you", "opponent"] = "you"
    place: Colour | Literal["same", "empty"] = Field(
        "same",
        description="A colour place; `same`: the card's own colour; `empty`: a place holding "
        "no card, chosen by you (「あなたの空いているロックエリア」).",
    )


class Move(Area):
    """移動 (609.1), 強制移動 (``forced``, 609.2), 一気に移動 (``jump``, 609.3) of the pieces of
    ``who``. ``by``: who chooses the square (you, or each piece's owner)."""

    who: Who = "you"
    forced: bool = False
    jump: bool = False
    by: Literal["you", "owner"] = "you"
    no_arrival: bool = Field(
        False,
        description="「移動先の到達効果は得ない」: no Arrival Effect at the destination (604.5).",
    )
    near: Literal["you"] | None = Field(
        None, description="「あなたの周囲へ」: the area is around your piece, not the moving one."
    )

    @model_validator(mode="after")
    def _move(self) -> Move:
        if self.where == "own":
            raise ValueError("a move goes to another square (506.4): `where: own` is not a move")
        if self.empty and not self.forced:
            raise ValueError(
                "609.1: a move goes only to a square with a card; 何もないマス needs `forced: true`"
            )
        return self


class Open(Area):
    """オープン (308.3): face-down top cards (111) around your piece turned face up; a piece on
    such a square reaches its card (603.2). ``up_to``: 「N枚までオープンしてもよい」."""

    count: PositiveInt | Literal["all"] | None = None
    up_to: bool = False


class Place(Area):
    """「これを任意のマスに裏向きで置く。」 (606.4, 608.7): this card, or the deck's top card, on a
    square; face up on a piece's square, the piece reaches it (603.2)."""

    card: Literal["this", "deck", "hand", "deck_or_hand"] = "this"
    face: Literal["down", "up"] = "down"
    count: PositiveInt | Literal["all"] | None = Field(
        None, description="Cards on that many squares, one each (「１枚ずつ」); all: every square."
    )


class Reveal(Strict):
    """公開する (308.4): the hands of ``who`` shown to every opponent until the turn ends;
    ``cards: drawn``: only the cards an earlier sentence drew (「ドローし公開する」)."""

    who: Who = "you"
    cards: Literal["hand", "drawn"] = "hand"


class SuppressReach(Strict):
    """「到達効果は得ない」 (604.5): until the turn ends, a piece of ``who`` that reaches a card
    gains no reach effect, and the card stays where it is."""

    who: Who = "all"


This = Literal["not_to_hand", "discard"]
"""The card's own fate (604.3): 「これをあなたの手札に加えない。」, 「これを捨てる。」."""


class PickUp(Area):
    """「任意の１マスの１枚をあなたの手札に加える」: the top card (111) of a square of the area
    to your hand; the square is remembered for 「そのマス」."""


class Give(Strict):
    """「あなたの手札から１枚をその相手の手札に加える」: to the opponent chosen before."""

    count: PositiveInt | None = None


class Swap(Strict):
    """「Nマス以内の相手のいる場所とあなたのいる場所を入れ替える」 (マスチェンジ): not a move; a
    face-up card at either new square is arrived at (603.1), activator first (113.1)."""

    within: PositiveInt


class DeclareColours(Strict):
    """「色を３色宣言する」, 「２色以上、色を宣言する」: colours, never colourless (203.3)."""

    count: PositiveInt | None = None
    min: PositiveInt | None = None

    @model_validator(mode="after")
    def _count(self) -> DeclareColours:
        if (self.count is None) == (self.min is None):
            raise ValueError("give either `count: N` (exactly N colours) or `min: N`")
        return self


class FromDiscard(Strict):
    """「捨て場の１番上からN番目のカードをあなたの手札に加える」."""

    position: PositiveInt = 1


class IfSpec(Strict):
    """「〜なら、…」: ``then`` is processed only when the condition holds now."""

    fewest_locked: bool = Field(False, description="「１番少なくロックしているなら」.")
    hand_at_most: int | None = Field(None, ge=0, description="「あなたの手札がN枚以下なら」.")
    among: Literal["drawn", "placed"] | None = Field(
        None, description="The cards an earlier sentence drew, or the card it placed."
    )
    colour: Colour | Literal["declared"] | None = Field(
        None, description="With `among`: a card of this colour (203.2: rainbow is every colour)."
    )
    then: list[Sentence] = Field(min_length=1)

    @model_validator(mode="after")
    def _one(self) -> IfSpec:
        given = [self.fewest_locked, self.hand_at_most is not None, self.among is not None]
        if sum(given) != 1 or ((self.among is None) != (self.colour is None)):
            raise ValueError(
                "an `if` says one thing: fewest_locked, hand_at_most, or among + colour"
            )
        return self


class Each(Strict):
    """「全員は…」 for a sentence of several verbs or a choice: each player of ``who``, one
    after another clockwise from the activator (113.1, 612.2), processes ``do`` as 「あなた」."""

    who: Who = "all"
    do: list[Sentence] = Field(min_length=1)


CannotThisTurn = Literal["move", "contact", "use_drawn"]
"""「あなたはこのターン移動できない」, 「このターンあなたは接触できない」, 「それらの手札効果は
このターン使うことができない」 (the cards an earlier sentence drew)."""


class Sentence(Strict):
    """One sentence (112.1): exactly one operation."""

    draw: Draw | None = None
    take: Take | None = None
    discard: Discard | None = None
    release: Release | None = None
    lock: Lock | None = None
    put_in_lock_area: PutInLockArea | None = None
    move: Move | None = None
    open: Open | None = None
    place: Place | None = None
    reveal: Reveal | None = None
    suppress_reach: SuppressReach | None = None
    this: This | None = None
    pick_up: PickUp | None = None
    give: Give | None = None
    swap: Swap | None = None
    declare_colours: DeclareColours | None = None
    from_discard: FromDiscard | None = None
    if_: IfSpec | None = Field(None, alias="if")
    each: Each | None = None
    nullify: Literal["contact"] | None = Field(
        None, description="「その接触を無効にする」: the interrupted contact does nothing."
    )
    gain_arrival: Literal[True] | None = Field(
        None,
        description="「上記の到達効果を得る」: this card's Arrival Effect, as part of this one.",
    )
    end_phase: Literal[True] | None = Field(
        None, description="「このフェイズを終了する」: the phase ends after this effect."
    )
    repeat: Literal[True] | None = Field(None, description="「この効果を繰り返す」.")
    cannot_this_turn: CannotThisTurn | None = None
    normal_move_leaps: Literal[True] | None = Field(
        None, description="「このターンの通常の移動は２マス先に一気に移動する」 (609.3, 609.4)."
    )
    require: Condition | None = Field(
        None,
        description="An option usable only when this holds (606.1a-1), e.g. 「なないろの欠片」.",
    )
    choose: list[list[Sentence]] | None = Field(
        None, min_length=2, description="選択式 (114.3, 610.3): options, each a list of sentences."
    )
    at_turn_end: list[Sentence] | None = Field(
        None,
        min_length=1,
        description="「このターンの終了時、…」: sentences processed then (105.5).",
    )

    @model_validator(mode="after")
    def _one_op(self) -> Sentence:
        given = [k for k in type(self).model_fields if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                "a sentence is exactly one operation (draw, take, discard, …), "
                f"not {len(given)}: {', '.join(given) or 'none'}"
            )
        return self

    @cached_property
    def op(self) -> str:
        return next(k for k in type(self).model_fields if getattr(self, k) is not None)

    @cached_property
    def params(self) -> object:
        return getattr(self, self.op)

    def disposes_of_this(self) -> bool:
        """Whether the sentence says where this card itself goes (604.3, 606.4)."""
        p = self.params
        if self.op == "this":
            return True
        if self.op in ("place", "put_in_lock_area"):
            return p.card == "this"
        if self.op == "lock":
            return p.this
        if self.op == "choose":
            return any(s.disposes_of_this() for option in p for s in option)
        if self.op == "each":
            return any(s.disposes_of_this() for s in p.do)
        return False


class BaseEffect(Strict):
    """基本効果 (602): always applied while its condition holds, never declared."""

    text: PrintedText
    untargetable: bool = Field(
        False, description="「このカードは他のカードの効果の対象にならない」 (105.3, 704.3)."
    )
    no_lock_phase: bool = Field(
        False, description="「ロックフェイズにロックできない」 (701.6, 702.2a)."
    )
    locked_use: bool = Field(
        False,
        description="「これの手札効果はこれがロックされていても使え、"
        "その際にこれは捨てない」 (704).",
    )
    lock_phase_without_lock: list[Sentence] | None = Field(
        None,
        description="While placed in your lock area: "
        "「あなたのロックフェイズにロックしないなら…」.",
    )
    lock_here: list[Sentence] | None = Field(
        None,
        description="While placed in your lock area: "
        "「これの置かれた色のロックエリアにロックしたなら…」.",
    )

    @model_validator(mode="after")
    def _something(self) -> BaseEffect:
        if not (
            self.untargetable
            or self.no_lock_phase
            or self.locked_use
            or self.lock_phase_without_lock
            or self.lock_here
        ):
            raise ValueError(
                "a base effect says what it does: untargetable or no_lock_phase (or "
                "locked_use, lock_phase_without_lock, lock_here)"
            )
        return self


class ReachEffect(Strict):
    """到達効果 (604): gained compulsorily by the piece's owner on reaching the card."""

    text: PrintedText
    do: list[Sentence] = Field(min_length=1)


class Timing(Strict):
    """A timing (606.1a): 「相手がロックを宣言した時に使える」 is ``{when: lock, by: opponent}``;
    「いつでも使える」 is ``{when: anytime}`` (502.4f). (Not ``on:``, which YAML reads as true.)"""

    when: Literal["lock", "contact", "move", "use", "anytime"]
    by: Literal["opponent", "you", "anyone"] = "anyone"
    against: Literal["you"] | None = Field(
        None, description="Only for contact: 「あなたへの接触」."
    )
    final: bool = Field(False, description="Only for lock: 「最後のロックを宣言した時」 (103.1).")

    @model_validator(mode="after")
    def _timing(self) -> Timing:
        if self.when == "anytime" and (self.by != "anyone" or self.against):
            raise ValueError(
                "「いつでも使える」 names no declaration: leave out `by` and `against`"
            )
        if self.against and self.when != "contact":
            raise ValueError("`against: you` is for a contact (「あなたへの接触」)")
        if self.final and self.when != "lock":
            raise ValueError("`final: true` is for a lock (「最後のロックを宣言した時」)")
        return self


class InHand(Strict):
    count: PositiveInt
    same_name: bool = Field(False, description="Cards with this card's name, itself included.")
    colour: Colour | None = None


class Condition(Strict):
    """A condition (606.1a-1): the state of your hand or the board, checked when declaring;
    the card is used in your own Hand Phase as usual."""

    in_hand: InHand | None = Field(None, description="「〜が2枚あなたの手札にある時に使える」.")
    fewest_locked: bool = Field(False, description="「あなたが1番少なくロックしている時に使える」.")

    @model_validator(mode="after")
    def _something(self) -> Condition:
        if self.in_hand is None and not self.fewest_locked:
            raise ValueError("a condition says what must hold: in_hand or fewest_locked")
        return self


class HandEffect(Strict):
    """手札効果 (606): declared in your Hand Phase, or at its timing on anyone's turn."""

    text: PrintedText
    timing: Timing | None = None
    condition: Condition | None = None
    cost: PositiveInt | None = Field(None, description="【追色S】 (607): S cards of this colour.")
    locked: bool = Field(
        False, description="The lock-area-usable mark (704.1): usable while locked."
    )
    once_per_turn: bool = Field(False, description="「この効果は１ターンに１度のみ得られる」.")
    do: list[Sentence] = Field(min_length=1)

    @cached_property
    def disposes_of_this(self) -> bool:
        return any(s.disposes_of_this() for s in self.do)


class CardSpec(Strict):
    """One card: colour notation (203), kind (201.1), name, and its effects (601.1)."""

    colour: Colour
    kind: Kind = Kind.normal
    name: str | NameText = ""
    base: BaseEffect | None = None
    reach: ReachEffect | None = None
    hand: HandEffect | None = None

    @model_validator(mode="after")
    def _kinds(self) -> CardSpec:
        special = self.kind is not Kind.normal
        if special and self.hand and self.hand.disposes_of_this:
            raise ValueError(
                f"a {self.kind} card is not discarded when used (606.5, 704.2): its text "
                "cannot say where it goes"
            )
        if self.reach and any(s.op == "lock" and s.params.this for s in self.reach.do):
            raise ValueError("only a hand effect can lock the used card itself (`this: true`)")
        if self.hand is None:
            return self
        for s in self.hand.do:
            if s.op == "this":
                raise ValueError(
                    "「これを捨てる。」 and 「これをあなたの手札に加えない。」 are about a reached "
                    "card (604.3); a used card is discarded anyway (606.2)"
                )
        return self

    def to_card(self, cid: str) -> Card:
        ja, en = (
            (self.name, self.name) if isinstance(self.name, str) else (self.name.ja, self.name.en)
        )
        return Card(
            cid, self.kind, self.colour, ja, en, CardEffects(self.base, self.reach, self.hand)
        )


class DesignRef(Strict):
    """A real card: ``{design: PUBLISHER_ID}`` (cards/0th-remake.yaml), e.g. ``red-jump-pad``;
    its printed text comes from the publisher's data, its effects from our encoding."""

    design: str = Field(pattern=r"^[a-z]+(-[a-z]+)+$")

    def to_card(self, cid: str) -> Card:
        from judge_cli.cards.engine import design_card

        return design_card(self.design, cid)


class NameText(Strict):
    """A card's name in Japanese and English."""

    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)


IfSpec.model_rebuild()
Each.model_rebuild()
Sentence.model_rebuild()
BaseEffect.model_rebuild()
CardSpec.model_rebuild()

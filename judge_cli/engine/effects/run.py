"""Processing an effect: sentence by sentence (112), player by player (113, 612), with best
effort and fizzling (114, 610) and the used card's own fate (604.3, 606.4).

An effect in progress is an :class:`EffectRun`; its sentences are steps on the game's stack, so
whatever a sentence causes (a reach, an interrupt) is processed before the next sentence
begins (112.3). The game counts the effects in progress: 「いつでも使える」 cards wait for a
break (502.4f).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge_cli.engine import citations as C
from judge_cli.engine.decisions import Request
from judge_cli.engine.steps import Step, step
from judge_cli.engine.table import Seat, Square

if TYPE_CHECKING:
    from judge_cli.engine.effects.vocab import Sentence
    from judge_cli.engine.game import Game


@dataclass(slots=True)
class EffectRun:
    """One effect being processed (slots: one is made for every card checked for use)."""

    card: str
    source: str
    """``reach`` (604.1), ``hand`` (606) or ``delayed`` (at the end of the turn)."""
    activator: Seat
    """発動者: the piece's owner for a reach effect, the user for a hand effect (113.1)."""
    cause: int | None
    square: Square | None = None
    """For a reach effect: the square of the reached card."""
    interrupt: bool = False
    """A hand effect used at its timing, interrupting a declaration (502.4)."""
    did: bool = False
    """Something happened; an effect after which nothing did has fizzled (610.2)."""
    disposed: bool = False
    """The card's own text kept it from the hand (604.3)."""
    suppressed: bool = False
    """604.5: the reach effect was not gained."""
    multi: bool = False
    """The previous sentence was processed player by player (112.2)."""
    interrupted: int | None = None
    """For a hand effect used at its timing: the declaration it interrupts (502.4)."""
    sentences: Sequence[Sentence] = ()
    """The effect's sentences (「この効果を繰り返す」)."""
    drawn: list[str] | None = None
    """What earlier sentences of this effect remember: the cards drawn (「それら」), the
    colours declared, the square chosen (「そのマス」), the square of the card placed, the
    opponent chosen (「その相手」), the number of cards discarded."""
    declared: list[str] | None = None
    chosen_square: Square | None = None
    placed_square: Square | None = None
    placed_card: str | None = None
    opponent: Seat | None = None
    discarded: int = 0
    ends_phase: bool = False
    """「このフェイズを終了する」: the phase ends when this effect is done."""
    parent: EffectRun | None = None
    """For one player's part of 「全員は…」: the effect it belongs to."""


def effect_steps(game: Game, run: EffectRun, sentences: Sequence[Sentence]) -> list[Step]:
    """The steps of an effect: begin, one per sentence (112.1), finish. The sentences belong
    to ``run.cause``, read when they are processed (a delayed effect gets its event then)."""
    n = len(sentences)
    run.sentences = sentences
    return [
        step(begin_effect, run.cause, run=run),
        *(step(sentence, None, run=run, index=i, of=n, spec=s) for i, s in enumerate(sentences)),
        step(finish_effect, None, run=run),
    ]


def begin_effect(game: Game, cause: int | None, run: EffectRun) -> None:
    game.effects_in_progress += 1
    if run.source == "reach":
        game.state.resolving.add(run.card)
    if run.interrupt:
        game.interrupts_in_progress += 1
    if run.source == "delayed":
        ev = game.emit(
            "delayed_effect", C.DELAYED_EFFECT, actor=run.activator, cause=cause, card=run.card
        )
        run.cause = ev.seq


def finish_effect(game: Game, cause: int | None, run: EffectRun) -> list[Step] | None:
    cause = run.cause
    game.effects_in_progress -= 1
    if run.source == "reach":
        game.state.resolving.discard(run.card)
    if run.interrupt:
        game.interrupts_in_progress -= 1
    state = game.state
    if not run.did:
        game.emit(
            "fizzled",
            C.FIZZLED_REACH if run.source == "reach" else C.FIZZLED_HAND,
            actor=run.activator,
            cause=cause,
            card=run.card,
            source=run.source,
        )
    if run.card in state.in_use:
        # 606.4 names where the card goes; when that sentence could not place it, 606.2 applies.
        state.in_use.remove(run.card)
        state.discard.append(run.card)
        game.emit(
            "used_card_discarded",
            C.USED_CARD_FALLBACK,
            actor=run.activator,
            cause=cause,
            card=run.card,
        )
    if run.ends_phase:
        from judge_cli.engine.effects.ops_real import end_phase_now

        return end_phase_now(game, cause, run)
    return None


def sentence(
    game: Game, cause: int | None, run: EffectRun, index: int, of: int, spec: Sentence
) -> list[Step] | None:
    """112.1: one sentence; 112.3: the next waits until this one, and all it caused, is done.
    Sentences belong to the effect's event (``run.cause``) unless a choice nests them."""
    from judge_cli.engine.effects.ops import OPS

    cause = run.cause if cause is None else cause
    if of > 1:
        articles = C.SENTENCE
        if index:
            articles += C.SENTENCE_AFTER_PREVIOUS
        if run.multi:
            articles += C.SENTENCE_AFTER_ALL_PLAYERS
        ev = game.emit(
            "sentence",
            articles,
            actor=run.activator,
            cause=cause,
            card=run.card,
            number=index + 1,
            of=of,
            op=spec.op,
        )
        cause = ev.seq
    run.multi = False
    return OPS[spec.op](game, cause, run, spec.params)


def for_each(
    game: Game,
    cause: int | None,
    run: EffectRun,
    seats: list[Seat],
    articles: tuple[str, ...],
    fn: Callable[..., list[Step] | None],
    **kwargs: Any,
) -> list[Step] | None:
    """113.1, 612.2: several players, one at a time, clockwise from the activator; each
    player's processing (and what it causes) ends before the next player's begins."""
    if len(seats) == 1:
        return fn(game, cause, run, seats[0], **kwargs)
    if not seats:
        return None
    run.multi = True
    ev = game.emit(
        "each_player",
        articles + C.EACH_PLAYER,
        actor=run.activator,
        cause=cause,
        seats=list(seats),
    )
    return [step(for_one, ev.seq, op=fn, run=run, seat=s, kwargs=kwargs) for s in seats]


def for_one(
    game: Game,
    cause: int | None,
    op: Callable[..., list[Step] | None],
    run: EffectRun,
    seat: Seat,
    kwargs: dict[str, Any],
) -> list[Step] | None:
    """One player's part of a sentence (612.2)."""
    return op(game, cause, run, seat, **kwargs)


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
    what bounds it (300.5: only the zone the effect names). Nothing asked, nothing to say."""
    if wanted <= 0:
        return
    game.emit(
        "partial",
        C.PARTIAL + articles,
        actor=seat,
        cause=cause,
        wanted=wanted,
        done=done,
        what=what,
    )

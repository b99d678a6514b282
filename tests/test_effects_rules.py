"""Card effects, one test per article (the scenarios of scenarios/effects/ replay the same
ground as disputes)."""

from __future__ import annotations

import pytest

from judge_cli.engine.cards import Colour
from judge_cli.engine.declarations import Use
from judge_cli.engine.game import Refused
from judge_cli.engine.rules.interrupt import Window, timing_matches
from judge_cli.engine.state import Phase
from judge_cli.engine.table import Seat
from tests.effects_helpers import Answers, effect_card, game_with, hand_effect

S, N = Seat.S, Seat.N


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def test_112_3_the_next_sentence_waits_until_every_player_is_done() -> None:
    card = effect_card(
        "outing",
        "yellow",
        hand=hand_effect({"draw": {"who": "all"}}, {"discard": {"who": "all", "from": "hand"}}),
    )
    game = game_with(card, hands={S: ["outing", "red1"]}, answers=Answers("red1"))
    events = game.use(S, "outing")
    order = [(e.kind, e.actor) for e in events if e.kind in ("drew", "discarded")]
    # 112.2: everyone draws (S then N, 113.1), and only then does everyone discard.
    assert order == [("drew", S), ("drew", N), ("discarded", S), ("discarded", N)]
    sentence_two = next(e for e in events if e.kind == "sentence" and e.data["number"] == 2)
    assert {"112.2", "112.3"} <= set(sentence_two.articles)


def test_113_1_players_one_at_a_time_clockwise_from_the_activator() -> None:
    card = effect_card("gift", hand=hand_effect({"draw": {"who": "all"}}))
    game = game_with(card, hands={N: ["gift"]})
    game.state.turn = N
    events = game.use(N, "gift")
    each = next(e for e in events if e.kind == "each_player")
    assert each.data["seats"] == ["N", "S"]
    assert "113.1" in each.articles and "612.2" in each.articles
    assert [e.actor for e in events if e.kind == "drew"] == [N, S]


def test_114_2_a_use_known_to_be_impossible_is_refused_and_changes_nothing() -> None:
    card = effect_card("thief", "purple", hand=hand_effect({"take": {"from": "opponent"}}))
    game = game_with(card, hands={S: ["thief"]})
    before = game.state.clone()
    with pytest.raises(Refused) as exc:
        game.verify_use(S, "thief")
    assert exc.value.article == "114.2"
    assert game.state == before
    assert not game.can_use(S, "thief")


def test_114_4_and_115_1_as_many_as_there_are_and_one_when_no_number_is_written() -> None:
    card = effect_card("windfall", hand=hand_effect({"draw": {"count": 3}}))
    game = game_with(card, hands={S: ["windfall"]})
    game.state.deck = game.state.deck[:1]
    game.state.discard.clear()
    events = game.use(S, "windfall")
    # The used card itself is in the discard pile (606.2) and is drawn after the refill.
    assert kinds(events).count("drew") == 2
    assert any(e.kind == "cannot_draw" and "114.4" in e.articles for e in events)
    one = effect_card("thief", "purple", hand=hand_effect({"take": {"from": "opponent"}}))
    game = game_with(one, hands={S: ["thief"], N: ["red1", "red2"]}, answers=Answers("red2"))
    events = game.use(S, "thief")
    took = next(e for e in events if e.kind == "took")
    assert took.data["cards"] == ["red2"] and "115.1" in took.articles


def test_606_3_the_used_card_is_not_in_the_hand_while_the_effect_counts_it() -> None:
    card = effect_card("mirror", "pink", hand=hand_effect({"draw": {"count": "hand"}}))
    game = game_with(card, hands={S: ["mirror", "red1", "red2"]})
    events = game.use(S, "mirror")
    counted = next(e for e in events if e.kind == "hand_counted")
    assert counted.data["size"] == 2 and "606.3" in counted.articles
    assert kinds(events).count("drew") == 2


def test_607_5_the_cost_is_paid_before_the_effect_and_607_3_not_with_the_card_itself() -> None:
    card = effect_card("boon", "green", hand=hand_effect({"draw": {"count": 2}}, cost=1))
    game = game_with(card, hands={S: ["boon", "green1", "green2"]}, answers=Answers("green2"))
    events = game.use(S, "boon")
    assert kinds(events).index("paid") < kinds(events).index("drew")
    assert "green2" in game.state.discard and "green1" in game.state.players[S].hand
    alone = game_with(card, hands={S: ["boon", "red1"]})
    with pytest.raises(Refused) as exc:
        alone.verify_use(S, "boon")
    assert exc.value.article == "607.4"


def test_606_5_and_704_2_a_first_card_is_used_while_locked_and_stays() -> None:
    first = effect_card("first-step", "yellow", "first", hand=hand_effect({"draw": {}}, cost=None))
    game = game_with(first)
    game.state.out_of_game.remove("first-step")
    game.state.players[S].lock_area[Colour.yellow].append("first-step")
    events = game.use(S, "first-step")
    assert any(e.kind == "used_card_stays" and "704.2" in e.articles for e in events)
    assert "first-step" in game.state.players[S].lock_area[Colour.yellow]


def test_703_2_a_locked_normal_card_cannot_be_used() -> None:
    card = effect_card("gift", "green", hand=hand_effect({"draw": {}}))
    game = game_with(card)
    game.state.out_of_game.remove("gift")
    game.state.players[S].lock_area[Colour.green].append("gift")
    with pytest.raises(Refused) as exc:
        game.verify_use(S, "gift")
    assert exc.value.article == "703.2"


def test_606_1a_without_a_timing_only_in_your_own_hand_phase() -> None:
    card = effect_card("gift", "green", hand=hand_effect({"draw": {}}))
    game = game_with(card, hands={S: ["gift"], N: []}, phase=Phase.lock)
    with pytest.raises(Refused) as exc:
        game.verify_use(S, "gift")
    assert exc.value.article == "606.1a"
    game.state.phase = Phase.hand
    game.state.players[N].hand.append("gift")
    game.state.players[S].hand.remove("gift")
    with pytest.raises(Refused):
        game.verify_use(N, "gift")  # hand phase, but S's


def test_611_2_a_repetition_that_changes_nothing_is_refused() -> None:
    step = effect_card(
        "first-step",
        "yellow",
        "first",
        hand=hand_effect({"move": {"where": "adjacent", "forced": True}}),
    )
    game = game_with(step, answers=Answers("d2", "d1", "d2", "d1"))
    game.state.out_of_game.remove("first-step")
    game.state.players[S].lock_area[Colour.yellow].append("first-step")
    # With cards on d1 and d2 each move opens and reaches a card: the hand changes.
    game.use(S, "first-step")
    game.use(S, "first-step")
    game.use(S, "first-step")
    game.use(S, "first-step")
    # Now d1 and d2 are empty: d1 → d2 → d1 brings back the same board, hands and locks.
    with pytest.raises(Refused) as exc:
        game.verify_use(S, "first-step")
    assert exc.value.article == "611.1"
    assert "611.2" in exc.value.articles


def test_604_5_a_card_reached_without_its_effect_stays_on_the_field() -> None:
    hush = effect_card("hush", "blue", hand=hand_effect({"suppress_reach": {"who": "all"}}))
    windfall = effect_card("windfall", "orange", reach={"text": {"ja": "2枚ドロー。"}, "do": [
        {"draw": {"count": 2}}
    ]})  # fmt: skip
    game = game_with(hush, windfall, hands={S: ["hush"]})
    game.state.out_of_game.remove("windfall")
    from judge_cli.engine.state import FieldCard
    from tests.engine_helpers import SQ

    game.state.squares[SQ("d2")].append(FieldCard("windfall", True))
    game.use(S, "hush")
    game.end_phase(S)
    hand_before = list(game.state.players[S].hand)
    events = game.move(S, SQ("d2"))
    assert "reach_suppressed_here" in kinds(events)
    assert game.state.players[S].hand == hand_before
    assert game.state.top(SQ("d2")).card == "windfall"


def test_705_2_a_placed_card_counts_for_nothing() -> None:
    gift = effect_card(
        "gift", "blue", hand=hand_effect({"put_in_lock_area": {"card": "this", "whose": "you"}})
    )
    game = game_with(gift, hands={S: ["gift"]})
    game.use(S, "gift")
    player = game.state.players[S]
    assert "gift" in player.lock_area[Colour.blue] and "gift" in player.placed
    assert Colour.blue not in player.locked_colours()
    assert "gift" not in player.locked_cards()


def test_502_4c_the_chance_to_interrupt_goes_clockwise_from_the_declarer() -> None:
    sorry = effect_card(
        "sorry",
        "pink",
        hand=hand_effect({"take": {"from": "opponent"}}, timing={"when": "lock", "by": "opponent"}),
    )
    answers = Answers("pass")
    game = game_with(sorry, hands={S: ["red1"], N: ["sorry"]}, answers=answers, phase=Phase.lock)
    game.state.players[S].lock_area[Colour.red].clear()
    game.state.out_of_game.append("first-red")
    events = game.lock(S, "red1")
    assert [r.chooser for r in answers.asked] == ["N"]
    assert answers.asked[0].options == ("sorry", "pass")
    assert kinds(events)[:4] == ["declared", "window_opens", "passed", "window_closes"]
    assert "502.4d" in events[3].articles


def test_502_4f_an_anytime_card_waits_for_a_break_and_502_4g_a_timing_card_does_not() -> None:
    anytime = effect_card(
        "breather", "white", hand=hand_effect({"draw": {}}, timing={"when": "anytime"})
    )
    on_lock = effect_card(
        "sorry",
        "pink",
        hand=hand_effect({"take": {"from": "opponent"}}, timing={"when": "lock", "by": "opponent"}),
    )
    lock_it = effect_card("last", "purple", hand=hand_effect({"lock": {}}))
    answers = Answers("pass", "pass")
    game = game_with(
        anytime,
        on_lock,
        lock_it,
        hands={S: ["last", "green1"], N: ["breather", "sorry"]},
        answers=answers,
    )
    events = game.use(S, "last")
    # Right after S's declaration (a break): N may use Breather, not Sorry!.
    assert answers.asked[0].options == ("breather", "pass")
    # Inside the effect, S's lock: only Sorry!, and Breather waits.
    assert answers.asked[1].options == ("sorry", "pass")
    waits = next(e for e in events if e.kind == "anytime_waits")
    assert waits.data["cards"] == ["breather"] and "502.4h" in waits.articles
    assert game.can_use(N, "breather")  # between declarations, on S's turn


def test_606_1a_a_timing_names_a_declaration_by_whom_and_against_whom() -> None:
    from judge_cli.engine.effects.vocab import Timing

    window = Window("contact", S, N, 1, in_effect=False, nested=False, order=[S, N])
    against_you = Timing(when="contact", by="opponent", against="you")
    assert timing_matches(against_you, N, window)
    assert not timing_matches(against_you, S, window)
    assert not timing_matches(Timing(when="lock"), N, window)
    assert timing_matches(Timing(when="contact", by="you"), S, window)


def test_legal_declarations_offer_hand_effects_in_the_hand_phase() -> None:
    card = effect_card("gift", "green", hand=hand_effect({"draw": {}}))
    game = game_with(card, hands={S: ["gift"]})
    assert Use(S, "gift") in game.legal_declarations()
    game.end_phase(S)
    assert Use(S, "gift") not in game.legal_declarations()


def test_verifying_a_use_never_changes_the_state() -> None:
    trap = effect_card(
        "pitfall", "black", hand=hand_effect({"place": {"card": "this", "where": "any"}})
    )
    game = game_with(trap, hands={S: ["pitfall", "red1"]})
    before = game.state.clone()
    for seat in (S, N):
        for cid in ("pitfall", "red1"):
            game.can_use(seat, cid)
    assert game.state == before


def test_606_1a_a_use_of_a_hand_effect_is_a_timing_too() -> None:
    answer = effect_card(
        "echo", "blue", hand=hand_effect({"draw": {}}, timing={"when": "use", "by": "opponent"})
    )
    gift = effect_card("gift", "green", hand=hand_effect({"draw": {}}))
    answers = Answers("echo")
    game = game_with(answer, gift, hands={S: ["gift"], N: ["echo"]}, answers=answers)
    events = game.use(S, "gift")
    uses = [e for e in events if e.kind == "declared" and e.data["declaration"] == "use"]
    assert [(e.actor, e.data["card"]) for e in uses] == [(S, "gift"), (N, "echo")]
    # 502.4b: the interrupt (N's draw) is processed before S's effect.
    drew = [e.actor for e in events if e.kind == "drew"]
    assert drew == [N, S]
    assert "606.1c" in uses[1].articles


def test_105_5_the_turn_player_orders_the_end_of_turn_effects_of_several_players() -> None:
    later = effect_card("later", "orange", hand=hand_effect({"at_turn_end": [{"draw": {}}]}))
    early = effect_card(
        "early",
        "orange",
        hand=hand_effect({"at_turn_end": [{"draw": {}}]}, timing={"when": "anytime"}),
    )
    answers = Answers("pass", ("early", "bonus", "later"))
    game = game_with(later, early, hands={S: ["later"], N: ["early"]}, answers=answers)
    game.use(S, "later")
    game.use(N, "early")
    game.end_phase(S)
    game.state.acted = "move"
    game.state.phase = Phase.move
    events = game.end_phase(S)
    order = next(e for e in events if e.kind == "turn_end_order")
    assert order.actor == S and "113.2" in order.articles and "105.5" in order.articles
    assert [e.actor for e in events if e.kind == "drew"] == [N, S]

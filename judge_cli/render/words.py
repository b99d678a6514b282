"""The words of the replay: event descriptions, refusal reasons, phases and colours, in ja/en.

The engine records what happened as data (engine/events.py); these templates say it. Rules
text never comes from here: the articles an event cites are printed from the corpus.
"""

from __future__ import annotations

PHASES = {
    "lock": {"ja": "ロックフェイズ", "en": "Lock Phase"},
    "hand": {"ja": "ハンドフェイズ", "en": "Hand Phase"},
    "move": {"ja": "ムーブフェイズ", "en": "Move Phase"},
}

COLOURS = {
    "red": {"ja": "赤", "en": "red"},
    "orange": {"ja": "橙", "en": "orange"},
    "yellow": {"ja": "黄", "en": "yellow"},
    "green": {"ja": "緑", "en": "green"},
    "blue": {"ja": "青", "en": "blue"},
    "pink": {"ja": "桃", "en": "pink"},
    "purple": {"ja": "紫", "en": "purple"},
    "rainbow": {"ja": "虹", "en": "rainbow"},
    "white": {"ja": "白", "en": "white"},
    "black": {"ja": "黒", "en": "black"},
}

SHORT_COLOURS = {
    "red": "R",
    "orange": "O",
    "yellow": "Y",
    "green": "G",
    "blue": "B",
    "pink": "P",
    "purple": "V",
    "rainbow": "*",
    "white": "W",
    "black": "K",
}

DECLARATIONS = {
    "lock": {
        "ja": "{actor}の宣言：{card}を{place}の場所にロックする",
        "en": "{actor} declares: lock {card} in the {place} place",
    },
    "end": {"ja": "{actor}の宣言：{phase}を終える", "en": "{actor} declares: end the {phase}"},
    "move": {"ja": "{actor}の宣言：{to}へ移動する", "en": "{actor} declares: move to {to}"},
    "contact": {
        "ja": "{actor}の宣言：{target}に接触する",
        "en": "{actor} declares: contact {target}",
    },
    "use": {
        "ja": "{actor}の宣言：{card}の手札効果を使う{frm}{text}",
        "en": "{actor} declares: use the hand effect of {card}{frm}{text}",
    },
    "lock_together": {
        "ja": "{actor}の宣言：{cards}を{place}の場所にまとめてロックする",
        "en": "{actor} declares: lock {cards} together in the {place} place",
    },
}

REASONS = {
    "game_over": {"ja": "ゲームはすでに終了している", "en": "the game is already over"},
    "not_your_turn": {
        "ja": "{actor}の手番ではない（手番は{turn}）",
        "en": "it is not {actor}'s turn ({turn}'s turn)",
    },
    "must_move_or_contact": {
        "ja": "ムーブフェイズでは移動か接触のどちらかを行わなければならない",
        "en": "the Move Phase needs a move or a contact first",
    },
    "lock_outside_lock_phase": {
        "ja": "ロックできるのはロックフェイズだけ（今は{phase}）",
        "en": "locking is for the Lock Phase (now the {phase})",
    },
    "not_in_hand": {"ja": "{card}は手札にない", "en": "{card} is not in the hand"},
    "second_lock": {
        "ja": "このロックフェイズにすでに1枚ロックしている",
        "en": "a card has already been locked in this Lock Phase",
    },
    "colourless": {
        "ja": "{card}は無色（{colour}）で、色として指定できない",
        "en": "{card} is colorless ({colour}) and cannot be named as a color",
    },
    "rainbow_needs_place": {
        "ja": "虹のカードはロックする色を指定する（lock ID as 色）",
        "en": "a rainbow card needs the place to lock it in (lock ID as COLOR)",
    },
    "wrong_colour": {
        "ja": "{colour}のカードは{place}の場所にロックできない",
        "en": "a {colour} card cannot be locked in the {place} place",
    },
    "place_taken": {
        "ja": "{place}の場所にはすでにロックしている（{locked}）",
        "en": "the {place} place already holds a locked card ({locked})",
    },
    "move_outside_move_phase": {
        "ja": "通常の移動はムーブフェイズで行う（今は{phase}）",
        "en": "a normal move happens in the Move Phase (now the {phase})",
    },
    "already_moved": {
        "ja": "このムーブフェイズではすでに移動した",
        "en": "this Move Phase's action was already a move",
    },
    "already_contacted": {
        "ja": "このムーブフェイズではすでに接触した",
        "en": "this Move Phase's action was already a contact",
    },
    "same_square": {"ja": "駒はすでに{square}にいる", "en": "the piece is already on {square}"},
    "not_adjacent": {"ja": "{where}は駒の隣ではない", "en": "{where} is not adjacent to the piece"},
    "no_card": {"ja": "{square}にはカードが無い", "en": "{square} has no card"},
    "piece_there": {"ja": "{square}には{piece}の駒がいる", "en": "{piece}'s piece is on {square}"},
    "contact_outside_move_phase": {
        "ja": "接触はムーブフェイズでのみ選べる（今は{phase}）",
        "en": "contact is only for the Move Phase (now the {phase})",
    },
    "not_an_opponent": {
        "ja": "{target}は接触できる相手ではない",
        "en": "{target} is not an opponent in this game",
    },
    "no_lock_phase": {
        "ja": "{card}はカードの記述によりロックフェイズにロックできない",
        "en": "{card}'s own text forbids locking it in the Lock Phase",
    },
    "placed_card": {
        "ja": "{card}はロックエリアに置かれているだけで、手札にもロックにもない",
        "en": "{card} is only placed in a lock area: neither in the hand nor locked",
    },
    "no_hand_effect": {"ja": "{card}には手札効果がない", "en": "{card} has no hand effect"},
    "locked_card": {
        "ja": "{card}はロックされていて、ロックエリア使用可能表示がない",
        "en": "{card} is locked and has no lock-area-usable mark",
    },
    "not_at_a_break": {
        "ja": "「いつでも使える」カードは効果の処理中には使えない（処理の切れ目で使う）",
        "en": "a card usable at any time waits for a break: an effect is being processed",
    },
    "not_its_timing": {
        "ja": "{card}に記されたタイミングは今ではない",
        "en": "now is not the timing written on {card}",
    },
    "used_in_this_window": {
        "ja": "{card}はこのタイミングですでに使った",
        "en": "{card} has already been used at this timing",
    },
    "not_hand_phase": {
        "ja": "タイミングの記されていない手札効果は自分のハンドフェイズに使う"
        "（今は{turn}の{phase}）",
        "en": "a hand effect without a timing is used in your own Hand Phase "
        "(now {turn}'s {phase})",
    },
    "condition_not_met": {
        "ja": "{card}に記された使用条件を満たしていない",
        "en": "the condition written on {card} is not met",
    },
    "cannot_pay": {
        "ja": "追色コスト{cost}枚を払えない（同じ色のほかのカードは{have}枚）",
        "en": "the Extra Color cost of {cost} cannot be paid ({have} other card(s) of its color)",
    },
    "cannot_be_done": {
        "ja": "{card}の効果は、どの文も実行できないと分かっている",
        "en": "none of {card}'s effect can be carried out, as is known now",
    },
    "loop": {
        "ja": "{card}を同じ盤面・手札・ロックでもう一度使うことは、変化のない繰り返しになる",
        "en": "using {card} again from the same board, hands and locks is a loop that "
        "changes nothing",
    },
}

EVENTS = {
    "refused": {
        "ja": "{actor}の宣言「{declaration}」は認められない：{reason}",
        "en": "{actor}'s declaration “{declaration}” is refused: {reason}",
    },
    "phase_begins": {"ja": "{actor}の{phase}が始まる", "en": "{actor}'s {phase} begins"},
    "turn_begins": {
        "ja": "第{turn}ターン：{actor}の手番{skipped}",
        "en": "turn {turn}: {actor}'s turn{skipped}",
    },
    "turn_ends": {"ja": "{actor}のターンが終了する", "en": "{actor}'s turn ends"},
    "locked": {
        "ja": "{actor}は{card}を{place}の場所にロックした",
        "en": "{actor} locks {card} in the {place} place",
    },
    "game_ends": {
        "ja": "ゲーム終了：{actor}が7色をロックして勝利する{abandoned}",
        "en": "the game ends: {actor} has all seven colors locked and wins{abandoned}",
    },
    "moved": {
        "ja": "{actor}の駒が{frm}から{to}へ移動する",
        "en": "{actor}'s piece moves from {frm} to {to}",
    },
    "moved_forced": {
        "ja": "{actor}の駒が{frm}から{to}へ強制移動する",
        "en": "{actor}'s piece is force-moved from {frm} to {to}",
    },
    "forced_move_blocked": {
        "ja": "{to}には{piece}の駒がいるため、{actor}の駒は強制移動できず{at}に残る",
        "en": "{piece}'s piece is on {to}: {actor}'s piece cannot be "
        "force-moved there and stays on {at}",
    },
    "move_blocked": {
        "ja": "割り込みの後、{to}へは移動できない（駒がいるかカードが無い）："
        "{actor}の駒は{at}に残る",
        "en": "after the interrupt, {to} cannot be moved to (a piece is there, or no card): "
        "{actor}'s piece stays on {at}",
    },
    "opened": {
        "ja": "{square}のカードがオープンされる：{card}",
        "en": "the card on {square} is opened: {card}",
    },
    "arrived_empty": {
        "ja": "{square}にはカードが無い：オープンも到達も起きない",
        "en": "{square} has no card: nothing is opened or reached",
    },
    "reached": {
        "ja": "{actor}の駒が{square}の{card}に到達する",
        "en": "{actor}'s piece reaches {card} on {square}",
    },
    "reach_effect": {
        "ja": "{actor}は{card}の到達効果を得る{effect}",
        "en": "{actor} gains the reach effect of {card}{effect}",
    },
    "to_hand": {
        "ja": "{card}が{frm}から{actor}の手札に加わる",
        "en": "{card} goes from {frm} to {actor}'s hand",
    },
    "exposed_up": {
        "ja": "{square}の下から表向きのカードが現れる：{card}",
        "en": "a face-up card appears on {square}: {card}",
    },
    "exposed_down": {
        "ja": "{square}の1番上は裏向きのカードになる：到達は起きない",
        "en": "a face-down card is now on top of {square}: nothing is reached",
    },
    "nothing_taken": {
        "ja": "{frm}の手札は{hand_size}枚：奪えるカードはない",
        "en": "{frm} has {hand_size} card(s) in hand: nothing is taken",
    },
    "took": {
        "ja": "{actor}は{frm}の手札から無作為に{count}枚を奪う：{cards}",
        "en": "{actor} takes {count} card(s) at random from {frm}'s hand: {cards}",
    },
    "stays": {
        "ja": "{actor}の駒はすでに自分のゲート{square}にいる：動かず、到達も起きない",
        "en": "{actor}'s piece is already on its gate {square}: it does not move, "
        "nothing is reached",
    },
    "no_action": {
        "ja": "{actor}は移動も接触もできない",
        "en": "{actor} can neither move nor contact",
    },
    "placed": {
        "ja": "山札のカード1枚（{card}）を{square}に裏向きで置く",
        "en": "a card from the deck ({card}) is placed face down on {square}",
    },
    "cannot_draw": {
        "ja": "山札も捨て場も空：カードは引けない（{wanted}枚中{drawn}枚）",
        "en": "the deck and the discard pile are empty: no card ({drawn} of {wanted})",
    },
    "drew": {"ja": "{actor}は{card}をドローする", "en": "{actor} draws {card}"},
    "deck_refilled": {
        "ja": "山札がなくなった：捨て場の{cards}枚をそのまま裏向きにして山札とする"
        "（新しい山札の1番上は{new_top}）",
        "en": "the deck ran out: the {cards} card(s) of the discard pile are "
        "turned face down as they are and become the deck (its top card "
        "is now {new_top})",
    },
    "bonus_check": {
        "ja": "ターン終了時の相手ゲート侵攻の確認：{invaders}",
        "en": "end of turn, gate invasion check: {invaders}",
    },
    "no_bonus": {
        "ja": "{actor}の駒がいる{square}は空席（{empty_seat}）の辺の中央で、ゲートではない",
        "en": "{actor}'s piece is on {square}, the centre of the empty {empty_seat} "
        "side: not a gate",
    },
    "bonus_begins": {
        "ja": "{actor}は{invaded}のゲート{square}に侵攻している：相手ゲート侵攻ボーナス",
        "en": "{actor} has invaded {invaded}'s gate {square}: gate invasion bonus",
    },
    "eternal_drawn": {
        "ja": "{actor}はエターナルカードを無作為に1枚引く：{card}",
        "en": "{actor} draws an eternal card at random: {card}",
    },
    "place_cleared": {
        "ja": "{actor}の{place}の場所にあったカードを手札に加える：{cards}",
        "en": "the cards in {actor}'s {place} place go to {actor}'s hand: {cards}",
    },
    "first_stays": {
        "ja": "ファーストカード{cards}は{place}の場所に残る",
        "en": "the first card {cards} stays in the {place} place",
    },
    "no_eternal": {
        "ja": "エターナルカードは残っていない：{actor}は獲得しない",
        "en": "no eternal cards are left: {actor} gains none",
    },
    "gate_cards": {
        "ja": "{actor}の自分のゲート{square}のカードを手札に加える：{cards}",
        "en": "the cards on {actor}'s own gate {square} go to {actor}'s hand: {cards}",
    },
    "returned": {
        "ja": "侵攻した全員が同時に自分のゲートへ戻る：{moves}",
        "en": "every invader returns to its gate at once: {moves}",
    },
    "used_card_discarded": {
        "ja": "使った{card}を捨てる",
        "en": "the used card {card} is discarded",
    },
    "used_card_aside": {
        "ja": "使った{card}は、その記述どおりに置かれるまで脇に置く（盤面の外）",
        "en": "the used card {card} is set aside (off the board) until its own text places it",
    },
    "used_card_stays": {
        "ja": "使った{card}は捨てず、そのまま残る",
        "en": "the used card {card} is not discarded and stays where it is",
    },
    "paid": {
        "ja": "追色コスト{cost}枚を支払う：{cards}を捨てる",
        "en": "the Extra Color cost of {cost} is paid: {cards} discarded",
    },
    "sentence": {
        "ja": "{card}の効果の{number}文目（全{of}文）",
        "en": "sentence {number} of {of} of {card}'s effect",
    },
    "fewest_locked": {
        "ja": "ロックしている枚数：{counts}。1番少ないのは{seats}",
        "en": "cards locked: {counts}; the fewest: {seats}",
    },
    "chose_opponent": {
        "ja": "{actor}は相手を1人選ぶ：{seat}（候補：{candidates}）",
        "en": "{actor} chooses one opponent: {seat} (of {candidates})",
    },
    "each_player": {
        "ja": "{seats}の順に1人ずつ処理する",
        "en": "one player at a time: {seats}",
    },
    "fizzled": {
        "ja": "{card}の効果は何も実行できず、不発となる",
        "en": "nothing of {card}'s effect could be carried out: it fizzles",
    },
    "hand_counted": {
        "ja": "{actor}の手札を数える：{size}枚（使った{card}は含まない）",
        "en": "{actor}'s hand is counted: {size} (the used {card} is not in it)",
    },
    "took_chosen": {
        "ja": "{actor}は{frm}の手札から{count}枚を選んで奪う：{cards}",
        "en": "{actor} chooses and takes {count} card(s) from {frm}'s hand: {cards}",
    },
    "partial": {
        "ja": "{what}：{wanted}枚（件）のうち{done}だけ実行する",
        "en": "{what}: {done} of {wanted} can be done, so that much is done",
    },
    "protected": {
        "ja": "{cards}は他のカードの効果の対象にならない",
        "en": "{cards} cannot be the target of another card's effect",
    },
    "discarded": {
        "ja": "{actor}の{zone}から{cards}を捨てる",
        "en": "{cards} discarded from {actor}'s {zone}",
    },
    "discarded_from_field": {
        "ja": "{square}の1番上のカード{card}を捨てる",
        "en": "the top card of {square}, {card}, is discarded",
    },
    "own_card_discarded": {
        "ja": "{card}はカードの記述どおり手札に加えず、捨て場へ行く",
        "en": "as its own text says, {card} goes to the discard pile, not to the hand",
    },
    "still_locked": {
        "ja": "一緒にロックしていた{cards}は{place}の場所にロックされたまま",
        "en": "{cards}, locked together with it, stays locked in the {place} place",
    },
    "released": {
        "ja": "{actor}の{cards}のロックが解除され、{to}へ",
        "en": "the lock of {actor}'s {cards} is released: to {to}",
    },
    "lock_fails": {
        "ja": "{card}は宣言の後で手札を離れたので、ロックされない",
        "en": "{card} left the hand after the declaration, so it is not locked",
    },
    "lock_place_taken": {
        "ja": "{place}の場所は宣言の後でふさがったので、{card}はロックされない",
        "en": "the {place} place was taken after the declaration, so {card} is not locked",
    },
    "placed_in_lock_area": {
        "ja": "{card}を{whose}の{place}のロックエリアに置く（ロックではない）",
        "en": "{card} is placed in {whose}'s {place} lock area (not a lock)",
    },
    "cannot_move": {
        "ja": "{actor}の駒は{at}から移動できるマスがない",
        "en": "{actor}'s piece on {at} has no square it can move to",
    },
    "put_on_square": {
        "ja": "{card}を{square}に{face}で置く",
        "en": "{card} is put {face} on {square}",
    },
    "revealed": {
        "ja": "{actor}は手札を公開する（このターンの終わりまで）：{cards}",
        "en": "{actor} reveals their hand until the end of this turn: {cards}",
    },
    "reach_suppressed": {
        "ja": "このターン、{seats}は到達効果を得ない",
        "en": "this turn, {seats} gain no reach effects",
    },
    "reach_suppressed_here": {
        "ja": "{actor}は{card}の到達効果を得ない：効果の処理がないため、{card}は手札に加わらない",
        "en": "{actor} gains no reach effect from {card}: with nothing processed, {card} "
        "does not go to the hand",
    },
    "stays_on_field": {
        "ja": "{card}はカードの記述により手札に加えず、{square}に残る",
        "en": "by its own text, {card} does not go to the hand and stays on {square}",
    },
    "no_option": {
        "ja": "どの選択肢も実行できない（{options}択）",
        "en": "none of the {options} options can be carried out",
    },
    "chose": {
        "ja": "{actor}は選択肢{option}を選ぶ（実行できる選択肢：{able}）",
        "en": "{actor} chooses option {option} (options that can be carried out: {able})",
    },
    "delayed": {
        "ja": "{card}の効果の続きは、このターンの終了時に処理する",
        "en": "the rest of {card}'s effect waits for the end of this turn",
    },
    "delayed_effect": {
        "ja": "ターン終了時：{card}の効果の続きを処理する",
        "en": "the turn is ending: the rest of {card}'s effect is processed",
    },
    "turn_end_order": {
        "ja": "ターン終了時に同時に起きる処理の順を{actor}が決める：{order}",
        "en": "{actor} orders what happens as the turn ends: {order}",
    },
    "reveal_ends": {
        "ja": "ターンが終わり、{seats}は手札の公開をやめる",
        "en": "the turn is over: {seats} stop revealing their hands",
    },
    "suppress_ends": {
        "ja": "ターンが終わり、{seats}はふたたび到達効果を得る",
        "en": "the turn is over: {seats} gain reach effects again",
    },
    "window_opens": {
        "ja": "{declaration}の宣言に割り込めるのは：{order}の順",
        "en": "the chance to interrupt the {declaration} goes: {order}",
    },
    "passed": {"ja": "{actor}は割り込まない", "en": "{actor} does not interrupt"},
    "window_closes": {
        "ja": "全員が割り込まない：{declaration}の処理{resumes}",
        "en": "nobody else interrupts: the {declaration} {resumes}",
    },
    "anytime_waits": {
        "ja": "{actor}の「いつでも使える」{cards}は、効果の処理中なので今は使えない",
        "en": "{actor}'s {cards}, usable at any time, must wait: an effect is being processed",
    },
    "setup_seats": {"ja": "席：{seats}{empty}", "en": "seats: {seats}{empty}"},
    "first_card": {
        "ja": "{actor}はファーストカード{card}を引き、{place}の場所にロックする（駒は{place}）",
        "en": "{actor} draws the first card {card} and locks it in the {place} "
        "place (a {place} piece)",
    },
    "setup_no_first_cards": {
        "ja": "初めて遊ぶ場合：ファーストカードを使用しない",
        "en": "beginners' rule: no first cards",
    },
    "setup_eternal_pile": {
        "ja": "エターナルカード{cards}枚を裏向きの山にして盤面の外に置く",
        "en": "the {cards} eternal cards are put face down off the board",
    },
    "setup_no_colourless": {
        "ja": "初めて遊ぶ場合：無色のカードを山札から除く：{cards}",
        "en": "beginners' rule: the colorless cards leave the deck: {cards}",
    },
    "setup_deck": {
        "ja": "通常カード{cards}枚をシャッフルして山札にする",
        "en": "the {cards} normal cards are shuffled into the deck",
    },
    "setup_field": {
        "ja": "49マスすべてにカードを1枚ずつ裏向きで置く（山札の残り{deck}枚）",
        "en": "one card face down on each of the 49 squares ({deck} left in the deck)",
    },
    "setup_pieces": {
        "ja": "各自の駒を自分のゲートに置く：{pieces}",
        "en": "each piece goes on its own gate: {pieces}",
    },
    "setup_first_player": {
        "ja": "最初の手番は{actor}。全員の手札は0枚",
        "en": "{actor} takes the first turn; every hand is empty",
    },
}

ZONES = {
    "hand": {"ja": "手札", "en": "hand"},
    "lock": {"ja": "ロックエリア", "en": "lock area"},
    "field": {"ja": "場", "en": "field"},
    "discard": {"ja": "捨て場", "en": "the discard pile"},
}

TIMINGS = {
    "lock": {"ja": "ロック", "en": "lock"},
    "lock_together": {"ja": "ロック", "en": "lock"},
    "move": {"ja": "移動", "en": "move"},
    "contact": {"ja": "接触", "en": "contact"},
    "use": {"ja": "手札効果の使用", "en": "use of a hand effect"},
}

PARTS = {
    "take": {"ja": "奪う", "en": "take"},
    "discard_hand": {"ja": "手札から捨てる", "en": "discard from a hand"},
    "discard_lock": {"ja": "ロックしているカードを捨てる", "en": "discard a locked card"},
    "discard_field": {"ja": "場のカードを捨てる", "en": "discard a card on the field"},
    "release": {"ja": "ロックを解除する", "en": "release a lock"},
    "lock": {"ja": "ロックする", "en": "lock"},
    "open": {"ja": "オープンする", "en": "open"},
    "place": {"ja": "置く", "en": "put"},
    "put_in_lock_area": {"ja": "ロックエリアに置く", "en": "place in a lock area"},
}

EFFECT_KINDS = {
    "base": {"ja": "【基本】", "en": "[Base]"},
    "reach": {"ja": "【到達】", "en": "[Reach]"},
    "hand": {"ja": "【手札】", "en": "[Hand]"},
}
"""Editorial labels for the effect lines (the icons of 601.1 and 202.2 are lost in the copy)."""

MISC = {
    "none": {"ja": "なし", "en": "none"},
    "from_lock": {"ja": "（ロックエリアから）", "en": " (from the lock area)"},
    "bonus": {"ja": "相手ゲート侵攻ボーナスの確認", "en": "the gate invasion bonus check"},
    "face_up": {"ja": "表向き", "en": "face up"},
    "face_down": {"ja": "裏向き", "en": "face down"},
    "resumes": {"ja": "を再開する", "en": "resumes"},
    "proceeds": {"ja": "に進む", "en": "proceeds"},
    "no_reach_effect": {
        "ja": "（到達効果はない：何も起きない）",
        "en": " (it has none: nothing happens)",
    },
    "abandoned": {
        "ja": "（残りの{n}件の処理は行わない）",
        "en": " ({n} pending step(s) are not processed)",
    },
    "skipped": {"ja": "（空席{seats}は飛ばす）", "en": " (empty seat {seats} skipped)"},
    "empty_sides": {"ja": "（空席：{seats}）", "en": " (empty: {seats})"},
    "face_down_card": {"ja": "裏向きのカード", "en": "a face-down card"},
    "deck": {"ja": "山札", "en": "deck"},
    "hand": {"ja": "手札", "en": "hand"},
    "step": {"ja": "手順", "en": "Step"},
    "line": {"ja": "行", "en": "line"},
    "setup": {"ja": "準備", "en": "Setup"},
    "before": {"ja": "開始時の盤面", "en": "Board before"},
    "after": {"ja": "終了時の盤面", "en": "Board after"},
    "outcome": {"ja": "結果", "en": "Outcome"},
    "winner": {"ja": "勝者：{seat}", "en": "winner: {seat}"},
    "no_winner": {"ja": "勝者なし（ゲームは続く）", "en": "no winner (the game goes on)"},
    "question": {"ja": "質問", "en": "Question"},
    "answer": {"ja": "回答", "en": "Answer"},
    "source": {"ja": "出典", "en": "Source"},
    "turn_phase": {"ja": "手番：{seat}・{phase}", "en": "turn: {seat}, {phase}"},
    "piles": {
        "ja": "山札{deck}枚・捨て場{discard}枚{top}・エターナル{eternal}枚",
        "en": "deck {deck} · discard {discard}{top} · eternal {eternal}",
    },
    "seat_line": {
        "ja": "{seat}：駒{piece}・手札{n}枚{hand}・ロック {lock}",
        "en": "{seat}: piece {piece} · hand {n}{hand} · lock {lock}",
    },
    "check_ok": {"ja": "期待どおり", "en": "as expected"},
    "check_failed": {"ja": "期待と異なる", "en": "differs from the expectations"},
    "press_enter": {"ja": "（Enterで次へ）", "en": "(Enter for the next step)"},
    "refused_steps": {"ja": "認められなかった宣言：{steps}", "en": "refused: {steps}"},
}


# -- what the real cards' texts do (judge_cli/engine/effects/ops_real.py and the rules hooks) --
EVENTS.update(
    {
        "nullified": {
            "ja": "{actor}は、割り込んだ接触を無効にする",
            "en": "{actor} nullifies the contact this card interrupts",
        },
        "contact_nullified": {
            "ja": "{actor}の{target}への接触は無効：手札は奪わず、駒も動かない",
            "en": "{actor}'s contact against {target} is nullified: nothing is taken and no "
            "piece moves",
        },
        "swapped": {
            "ja": "{actor}と{seat}の駒の場所を入れ替える（移動ではない）：{frm} ⇄ {to}",
            "en": "{actor} swaps places with {seat} (not a move): {frm} ⇄ {to}",
        },
        "not_arrived_again": {
            "ja": "{card}の到達効果はまだ処理中なので、{actor}はそれに再び到達しない",
            "en": "{card}'s Arrival Effect is still being resolved, so {actor} does not "
            "arrive at it again",
        },
        "loop": {
            "ja": "{actor}は同じ状況で再び{card}に到達した：意味のない繰り返しは行わない",
            "en": "{actor} arrives at {card} again with nothing changed: the loop is not repeated",
        },
        "picked_up": {
            "ja": "{actor}は{square}の1番上の{card}を手札に加える",
            "en": "{actor} adds {card}, the top card of {square}, to their hand",
        },
        "gave": {
            "ja": "{actor}は手札から{cards}を{to}の手札に加える",
            "en": "{actor} adds {cards} from their hand to {to}'s hand",
        },
        "declared_colours": {
            "ja": "{actor}は色を宣言する：{colours}",
            "en": "{actor} declares colors: {colours}",
        },
        "took_from_discard": {
            "ja": "{actor}は捨て場の上から{position}番目の{card}を手札に加える",
            "en": "{actor} adds {card}, card {position} from the top of the discard pile, to "
            "their hand",
        },
        "condition_met": {
            "ja": "{card}の「〜なら」「〜時」の条件を満たす",
            "en": "{card}'s condition holds",
        },
        "condition_not_met": {
            "ja": "{card}の「〜なら」「〜時」の条件を満たさない",
            "en": "{card}'s condition does not hold",
        },
        "gains_arrival": {
            "ja": "{actor}は{card}の到達効果を得る（上記の到達効果）",
            "en": "{actor} gains {card}'s Arrival Effect (the Arrival Effect above)",
        },
        "phase_will_end": {
            "ja": "この効果の処理後、{phase}を終了する",
            "en": "the {phase} ends when this effect is done",
        },
        "phase_ended": {
            "ja": "効果により{phase}を終了する",
            "en": "the {phase} ends, by the effect",
        },
        "repeated": {
            "ja": "{card}の効果を繰り返す",
            "en": "{card}'s effect is repeated",
        },
        "cannot_this_turn": {
            "ja": "{actor}はこのターン、{what}",
            "en": "{actor}, for the rest of this turn: {what}",
        },
        "normal_move_leaps": {
            "ja": "{actor}のこのターンの通常の移動は２マス先に一気に移動する",
            "en": "{actor}'s normal moves this turn move 2 spaces in one leap",
        },
        "declined": {
            "ja": "{actor}は「〜してもよい」を行わない（{card}）",
            "en": "{actor} chooses not to (“may”, {card})",
        },
        "basic_effect": {
            "ja": "{card}の基本効果が働く",
            "en": "{card}'s Basic Effect applies",
        },
        "this_turn_ends": {
            "ja": "「このターン」の効果が終わる",
            "en": "the effects that last “this turn” end",
        },
        "took_locked": {
            "ja": "{by}は{actor}のロックしている{cards}を手札に加える",
            "en": "{by} adds {cards}, locked by {actor}, to their hand",
        },
        "pile_discarded": {
            "ja": "{square}のカードをすべて捨てる：{cards}",
            "en": "every card on {square} is discarded: {cards}",
        },
        "revealed_drawn": {
            "ja": "{actor}はドローしたカードを公開する：{cards}",
            "en": "{actor} reveals the cards drawn: {cards}",
        },
    }
)
PARTS.update(
    {
        "pick_up": {"ja": "場のカードを手札に加える", "en": "add a card on the field to a hand"},
        "give": {"ja": "手札を相手に加える", "en": "give a card"},
        "swap": {"ja": "場所を入れ替える", "en": "swap places"},
        "from_discard": {"ja": "捨て場から手札に加える", "en": "add from the discard pile"},
        "nullify": {"ja": "接触を無効にする", "en": "nullify a contact"},
        "discard_drawn": {"ja": "それらを捨てる", "en": "discard them"},
        "move": {"ja": "移動できない", "en": "cannot move"},
        "contact": {"ja": "接触できない", "en": "cannot make contact"},
        "use_drawn": {
            "ja": "それらの手札効果は使えない",
            "en": "the Hand Effects of the cards drawn cannot be used",
        },
    }
)
ZONES.update({"drawn": {"ja": "ドローしたカード", "en": "cards drawn"}})
REASONS.update(
    {
        "cannot_move_this_turn": {
            "ja": "このターンは移動できない（カードの効果）",
            "en": "cannot move this turn (a card's effect)",
        },
        "cannot_contact_this_turn": {
            "ja": "このターンは接触できない（カードの効果）",
            "en": "cannot make contact this turn (a card's effect)",
        },
        "not_two_ahead": {
            "ja": "このターンの通常の移動は２マス先に一気に移動する：{square}はそうではない",
            "en": "this turn's normal move leaps 2 spaces: {square} is not",
        },
        "unusable_this_turn": {
            "ja": "この手札効果はこのターン使えない",
            "en": "this Hand Effect cannot be used this turn",
        },
        "once_per_turn": {
            "ja": "この効果は１ターンに１度のみ得られる",
            "en": "this effect can be gained only once per turn",
        },
    }
)


def word(table: dict[str, dict[str, str]], key: str, lang: str) -> str:
    entry = table[key]
    return entry.get(lang, entry["en"])

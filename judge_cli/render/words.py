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

MISC = {
    "none": {"ja": "なし", "en": "none"},
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


def word(table: dict[str, dict[str, str]], key: str, lang: str) -> str:
    entry = table[key]
    return entry.get(lang, entry["en"])

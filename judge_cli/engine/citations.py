"""Every article the engine can cite, in one place.

Each name is the reason an event happens or a declaration is refused; its value is the ids
of the articles that say so, most specific first. A test checks that every id exists in the
corpus, and ``seven check --coverage`` reports which articles the engine can cite. Never
put rules text here: cite it.
"""

from __future__ import annotations

# -- setup (401–404) ---------------------------------------------------------------------
SETUP_SEATS = ("401.1", "102.1", "102.2")
SETUP_SEATS_FEWER = ("102.3", "102.4")
SETUP_FIRST_CARD = ("402.1", "402.2", "402.3", "204.1", "201.3")
SETUP_NO_FIRST_CARDS = ("404.1",)
SETUP_NO_COLOURLESS = ("404.2", "203.3")
SETUP_ETERNAL_PILE = ("401.1", "201.4", "307.1", "300.1")
SETUP_DECK = ("401.1", "305.1")
SETUP_FIELD = ("401.1", "401.2", "301.1", "301.2")
SETUP_PIECES = ("401.1", "302.2", "204.3")
SETUP_FIRST_PLAYER = ("102.5", "403.1")

# -- turns and phases (501–509) ----------------------------------------------------------
TURN_BEGINS = ("509.3", "102.5", "501.1")
TURN_SKIPS_EMPTY_SEAT = ("904.1", "102.4")
PHASE_BEGINS = ("502.1", "502.2")
END_LOCK_PHASE = ("503.1",)
END_HAND_PHASE = ("504.1",)
END_MOVE_PHASE = ("505.1", "509.1")
TURN_ENDS = ("509.1", "501.2")
NOT_YOUR_TURN = ("102.5",)
GAME_IS_OVER = ("103.4",)
MUST_ACT = ("505.1",)
ALREADY_ACTED_SAME = ("505.1",)
ALREADY_ACTED_OTHER = ("505.2",)

# -- the 508 fallback ------------------------------------------------------------------
NO_MOVE_NOR_CONTACT = ("505.3", "508.2")
FALLBACK_PLACE = ("508.1", "309.1", "308.2")
FALLBACK_ENDS_TURN = ("508.1",)

# -- lock (503, 701–703) -------------------------------------------------------------------
DECLARE_LOCK = ("503.1", "503.2")
LOCK_ONLY_IN_LOCK_PHASE = ("503.1", "502.1")
LOCK_NOT_IN_HAND = ("503.1", "304.1a", "300.4")
LOCK_SECOND = ("503.3",)
LOCK_COLOURLESS = ("701.3", "203.3")
LOCK_WRONG_COLOUR = ("701.2",)
LOCK_RAINBOW_NEEDS_PLACE = ("701.4",)
LOCK_PLACE_TAKEN = ("702.1",)
LOCKED = ("701.1", "703.1", "303.1", "303.2", "303.3", "703.3")
LOCKED_RAINBOW = ("701.4", "701.5", "203.2")

# -- the end of the game (103) ------------------------------------------------------------
GAME_ENDS = ("103.1", "103.2", "103.3", "103.4")
WIN_BY_RAINBOW = ("701.5",)

# -- move (505, 506, 609) -----------------------------------------------------------------
DECLARE_MOVE = ("505.1", "506.1", "609.4")
MOVE_OUTSIDE_MOVE_PHASE = ("609.4", "502.1")
MOVE_NOT_ADJACENT = ("506.1", "608.3")
MOVE_TO_EMPTY_SQUARE = ("506.2", "301.2", "502.3")
MOVE_ONTO_PIECE = ("506.3", "204.2", "905.1", "905.2", "502.3")
MOVE_TO_OWN_SQUARE = ("506.4",)
MOVED = ("506.4", "204.3")
MOVE_BLOCKED_AFTER_INTERRUPT = ("114.4", "502.4")
FORCED_MOVED = ("609.2", "204.3")
FORCED_BLOCKED = ("905.2", "905.1", "114.4")
OPENED_BY_MOVE = ("506.4", "308.3", "308.1")
OPENED_BY_FORCED_MOVE = ("609.2", "308.3", "308.1")
ARRIVED_ON_EMPTY_SQUARE = ("609.2", "301.2")

# -- reach (603–605) ---------------------------------------------------------------------
REACH_ONTO_FACE_UP = ("603.1", "603.4", "111.1", "309.2")
REACH_BY_OPENING = ("603.1", "603.2", "603.4", "111.1", "309.2")
REACH_EFFECT = ("604.1",)
REACH_CARD_TO_HAND = ("604.2", "304.1", "304.2", "300.2")
REACH_EXPOSED = ("605.1", "605.2", "605.3", "309.3", "301.3")
REACH_EXPOSED_FACE_DOWN = ("309.3", "605.1")
REACH_EXPOSED_CARD = ("603.1", "605.1", "603.4")
REACH_OWNER_OFF_TURN = ("604.1", "603.1")

# -- contact (507, 903) -------------------------------------------------------------------
DECLARE_CONTACT = ("505.1", "507.1", "507.2", "507.3")
CONTACT_OUTSIDE_MOVE_PHASE = ("507.5",)
CONTACT_NOT_AN_OPPONENT = ("507.1", "100.3")
CONTACT_NOT_ADJACENT = ("507.1", "608.3", "502.3")
CONTACT_TAKES = ("507.1", "115.1", "304.4", "1000「無作為」")
CONTACT_EMPTY_HAND = ("507.4", "903.1")
CONTACT_FORCED_TO_GATE = ("507.1", "609.2", "302.2")
CONTACT_ALREADY_AT_GATE = ("507.1a", "603.3")

# -- the gate invasion bonus (801–808) -----------------------------------------------------
BONUS_CHECK = ("509.2", "501.3", "801.1")
BONUS_OFF_TURN = ("801.2", "801.3")
BONUS_OWN_GATE = ("801.4",)
BONUS_EMPTY_SEAT = ("904.2", "904.1", "302.3", "801.4", "102.4")
BONUS_BEGINS = ("801.1", "802.1", "302.1")
BONUS_SEVERAL = ("807.1", "807.2", "113.2")
BONUS_TAKE_HALF = ("803.1", "803.2", "1000「半分」", "304.4")
BONUS_NOTHING_TO_TAKE = ("803.1", "114.4")
BONUS_ETERNAL_DRAWN = ("804.1", "307.1", "1000「無作為」")
BONUS_PLACE_CLEARED = ("804.2", "703.4", "706.1", "706.2", "300.3")
BONUS_PLACE_SEVERAL = ("804.4",)
BONUS_PLACED_CARD = ("705.3",)
BONUS_FIRST_STAYS = ("804.3",)
BONUS_ETERNAL_LOCKED = ("804.1", "701.1")
BONUS_NO_ETERNAL = ("808.1", "804.5")
BONUS_GATE_CARDS = ("805.1",)
BONUS_RETURN = ("806.1", "807.3", "807.4", "905.3", "609.2")

# -- the deck (305, 901, 902) -------------------------------------------------------------
DECK_REFILLED = ("901.1", "901.2", "305.3", "306.1", "306.2", "306.3")
CANNOT_DRAW = ("902.1", "902.2", "114.4")
DRAW = ("305.2",)

# -- card text over the rules (104, 105) ---------------------------------------------------
CARD_OVER_RULES = ("104.1", "104.2", "105.1", "105.2")
PROTECTED = ("602.1", "602.2", "105.3", "601.1")
PROTECTED_FIRST_ETERNAL = ("704.3", "105.3")
PROTECTED_LOCKED_EXAMPLE = ("105.4",)
ORDER_BY_ACTIVATOR = ("105.5", "113.1")
ORDER_BY_TURN_PLAYER = ("105.5", "113.2")

# -- processing an effect (111–115, 612) ----------------------------------------------------
SENTENCE = ("112.1",)
SENTENCE_AFTER_PREVIOUS = ("112.3",)
SENTENCE_AFTER_ALL_PLAYERS = ("112.2",)
EACH_PLAYER = ("113.1", "612.1", "612.2")
ALL_PLAYERS = ("115.3",)
EACH_OPPONENT = ("115.2",)
FEWEST_LOCKED = ("1000「1番少なくロックしている」",)
LOCKED_COUNT_TOGETHER = ("702.2",)
PLACED_NOT_COUNTED = ("705.2",)
ONE_OPPONENT = ("115.2", "115.1", "100.3")
IMPLICIT_ONE = ("115.1", "608.1")
BEST_EFFORT_CHOICE = ("114.1",)
PARTIAL = ("114.4", "610.4", "114.1")
FIZZLED_REACH = ("610.2", "604.4")
FIZZLED_HAND = ("114.4", "610.4")
CHOICE = ("114.3",)
CHOICE_NONE = ("610.3", "114.3")
HAND_COUNTED = ("606.3", "606.2")
HALF = ("1000「半分」",)
TOP_CARD = ("111.1", "111.2", "309.2", "608.6")
TOP_CARD_UNDER_PIECE = ("111.3", "204.3")

# -- the kinds of effect (601, 602) ------------------------------------------------------
NO_SUCH_EFFECT = ("601.2",)

# -- zones named by effects (300, 304–308) --------------------------------------------------
DISCARD_FROM_HAND = ("300.5", "304.1", "304.1a", "306.1", "306.3")
DISCARD_FROM_LOCK = ("300.5", "706.1", "706.2", "703.4", "306.1", "306.3")
DISCARD_FROM_FIELD = ("300.5", "307.2", "306.1", "306.3")
EFFECT_TAKES = ("300.5", "304.1")
AT_RANDOM = ("304.4", "1000「無作為」")
REVEALED = ("308.4", "304.3")
REVEAL_ENDS = ("308.4",)

# -- reach effects (603–605) ----------------------------------------------------------------
REACH_EFFECT_GAINED = ("604.1", "601.1", "601.3")
REACH_SUPPRESSED = ("604.5",)
SUPPRESS_REACH = ("604.5",)
SUPPRESS_ENDS = ("604.5", "501.2")
REACH_OWN_FATE = ("604.3",)
REACH_CARD_TO_HAND_AFTER_FIZZLE = ("604.4", "610.2")
REACH_BY_EFFECT_OPENING = ("603.1", "603.2", "603.4", "111.1")
REACH_BY_FACE_UP_PLACED = ("603.1", "603.2", "603.4")
REACH_UNCOVERED = ("603.1", "603.4", "309.3")
UNCOVERED_FACE_DOWN = ("309.3",)

# -- hand effects (504, 606, 607, 611) ------------------------------------------------------
DECLARE_USE = ("504.1", "504.2", "504.3", "606.1", "606.1a")
USE_AT_TIMING = ("606.1a", "606.1a-2")
USE_ON_ANOTHERS_TURN = ("606.1c",)
USE_CONDITION_MET = ("606.1a-1", "606.1a-2")
USE_LOCKED = ("606.1b", "703.2", "704.1", "704.2")
USE_ANYTIME = ("502.4f", "1000「いつでも使える」")
USED_CARD_DISCARDED = ("606.2", "504.2", "306.1")
USED_CARD_STAYS = ("606.5", "704.2")
USED_CARD_ASIDE = ("606.4", "307.1")
USED_CARD_FALLBACK = ("606.2", "606.4")
COST_PAID = ("607.1", "607.2", "607.3", "607.5", "203.2")
USE_NOT_IN_HAND = ("606.1b", "300.4")
USE_LOCKED_WITHOUT_MARK = ("703.2", "606.1b", "704.1")
USE_NO_HAND_EFFECT = ("601.2", "606.1")
USE_NOT_HAND_PHASE = ("606.1a", "504.1", "601.3")
USE_NOT_ITS_TIMING = ("606.1a", "502.4")
USE_NOT_AT_A_BREAK = ("502.4f", "502.4h")
USE_CONDITION_NOT_MET = ("606.1a-1", "606.1a-2")
USE_CANNOT_PAY = ("607.4", "607.2", "607.3", "114.2")
COST_NEVER_FIRST_ETERNAL = ("704.3",)
USE_CANNOT_BE_DONE = ("114.2", "610.1", "502.3")
USE_LOOP = ("611.1", "611.2")
USE_ONCE_PER_WINDOW = ("502.4c", "611.1")

# -- interrupts (502.4) --------------------------------------------------------------------
WINDOW_OPENS = ("502.4", "502.4c", "113.1", "606.1a")
WINDOW_IN_EFFECT = ("502.4g", "502.4h")
PASSED = ("502.4c",)
WINDOW_CLOSES = ("502.4d",)
RESUMES = ("502.4",)
RESUMES_OFF_TURN = ("606.1c",)
RESUMES_NESTED = ("502.4b",)
INTERRUPT = ("502.4", "606.1a")
INTERRUPT_NESTED = ("502.4a", "502.4b")
INTERRUPT_EXAMPLE = ("502.4e",)
INTERRUPT_IN_EFFECT = ("502.4g", "502.4h")
ANYTIME_WAITS = ("502.4f", "502.4h", "1000「いつでも使える」")

# -- locks by effects (503.3, 701.6, 702–706) ---------------------------------------------------
LOCK_BY_EFFECT = ("503.3", "702.2a")
LOCK_TOGETHER = ("702.2", "702.2a")
LOCKED_TOGETHER = ("702.2", "701.1")
LOCK_PHASE_FORBIDDEN = ("701.6", "702.2a", "602.1")
LOCK_FAILS_LEFT_HAND = ("300.3", "114.4")
LOCK_FAILS_PLACE_TAKEN = ("702.1", "114.4")
STILL_LOCKED = ("702.3",)
RELEASED = ("706.1", "706.2", "703.4")
PLACED_IN_LOCK_AREA = ("705.1", "705.2")

# -- moves, squares and cards by effects (608, 609) --------------------------------------------
EFFECT_MOVE = ("609.1", "609.5", "506.4")
EFFECT_FORCED_MOVE = ("609.2",)
EFFECT_JUMP = ("609.3",)
EFFECT_CANNOT_MOVE = ("114.4", "905.2", "506.2")
AREA_WITHIN = ("608.2",)
AREA_ADJACENT = ("608.3",)
AREA_SURROUNDING = ("608.4",)
AREA_EMPTY = ("608.5",)
AREA_ANY = ("608.7",)
AREA_GATE = ("302.2",)
OPENED_BY_EFFECT = ("308.3", "308.1")
PUT_ON_SQUARE = ("606.4", "309.1")
PUT_FACE_DOWN = ("308.2",)
PUT_FACE_UP = ("308.1",)
OWN_FATE_STAYS = ("604.3",)
OWN_FATE_DISCARDED = ("604.3", "306.1")
DELAYED = ("104.2", "501.2")
DELAYED_EFFECT = ("501.2", "104.2")


# -- what the real cards' texts do (104.2, 105.2: the card's text over the rules) ------------
NULLIFIED = ("104.2", "105.2", "502.4")
CONTACT_NULLIFIED = ("104.2", "105.2", "502.4", "507.1")
SWAPPED = ("104.2", "105.2", "608.2", "506.4")
REACH_BY_SWAP = ("603.1", "603.4", "113.1")
NOT_ARRIVED_AGAIN = ("603.3",)
ARRIVAL_LOOP = ("611.1", "611.2")
GAIN_ARRIVAL = ("104.2", "604.1", "606.1")
COLOURS_DECLARED = ("203.1", "203.3", "203.2")
END_PHASE_BY_EFFECT = ("104.2", "105.2", "502.1")
REPEATED = ("104.2", "112.1")
IF_CONDITION = ("104.2", "112.1")
COLOUR_RAINBOW_MATCHES = ("203.2",)
ONCE_PER_TURN = ("104.2", "105.3", "114.2")
CANNOT_THIS_TURN = ("104.2", "105.3")
MOVE_FORBIDDEN = ("105.3", "505.1")
CONTACT_FORBIDDEN = ("105.3", "505.1")
NO_ACTION_LEFT = ("105.3", "505.3", "508.2")
HAND_EFFECT_WAITS = ("105.3", "606.1b")
LEAP_MOVES = ("104.2", "609.3", "609.4")
LEAP_MOVE = ("609.3", "609.4", "506.2", "506.3")
PICKED_UP = ("111.1", "300.5", "304.1")
GIVEN = ("304.1", "115.1", "300.5")
FROM_DISCARD = ("306.3", "300.5", "304.1")
NOT_FINAL_LOCK = ("103.1", "105.3")
FINAL_LOCK_TIMING = ("103.1", "103.2", "606.1a")
MAY_DECLINE = ("104.2", "114.1")
BASIC_EFFECT_WORKS = ("602.1", "602.2", "705.1")
AHEAD_TWO = ("609.3", "608.3")
AREA_NOT_GATE = ("302.1", "302.3")
AREA_FACE_UP = ("308.1", "111.1")
DISCARD_DOWN_TO = ("300.5", "114.1")
PILE_DISCARDED = ("104.2", "105.2", "309.1", "306.1")
NO_ARRIVAL_HERE = ("604.5",)
HAND_AT_LEAST = ("115.2", "104.2")
DRAWN_REVEALED = ("308.4", "304.3", "305.2")
TURN_END_DISCARD = ("104.2", "501.2", "306.1")


def all_citations() -> dict[str, tuple[str, ...]]:
    """Every citation of this module by name."""
    return {
        name: value
        for name, value in globals().items()
        if name.isupper() and isinstance(value, tuple) and all(isinstance(v, str) for v in value)
    }


def citable_ids() -> set[str]:
    """Every article id (and glossary entry) the engine can cite."""
    return {aid for ids in all_citations().values() for aid in ids}

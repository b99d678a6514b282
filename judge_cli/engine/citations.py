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

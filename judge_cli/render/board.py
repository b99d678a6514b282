"""The board view as a 7×7 terminal grid, with lock areas, hands and piles below it.

Each square shows its top card (face up: colour and name; face down: ■), the size of its
pile, the piece on it and, for a gate, whose gate it is. Colour only decorates: the grid
reads the same without it (NO_COLOR).
"""

from __future__ import annotations

import unicodedata

from judge_cli.engine.view import BoardView, CardFace, SquareView
from judge_cli.render.labels import label
from judge_cli.render.style import PLAIN, Style
from judge_cli.render.words import COLOURS, MISC, PHASES, SHORT_COLOURS, word

CELL = 9
"""Columns of a square: the grid is 74 columns wide and fits an 80-column terminal."""
SEAT_STYLE = {"S": "red", "W": "yellow", "N": "blue", "E": "green"}
CARD_STYLE = {
    "red": "red",
    "orange": "orange",
    "yellow": "yellow",
    "green": "green",
    "blue": "blue",
    "pink": "pink",
    "purple": "purple",
    "rainbow": "magenta",
    "white": "white",
    "black": "grey",
}


def width(text: str) -> int:
    """Terminal columns: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit(text: str, cols: int) -> str:
    """Cut ``text`` to ``cols`` columns (with …) and pad it to exactly ``cols``."""
    if width(text) > cols:
        out = ""
        for ch in text:
            if width(out + ch) > cols - 1:
                break
            out += ch
        text = out + "…"
    return text + " " * (cols - width(text))


def card_label(face: CardFace, lang: str) -> str:
    """A face-up card as ``G:name`` (ja: ``緑:名前``); a face-down card as ■."""
    if not face.face_up or face.colour is None:
        return "■"
    tag = COLOURS[face.colour]["ja"] if lang == "ja" else SHORT_COLOURS[face.colour]
    name = face.name if lang == "ja" else (face.name_en or face.name)
    return f"{tag}:{name or face.id}"


def piece_colour(view: BoardView, seat: str) -> str:
    for s in view.seats:
        if s.seat == seat and s.piece_colour:
            return CARD_STYLE[s.piece_colour]
    return SEAT_STYLE[seat]


def _cell(sq: SquareView, view: BoardView, lang: str, style: Style) -> tuple[str, str]:
    if sq.top is None:
        top = fit("·", CELL)
    else:
        top_text = fit(card_label(sq.top, lang), CELL)
        colour = CARD_STYLE.get(sq.top.colour or "", "")
        top = style(top_text, colour) if sq.top.face_up and colour else top_text
    size = f"×{sq.size}" if sq.size else "  "
    piece = f"[{sq.piece}]" if sq.piece else "   "
    gate = f"⛩{sq.gate_of}" if sq.gate_of else "  "
    spaced = f"{size} {piece} {gate}".rstrip()
    # A square with a pile, a piece and a gate at once drops the spaces rather than a mark.
    second = fit(spaced if width(spaced) <= CELL else f"{size}{piece}{gate}", CELL)
    if sq.piece:
        marker = f"[{sq.piece}]"
        second = second.replace(marker, style(marker, "bold", piece_colour(view, sq.piece)), 1)
    return top, second


def board_lines(view: BoardView, lang: str = "ja", style: Style = PLAIN) -> list[str]:
    """The grid (row 7 at the top, as seen from the S seat), then seats and piles."""
    cols = "abcdefg"
    head = "    " + "".join(fit(c, CELL + 1) for c in cols)
    border_top = "   ┌" + "┬".join("─" * CELL for _ in cols) + "┐"
    border_mid = "   ├" + "┼".join("─" * CELL for _ in cols) + "┤"
    border_bot = "   └" + "┴".join("─" * CELL for _ in cols) + "┘"
    lines = [head.rstrip(), border_top]
    for row in range(6, -1, -1):
        cells = [_cell(view.squares[row * 7 + c], view, lang, style) for c in range(7)]
        lines.append(f" {row + 1} │" + "│".join(c[0] for c in cells) + "│")
        lines.append("   │" + "│".join(c[1] for c in cells) + "│")
        lines.append(border_mid if row else border_bot)
    lines.extend(seat_lines(view, lang, style))
    return lines


def seat_lines(view: BoardView, lang: str, style: Style = PLAIN) -> list[str]:
    lines = []
    for s in view.seats:
        if not s.seated:
            continue
        locks = []
        for colour, pile in s.lock_area:
            if pile:
                # 705.1: a card an effect placed here is not locked; say which.
                names = "+".join(
                    f.id + (label("placed", lang) if f.id in s.placed else "") for f in pile
                )
                locks.append(style(f"{COLOURS[colour][lang]}:{names}", CARD_STYLE[colour]))
        hand_ids = [h for h in s.hand if not h.startswith("~")]
        unnamed = s.hand_size - len(hand_ids)
        shown = hand_ids + ([f"+{unnamed}■"] if unnamed else [])
        hand = f" [{', '.join(shown)}]" if shown else ""
        seat = style(s.seat, "bold", piece_colour(view, s.seat))
        lines.append(
            word(MISC, "seat_line", lang).format(
                seat=seat,
                piece=s.piece or "-",
                n=s.hand_size,
                hand=hand,
                lock=" ".join(locks) or word(MISC, "none", lang),
            )
        )
    top = ""
    if view.discard_top is not None:
        top = f" ({card_label(view.discard_top, lang)})"
    lines.append(
        word(MISC, "piles", lang).format(
            deck=view.deck, discard=view.discard, top=top, eternal=view.eternal
        )
    )
    lines.append(
        word(MISC, "turn_phase", lang).format(seat=view.turn, phase=PHASES[view.phase][lang])
    )
    return lines

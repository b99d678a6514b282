"""The board view as an SVG diagram: the ruling sheets draw it, inline in HTML and PDF and
as files beside Markdown.

It draws :class:`judge_cli.engine.view.BoardView`, the same model as the terminal grid of
``seven replay`` (render/board.py), and nothing else: the 7×7 squares as seen from the S
seat (row 7 at the top), each with its top card (face up: a card in its colour with its name;
face down: a card back), the size of its pile, the piece on it in its seat's colour, and the
gate marked with its seat; beside the board, each seated player's piece, hand size and hand,
and lock area (the seven colour places, red to purple); under them the deck, the discard pile,
the eternal cards, whose turn and phase, and the winner.

Every piece of text from a scenario (card names and ids) is escaped. Ids in the SVG (a
gradient, a pattern) carry a prefix so that several diagrams live in one HTML page.
"""

from __future__ import annotations

import re
import unicodedata
from html import escape

from judge_cli.engine.view import BoardView, CardFace, SeatView
from judge_cli.render.board import SEAT_STYLE
from judge_cli.render.labels import label
from judge_cli.render.words import COLOURS, MISC, PHASES, word

# Each colour as (strong, tint): the strong one outlines a card and fills a lock place, the
# tint fills a face-up card so that its name stays readable in black on paper.
PALETTE: dict[str, tuple[str, str]] = {
    "red": ("#d32f2f", "#fbe0e0"),
    "orange": ("#ec7a00", "#ffe8cc"),
    "yellow": ("#d4a500", "#fff4bf"),
    "green": ("#2e8b3e", "#dcf1df"),
    "blue": ("#1f5fbf", "#dde7f9"),
    "pink": ("#d9488f", "#fce0ee"),
    "purple": ("#7b3fa8", "#ebdff5"),
    "rainbow": ("#7b3fa8", "#ffffff"),
    "white": ("#8a8a8a", "#ffffff"),
    "black": ("#222222", "#4a4a4a"),
}
SEVEN = ("red", "orange", "yellow", "green", "blue", "pink", "purple")
FONT = (
    "'IPAexGothic', 'IPAGothic', 'Noto Sans CJK JP', 'Noto Sans JP', 'Source Han Sans JP', "
    "'Hiragino Sans', 'Yu Gothic', 'Meiryo', 'DejaVu Sans', sans-serif"
)

CELL = 100
LEFT = 34  # room for the row numbers
TOP = 10
BOARD = 7 * CELL
PANEL_X = LEFT + BOARD + 36
PANEL_W = 380
WIDTH = PANEL_X + PANEL_W
MM_PER_UNIT = 180 / WIDTH
"""Printed size: the diagram fills the 180 mm between A4 margins."""

CARD_TEXT = {"black": "#ffffff"}
FACE_DOWN = ("#c5cad6", "#9aa1b2")
"""A card back: light enough to print, hatched so that it never reads as a colour."""


def _em(ch: str) -> float:
    """Width of ``ch`` in ems: a kanji or kana is one, Latin about 0.6."""
    return 1.0 if unicodedata.east_asian_width(ch) in "WFA" else 0.6


def _latin(ch: str) -> bool:
    return ch.isascii() and not ch.isspace()


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """``text`` escaped for XML, without the control characters XML cannot hold at all
    (a scenario's YAML can write them as escapes)."""
    return escape(_NOT_XML.sub("", text))


def text_width(text: str, size: float) -> float:
    return sum(_em(ch) for ch in text) * size


def wrap(text: str, width: float, size: float, lines: int) -> list[str]:
    """``text`` cut into at most ``lines`` lines of ``width`` units, … where it was cut.

    Latin text breaks at spaces where it can; Japanese anywhere (as it is printed).

    >>> wrap("赤のカード1", 60, 12, 2)
    ['赤のカード', '1']
    >>> wrap("Green card 10", 60, 12, 2)
    ['Green', 'card 10']
    >>> wrap("エターナル（赤）のとても長い名前", 60, 12, 2)
    ['エターナル', '（赤）の…']
    """
    out: list[str] = []
    rest = text
    while rest and len(out) < lines:
        used, cut = 0.0, len(rest)
        for i, ch in enumerate(rest):
            used += _em(ch) * size
            if used > width:
                cut = i
                break
        if 0 < cut < len(rest) and _latin(rest[cut - 1]) and _latin(rest[cut]):
            # Inside a Latin word (an id, an English name): break at the last space.
            space = rest.rfind(" ", 0, cut)
            if space > 0:
                cut = space
        line, rest = rest[:cut].rstrip(), rest[cut:].lstrip()
        out.append(line)
    if rest and out:
        last = out[-1]
        while last and text_width(last + "…", size) > width:
            last = last[:-1]
        out[-1] = last + "…"
    return out


def seat_colour(view: BoardView, seat: str) -> str:
    """204.1: a piece has the colour of its player's first card; else the seat's own colour
    (as the terminal grid shows it). Its gate is marked in the same colour."""
    for s in view.seats:
        if s.seat == seat and s.piece_colour:
            return s.piece_colour
    return SEAT_STYLE[seat]


def _colour_of_seat(view: BoardView, seat: str) -> str:
    return PALETTE[seat_colour(view, seat)][0]


class _Svg:
    def __init__(self, uid: str) -> None:
        self.uid = uid
        self.parts: list[str] = []

    def add(self, part: str) -> None:
        self.parts.append(part)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        anchor: str = "start",
        weight: str = "normal",
        fill: str = "#1a1a1a",
    ) -> None:
        bold = ' font-weight="bold"' if weight == "bold" else ""
        self.add(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"'
            f'{bold} fill="{fill}">{xml_text(text)}</text>'
        )


def _defs(uid: str) -> str:
    stops = "".join(
        f'<stop offset="{i / 6:.3f}" stop-color="{PALETTE[c][1]}"/>' for i, c in enumerate(SEVEN)
    )
    return (
        "<defs>"
        f'<linearGradient id="{uid}-rainbow" x1="0" y1="0" x2="1" y2="0">{stops}</linearGradient>'
        f'<pattern id="{uid}-back" width="8" height="8" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)"><rect width="8" height="8" fill="{FACE_DOWN[0]}"/>'
        f'<line x1="0" y1="0" x2="0" y2="8" stroke="{FACE_DOWN[1]}" stroke-width="3"/></pattern>'
        "</defs>"
    )


def _card(svg: _Svg, face: CardFace, x: float, y: float, w: float, h: float, lang: str) -> None:
    """A face-up card in its colour with its colour and name (card backs are drawn
    together, by :func:`_card_backs`)."""
    assert face.face_up and face.colour is not None
    strong, tint = PALETTE[face.colour]
    fill = f"url(#{svg.uid}-rainbow)" if face.colour == "rainbow" else tint
    svg.add(
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="{fill}" '
        f'stroke="{strong}" stroke-width="3"/>'
    )
    tag = COLOURS[face.colour][lang]
    ink = CARD_TEXT.get(face.colour, "#1a1a1a")
    svg.text(x + 5, y + 14, tag, 12, weight="bold", fill=ink if face.colour == "black" else strong)
    name = (face.name if lang == "ja" else face.name_en or face.name) or face.id
    size = 13
    lines = wrap(name, w - 8, size, 2)
    for i, line in enumerate(lines):
        svg.text(x + w / 2, y + 31 + i * (size + 2), line, size, anchor="middle", fill=ink)


def _card_backs(svg: _Svg, boxes: list[tuple[float, float, float, float]]) -> None:
    """Every face-down card as one path: a diagram has dozens, and one element each would
    make the page slow to print."""
    if not boxes:
        return
    d = "".join(f"M{x} {y}h{w}v{h}h{-w}z" for x, y, w, h in boxes)
    svg.add(
        f'<path d="{d}" fill="url(#{svg.uid}-back)" stroke="{FACE_DOWN[1]}" '
        'stroke-width="1.5" stroke-linejoin="round"/>'
    )


def _torii(svg: _Svg, x: float, y: float, colour: str) -> None:
    """A gate (ゲート, 302) marked with a small torii."""
    svg.add(
        f'<g fill="{colour}"><rect x="{x}" y="{y}" width="18" height="3" rx="1"/>'
        f'<rect x="{x + 2}" y="{y + 5}" width="14" height="2"/>'
        f'<rect x="{x + 3}" y="{y + 3}" width="2.5" height="12"/>'
        f'<rect x="{x + 12.5}" y="{y + 3}" width="2.5" height="12"/></g>'
    )


def _origin(square: str) -> tuple[float, float]:
    """The top-left corner of a square (row 7 at the top, as seen from S)."""
    col = "abcdefg".index(square[0])
    row = int(square[1]) - 1
    return LEFT + col * CELL, TOP + (6 - row) * CELL


def _board(svg: _Svg, view: BoardView, changed: frozenset[str], lang: str) -> None:
    svg.add(
        f'<rect x="{LEFT}" y="{TOP}" width="{BOARD}" height="{BOARD}" fill="#f6f4ee" '
        'stroke="#9a9a9a" stroke-width="1"/>'
    )
    for sq in view.squares:
        if sq.gate_of:
            x, y = _origin(sq.square)
            svg.add(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                f'fill="{PALETTE[seat_colour(view, sq.gate_of)][1]}"/>'
            )
    grid = "".join(
        f"M{LEFT + i * CELL} {TOP}v{BOARD}M{LEFT} {TOP + i * CELL}h{BOARD}" for i in range(1, 7)
    )
    svg.add(f'<path d="{grid}" stroke="#9a9a9a" stroke-width="1" fill="none"/>')
    # The card on top fills the upper part of a square; the strip below holds, left to
    # right, the size of the pile, the gate mark and the piece, so none hides a card's name.
    backs = []
    for sq in view.squares:
        x, y = _origin(sq.square)
        if sq.top is not None and not (sq.top.face_up and sq.top.colour):
            backs.append((x + 7, y + 6, CELL - 14, 60))
    _card_backs(svg, backs)
    for sq in view.squares:
        x, y = _origin(sq.square)
        if sq.top is not None and sq.top.face_up and sq.top.colour:
            _card(svg, sq.top, x + 7, y + 6, CELL - 14, 60, lang)
        # 309.1: the pile's size; one card needs no number (the card shows it).
        if sq.size > 1:
            svg.text(x + 7, y + CELL - 11, f"×{sq.size}", 16, weight="bold", fill="#333333")
        if sq.gate_of:
            colour = _colour_of_seat(view, sq.gate_of)
            svg.add(
                f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                f'fill="none" stroke="{colour}" stroke-width="3"/>'
            )
            _torii(svg, x + 36, y + CELL - 27, colour)
            svg.text(x + 57, y + CELL - 12, sq.gate_of, 14, weight="bold", fill="#333333")
        if sq.piece:
            colour = _colour_of_seat(view, sq.piece)
            cx, cy = x + CELL - 17, y + CELL - 18
            svg.add(
                f'<circle cx="{cx}" cy="{cy}" r="14" fill="{colour}" stroke="#111111" '
                'stroke-width="2"/>'
            )
            svg.text(cx, cy + 6, sq.piece, 16, anchor="middle", weight="bold", fill="#ffffff")
        if sq.square in changed:
            svg.add(
                f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                'fill="none" stroke="#ff6f00" stroke-width="4" stroke-dasharray="10 6"/>'
            )


def _lock_place(svg: _Svg, seat: SeatView, colour: str, pile: tuple, x: float, y: float) -> None:
    strong, tint = PALETTE[colour]
    size = 40
    if not pile:
        svg.add(
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" fill="#ffffff" '
            f'stroke="{strong}" stroke-width="2" stroke-opacity="0.55"/>'
        )
        return
    locked = [f for f in pile if f.id not in seat.placed]
    dash = "" if locked else ' stroke-dasharray="5 3"'
    fill = strong if locked else tint
    svg.add(
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" fill="{fill}" '
        f'stroke="#222222" stroke-width="2"{dash}/>'
    )
    kinds = {"first": "F", "eternal": "E"}
    mark = "".join(kinds.get(f.kind, "") for f in locked) or ("●" if locked else "")
    if len(pile) > 1:
        mark = f"{mark}{len(pile)}" if mark != "●" else str(len(pile))
    ink = "#ffffff" if locked else "#222222"
    svg.text(x + size / 2, y + 27, mark, 16, anchor="middle", weight="bold", fill=ink)


def _panel(svg: _Svg, view: BoardView, lang: str) -> float:
    """The seats, piles, turn and winner beside the board; returns the bottom y."""
    x, y = PANEL_X, TOP + 8
    small = 17
    for seat in view.seats:
        if not seat.seated:
            continue
        colour = _colour_of_seat(view, seat.seat)
        svg.add(
            f'<circle cx="{x + 14}" cy="{y + 10}" r="14" fill="{colour}" stroke="#111111" '
            'stroke-width="2"/>'
        )
        svg.text(x + 14, y + 16, seat.seat, 16, anchor="middle", weight="bold", fill="#ffffff")
        head = _words(lang, "seat_head").format(piece=seat.piece or "-", n=seat.hand_size)
        svg.text(x + 36, y + 16, head, 17, weight="bold")
        y += 34
        for i, (colour_name, pile) in enumerate(seat.lock_area):
            _lock_place(svg, seat, colour_name, pile, x + i * 50, y)
        y += 46
        locks = []
        for colour_name, pile in seat.lock_area:
            if pile:
                names = "+".join(
                    f.id + (label("placed", lang) if f.id in seat.placed else "") for f in pile
                )
                locks.append(f"{COLOURS[colour_name][lang]}:{names}")
        lock_text = f"{_words(lang, 'lock')} " + (" ".join(locks) or word(MISC, "none", lang))
        for line in wrap(lock_text, PANEL_W, small, 3):
            y += small + 4
            svg.text(x, y, line, small)
        if seat.hand_size:
            known = [h for h in seat.hand if not h.startswith("~")]
            unnamed = seat.hand_size - len(known)
            shown = known + ([f"+{unnamed}■"] if unnamed else [])
            hand = f"{_words(lang, 'hand')} " + ", ".join(shown)
            for line in wrap(hand, PANEL_W, small, 3):
                y += small + 4
                svg.text(x, y, line, small)
        y += 22
    top = ""
    if view.discard_top is not None:
        d = view.discard_top
        name = (d.name if lang == "ja" else d.name_en or d.name) or d.id
        top = f" ({name})"
    piles = word(MISC, "piles", lang).format(
        deck=view.deck, discard=view.discard, top=top, eternal=view.eternal
    )
    for line in wrap(piles, PANEL_W, small, 3):
        y += small + 4
        svg.text(x, y, line, small)
    y += small + 8
    turn = word(MISC, "turn_phase", lang).format(seat=view.turn, phase=PHASES[view.phase][lang])
    svg.text(x, y, turn, small, weight="bold")
    if view.winner:
        y += small + 8
        svg.text(x, y, word(MISC, "winner", lang).format(seat=view.winner), 17, weight="bold")
    return y + 10


_PANEL_WORDS = {
    "seat_head": {"ja": "駒 {piece}・手札 {n}枚", "en": "piece {piece} · hand {n}"},
    "lock": {"ja": "ロック", "en": "lock"},
    "hand": {"ja": "手札", "en": "hand"},
}


def _words(lang: str, key: str) -> str:
    return _PANEL_WORDS[key].get(lang, _PANEL_WORDS[key]["en"])


def board_svg(
    view: BoardView,
    lang: str = "ja",
    *,
    uid: str = "board",
    changed: frozenset[str] = frozenset(),
    caption: str = "",
) -> str:
    """The diagram of ``view`` as an ``<svg>`` element (also a valid standalone file).

    ``changed`` names squares to outline (what a step changed); ``caption`` is its
    accessible name. ``uid`` prefixes the ids inside, unique per diagram of a page.
    """
    svg = _Svg(uid)
    svg.add(_defs(uid))
    _board(svg, view, changed, lang)
    for i, letter in enumerate("abcdefg"):
        svg.text(LEFT + i * CELL + CELL / 2, TOP + BOARD + 24, letter, 18, anchor="middle")
    for row in range(7):
        y = TOP + (6 - row) * CELL + CELL / 2 + 6
        svg.text(LEFT - 14, y, str(row + 1), 18, anchor="middle")
    bottom = _panel(svg, view, lang)
    height = max(TOP + BOARD + 34, bottom)
    body = "".join(svg.parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" role="img" '
        f'aria-label="{xml_text(caption)}" viewBox="0 0 {WIDTH} {height:.0f}" '
        f'width="{WIDTH * MM_PER_UNIT:.1f}mm" height="{height * MM_PER_UNIT:.1f}mm" '
        f'font-family="{escape(FONT)}">'
        f"<title>{xml_text(caption)}</title>{body}</svg>"
    )


def changed_squares(before: BoardView, after: BoardView) -> frozenset[str]:
    """The squares whose pile, top card or piece differ between two views."""
    return frozenset(b.square for a, b in zip(before.squares, after.squares, strict=True) if a != b)

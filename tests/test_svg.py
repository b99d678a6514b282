"""The board diagram (render/svg.py): it draws the same board view as the terminal grid.

Each test names the article whose picture it checks."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from judge_cli.engine.view import CardFace
from judge_cli.render.svg import board_svg, changed_squares, text_width, wrap
from judge_cli.scenario.runner import replay_file

REPO = Path(__file__).resolve().parent.parent
BASE = REPO / "scenarios" / "base"
NS = {"s": "http://www.w3.org/2000/svg"}


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_309_pile_sizes_and_the_top_card_face_up_with_colour_and_name() -> None:
    view = replay_file(BASE / "605-reach-combo.yaml").before
    svg = board_svg(view, "ja")
    texts = _texts(svg)
    # d2: three cards, the blue one face up on top; every other square one face-down card.
    assert "×3" in texts and texts.count("×1") == 0
    assert "青" in texts and "青のカード4" in "".join(texts)
    assert "緑のカード4" not in "".join(texts)  # under the top card: not shown (111)
    en = "".join(_texts(board_svg(view, "en")))
    assert "Blue card 4" in en.replace("Blue card4", "Blue card 4")
    # Face-down cards are one hatched path with a box per card: 49 squares, d2 face up.
    backs = re.search(r'<path d="([^"]+)" fill="url\(#board-back\)"', svg).group(1)
    assert backs.count("M") == 48


def test_302_gates_of_seated_players_and_904_no_gate_on_an_empty_side() -> None:
    view = replay_file(BASE / "904-empty-seat-is-no-gate.yaml").before
    seated = {s.seat for s in view.seats if s.seated}
    texts = _texts(board_svg(view, "ja"))
    gates = {sq.gate_of for sq in view.squares if sq.gate_of}
    assert gates == seated and len(seated) < 4
    for seat in "SWNE":
        # A gate is marked with its seat's letter beside the torii; an empty side is not.
        assert (seat in texts) == (seat in seated), seat


def test_204_pieces_in_their_players_colour() -> None:
    view = replay_file(BASE / "507-4-contact-empty-hand.yaml").before
    svg = board_svg(view, "ja")
    # 204.1: S's first card is red, W's blue; each piece is a circle in that colour.
    assert re.search(r'<circle cx="[\d.]+" cy="[\d.]+" r="14" fill="#d32f2f"', svg)
    assert re.search(r'<circle cx="[\d.]+" cy="[\d.]+" r="14" fill="#1f5fbf"', svg)


def test_303_lock_areas_and_hand_sizes_alongside() -> None:
    view = replay_file(BASE / "804-2-cards-on-the-eternal-place.yaml").before
    texts = _texts(board_svg(view, "ja"))
    joined = "\n".join(texts)
    assert "駒 d7・手札 0枚" in joined and "駒 d5・手札 0枚" in joined
    # 705.1: a card placed by an effect is marked as placed, not locked.
    assert "ロック 赤:r1+white1（置）\n緑:first-green" in joined  # wrapped between places
    # Seven places per seat, red to purple: 7 × 2 seats lock-place squares of 40.
    assert board_svg(view, "ja").count('width="40" height="40"') == 14


def test_the_diagram_escapes_card_names_and_ids() -> None:
    view = replay_file(BASE / "605-reach-combo.yaml").before
    d2 = view.square("d2")
    hostile = CardFace("<x>", True, "normal", "blue", '</text><script>"&\x1f', "<en>")
    squares = tuple(replace(sq, top=hostile) if sq is d2 else sq for sq in view.squares)
    svg = board_svg(replace(view, squares=squares), "ja", caption='<"caption">')
    ET.fromstring(svg)  # still well-formed
    assert "<script" not in svg and "&lt;/text&gt;" in svg
    assert 'aria-label="&lt;&quot;caption&quot;&gt;"' in svg


def test_changed_squares_are_what_differs() -> None:
    rp = replay_file(BASE / "507-4-contact-empty-hand.yaml")
    # W is force-moved c4 → a4 and takes the card it reached there.
    assert changed_squares(rp.before, rp.after) == {"c4", "a4"}
    svg = board_svg(rp.after, "ja", changed=changed_squares(rp.before, rp.after))
    assert svg.count('stroke-dasharray="10 6"') == 2


def test_ids_are_prefixed_so_diagrams_share_a_page() -> None:
    view = replay_file(BASE / "605-reach-combo.yaml").before
    one, two = board_svg(view, "ja", uid="s1-before"), board_svg(view, "ja", uid="s2-before")
    ids = set(re.findall(r'id="([^"]+)"', one))
    assert ids and not ids & set(re.findall(r'id="([^"]+)"', two))


@given(st.text(min_size=1, max_size=40), st.integers(20, 200), st.integers(1, 3))
def test_wrapped_lines_fit_and_keep_the_text_in_order(text: str, width: int, lines: int) -> None:
    size = 12
    out = wrap(text, width, size, lines)
    assert len(out) <= lines
    for line in out:
        assert text_width(line, size) <= max(width, text_width(line[:1] + "…", size))
    shown = "".join("".join(out).replace("…", "").split())
    assert "".join(text.split()).startswith(shown)

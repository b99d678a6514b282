"""A real card as plain text: name, colour, kind, copies, the printed lines, the flavour.

The lines are the publisher's, exactly as printed, each behind its icon (★ Basic Effect,
● Arrival Effect, ■ Hand Effect, Ω flavour: the publisher's legend); English output prints
the publisher's English. Only the header words (colour, kind, copies) are ours. Light on
purpose: ``seven judge`` shows a card first, from the compiled card index
(judge_cli/cards/index.py), without PyYAML or pydantic.

>>> print(card_block("red-jump-pad", "en"))
Jump Pad (red-jump-pad)
red · normal card · 7 copies
● Do not add this to your hand. Move 2 spaces in one leap.
■ Place this face-up on any space other than a Gate.
Ω Only the first to leap knows the new view.
"""

from __future__ import annotations

from judge_cli.render.words import COLOURS, word

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from judge_cli.cards import Design

ICONS = {"basic": "★", "arrival": "●", "hand": "■"}
"""The publisher's icons of the three effect kinds (601.1), in printed order."""
FLAVOUR_ICON = "Ω"

KINDS = {
    "normal": {"ja": "通常カード", "en": "normal card"},
    "first": {"ja": "ファーストカード", "en": "First card"},
    "eternal": {"ja": "エターナルカード", "en": "Eternal card"},
}
_SEP = {"ja": "・", "en": " · "}


def as_plain(design: Design | dict[str, Any] | str) -> dict[str, Any]:
    """A design id, a :class:`~judge_cli.cards.Design` or its plain data, as plain data."""
    if isinstance(design, dict):
        return design
    if isinstance(design, str):
        from judge_cli.cards.index import card_index

        return card_index()["designs"][design]
    from judge_cli.cards.index import plain

    return plain(design, reading="")


def copies_text(n: int, lang: str) -> str:
    """``7枚`` / ``7 copies`` (``1 copy``)."""
    if lang == "ja":
        return f"{n}枚"
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def kind_text(kind: str, lang: str) -> str:
    return word(KINDS, kind, lang)


def facts_line(design: Design | dict[str, Any] | str, lang: str) -> str:
    """Colour, kind and copies: ``赤・通常カード・7枚`` / ``red · normal card · 7 copies``."""
    d = as_plain(design)
    parts = (
        word(COLOURS, d["colour"], lang),
        kind_text(d["kind"], lang),
        copies_text(d["copies"], lang),
    )
    return _SEP[lang].join(parts)


def printed_lines(
    design: Design | dict[str, Any] | str, lang: str, *, flavour: bool = True
) -> list[str]:
    """The printed lines of one language behind their icons; a line break of the card
    continues under the text, indented."""
    d = as_plain(design)
    text = d["text"][lang]
    out = []
    name = d["effect_name"][lang] if d["effect_name"] else None
    if name and not any(name in (text[k] or "") for k in ICONS):
        out.append(name)  # a first card's subtitle: not part of any effect line
    for kind, icon in ICONS.items():
        if text[kind]:
            out.append(_indented(f"{icon} {text[kind]}"))
    if flavour and d["flavour"] is not None:
        out.append(_indented(f"{FLAVOUR_ICON} {d['flavour'][lang]}"))
    return out


def _indented(text: str) -> str:
    return "\n  ".join(text.split("\n"))


def card_block(design: Design | dict[str, Any] | str, lang: str) -> str:
    """The block of a design (or a design id) in ``lang``: ``ja``, ``en`` or ``both``."""
    d = as_plain(design)
    langs = ["ja", "en"] if lang == "both" else [lang if lang == "ja" else "en"]
    names = " / ".join(d["name"][lg] for lg in langs)
    lines = [f"{names} ({d['id']})", " / ".join(facts_line(d, lg) for lg in langs)]
    for lg in langs:
        lines.extend(printed_lines(d, lg))
    return "\n".join(lines)

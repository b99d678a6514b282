"""A real card as plain text: name, colour, kind, copies, the printed lines, the flavour.

The lines are the publisher's, exactly as printed, each behind its icon (★ Basic Effect,
● Arrival Effect, ■ Hand Effect, Ω flavour: the publisher's legend); English output prints
the publisher's English. Only the header words (colour, kind, copies) are ours.

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


def copies_text(n: int, lang: str) -> str:
    """``7枚`` / ``7 copies`` (``1 copy``)."""
    if lang == "ja":
        return f"{n}枚"
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def kind_text(kind: str, lang: str) -> str:
    return word(KINDS, kind, lang)


def facts_line(design: Design, lang: str) -> str:
    """Colour, kind and copies: ``赤・通常カード・7枚`` / ``red · normal card · 7 copies``."""
    parts = (
        word(COLOURS, design.colour, lang),
        kind_text(design.kind, lang),
        copies_text(design.copies, lang),
    )
    return _SEP[lang].join(parts)


def printed_lines(design: Design, lang: str, *, flavour: bool = True) -> list[str]:
    """The printed lines of one language behind their icons; a line break of the card
    continues under the text, indented."""
    text = design.text.ja if lang == "ja" else design.text.en
    out = []
    name = None if design.effect_name is None else getattr(design.effect_name, lang)
    if name and not any(name in (getattr(text, k) or "") for k in ICONS):
        out.append(name)  # a first card's subtitle: not part of any effect line
    for kind, icon in ICONS.items():
        line = getattr(text, kind)
        if line:
            out.append(_indented(f"{icon} {line}"))
    if flavour and design.flavour is not None:
        out.append(_indented(f"{FLAVOUR_ICON} {getattr(design.flavour, lang)}"))
    return out


def _indented(text: str) -> str:
    return "\n  ".join(text.split("\n"))


def card_block(design: Design | str, lang: str) -> str:
    """The block of a design (or a design id) in ``lang``: ``ja``, ``en`` or ``both``."""
    if isinstance(design, str):
        from judge_cli.cards import load_designs

        design = load_designs()[design]
    langs = ["ja", "en"] if lang == "both" else [lang if lang == "ja" else "en"]
    names = " / ".join(getattr(design.name, lg) for lg in langs)
    lines = [f"{names} ({design.id})", " / ".join(facts_line(design, lg) for lg in langs)]
    for lg in langs:
        lines.extend(printed_lines(design, lg))
    return "\n".join(lines)

"""Smaller board diagrams for the site: the same SVG, its repeated styling moved to classes.

A board diagram (:func:`judge_cli.render.svg.board_svg`) writes the style of every shape as
attributes (``font-size="16" text-anchor="middle" font-weight="bold" fill="#ffffff"``),
the same few dozen combinations over and over; on a site of a hundred rulings that is most
of its weight. :class:`Classes` replaces each combination by a class and writes the CSS
rules once (``board.css``). Presentation attributes and CSS properties are the same thing
in SVG, so the drawing does not change; a value pointing into the diagram (``url(#…)``) and
the definitions (gradients, patterns) are left as they are.

>>> c = Classes()
>>> c.svg('<svg class="board"><text x="1.0" y="2" font-size="16" fill="#ffffff">S</text></svg>')
'<svg class="board"><text x="1" y="2" class="b0">S</text></svg>'
>>> c.css().splitlines()[1]
'svg.board .b0{font-size:16px;fill:#ffffff}'
"""

from __future__ import annotations

import re

STYLE = (
    "fill",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "fill-opacity",
    "opacity",
    "stroke-dasharray",
    "stroke-linejoin",
    "font-size",
    "font-weight",
    "text-anchor",
)
_SHAPES = ("text", "rect", "circle", "path", "line", "g", "polygon", "ellipse")
_TAG = re.compile(r"<(" + "|".join(_SHAPES) + r")((?:\s+[\w:-]+=\"[^\"]*\")*)(\s*/?)>")
_ATTR = re.compile(r"\s+([\w:-]+)=\"([^\"]*)\"")
_ROOT_FONT = re.compile(r"(<svg\b[^>]*?)\s+font-family=\"[^\"]*\"")
_POINT_ZERO = re.compile(r"(?<=\d)\.0(?=\")")


class Classes:
    """The style combinations met so far, each a class (``b0``, ``b1``, …)."""

    def __init__(self) -> None:
        self.names: dict[tuple[tuple[str, str], ...], str] = {}

    def _class(self, style: tuple[tuple[str, str], ...]) -> str:
        name = self.names.get(style)
        if name is None:
            name = self.names[style] = f"b{len(self.names)}"
        return name

    def _tag(self, m: re.Match[str]) -> str:
        tag, attrs, end = m.group(1), m.group(2), m.group(3)
        kept, style = [], []
        for name, value in _ATTR.findall(attrs):
            if name in STYLE and "url(" not in value:
                style.append((name, value))
            else:
                kept.append((name, _POINT_ZERO.sub("", f'"{value}"')[1:-1]))
        if style:
            kept.append(("class", self._class(tuple(style))))
        body = "".join(f' {n}="{v}"' for n, v in kept)
        return f"<{tag}{body}{end}>"

    def svg(self, svg: str) -> str:
        """The diagram with its styling as classes (and without its font list: the page's
        CSS gives the font)."""
        return _TAG.sub(self._tag, _ROOT_FONT.sub(r"\1", svg, count=1))

    def css(self) -> str:
        """The rules of every class given out, and the diagrams' font."""
        from judge_cli.render.svg import FONT

        out = [f"svg.board{{font-family:{FONT}}}\n"]
        for style, name in self.names.items():
            props = ";".join(
                f"{k}:{v}px" if k in _PX and _NUMBER.match(v) else f"{k}:{v}" for k, v in style
            )
            out.append(f"svg.board .{name}{{{props}}}\n")
        return "".join(out)


_PX = ("font-size", "stroke-width")
_NUMBER = re.compile(r"^\d+(\.\d+)?$")


_DEFS = re.compile(r"<defs>.*?</defs>", re.S)
_UID = re.compile(r'<linearGradient id="([\w-]+)-rainbow"')


def share_definitions(svgs: list[str]) -> list[str]:
    """The diagrams of one page with their definitions written once: every diagram defines
    the same gradient and card-back pattern under its own id, and an id of one inline SVG
    serves the whole page, so the first diagram keeps its definitions and the others point
    to them (a diagram whose definitions differ keeps its own).

    >>> a = '<svg><defs><linearGradient id="s1-rainbow"/></defs>'
    >>> a += '<rect fill="url(#s1-rainbow)"/></svg>'
    >>> share_definitions([a, a.replace("s1", "s2")])[1]
    '<svg><rect fill="url(#s1-rainbow)"/></svg>'
    """
    out: list[str] = []
    first: tuple[str, str] | None = None  # the first diagram's uid and definitions
    for svg in svgs:
        uid, defs = _UID.search(svg), _DEFS.search(svg)
        if uid is None or defs is None:
            out.append(svg)
            continue
        if first is None:
            first = (uid.group(1), defs.group(0))
            out.append(svg)
        elif defs.group(0).replace(f'id="{uid.group(1)}-', f'id="{first[0]}-') == first[1]:
            svg = svg[: defs.start()] + svg[defs.end() :]
            out.append(svg.replace(f"url(#{uid.group(1)}-", f"url(#{first[0]}-"))
        else:
            out.append(svg)
    return out

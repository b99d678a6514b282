"""Ruling sheets as HTML (one self-contained file: inline CSS and SVG, A4 print CSS) and as
Markdown (the diagrams as SVG files in a folder beside it), through jinja2 templates packaged
in render/templates/.

HTML is autoescaped: every text from a scenario or the rules (a question containing
``<script>``) prints as text. Markdown escapes the same texts for Markdown (ASCII
punctuation that would start emphasis, links, HTML or a list), so a scenario cannot inject
markup there either. Only the SVG diagrams, which render/svg.py builds and escapes, go in
unescaped.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from judge_cli.render.labels import label
from judge_cli.render.sheet import Diagram, ReferenceSheet, ScenarioSheet, anchor, say
from judge_cli.render.words import MISC, word

TEMPLATES = Path(__file__).resolve().parent / "templates"

_MD_PUNCT = re.compile(r"([\\`*_\[\]<>|~&#!])")
_MD_LINE_START = re.compile(r"^(\s*)([-+=>]|\d+[.)])(?=\s|$)", re.MULTILINE)


def md_escape(value: Any) -> Any:
    """A text made inert for Markdown: punctuation that could start emphasis, code, a link,
    an image, HTML, a table cell or an entity is backslash-escaped (CommonMark allows it for
    any ASCII punctuation), as is what would open a list, a heading or a quote at a line's
    start; a line break becomes a hard break. Markup passes unchanged.

    >>> print(md_escape("<script>alert(1)</script> *bold* [x](y)"))
    \\<script\\>alert(1)\\</script\\> \\*bold\\* \\[x\\](y)
    >>> print(md_escape("1. not a list"))
    1\\. not a list
    """
    if value is None or isinstance(value, Markup) or not isinstance(value, str):
        return value
    text = value.replace("\r\n", "\n").replace("\r", "\n")  # Markdown's line endings, all three
    text = _MD_PUNCT.sub(r"\\\1", text)
    text = _MD_LINE_START.sub(lambda m: m.group(1) + _escape_start(m.group(2)), text)
    return text.replace("\n", "\\\n")


def _escape_start(token: str) -> str:
    if token[0].isdigit():
        return token[:-1] + "\\" + token[-1]
    return "\\" + token


def swatch(colour: str) -> str:
    """A CSS background for a card's colour, from the diagram's palette (one source)."""
    from judge_cli.render.svg import PALETTE, SEVEN

    if colour == "rainbow":
        return "linear-gradient(90deg, " + ", ".join(PALETTE[c][0] for c in SEVEN) + ")"
    return PALETTE.get(colour, ("#ffffff",))[0]


def _globals(env: jinja2.Environment) -> None:
    env.globals.update(
        swatch=swatch,
        say=say,
        label=label,
        misc=lambda key, lang: word(MISC, key, lang),
        anchor=anchor,
    )


@functools.cache
def _html_env() -> jinja2.Environment:
    """One environment: its templates are compiled once, not once per sheet of a PDF."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(["html.j2", "html"], default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=False,
        keep_trailing_newline=True,
    )
    _globals(env)
    return env


def _md_env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=False,
        finalize=md_escape,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    env.filters["raw"] = Markup  # a macro's output: escaped inside already
    _globals(env)
    return env


def doc_title(first: ScenarioSheet, count: int) -> str:
    """The title of a document of ``count`` sheets starting with ``first``."""
    lang = first.langs[0]
    more = f" (+{count - 1})" if count > 1 else ""
    return f"{say('ruling_sheet', lang)}: {first.title[lang]}{more}"


def html_sheets(sheets: Sequence[ScenarioSheet]) -> str:
    """One HTML document with a sheet per scenario, each starting on a new page."""
    template = _html_env().get_template("sheet.html.j2")
    title = doc_title(sheets[0], len(sheets))
    return template.render(sheets=sheets, langs=sheets[0].langs, doc_title=title)


def html_reference(ref: ReferenceSheet) -> str:
    template = _html_env().get_template("reference.html.j2")
    title = f"{say('quick_reference', ref.langs[0])}: {ref.spec}"
    return template.render(reference=ref, langs=ref.langs, doc_title=title)


def diagram_file(sheet: ScenarioSheet, diagram: Diagram) -> str:
    """The file name of a diagram beside a Markdown sheet: ``01-<scenario>-before.svg``."""
    stem = Path(sheet.file).stem
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in stem)
    return f"{sheet.index:02d}-{safe}-{diagram.name}.svg"


def markdown_sheets(sheets: Sequence[ScenarioSheet], folder: str) -> tuple[str, dict[str, str]]:
    """The Markdown text and the diagram files it links to (name → SVG), which go in
    ``folder`` beside it (GitHub and most viewers strip SVG written inline in Markdown, and
    show an SVG image file)."""
    files: dict[str, str] = {}
    current: list[ScenarioSheet] = []

    def image(d: Diagram) -> Markup:
        name = diagram_file(current[0], d)
        files[name] = d.svg
        return Markup(quote(f"{folder}/{name}"))

    env = _md_env()
    env.globals["image"] = image
    parts = []
    template = env.get_template("sheet.md.j2")
    for sheet in sheets:
        current[:] = [sheet]
        parts.append(template.render(sheets=[sheet]).strip("\n"))
    return "\n\n---\n\n".join(parts) + "\n", files


def markdown_reference(ref: ReferenceSheet) -> str:
    return _md_env().get_template("reference.md.j2").render(reference=ref).strip("\n") + "\n"

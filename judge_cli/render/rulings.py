"""Rulings as terminal text: the short list under an article (``seven rule``, ``seven judge``)
and the full list of ``seven rulings``.

Light on purpose: ``seven judge`` prints these on its fast path, so this module imports only
the interface's labels and the ANSI style.
"""

from __future__ import annotations

from judge_cli.render.labels import label
from judge_cli.render.source_note import source_note
from judge_cli.render.style import PLAIN, Style

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


def _text(field: dict[str, str], lang: str) -> str:
    return field.get(lang) or field.get("ja") or ""


def _langs(view: str) -> list[str]:
    return ["ja", "en"] if view == "both" else [view]


def ruling_lines(rulings: Sequence[dict[str, Any]], view: str, style: Style = PLAIN) -> list[str]:
    """``裁定例:`` and one line per ruling: its id, title and the articles it cites here.

    Nothing when there are none (the section appears only when it has something to show)."""
    if not rulings:
        return []
    langs = _langs(view)
    heading = " / ".join(dict.fromkeys(label("rulings", lang) for lang in langs))
    out = [style(heading, "bold") + ":"]
    width = max(len(r["id"]) for r in rulings)
    for r in rulings:
        title = " / ".join(_text(r["title"], lang) for lang in langs)
        cited = style("(" + ", ".join(r.get("matched") or r["articles"]) + ")", "dim")
        out.append(f"  {style(r['id'].ljust(width), 'cyan')}  {title}  {cited}")
    return out


def ruling_blocks(rulings: Sequence[dict[str, Any]], view: str, style: Style = PLAIN) -> list[str]:
    """``seven rulings``: each ruling with its question, answer, articles, date and source."""
    langs = _langs(view)
    out: list[str] = []
    for r in rulings:
        if out:
            out.append("")
        out.append(f"{style(r['id'], 'bold', 'cyan')}  {style(r['date'], 'dim')}")
        for lang in langs:
            out.append("  " + style(_text(r["title"], lang), "bold"))
            out.append(f"  {label('question', lang)}: {_text(r['question'], lang)}")
            out.append(f"  {label('answer', lang)}: {_text(r['answer'], lang)}")
        lang = langs[0]
        out.append(f"  {label('articles', lang)}: {', '.join(r['articles'])}")
        note = source_note(r["source"], lang)
        out.append(style(f"  {label('source', lang)}: {note} · {r['file']}", "dim"))
    return out

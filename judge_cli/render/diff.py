"""``seven diff`` output: terminal text and JSON-ready data.

In the text, a deletion is written ``[-…-]`` and an insertion ``{+…+}`` (the wdiff
convention), so the diff reads the same without colour, in a log or on paper; on a terminal
they are red and green as well.
"""

from __future__ import annotations

from typing import Any

from judge_cli.corpus.diff import ArticleChange, EditionDiff, Op, Side
from judge_cli.render.style import PLAIN, Style

_COLOURS = {"added": "green", "removed": "red", "changed": "yellow", "renumbered": "cyan"}


def diff_text(ops: list[Op], style: Style = PLAIN) -> str:
    """A text with its deletions ``[-…-]`` and insertions ``{+…+}`` marked in place."""
    parts = []
    for op, text in ops:
        if op == "=":
            parts.append(text)
        elif op == "-":
            parts.append(style(f"[-{text}-]", "red"))
        else:
            parts.append(style(f"{{+{text}+}}", "green"))
    return "".join(parts)


def _side_line(label: str, side: Side) -> str:
    edition = f", edition {side.edition!r}" if side.edition else ""
    return f"{label}: {side.path} ({side.kind}{edition}, {len(side.articles)} articles)"


def _summary(d: EditionDiff) -> str:
    counts = [
        f"{len(ids)} {name}"
        for name, ids in (
            ("added", d.added),
            ("removed", d.removed),
            ("changed", d.changed),
            ("renumbered", d.renumbered),
        )
    ]
    extra = []
    glossary = len(d.glossary_added) + len(d.glossary_removed) + len(d.glossary_changed)
    if glossary:
        extra.append(f"{glossary} glossary entries")
    passages = len(d.passages_added) + len(d.passages_removed) + len(d.passages_changed)
    if passages:
        extra.append(f"{passages} passages")
    if d.scenarios.by_file:
        extra.append(f"{len(d.scenarios.by_file)} scenarios to re-check")
    return "articles: " + ", ".join(counts) + ("; " + ", ".join(extra) if extra else "")


def _change_lines(c: ArticleChange, style: Style) -> list[str]:
    status = style(c.status, "bold", _COLOURS[c.status])
    if c.status == "added":
        return [f"{status} {c.new}", f"  {c.new_text}"]
    if c.status == "removed":
        return [f"{status} {c.old}", f"  {c.old_text}"]
    head = f"{status} {c.old} → {c.new}" if c.status == "renumbered" else f"{status} {c.new}"
    if not c.edited:
        return [f"{head} (same text)"]
    note = " (only the ids it writes were renumbered)" if c.refs_only else ""
    if c.status == "renumbered" and c.similarity is not None:
        note = f", edited ({c.similarity:.0%} alike){note}"
    return [head + note, "  " + diff_text(c.diff, style)]


def diff_lines(d: EditionDiff, *, style: Style = PLAIN) -> list[str]:
    """The whole comparison, the summary first, then each change in document order."""
    lines = [_side_line("old", d.old), _side_line("new", d.new)]
    if d.empty:
        lines.append("no differences in the articles, the glossary or the passages")
        return lines
    lines.append(_summary(d))
    groups = d.matching.group_map
    if groups:
        moved = ", ".join(f"{g} → {t}" for g, t in sorted(groups.items()))
        lines.append(f"groups renumbered: {moved}")
    for c in d.articles:
        lines.append("")
        lines.extend(_change_lines(c, style))
    if d.glossary_added or d.glossary_removed or d.glossary_changed:
        lines += ["", style("glossary", "bold")]
        lines += [f"  added 「{t}」: {d.new.glossary[t]}" for t in d.glossary_added]
        lines += [f"  removed 「{t}」 (was {d.old.glossary[t]})" for t in d.glossary_removed]
        lines += [f"  changed 「{t}」: {a} → {b}" for t, a, b in d.glossary_changed]
    if d.passages_added or d.passages_removed or d.passages_changed:
        lines += ["", style("passages", "bold")]
        lines += [f"  added {pid}: {text}" for pid, text in d.passages_added]
        lines += [f"  removed {pid}: {text}" for pid, text in d.passages_removed]
        lines += [
            f"  changed {o if o == n else f'{o} → {n}'}: {diff_text(ops, style)}"
            for o, n, ops in d.passages_changed
        ]
    if d.scenarios.by_file:
        lines += ["", style("scenarios citing affected articles", "bold")]
        for name, ids in d.scenarios.by_file.items():
            cited = ", ".join(f"{i} ({d.why_affected(i)})" for i in ids)
            lines.append(f"  {name}: {cited}")
    for w in d.scenarios.warnings:
        lines.append(f"warning: {w}")
    return lines


def _ops_data(ops: list[Op]) -> list[dict[str, str]]:
    return [{"op": op, "text": text} for op, text in ops]


def _side_data(side: Side) -> dict[str, Any]:
    return {
        "path": side.path,
        "kind": side.kind,
        "edition": side.edition,
        "articles": len(side.articles),
    }


def diff_data(d: EditionDiff) -> dict[str, Any]:
    """``seven diff --json``: the four id lists first, then the details."""
    return {
        "added": d.added,
        "removed": d.removed,
        "changed": d.changed,
        "renumbered": [list(p) for p in d.renumbered],
        "groups_renumbered": [[str(g), str(t)] for g, t in sorted(d.matching.group_map.items())],
        "old": _side_data(d.old),
        "new": _side_data(d.new),
        "articles": [
            {
                "status": c.status,
                "old": str(c.old) if c.old is not None else None,
                "new": str(c.new) if c.new is not None else None,
                "old_text": c.old_text,
                "new_text": c.new_text,
                "similarity": round(c.similarity, 4) if c.similarity is not None else None,
                "refs_only": c.refs_only,
                "diff": _ops_data(c.diff),
            }
            for c in d.articles
        ],
        "glossary": {
            "added": [{"term": t, "cell": d.new.glossary[t]} for t in d.glossary_added],
            "removed": [{"term": t, "cell": d.old.glossary[t]} for t in d.glossary_removed],
            "changed": [{"term": t, "old": a, "new": b} for t, a, b in d.glossary_changed],
        },
        "passages": {
            "added": [{"id": i, "text": t} for i, t in d.passages_added],
            "removed": [{"id": i, "text": t} for i, t in d.passages_removed],
            "changed": [
                {"old": o, "new": n, "diff": _ops_data(ops)} for o, n, ops in d.passages_changed
            ],
        },
        "scenarios": [
            {
                "file": name,
                "articles": [{"id": i, "why": d.why_affected(i)} for i in ids],
            }
            for name, ids in d.scenarios.by_file.items()
        ],
        "warnings": list(d.scenarios.warnings),
    }

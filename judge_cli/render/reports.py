"""The import report as terminal text (``seven import``)."""

from __future__ import annotations

from pathlib import Path

from judge_cli.corpus.importer import ImportReport
from judge_cli.render.style import PLAIN, Style


def _terms(terms: list[str]) -> str:
    return "、".join(f"「{t}」" for t in terms)


def import_lines(report: ImportReport, target: Path, *, style: Style = PLAIN) -> list[str]:
    """What the import did, one finding a line, the edition written last."""
    lines = [
        f"read {report.articles} articles, {report.glossary} glossary terms, "
        f"{report.passages} passages"
    ]

    def row(label: str, items: list[str], colour: str | None = None) -> None:
        if items:
            head = style(label, "bold", colour) if colour else style(label, "bold")
            lines.append(f"{head}: {', '.join(items)}")

    def block(label: str, items: list[str]) -> None:
        if items:
            lines.append(style(label, "bold") + ":")
            lines.extend(f"  {item}" for item in items)

    c = report.carry
    row("added", report.added, "green")
    row("removed", report.removed, "red")
    row("changed", report.changed, "yellow")
    row("renumbered", [f"{o} → {n}" for o, n in report.renumbered], "cyan")
    row("editorial data moved with its article", [f"{o} → {n}" for o, n in c.carried])
    row("renumbered ids updated inside our items and notes", c.ids_updated)
    block(
        "reconstructed items to review (docs/maintainers.md)",
        [f"{aid}: {'; '.join(reasons)}" for aid, reasons in c.review.items()],
    )
    block("editorial data dropped: it had nowhere to go", c.dropped)
    row("kana readings dropped with a changed text (generate them again)", c.readings_dropped)
    row("titles the glossary no longer gives (kept, now editorial)", c.titles_now_editorial)
    row("new sections and groups without a title (give them one)", c.untitled)
    glossary = []
    if c.glossary_added:
        glossary.append(f"added {_terms(c.glossary_added)}")
    if c.glossary_removed:
        glossary.append(f"removed {_terms(c.glossary_removed)}")
    if c.glossary_renamed:
        glossary.append("renamed " + "、".join(f"「{o}」→「{n}」" for o, n in c.glossary_renamed))
    if c.glossary_changed:
        glossary.append(f"changed {_terms(c.glossary_changed)}")
    if glossary:
        lines.append(f"{style('glossary', 'bold')}: {'; '.join(glossary)}")
    passages = [
        f"{kind} {', '.join(ids)}"
        for kind, ids in (
            ("added", c.passages_added),
            ("removed", c.passages_removed),
            ("changed", c.passages_changed),
        )
        if ids
    ]
    if passages:
        lines.append(f"{style('passages', 'bold')}: {'; '.join(passages)}")
    row("English translations now stale", report.stale_en, "yellow")
    row(
        "English translations moved with their article",
        [f"{o} → {n}" for o, n in report.en_moved if o != n],
    )
    row("English translations dropped with their article", report.en_dropped)
    row("English translations kept up to date (only renumbered ids changed)", report.en_refreshed)
    if report.en_edition:
        lines.append(f"{style('English', 'bold')}: rules/en now reads {report.en_edition!r}")
    edition = f"edition {report.edition!r} ({report.date}, {report.date_kind})"
    if report.unchanged:
        lines.append(f"nothing changed: {target} holds {edition}")
    else:
        verb = "would write" if report.dry_run else "wrote"
        lines.append(
            f"{verb} {edition} to {target}; "
            f"files {'to change' if report.dry_run else 'changed'}: "
            f"{', '.join(report.files_changed)}"
        )
    return lines

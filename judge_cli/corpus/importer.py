"""Import a new edition of the publisher's text into rules/ja, keeping everything editorial.

1. Parse the text (:mod:`judge_cli.corpus.source`); refuse it with its line if it cannot be
   read. Refuse too when the current corpus fails its checks: its editorial data could not
   be carried faithfully.
2. Pair the articles of the two editions by text (:mod:`judge_cli.corpus.matching`), so that
   a renumbered article is found where it went.
3. Merge: the official fields from the text, our additions carried along the pairs
   (:mod:`judge_cli.corpus.carry`); the English translations renumbered alongside
   (:mod:`judge_cli.corpus.realign`).
4. Record the edition in meta.yaml and keep the text, in its canonical layout, in
   rules/sources/ (what the edition's ``source_sha256`` is computed from).
5. Refuse, before writing anything, an edition that removes more than a few articles or a
   whole section (a truncated copy looks like that), unless removals are allowed.
6. Stage rules/ja, rules/en and rules/sources, check the staged corpus, and switch them in
   at once (:mod:`judge_cli.corpus.switch`): whenever the import stops, a reader finds the
   old corpus or the new one.

Importing the same text again (in any line ending or encoding) changes nothing.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from judge_cli.corpus.carry import CarryReport, merge
from judge_cli.corpus.checks import check_language
from judge_cli.corpus.files import (
    CorpusFiles,
    Problem,
    problems_summary,
    read_rules_dir,
    render_rules_dir,
    write_rules_dirs,
)
from judge_cli.corpus.matching import match_articles
from judge_cli.corpus.realign import (
    check_translations,
    follow_edition,
    realign_english,
    text_hash,
)
from judge_cli.corpus.source import canonical_text, parse_source
from judge_cli.corpus.switch import recover
from judge_cli.errors import ImportFailure

__all__ = ["SOURCE_NAME", "ImportReport", "import_text", "text_hash"]

DEFAULT_TITLE = "7 SHADES OF S:EVEN 総合ルール"
SOURCE_NAME = "seven-comprehensive-rules.ja.txt"
MAX_REMOVALS = 3
"""More articles than this going at once, or a whole section, is more likely a truncated or
damaged copy than a new edition: the import is refused unless removals are allowed."""
"""The copy of the published text kept in rules/sources/, beside the corpus."""


@dataclass
class ImportReport:
    """What an import changed (or, with ``dry_run``, would change)."""

    edition: str = ""
    date: str = ""
    date_kind: str = ""
    articles: int = 0
    glossary: int = 0
    passages: int = 0
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    renumbered: list[tuple[str, str]] = field(default_factory=list)
    carry: CarryReport = field(default_factory=CarryReport)
    stale_en: list[str] = field(default_factory=list)
    """English translations that were up to date and whose Japanese has now changed."""
    en_refreshed: list[str] = field(default_factory=list)
    """English translations still up to date: their Japanese changed only in the ids it
    writes, renumbered in the English too."""
    en_moved: list[tuple[str, str]] = field(default_factory=list)
    en_dropped: list[str] = field(default_factory=list)
    en_edition: str = ""
    """rules/en/meta.yaml's edition, when the import rewrote rules/en."""
    warnings: list[str] = field(default_factory=list)
    files_changed: list[str] = field(default_factory=list)
    """Paths under the rules directory: ``ja/600-effects.yaml``, ``sources/…``."""
    dry_run: bool = False

    @property
    def unchanged(self) -> bool:
        return not self.files_changed

    @property
    def dropped_editorial(self) -> list[str]:
        return self.carry.dropped

    def data(self) -> dict[str, Any]:
        """The report as JSON-ready data (``seven import --json``)."""
        d = asdict(self)
        carry = d.pop("carry")
        d["renumbered"] = [list(p) for p in self.renumbered]
        d["en_moved"] = [list(p) for p in self.en_moved]
        carry["carried"] = [list(p) for p in self.carry.carried]
        carry["glossary_renamed"] = [list(p) for p in self.carry.glossary_renamed]
        d.update(carry)
        return d


def _current(directory: Path, lang: str) -> CorpusFiles | None:
    """The corpus in ``directory`` (None if there is none), refused if it has problems."""
    if not directory.is_dir() or not any(directory.glob("*.yaml")):
        return None
    files = read_rules_dir(directory, lang)
    problems = list(files.problems)
    if lang == "ja":
        problems += check_language(files)
    if problems:
        raise ImportFailure(
            f"the current {lang} corpus has problems; nothing was imported, so that nothing "
            f"editorial is lost:\n  {problems_summary(problems)}",
            file=str(directory),
            hint="fix them first (`seven check` lists them all)",
        )
    return files


def _meta(
    existing: Mapping[str, Any],
    sha: str,
    *,
    name: str,
    edition: str | None,
    date: str | None,
    source: str | None,
    today: str,
) -> dict[str, Any]:
    """meta.yaml for the imported text: the same as before for the same text and options."""
    same_text = existing.get("source_sha256") == sha
    if same_text and not (edition or date or source):
        return dict(existing)
    kept = existing if same_text else {}
    automatic = f"copy of {today}"
    if not same_text and automatic == existing.get("edition"):
        automatic += f" ({sha[:8]})"  # another text copied the same day: tell them apart
    meta: dict[str, Any] = {
        "language": "ja",
        "title": existing.get("title", DEFAULT_TITLE),
        "edition": edition or kept.get("edition") or automatic,
        "date": date or kept.get("date") or today,
        "date_kind": "published" if date else kept.get("date_kind", "copied"),
        "source": source or existing.get("source") or name,
        "source_sha256": sha,
        "imported": kept.get("imported", today),
    }
    if existing.get("note"):
        meta["note"] = existing["note"]
    return meta


def _refuse_problems(problems: list[Problem], staged: Mapping[Path, Path]) -> None:
    if not problems:
        return
    lines = []
    for p in sorted(problems)[:8]:
        text = str(p)
        for real, tmp in staged.items():
            text = text.replace(tmp.name, real.name)
        lines.append(text)
    raise ImportFailure(
        "the imported corpus would not pass its checks; nothing was written:\n  "
        + "\n  ".join(lines),
        hint="the text may need a look at these lines, or the editorial data a fix first",
    )


def _sections_emptied(existing: CorpusFiles, doc: Any) -> list[int]:
    """Sections that hold articles now and none in the new text."""
    before = {a.id.section for a in existing.articles if a.text is not None}
    after = {sa.id.section for sa in doc.articles}
    return sorted(before - after)


def _ids_summary(ids: list[str], most: int = 40) -> str:
    shown = ", ".join(ids[:most])
    return shown + (f", … ({len(ids) - most} more)" if len(ids) > most else "")


def _refuse_removals(report: ImportReport, existing: CorpusFiles, doc: Any, *, allow: bool) -> None:
    """Refuse, before anything is written, an edition that removes many articles or a section."""
    emptied = _sections_emptied(existing, doc)
    if len(report.removed) <= MAX_REMOVALS and not emptied:
        return
    what = [f"{len(report.removed)} articles ({_ids_summary(report.removed)})"]
    if emptied:
        what.append("every article of section " + ", ".join(str(s) for s in emptied))
    summary = (
        f"this text has {report.articles} articles: {len(report.added)} added, "
        f"{len(report.changed)} changed, {len(report.renumbered)} renumbered, "
        f"{len(report.removed)} removed"
    )
    if allow:
        report.warnings.append(f"{summary}; it removes " + " and ".join(what))
        return
    raise ImportFailure(
        f"{summary}.\nIt would remove " + "\n  and ".join(what) + ".\nNothing was written.",
        hint="check that the copy is complete; if the edition really removes them, "
        "import it again with --allow-removals",
    )


def import_text(
    text: str,
    target: Path,
    *,
    name: str = "<text>",
    edition: str | None = None,
    date: str | None = None,
    source: str | None = None,
    today: str | None = None,
    dry_run: bool = False,
    allow_removals: bool = False,
) -> ImportReport:
    """Parse ``text`` (the publisher's copy) and write it into ``target`` (a rules/ja)."""
    recover(target.parent)  # an import stopped half-way is finished or rolled back first
    doc = parse_source(text, name=name)
    canonical = canonical_text(doc)
    existing = _current(target, "ja") or CorpusFiles("ja", {})
    en_dir = target.parent / "en"
    en = _current(en_dir, "en")

    old_text = {a.id: a.text for a in existing.articles if a.text is not None}
    new_text = {sa.id: sa.text for sa in doc.articles}
    matching = match_articles(old_text, new_text)
    merged = merge(doc, existing, matching)

    today = today or _dt.date.today().isoformat()
    sha = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    meta = _meta(
        existing.meta, sha, name=name, edition=edition, date=date, source=source, today=today
    )
    report = ImportReport(
        edition=str(meta.get("edition", "")),
        date=str(meta.get("date", "")),
        date_kind=str(meta.get("date_kind", "")),
        articles=len(doc.articles),
        glossary=sum(1 for g in merged.glossary if not g.editorial),
        passages=sum(1 for p in merged.passages if not p.editorial),
        added=[str(i) for i in matching.added],
        removed=[str(i) for i in matching.removed],
        changed=[str(p.new) for p in matching.changed],
        renumbered=[(str(p.old), str(p.new)) for p in matching.renumbered],
        carry=merged.report,
        warnings=list(doc.warnings),
        dry_run=dry_run,
    )

    _refuse_removals(report, existing, doc, allow=allow_removals or dry_run)

    rendered: dict[Path, dict[str, str]] = {
        target: render_rules_dir(meta, merged.articles, merged.passages, merged.glossary),
        target.parent / "sources": {SOURCE_NAME: canonical},
    }
    if en is not None:
        realigned = realign_english(en, merged, matching, existing)
        en_articles, report.en_refreshed, report.stale_en = check_translations(
            realigned.articles, old_text, new_text, matching
        )
        en_meta = follow_edition(en.meta, existing.meta.get("edition"), meta.get("edition"))
        if realigned.changed or report.en_refreshed or en_meta != en.meta:
            report.en_moved, report.en_dropped = realigned.moved, realigned.dropped
            report.en_edition = str(en_meta.get("edition", ""))
            rendered[en_dir] = render_rules_dir(
                en_meta, en_articles, realigned.passages, realigned.glossary
            )

    def validate(staged: Mapping[Path, Path]) -> None:
        ja = read_rules_dir(staged[target], "ja", display_root=target.parent.parent)
        problems = ja.problems + check_language(ja)
        if en_dir in staged:
            problems += read_rules_dir(
                staged[en_dir], "en", display_root=en_dir.parent.parent
            ).problems
        _refuse_problems(problems, staged)

    root = target.parent
    # The players' words and example questions name articles too: they follow the numbers,
    # and are switched in with the rest of the corpus.
    from judge_cli.corpus.playerwords import PLAYERS_DIR, remap_player_words

    players = remap_player_words(root, matching.id_map)
    if players:
        rendered[root / PLAYERS_DIR] = players
    changed = write_rules_dirs(rendered, validate=validate, dry_run=dry_run)
    report.files_changed = [
        f"{d.relative_to(root)}/{n}" if d.parent == root else str(d / n)
        for d, names in changed.items()
        for n in names
    ]
    return report

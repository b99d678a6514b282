"""Import the publisher's text into rules/ja, keeping everything editorial.

The published text decides the official fields (article text, references, passages, the
glossary table); our additions (titles, reconstructed items, icon labels, readings, notes,
editorial glossary entries) are carried over by id. The whole directory is written at once
or not at all, and importing the same text twice changes nothing.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path

from judge_cli.corpus.files import CorpusFiles, read_rules_dir, render_rules_dir, write_rules_dir
from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import Article, GlossaryEntry, Icon, Passage
from judge_cli.corpus.refs import extract_refs
from judge_cli.corpus.source import (
    SourceArticle,
    SourceDocument,
    SourceGlossary,
    SourcePassage,
    parse_source,
)
from judge_cli.errors import ImportFailure, InputError

DEFAULT_TITLE = "7 SHADES OF S:EVEN 総合ルール"
LOST_ICON_LABEL = "失われたアイコン"


def text_hash(text: str) -> str:
    """The hash an English article records of the Japanese text it translates."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


@dataclass
class ImportReport:
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    stale_en: list[str] = field(default_factory=list)
    dropped_editorial: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    files_changed: list[str] = field(default_factory=list)
    articles: int = 0
    glossary: int = 0
    passages: int = 0
    edition: str = ""

    @property
    def unchanged(self) -> bool:
        return not self.files_changed


def read_source_file(path: Path) -> tuple[str, bytes]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ImportFailure("no such file", file=str(path)) from None
    except OSError as exc:
        raise ImportFailure(f"cannot read the file: {exc.strerror}", file=str(path)) from None
    try:
        return raw.decode("utf-8"), raw
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ImportFailure(
            f"the text is not UTF-8 (byte {raw[exc.start]:#04x})", file=str(path), line=line
        ) from None


def _icon_anchor(text: str, slot: int) -> str:
    """The words right before a lost icon, back to the previous separator: ``到達効果（``.

    Extended to the left until it occurs once in ``text``, so that it places the icon.
    """
    start = max(text.rfind(sep, 0, slot - 1) for sep in "・、。）")
    start = start + 1 if start >= 0 else 0
    while start > 0 and text.count(text[start:slot]) > 1:
        start -= 1
    return text[start:slot]


def _anchor_for(aid: ArticleId, seen_groups: set[int], seen_sections: set[int]) -> str:
    """The highest node that starts with ``aid``: a new section or group starts before it."""
    if aid.section not in seen_sections:
        return str(ArticleId(aid.section))
    if aid.group not in seen_groups:
        return str(ArticleId(aid.group))
    return str(aid)


def merge(doc: SourceDocument, existing: CorpusFiles, *, name: str) -> tuple[list, list, list]:
    """Articles, passages and glossary entries: official fields from ``doc``, editorial ones
    from ``existing``."""
    old = {a.id: a for a in existing.articles}
    groups = {a.id.group for a in doc.articles}
    gloss = doc.glossary
    glossary_titles: dict[str, str] = {}
    if gloss:
        for e in gloss.entries:
            targets = e.targets
            if len(targets) == 1 and ArticleId.parse(targets[0]).kind != "article":
                glossary_titles.setdefault(targets[0], e.term)

    articles: list[Article] = []
    for sa in doc.articles:
        prev = old.get(sa.id)
        refs = tuple(r for r in extract_refs(sa.text, groups) if r != str(sa.id))
        icons = []
        old_icons = list(prev.icons) if prev else []
        for i, slot in enumerate(sa.icon_slots):
            label = old_icons[i].label if i < len(old_icons) else LOST_ICON_LABEL
            icons.append(Icon(_icon_anchor(sa.text, slot), label))
        base = prev or Article(id=sa.id)
        reading = base.reading if prev is not None and prev.text == sa.text else None
        articles.append(
            replace(
                base, text=sa.text, refs=refs, icons=tuple(icons), reading=reading, file="", line=0
            )
        )
    # Group and section nodes: glossary titles are the publisher's words; others are ours.
    numbered = {a.id for a in articles}
    node_ids = set()
    for a in articles:
        node_ids.update(x for x in a.id.ancestors() if x.kind != "article")
    node_ids.add(ArticleId(1000))
    for nid in sorted(node_ids, key=lambda x: x.sort_key):
        prev = old.get(nid)
        if str(nid) in glossary_titles:
            title = glossary_titles[str(nid)]
            # The reading of a title (editorial) stays while the title is unchanged.
            reading = prev.reading if prev is not None and prev.title == title else None
            articles.append(Article(id=nid, title=title, reading=reading))
        elif prev is not None and prev.title:
            articles.append(replace(prev, file="", line=0))
    for aid, prev in old.items():  # numbered articles that became nodes keep nothing
        if aid not in numbered and aid not in node_ids and prev.text is None and prev.title:
            # A title for a group the new text no longer has.
            pass

    # Passages, anchored to what follows them (or, at the end, to what precedes them).
    passages: list[Passage] = []
    seen_groups: set[int] = set()
    seen_sections: set[int] = set()
    blocks = doc.blocks
    last_anchor: str | None = None
    first_article_seen = False
    for i, block in enumerate(blocks):
        if isinstance(block, SourceArticle):
            first_article_seen = True
            seen_groups.add(block.id.group)
            seen_sections.add(block.id.section)
            last_anchor = str(block.id)
            continue
        if isinstance(block, SourceGlossary):
            last_anchor = None
            if block.entries:
                last_anchor = f"1000「{block.entries[-1].term}」"
            seen_sections.add(1000)
            continue
        assert isinstance(block, SourcePassage)
        nxt = next((b for b in blocks[i + 1 :] if not isinstance(b, SourcePassage)), None)
        if isinstance(nxt, SourceArticle):
            anchor = _anchor_for(nxt.id, seen_groups, seen_sections)
            pid = "preamble" if not first_article_seen else f"intro-{anchor}"
            passages.append(Passage(pid, block.text, before=anchor))
        elif isinstance(nxt, SourceGlossary):
            passages.append(Passage("intro-1000", block.text, after="1000"))
        else:
            pid = "closing" if i == len(blocks) - 1 else f"after-{last_anchor}"
            passages.append(Passage(pid, block.text, after=last_anchor or "1000"))

    glossary: list[GlossaryEntry] = []
    old_gloss = {g.term: g for g in existing.glossary}
    if gloss:
        for e in gloss.entries:
            prev_g = old_gloss.get(e.term)
            glossary.append(
                GlossaryEntry(
                    term=e.term,
                    targets=tuple(e.targets),
                    note=e.note,
                    refs=tuple(extract_refs(e.note, groups)) if e.note else (),
                    aliases=prev_g.aliases if prev_g else (),
                    readings=prev_g.readings if prev_g else (),
                )
            )
    official_terms = {g.term for g in glossary}
    for g in existing.glossary:
        if g.editorial and g.term not in official_terms:
            glossary.append(replace(g, file="", line=0))
    return articles, passages, glossary


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
) -> ImportReport:
    """Parse ``text`` and write it into ``target`` (a rules/ja directory)."""
    doc = parse_source(text, name=name)
    existing = read_rules_dir(target, "ja") if target.is_dir() else CorpusFiles("ja", {})
    if target.is_dir() and any(target.glob("*.yaml")) and existing.problems:
        shown = "\n  ".join(str(p) for p in existing.problems[:5])
        raise ImportFailure(
            f"the current corpus has problems; fix them first so that nothing editorial is "
            f"lost:\n  {shown}",
            file=str(target),
        )
    articles, passages, glossary = merge(doc, existing, name=name)

    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    meta = dict(existing.meta)
    same_text = meta.get("source_sha256") == sha
    if not same_text or edition or date or source:
        today = today or _dt.date.today().isoformat()
        meta = {
            "language": "ja",
            "title": meta.get("title", DEFAULT_TITLE),
            "edition": edition
            or (meta.get("edition") if same_text else None)
            or f"copy of {today}",
            "date": date or (meta.get("date") if same_text else None) or today,
            "date_kind": "published"
            if date
            else meta.get("date_kind", "copied")
            if same_text
            else "copied",
            "source": source or meta.get("source") or name,
            "source_sha256": sha,
            "imported": today if not same_text else meta.get("imported", today),
        }
        if existing.meta.get("note"):
            meta["note"] = existing.meta["note"]

    report = ImportReport(warnings=list(doc.warnings), edition=str(meta.get("edition", "")))
    old_text = {str(a.id): a.text for a in existing.articles if a.text is not None}
    new_text = {str(a.id): a.text for a in articles if a.text is not None}
    report.added = [i for i in new_text if i not in old_text]
    report.removed = [i for i in old_text if i not in new_text]
    report.changed = [i for i in new_text if i in old_text and old_text[i] != new_text[i]]
    kept_ids = {str(a.id) for a in articles}
    report.dropped_editorial = [
        str(a.id)
        for a in existing.articles
        if str(a.id) not in kept_ids and (a.title_editorial or a.items or a.notes)
    ]
    report.articles = len(new_text)
    report.glossary = sum(1 for g in glossary if not g.editorial)
    report.passages = len(passages)
    en_dir = target.parent / "en"
    if en_dir.is_dir() and (report.changed or report.removed):
        try:
            en = read_rules_dir(en_dir, "en")
            translated = {str(a.id) for a in en.articles if a.translates}
            report.stale_en = [i for i in report.changed + report.removed if i in translated]
        except InputError:
            pass

    rendered = render_rules_dir(meta, articles, passages, glossary)
    if dry_run:
        report.files_changed = [
            n
            for n, t in rendered.items()
            if not (target / n).exists() or (target / n).read_text(encoding="utf-8") != t
        ]
        return report
    report.files_changed = write_rules_dir(target, rendered)
    return report

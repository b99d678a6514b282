"""Stamping the English corpus: record which Japanese text each English article translates.

Every English article with a text carries ``translates:``, the :func:`text_hash` of its
Japanese twin's text when it was translated; ``seven check`` reports the article as stale when
the Japanese text changes. After a translator has written (or redone) the English of an
article, :func:`stamp_translations` records the current Japanese hash and rewrites rules/en in
its canonical form, all files at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from judge_cli.corpus.files import (
    CorpusFiles,
    problems_summary,
    read_rules_dir,
    render_rules_dir,
    write_rules_dir,
)
from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.importer import text_hash
from judge_cli.corpus.model import Article
from judge_cli.errors import ArticleNotFound, CorpusError


@dataclass
class StampReport:
    stamped: list[str] = field(default_factory=list)
    """Ids whose ``translates:`` was written or changed."""
    unchanged: list[str] = field(default_factory=list)
    """Ids asked for that already recorded the current Japanese text."""
    files_changed: list[str] = field(default_factory=list)


def _read(directory: Path, lang: str, display_root: Path) -> CorpusFiles:
    files = read_rules_dir(directory, lang, display_root=display_root)
    if files.problems:
        raise CorpusError(
            f"the {lang} rules data has problems; nothing was stamped:\n  "
            f"{problems_summary(files.problems)}",
            hint="run `seven check` for the full list",
        )
    return files


def _selected(en: CorpusFiles, ids: Sequence[str]) -> list[ArticleId]:
    """The numbered English articles in the subtrees of ``ids`` (a group means all of it)."""
    wanted: list[ArticleId] = []
    for raw in ids:
        aid = ArticleId.parse(raw)
        inside = [a.id for a in en.articles if aid.contains(a.id) and a.text is not None]
        if not inside:
            raise ArticleNotFound(
                f"no English article {str(aid)!r} with a text to stamp",
                hint="stamp an article, group or section of rules/en",
            )
        wanted += [i for i in inside if i not in wanted]
    return wanted


def stamp_translations(
    en_dir: Path,
    ja_dir: Path,
    ids: Sequence[str] = (),
    *,
    display_root: Path | None = None,
    dry_run: bool = False,
) -> StampReport:
    """Record in rules/en that the given articles translate the current Japanese text.

    Without ``ids``, only articles that have no ``translates:`` yet are stamped: a stale
    translation is never stamped unless it is named, because stamping says "the English now
    says what the Japanese says", which only a translator can decide.
    """
    root = display_root or en_dir.parent.parent
    en = _read(en_dir, "en", root)
    ja = _read(ja_dir, "ja", root)
    ja_text = {a.id: a.text for a in ja.articles if a.text is not None}
    if ids:
        targets = _selected(en, ids)
    else:
        targets = [a.id for a in en.articles if a.text is not None and a.translates is None]
    report = StampReport()
    by_id = {a.id: i for i, a in enumerate(en.articles)}
    for aid in targets:
        i = by_id[aid]
        article: Article = en.articles[i]
        if aid not in ja_text:
            raise CorpusError(
                f"{aid} has no Japanese text in rules/ja to translate",
                file=article.file,
                line=article.line,
                article=str(aid),
            )
        digest = text_hash(ja_text[aid])
        if article.translates == digest:
            report.unchanged.append(str(aid))
            continue
        en.articles[i] = replace(article, translates=digest)
        report.stamped.append(str(aid))
    rendered = render_rules_dir(en.meta, en.articles, en.passages, en.glossary)
    if dry_run:
        report.files_changed = [
            n
            for n, t in rendered.items()
            if not (en_dir / n).exists() or (en_dir / n).read_text(encoding="utf-8") != t
        ]
    else:
        report.files_changed = write_rules_dir(en_dir, rendered)
    return report

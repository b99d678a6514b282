"""Keep the English corpus beside the Japanese one through an import.

Translations are ours (editorial) and keyed by the Japanese ids. When a new edition
renumbers an article, its translation moves to the new number with it, ids written in the
English text are renumbered the same way, and the ``translates`` hash is kept: the English
of a text that only moved stays fresh, that of a text that also changed becomes stale, and
``seven check`` says so. Translations of removed articles, passages and glossary terms are
dropped and reported.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace

from judge_cli.corpus.carry import Merged
from judge_cli.corpus.files import CorpusFiles
from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.matching import Matching, remap_ids, remap_ref
from judge_cli.corpus.model import Article, GlossaryEntry, Note, Passage
from judge_cli.corpus.refs import glossary_ref


def text_hash(text: str) -> str:
    """The hash an English article records of the Japanese text it translates."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


@dataclass
class Realigned:
    """The English corpus renumbered like the Japanese one."""

    articles: list[Article]
    passages: list[Passage]
    glossary: list[GlossaryEntry]
    moved: list[tuple[str, str]] = field(default_factory=list)
    """(old id, new id) of translations that followed their article."""
    dropped: list[str] = field(default_factory=list)
    """Translations whose Japanese is gone."""

    @property
    def changed(self) -> bool:
        return bool(self.moved or self.dropped)


def _remap_article(
    a: Article, new_id: ArticleId, id_map: dict[str, str], twin: Article | None
) -> Article:
    """``a`` at ``new_id``, every id it writes renumbered. English writes a reference as a
    bare number ("follows 113"), so the ids its Japanese ``twin`` cites count wherever they
    stand."""
    cited = set(twin.refs) if twin else set()
    if twin and twin.items:
        cited |= set(twin.items.refs)
    items = a.items
    if items is not None:
        items = replace(
            items,
            items=tuple(remap_ids(e, id_map, cited) for e in items.items),
            evidence=remap_ids(items.evidence, id_map, cited),
            refs=tuple(remap_ref(r, id_map) for r in items.refs),
        )
    return replace(
        a,
        id=new_id,
        text=remap_ids(a.text, id_map, cited) if a.text is not None else None,
        refs=tuple(remap_ref(r, id_map) for r in a.refs),
        items=items,
        notes=tuple(Note(remap_ids(n.text, id_map, cited), n.kind) for n in a.notes),
    )


def realign_english(
    en: CorpusFiles, merged: Merged, matching: Matching, old_ja: CorpusFiles
) -> Realigned:
    """``en`` with every translation at the number its Japanese now has (``old_ja``: the
    Japanese corpus before the import, whose references the English writes)."""
    id_map = matching.id_map
    removed = set(matching.removed)
    twins = {a.id: a for a in old_ja.articles}
    out = Realigned([], [], [])
    placed: dict[ArticleId, Article] = {}
    for a in en.articles:
        if a.id.kind == "article":
            if a.id in removed:
                out.dropped.append(str(a.id))
                continue
            new_id = matching.new_of.get(a.id, a.id)
        else:
            new_id = merged.node_map.get(a.id)
            if new_id is None:
                out.dropped.append(str(a.id))
                continue
        moved = _remap_article(a, new_id, id_map, twins.get(a.id))
        if new_id != a.id:
            out.moved.append((str(a.id), str(new_id)))
        elif moved != a:
            out.moved.append((str(a.id), str(a.id)))  # only the ids it writes changed
        if new_id in placed:
            # Two translations for one number: the one that followed its text wins.
            if new_id == a.id:
                out.dropped.append(str(a.id))
                continue
            out.dropped.append(str(placed[new_id].id))
        placed[new_id] = moved
    out.articles = [
        replace(a, file="", line=0) for a in sorted(placed.values(), key=lambda a: a.id.sort_key)
    ]

    ja_passages = set(merged.passage_map.values()) | {p.id for p in merged.passages}
    for p in en.passages:
        pid = merged.passage_map.get(p.id, p.id)
        if pid not in ja_passages:
            out.dropped.append(f"passage {p.id!r}")
            continue
        anchor = _anchor(p.before or p.after or "", id_map, merged.term_map)
        if pid != p.id or anchor != (p.before or p.after):
            out.moved.append((p.id, pid))
        side = {"before": anchor} if p.before else {"after": anchor}
        out.passages.append(replace(p, id=pid, **side, file="", line=0))

    ja_terms = {g.term for g in merged.glossary}
    for g in en.glossary:
        ja_term = merged.term_map.get(g.ja or "", g.ja)
        if g.ja is not None and ja_term not in ja_terms:
            out.dropped.append(f"1000「{g.ja}」")
            continue
        targets = tuple(remap_ref(t, id_map) for t in g.targets)
        refs = tuple(remap_ref(r, id_map) for r in g.refs)
        note = remap_ids(g.note, id_map) if g.note else g.note
        if ja_term != g.ja or targets != g.targets or note != g.note:
            out.moved.append((f"1000「{g.ja}」", f"1000「{ja_term}」"))
        out.glossary.append(
            replace(g, ja=ja_term, targets=targets, refs=refs, note=note, file="", line=0)
        )
    return out


def follow_edition(en_meta: dict, old_edition: str | None, new_edition: str | None) -> dict:
    """The English meta.yaml naming the Japanese edition it now stands beside.

    rules/en/meta.yaml names the Japanese edition it translates ("copy of 2026-11-29,
    English translation"); after an import the translations sit at the new edition's ids
    (the stale ones are flagged one by one), so the name follows.
    """
    if not old_edition or not new_edition or old_edition == new_edition:
        return en_meta
    return {
        k: v.replace(old_edition, new_edition)
        if k in ("edition", "source") and isinstance(v, str)
        else v
        for k, v in en_meta.items()
    }


def _anchor(anchor: str, id_map: dict[str, str], term_map: dict[str, str]) -> str:
    m = re.fullmatch(r"1000「(.+)」", anchor)
    if m:
        return glossary_ref(term_map.get(m.group(1), m.group(1)))
    return remap_ref(anchor, id_map)


def check_translations(
    en_articles: list[Article],
    old_ja: dict[ArticleId, str],
    new_ja: dict[ArticleId, str],
    matching: Matching,
) -> tuple[list[Article], list[str], list[str]]:
    """English articles (at their new ids) against the new Japanese text.

    Returns the articles, those refreshed and those now stale. A translation that was up to
    date stays so when its Japanese changed only in the ids it writes (renumbered with their
    articles, as :func:`realign_english` renumbered them in the English): its ``translates``
    hash is brought up to date. Any other change of the Japanese makes it stale.
    """
    id_map = matching.id_map
    out, refreshed, stale = [], [], []
    for a in en_articles:
        old_id = matching.old_of.get(a.id)
        before = old_ja.get(old_id) if old_id is not None else None
        now = new_ja.get(a.id)
        if a.translates is None or before is None or now is None or before == now:
            out.append(a)
            continue
        if a.translates != text_hash(before):
            out.append(a)  # already stale before this edition
        elif remap_ids(before, id_map) == now:
            out.append(replace(a, translates=text_hash(now)))
            refreshed.append(str(a.id))
        else:
            out.append(a)
            stale.append(str(a.id))
    return out, refreshed, stale

"""Synthetic editions of the published rules, derived from the real text, for the tests.

A publisher who inserts or removes an article renumbers the ones after it and updates every
reference to them (in the articles and the glossary table); :class:`Edition` does the same,
so that a synthetic edition is one the publisher could have published.
"""

from __future__ import annotations

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.matching import remap_ids, remap_ref
from judge_cli.corpus.source import (
    SourceArticle,
    SourceDocument,
    SourcePassage,
    canonical_text,
    parse_source,
)


class Edition:
    """A mutable copy of a published text; :meth:`text` gives it in the canonical layout."""

    def __init__(self, text: str) -> None:
        self.doc: SourceDocument = parse_source(text)

    # -- reading ------------------------------------------------------------------------
    def article(self, aid: str) -> SourceArticle:
        want = ArticleId.parse(aid)
        return next(a for a in self.doc.articles if a.id == want)

    def text(self) -> str:
        return canonical_text(self.doc)

    # -- editing ------------------------------------------------------------------------
    def change(self, aid: str, old: str, new: str) -> Edition:
        art = self.article(aid)
        assert old in art.text, (aid, old)
        assert not art.icon_slots, "this helper does not move icon slots"
        art.text = art.text.replace(old, new, 1)
        return self

    def remove(self, aid: str, *, renumber: bool = False) -> Edition:
        """Remove an article (and its sub-articles); with ``renumber``, close the gap."""
        gone = ArticleId.parse(aid)
        self.doc.blocks = [
            b for b in self.doc.blocks if not (isinstance(b, SourceArticle) and gone.contains(b.id))
        ]
        if renumber:
            self._shift(gone, -1)
        return self

    def insert(self, aid: str, text: str) -> Edition:
        """Insert a new article numbered ``aid``; the siblings from ``aid`` on move up one."""
        new = ArticleId.parse(aid)
        self._shift(new, +1)
        self._place(SourceArticle(new, text, 0))
        return self

    def insert_group(self, group: int, text: str) -> Edition:
        """Insert a new group (its article ``group.1``); the later groups of the section
        move up one number."""
        mapping: dict[str, str] = {}
        for a in self.doc.articles:
            if a.id.section == group // 100 * 100 and a.id.group >= group:
                mapping[str(a.id)] = str(
                    ArticleId(a.id.group + 1, a.id.number, a.id.letter, a.id.sub)
                )
                mapping[str(a.id.group)] = str(a.id.group + 1)
        self._apply(mapping)
        self._place(SourceArticle(ArticleId(group, 1), text, 0))
        return self

    def rename_term(self, old: str, new: str) -> Edition:
        gloss = self.doc.glossary
        assert gloss is not None
        entry = next(e for e in gloss.entries if e.term == old)
        entry.term = new
        return self

    def remove_term(self, term: str) -> Edition:
        gloss = self.doc.glossary
        assert gloss is not None
        gloss.entries = [e for e in gloss.entries if e.term != term]
        return self

    def add_passage_before(self, aid: str, text: str) -> Edition:
        target = ArticleId.parse(aid)
        i = next(
            i
            for i, b in enumerate(self.doc.blocks)
            if isinstance(b, SourceArticle) and b.id == target
        )
        self.doc.blocks.insert(i, SourcePassage(text, 0))
        return self

    # -- helpers ------------------------------------------------------------------------
    def _shift(self, at: ArticleId, step: int) -> None:
        """Renumber ``at``'s later siblings (same parent, same level) by ``step``."""
        mapping: dict[str, str] = {}
        for a in self.doc.articles:
            moved = self._shifted(a.id, at, step)
            if moved is not None:
                mapping[str(a.id)] = str(moved)
        self._apply(mapping)

    @staticmethod
    def _shifted(aid: ArticleId, at: ArticleId, step: int) -> ArticleId | None:
        """``aid`` renumbered if it is (or is under) a sibling of ``at`` from ``at`` on."""
        g, n, letter, sub = aid.group, aid.number, aid.letter, aid.sub
        if g != at.group or n is None:
            return None
        if at.letter is None:  # 105.4 level
            first = n >= at.number if step > 0 else n > at.number
            return ArticleId(g, n + step, letter, sub) if first else None
        if n != at.number or letter is None:
            return None
        if at.sub is None:  # 606.1a level
            first = letter >= at.letter if step > 0 else letter > at.letter
            return ArticleId(g, n, chr(ord(letter) + step), sub) if first else None
        if letter != at.letter or sub is None:
            return None
        first = sub >= at.sub if step > 0 else sub > at.sub
        return ArticleId(g, n, letter, sub + step) if first else None

    def _apply(self, mapping: dict[str, str]) -> None:
        """Renumber articles and every reference to them, as the publisher would."""
        for a in self.doc.articles:
            if a.icon_slots:
                assert remap_ids(a.text, mapping) == a.text, "icon slots would move"
            a.id = ArticleId.parse(mapping.get(str(a.id), str(a.id)))
            a.text = remap_ids(a.text, mapping)
        if self.doc.glossary:
            for e in self.doc.glossary.entries:
                if e.note:
                    e.cell = remap_ids(e.cell, mapping)
                else:
                    e.cell = "・".join(remap_ref(t, mapping) for t in e.targets)

    def _place(self, new: SourceArticle) -> None:
        """Put ``new`` before the first article that comes after it in document order."""
        blocks = self.doc.blocks
        i = next(
            (i for i, b in enumerate(blocks) if isinstance(b, SourceArticle) and b.id > new.id),
            None,
        )
        if i is None:
            i = max(i for i, b in enumerate(blocks) if isinstance(b, SourceArticle)) + 1
        blocks.insert(i, new)


def standard_edition(source_text: str) -> Edition:
    """The edition the issue asks for: exactly one article changed (603.3), one removed
    (105.4, an example), one added (509.4) and one renumbered (105.5, which closes the gap
    and becomes 105.4)."""
    return (
        Edition(source_text)
        .change("603.3", "到達は瞬間であり", "到達は一瞬の出来事であり")
        .remove("105.4", renumber=True)
        .insert("509.4", "手番が移ったプレイヤーは、ロックフェイズから新しいターンを始める。")
    )

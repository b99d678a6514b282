"""The corpus as the rest of seven sees it: articles, passages and the glossary of one language.

These are plain frozen dataclasses, cheap to unpickle from the compiled index; validation of
the YAML they come from lives in :mod:`judge_cli.corpus.schema`.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Any

from judge_cli.corpus.ids import ArticleId
from judge_cli.errors import ArticleNotFound, InvalidArticleId

GLOSSARY_ID = "1000"


@dataclass(frozen=True)
class Icon:
    """An effect icon the published copy lost (editorial): shown right after ``after``."""

    after: str
    label: str


@dataclass(frozen=True)
class Items:
    """Numbered list items that the published copy lost, reconstructed by us (editorial)."""

    items: tuple[str, ...]
    evidence: str
    refs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Note:
    """A note of ours beside the text (translator's note, reading note): always editorial."""

    text: str
    kind: str = "note"


@dataclass(frozen=True)
class Article:
    """A section (600), group (606) or numbered article (606.1a-1)."""

    id: ArticleId
    title: str | None = None
    title_editorial: bool = False
    text: str | None = None
    """The publisher's text, verbatim (ja), or our translation of it (en)."""
    refs: tuple[str, ...] = ()
    """Ids the text points to, in order of appearance."""
    icons: tuple[Icon, ...] = ()
    items: Items | None = None
    notes: tuple[Note, ...] = ()
    translates: str | None = None
    """English only: the hash of the Japanese text this translation was made from."""
    reading: str | None = None
    """Japanese only: the text in kana, for kana queries against kanji text (editorial)."""
    file: str = ""
    line: int = 0

    @property
    def kind(self) -> str:
        return self.id.kind

    @property
    def first_line(self) -> str:
        """A one-line summary: the title, or the first sentence of the text."""
        if self.title:
            return self.title
        text = (self.text or "").split("\n")[0]
        return text


@dataclass(frozen=True)
class Passage:
    """Unnumbered text of the published rules (preamble, introductions, closing remark)."""

    id: str
    text: str
    before: str | None = None
    after: str | None = None
    file: str = ""
    line: int = 0
    editorial: bool = False


@dataclass(frozen=True)
class GlossaryEntry:
    """A row of the glossary (1000): a term and the articles (or the note) it points to."""

    term: str
    targets: tuple[str, ...] = ()
    note: str | None = None
    editorial: bool = False
    """True for the words players type that the publisher's table lacks."""
    aliases: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()
    ja: str | None = None
    """English only: the Japanese term this entry translates."""
    refs: tuple[str, ...] = ()
    file: str = ""
    line: int = 0

    @property
    def id(self) -> str:
        """How the rules cite a glossary entry: ``1000「無作為」``."""
        return f"{GLOSSARY_ID}「{self.ja or self.term}」"


@dataclass
class Corpus:
    """All articles of one language in document order, with the links between them."""

    lang: str
    meta: dict[str, Any]
    articles: dict[ArticleId, Article]
    passages: list[Passage]
    glossary: list[GlossaryEntry]
    children: dict[ArticleId, list[ArticleId]] = field(default_factory=dict)
    referenced_by: dict[str, list[str]] = field(default_factory=dict)
    """Official cross-references, reversed: target id → ids whose text points to it."""
    referenced_by_editorial: dict[str, list[str]] = field(default_factory=dict)
    """The same for our reconstructed items."""
    _order: list[ArticleId] = field(default_factory=list)

    @classmethod
    def build(
        cls,
        lang: str,
        meta: dict[str, Any],
        articles: list[Article],
        passages: list[Passage],
        glossary: list[GlossaryEntry],
    ) -> Corpus:
        """Link articles: children by id, referenced-by from the recorded refs."""
        present = {a.id for a in articles}
        # Groups and sections without a title of their own still hold their articles.
        nodes = {anc for a in articles for anc in a.id.ancestors() if anc not in present}
        articles = [*articles, *(Article(id=n) for n in nodes)]
        ordered = sorted(articles, key=lambda a: a.id.sort_key)
        corpus = cls(lang, meta, {a.id: a for a in ordered}, passages, glossary)
        corpus._order = [a.id for a in ordered]
        for a in ordered:
            parent = a.id.parent
            if parent is not None:
                corpus.children.setdefault(parent, []).append(a.id)
        for a in ordered:
            for ref in a.refs:
                corpus.referenced_by.setdefault(ref, []).append(str(a.id))
            if a.items:
                for ref in a.items.refs:
                    corpus.referenced_by_editorial.setdefault(ref, []).append(str(a.id))
        for entry in glossary:
            for ref in (*entry.targets, *entry.refs):
                corpus.referenced_by.setdefault(ref, []).append(entry.id)
        return corpus

    # -- access -------------------------------------------------------------------------
    def __contains__(self, key: object) -> bool:
        if isinstance(key, ArticleId):
            return key in self.articles
        if isinstance(key, str):
            return self.has(key)
        return False

    def has(self, ref: str) -> bool:
        """True for an article id or a glossary entry id (``1000「無作為」``) in this corpus."""
        if ref.startswith(f"{GLOSSARY_ID}「"):
            return any(e.id == ref for e in self.glossary)
        try:
            return ArticleId.parse(ref) in self.articles
        except InvalidArticleId:
            return False

    def get(self, ref: str | ArticleId) -> Article:
        """The article with this id; :class:`ArticleNotFound` names the nearest ids."""
        aid = ref if isinstance(ref, ArticleId) else ArticleId.parse(ref)
        try:
            return self.articles[aid]
        except KeyError:
            near = ", ".join(str(a) for a in self.nearest(aid))
            raise ArticleNotFound(
                f"no article {str(aid)!r} in the rules",
                hint=f"nearest: {near}" if near else None,
            ) from None

    def nearest(self, aid: ArticleId, n: int = 3) -> list[ArticleId]:
        """The ``n`` ids closest to ``aid`` in document order (its neighbours)."""
        keys = [a.sort_key for a in self._order]
        i = bisect.bisect_left(keys, aid.sort_key)
        lo, hi = max(0, i - n), min(len(self._order), i + n)
        window = self._order[lo:hi]

        # Prefer ids that share the most of aid's prefix, then closeness in the document.
        def score(x: ArticleId) -> tuple[int, int]:
            shared = 0
            for a, b in zip(aid.sort_key, x.sort_key, strict=True):
                if a != b:
                    break
                shared += 1
            return (-shared, abs(self._order.index(x) - i))

        return sorted(window, key=score)[:n]

    def subtree(self, aid: ArticleId) -> list[Article]:
        """The article and all its descendants in document order."""
        out = [self.articles[aid]]
        for child in self.children.get(aid, []):
            out.extend(self.subtree(child))
        return out

    def ids(self) -> list[ArticleId]:
        return list(self._order)

    def numbered(self) -> list[Article]:
        """The numbered articles (those with text), in document order."""
        return [self.articles[a] for a in self._order if self.articles[a].text is not None]

    def referrers(self, aid: ArticleId, *, editorial: bool = False) -> list[str]:
        """Ids outside ``aid``'s subtree whose text points into it (603 → 605.1, …)."""
        table = self.referenced_by_editorial if editorial else self.referenced_by
        inside = {str(a.id) for a in self.subtree(aid)}
        out: list[str] = []
        for target in inside:
            for src in table.get(target, []):
                if src not in inside and src not in out:
                    out.append(src)
        return sorted(out, key=_ref_sort_key)

    def glossary_entry(self, term: str) -> GlossaryEntry | None:
        return next((e for e in self.glossary if e.term == term or e.ja == term), None)

    def glossary_for(self, aid: ArticleId) -> list[GlossaryEntry]:
        """Glossary entries that point to this article."""
        return [e for e in self.glossary if str(aid) in e.targets]

    def document(self) -> list[Article | Passage | GlossaryEntry]:
        """Everything in document order: articles, passages at their anchors, the glossary."""
        before: dict[str, list[Passage]] = {}
        after: dict[str, list[Passage]] = {}
        for p in self.passages:
            if p.before:
                before.setdefault(p.before, []).append(p)
            elif p.after:
                after.setdefault(p.after, []).append(p)
        out: list[Article | Passage | GlossaryEntry] = []
        pending_after: list[tuple[ArticleId, list[Passage]]] = []
        for aid in self._order:
            # Passages "after" a node follow its whole subtree.
            while pending_after and not pending_after[-1][0].contains(aid):
                out.extend(pending_after.pop()[1])
            out.extend(before.get(str(aid), []))
            out.append(self.articles[aid])
            if str(aid) in after:
                pending_after.append((aid, after[str(aid)]))
        while pending_after:
            out.extend(pending_after.pop()[1])
        for entry in self.glossary:
            out.extend(before.get(entry.id, []))
            out.append(entry)
            out.extend(after.get(entry.id, []))
        return out


def _ref_sort_key(ref: str) -> tuple:
    if ref.startswith(GLOSSARY_ID + "「"):
        return (10_000, ref)
    try:
        return (0, ArticleId.parse(ref).sort_key)
    except InvalidArticleId:
        return (20_000, ref)

"""What each page of the site shows, as plain data for the templates: the rules by section
(the glossary is section 1000), the card designs, the rulings.

Texts come from their one source: articles from the corpus through
:func:`judge_cli.render.article.text_segments` (so editorial parts are marked as in the
terminal), links from the corpus's references both ways, rulings from
:func:`judge_cli.rulings.load_rulings`, designs from :func:`judge_cli.cards.load_designs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import GLOSSARY_ID, Article, Corpus, GlossaryEntry, Passage
from judge_cli.render.article import text_segments
from judge_cli.render.labels import label
from judge_cli.site.linkify import Linker, Target
from judge_cli.site.urls import article_href, card_href, ruling_href, section_of

EFFECT_LINES = ("basic", "arrival", "hand")
CARDS = {"ja": "カード", "en": "Cards"}
ALIASES = {"ja": "〔編集〕別名", "en": "[editorial] also searched as"}
READINGS = {"ja": "〔編集〕読み", "en": "[editorial] readings"}


@dataclass
class Text:
    """One language's text of an article, glossary entry or passage, ready to print."""

    lang: str
    title: str = ""
    title_editorial: bool = False
    body: list[tuple[Markup, bool]] = field(default_factory=list)
    """(html, editorial) pieces of the text."""
    items: list[Markup] = field(default_factory=list)
    evidence: str = ""
    notes: list[str] = field(default_factory=list)


@dataclass
class Node:
    """An article, group, section, passage or glossary entry on a rules page."""

    id: str
    kind: str
    depth: int
    texts: list[Text]
    anchor: str = ""
    editorial: bool = False
    rows: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    """(label, [(name, href)]) rows: refers to, referenced by, glossary, rulings, cards."""


class Links:
    """Who names what: the linkers of each language and the back-links they imply."""

    def __init__(self, corpora: Sequence[Corpus], designs: dict[str, Any]) -> None:
        ja = corpora[0]
        ids = {str(a) for a in ja.ids()} | {g.id for g in ja.glossary}
        self.corpora = corpora
        self.designs = designs
        self.linkers: dict[str, Linker] = {}
        self.card_names: dict[str, list[str]] = {}
        """design id → ids of the articles whose text names the card."""
        for c in corpora:
            targets = []
            for d in designs.values():
                targets.append(Target(getattr(d.name, c.lang), card_href(d.id), "card"))
            for g in c.glossary:
                own = frozenset([*g.targets, g.id])  # not linked in its own note
                for words in (g.term, *g.aliases):
                    targets.append(Target(words, article_href(g.id), "term", own))
            self.linkers[c.lang] = Linker(ids, targets, lang=c.lang)
        for a in ja.numbered():
            for c in corpora:
                twin = c.articles.get(a.id)
                text = "\n".join([twin.text or "", *(twin.items.items if twin.items else ())])
                for d in designs.values():
                    name = getattr(d.name, c.lang)
                    if name in text and str(a.id) not in self.card_names.get(d.id, []):
                        self.card_names.setdefault(d.id, []).append(str(a.id))

    def cards_in(self, aid: str) -> list[str]:
        return [d for d, ids in self.card_names.items() if aid in ids]


def _article_text(links: Links, corpus: Corpus, art: Article, root: str) -> Text:
    linker = links.linkers[corpus.lang]
    here = str(art.id)
    seen: set[str] = set()
    t = Text(corpus.lang, art.title or "", art.title_editorial)
    if art.text is not None:
        for piece, editorial in text_segments(art, corpus.lang):
            html = (
                Markup.escape(piece)
                if editorial
                else linker.html(piece, root, here=here, seen=seen)
            )
            t.body.append((html, editorial))
    if art.items:
        t.items = [linker.html(i, root, here=here, seen=seen) for i in art.items.items]
        t.evidence = art.items.evidence
    for note in art.notes:
        key = note.kind if note.kind in ("translator", "ruling") else "note"
        t.notes.append(f"{label(key, corpus.lang)} {note.text}")
    return t


def _ref_link(corpus: Corpus, ref: str) -> tuple[str, str]:
    from judge_cli.render.article import ref_name

    return ref_name(corpus, ref), article_href(ref)


def _labelled(key: str, langs: Sequence[str]) -> str:
    return " / ".join(dict.fromkeys(label(key, lang) for lang in langs))


def _rows(
    corpora: Sequence[Corpus],
    aid: str,
    refs: Sequence[str],
    rulings: dict[str, Any],
    links: Links,
    extra: Sequence[str] = (),
) -> list[tuple[str, list[tuple[str, str]]]]:
    ja = corpora[0]
    langs = [c.lang for c in corpora]
    rows: list[tuple[str, list[tuple[str, str]]]] = []
    out = [r for r in dict.fromkeys([*refs, *extra]) if ja.has(r)]
    if out:
        rows.append((_labelled("refers_to", langs), [_ref_link(ja, r) for r in out]))
    by = [r for r in ja.referenced_by.get(aid, []) if ja.has(r)]
    if by:
        rows.append((_labelled("referenced_by", langs), [_ref_link(ja, r) for r in by]))
    by_ed = [r for r in ja.referenced_by_editorial.get(aid, []) if r not in by]
    if by_ed:
        rows.append((_labelled("editorial_refs", langs), [_ref_link(ja, r) for r in by_ed]))
    if not aid.startswith(f"{GLOSSARY_ID}「"):
        for c in corpora:
            terms = [(e.term, article_href(e.id)) for e in c.glossary_for(ArticleId.parse(aid))]
            if terms:
                rows.append((label("glossary", c.lang), terms))
    cited = [
        rulings["rulings"][i] for i, ids in rulings.get("by_article", {}).get(aid, ()) if aid in ids
    ]
    if cited:
        rows.append(
            (
                _labelled("rulings", langs),
                [(r["title"][langs[0]], ruling_href(r["id"])) for r in cited],
            )
        )
    cards = links.cards_in(aid)
    if cards:
        lang = langs[0]
        names = [(getattr(links.designs[d].name, lang), card_href(d)) for d in cards]
        rows.append((" / ".join(dict.fromkeys(CARDS[x] for x in langs)), names))
    return rows


def _passage_node(corpora: Sequence[Corpus], p: Passage, depth: int) -> Node:
    texts = []
    for c in corpora:
        twin = next((q for q in c.passages if q.id == p.id), None)
        if twin is not None:
            texts.append(Text(c.lang, body=[(Markup.escape(twin.text), twin.editorial)]))
    return Node(p.id, "passage", depth, texts, anchor=f"passage-{p.id}", editorial=p.editorial)


def section_nodes(
    corpora: Sequence[Corpus], section: str, rulings: dict[str, Any], links: Links
) -> list[Node]:
    """Everything on the page of ``section``, in document order."""
    ja = corpora[0]
    root = "../"
    sec = ArticleId.parse(section)
    nodes: list[Node] = []
    for item in ja.document():
        if isinstance(item, Article):
            if not sec.contains(item.id) and item.id != sec:
                continue
            aid = str(item.id)
            depth = len(item.id.ancestors())
            texts = [
                _article_text(links, c, c.articles[item.id], root)
                for c in corpora
                if item.id in c.articles
            ]
            refs = list(item.refs)
            extra = list(item.items.refs) if item.items else []
            nodes.append(
                Node(
                    aid,
                    item.kind,
                    depth,
                    texts,
                    aid,
                    rows=_rows(corpora, aid, refs, rulings, links, extra),
                )
            )
        elif isinstance(item, Passage):
            anchor = item.before or item.after or ""
            if anchor and section_of(anchor) == section:
                nodes.append(_passage_node(corpora, item, 1))
        elif isinstance(item, GlossaryEntry) and section == GLOSSARY_ID:
            nodes.append(glossary_node(corpora, item, rulings, links))
    return nodes


def glossary_node(
    corpora: Sequence[Corpus], g: GlossaryEntry, rulings: dict[str, Any], links: Links
) -> Node:
    root = "../"
    texts = []
    for c in corpora:
        twin = g if c is corpora[0] else next((e for e in c.glossary if e.ja == g.term), None)
        if twin is None:
            continue
        t = Text(c.lang, twin.term, twin.editorial)
        if twin.note:
            t.body.append((links.linkers[c.lang].html(twin.note, root, here=g.id), twin.editorial))
        if twin.aliases:
            t.notes.append(
                f"{ALIASES[c.lang]}: " + ("、" if c.lang == "ja" else ", ").join(twin.aliases)
            )
        if twin.readings:
            t.notes.append(f"{READINGS[c.lang]}: " + "、".join(twin.readings))
        texts.append(t)
    rows = _rows(corpora, g.id, [*g.targets, *g.refs], rulings, links)
    return Node(g.id, "glossary", 1, texts, g.id, editorial=g.editorial, rows=rows)


def design_view(design: Any, langs: Sequence[str]) -> dict[str, Any]:
    """A card design as the cards page prints it: every string the publisher's."""
    lines = []
    for kind in EFFECT_LINES:
        per_lang = {
            lang: getattr(getattr(design.text, lang), kind)
            for lang in langs
            if getattr(getattr(design.text, lang), kind)
        }
        if per_lang:
            lines.append((kind, per_lang))
    notes = {
        lang: getattr(design, f"notes_{lang}") for lang in langs if getattr(design, f"notes_{lang}")
    }
    return {
        "id": design.id,
        "name": {lang: getattr(design.name, lang) for lang in langs},
        "reading": design.reading,
        "colour": design.colour,
        "kind": design.kind,
        "copies": design.copies,
        "effect_name": {lang: getattr(design.effect_name, lang) for lang in langs}
        if design.effect_name
        else None,
        "lines": lines,
        "flavour": {lang: getattr(design.flavour, lang) for lang in langs}
        if design.flavour
        else None,
        "notes": notes,
    }

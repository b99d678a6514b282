"""Articles as JSON-ready data: ``seven dump``, ``seven rule --json`` and ``seven judge --json``.

The keys are a stable interface (see ARCHITECTURE.md): change them only by adding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge_cli.corpus.edition import edition_of
from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import Article, Basis, Corpus, GlossaryEntry, Passage


def _basis(b: Basis) -> dict[str, Any]:
    """``{"basis": "rulebook", "page": 8}``: whether the publisher confirms a reconstruction."""
    return {"basis": b.kind, "page": b.page} if b.page is not None else {"basis": b.kind}


def article_data(corpus: Corpus, article: Article) -> dict[str, Any]:
    """One article, section or group, without its children."""
    aid = str(article.id)
    d: dict[str, Any] = {"id": aid, "kind": article.kind}
    if article.title:
        d["title"] = article.title
        if article.title_editorial:
            d["title_editorial"] = True
    d["text"] = article.text
    if article.text is None and article.title_editorial:
        d["editorial"] = True
    if article.icons:
        d["icons"] = [
            {"after": i.after, "label": i.label, **_basis(i.basis), "editorial": True}
            for i in article.icons
        ]
    if article.items:
        d["items"] = {
            "editorial": True,
            "entries": list(article.items.items),
            "evidence": article.items.evidence,
            "refs": list(article.items.refs),
            "basis": [
                _basis(article.items.basis_of(n)) for n in range(1, len(article.items.items) + 1)
            ],
        }
    if article.notes:
        d["notes"] = [{"kind": n.kind, "text": n.text, "editorial": True} for n in article.notes]
    d["refs"] = list(article.refs)
    d["referenced_by"] = list(corpus.referenced_by.get(aid, []))
    editorial_by = corpus.referenced_by_editorial.get(aid, [])
    if editorial_by:
        d["referenced_by_editorial"] = list(editorial_by)
    parent = article.id.parent
    d["parent"] = str(parent) if parent else None
    if article.translates:
        d["translates"] = article.translates
    return d


def passage_data(p: Passage) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": p.id,
        "kind": "passage",
        "text": p.text,
        "refs": [],
        "referenced_by": [],
    }
    if p.before:
        d["before"] = p.before
    else:
        d["after"] = p.after
    if p.editorial:
        d["editorial"] = True
    return d


def glossary_data(corpus: Corpus, g: GlossaryEntry) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": g.id,
        "kind": "glossary",
        "term": g.term,
        "text": g.note,
        "targets": list(g.targets),
        "refs": list(dict.fromkeys((*g.targets, *g.refs))),
        "referenced_by": list(corpus.referenced_by.get(g.id, [])),
    }
    if g.ja:
        d["ja"] = g.ja
    if g.aliases:
        d["aliases"] = list(g.aliases)
    if g.readings:
        d["readings"] = list(g.readings)
    if g.editorial:
        d["editorial"] = True
    return d


def dump_data(corpus: Corpus) -> list[dict[str, Any]]:
    """Everything in document order: articles, passages and glossary entries.

    Each entry names the edition it comes from (``edition``, as in ``seven rule --json``),
    so that any one entry taken out of the array still says which text it quotes.
    """
    edition = edition_of(corpus).name
    out: list[dict[str, Any]] = []
    for block in corpus.document():
        if isinstance(block, Article):
            d = article_data(corpus, block)
        elif isinstance(block, Passage):
            d = passage_data(block)
        else:
            d = glossary_data(corpus, block)
        d["edition"] = edition
        out.append(d)
    return out


def dump_both(ja: Corpus, en: Corpus) -> list[dict[str, Any]]:
    """``--lang both``: each entry once, in Japanese document order, with every text that
    depends on the language given as ``{"ja": ..., "en": ...}`` (text, title, term, item
    entries and evidence, icon labels, notes, aliases); ids, kinds and links are shared."""
    en_by_id = {d["id"]: d for d in dump_data(en)}
    out = []
    for d in dump_data(ja):
        twin = en_by_id.get(d["id"]) or {}
        merged = dict(d)
        merged["text"] = {"ja": d.get("text"), "en": twin.get("text")}
        merged["edition"] = {"ja": d["edition"], "en": twin.get("edition")}
        if "title" in d or "title" in twin:
            merged["title"] = {"ja": d.get("title"), "en": twin.get("title")}
        if "items" in d:
            en_items = twin.get("items") or {}
            merged["items"] = dict(d["items"])
            merged["items"]["entries"] = {
                "ja": d["items"]["entries"],
                "en": en_items.get("entries"),
            }
            merged["items"]["evidence"] = {
                "ja": d["items"]["evidence"],
                "en": en_items.get("evidence"),
            }
        if "icons" in d:
            en_icons = twin.get("icons") or []
            merged["icons"] = []
            for i, icon in enumerate(d["icons"]):
                en_icon = en_icons[i] if i < len(en_icons) else {}
                merged["icons"].append(
                    icon
                    | {
                        "after": {"ja": icon["after"], "en": en_icon.get("after")},
                        "label": {"ja": icon["label"], "en": en_icon.get("label")},
                    }
                )
        if d.get("notes") or twin.get("notes"):
            merged["notes"] = {"ja": d.get("notes", []), "en": twin.get("notes", [])}
        if d.get("kind") == "glossary":
            merged["term"] = {"ja": d.get("term"), "en": twin.get("term")}
            if d.get("aliases") or twin.get("aliases"):
                merged["aliases"] = {"ja": d.get("aliases", []), "en": twin.get("aliases", [])}
        if twin.get("translates"):
            merged["translates"] = twin["translates"]
        out.append(merged)
    return out


def _translation_data(corpus: Corpus, article: Article) -> dict[str, Any]:
    """The language-dependent fields of an article's twin (``seven rule --lang both --json``)."""
    full = article_data(corpus, article)
    keep = ("title", "title_editorial", "text", "icons", "items", "notes", "translates")
    return {"title": article.title, "text": article.text} | {k: full[k] for k in keep if k in full}


def tree_data(
    corpora: Sequence[Corpus], aid: ArticleId, *, children: bool = True
) -> dict[str, Any]:
    """``seven rule ID --json``: the article with nested children and links."""
    first = corpora[0]
    d = article_data(first, first.get(aid))
    if len(corpora) > 1:
        d["translations"] = {
            c.lang: _translation_data(c, c.articles[aid]) for c in corpora[1:] if aid in c.articles
        }
    d["referenced_by_subtree"] = first.referrers(aid)
    d["glossary"] = [g.term for g in first.glossary_for(aid)]
    if children:
        d["children"] = [tree_data(corpora, c, children=True) for c in first.children.get(aid, [])]
    d["edition"] = edition_of(first).name
    return d

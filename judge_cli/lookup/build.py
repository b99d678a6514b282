"""Building the lookup index from the corpus (once per change of the rules YAML).

The index is plain data (dicts, lists, tuples, strings, numbers), so that a lookup loads it
with :mod:`marshal` without importing the corpus model, PyYAML or pydantic. It holds:

- the keys to match: glossary terms, aliases and readings (ja and en) and article titles;
- the full-text postings of every article (ja text, its kana reading, en text);
- what the output needs: each article's JSON data (:mod:`judge_cli.render.data`) and its
  terminal rendering by :func:`judge_cli.render.article.render_article`, plain and in colour,
  for each language, so that the renderer's output is reused byte for byte.
"""

from __future__ import annotations

import marshal
import math
from collections import Counter
from typing import Any

from judge_cli.lookup.normalize import key, to_hiragana
from judge_cli.lookup.romaji import phonetic_key
from judge_cli.lookup.text import en_tokens, ja_grams

FORMAT = 1

# Base scores of exact matches by what matched (see :mod:`judge_cli.lookup.search`). The
# publisher's glossary outranks our additions; a title we wrote outranks nothing official.
TERM, ALIAS, TITLE, EDITORIAL_TITLE = 100, 97, 99, 95
READING_DROP = 6
"""A reading is a little weaker evidence than the written word (homophones)."""


def _entry(
    entries: list[dict], eid: str, kind: str, lang: str, term: str, targets: list[str], **kw: Any
) -> int:
    entries.append({"id": eid, "kind": kind, "lang": lang, "term": term, "targets": targets, **kw})
    return len(entries) - 1


def _add(table: dict[str, list], k: str, ref: tuple) -> None:
    if k and ref not in table.setdefault(k, []):
        table[k].append(ref)


def _postings(docs: list[tuple[str, list[str]]]) -> dict[str, Any]:
    """BM25-ready postings: gram → ((doc, tf), …), with document lengths and idf."""
    post: dict[str, list[tuple[int, int]]] = {}
    lengths = []
    for i, (_, grams) in enumerate(docs):
        lengths.append(len(grams))
        for g, tf in Counter(grams).items():
            post.setdefault(g, []).append((i, tf))
    n = len(docs)
    return {
        "ids": [d for d, _ in docs],
        "len": lengths,
        "avg": (sum(lengths) / n) if n else 1.0,
        "post": {g: tuple(p) for g, p in post.items()},
        "idf": {g: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for g, p in post.items()},
        "max_idf": math.log(1 + (n + 0.5) / 0.5),
    }


def _article_doc(corpus, article) -> str:
    """What full text searches for an article: its text, our reconstructed items, and the
    title of its group (a title says what the articles under it are about: 904 空席)."""
    parts = [article.text or "", *(article.items.items if article.items else ())]
    group = corpus.articles.get(type(article.id)(article.id.group))
    if group is not None and group.title and group.kind == "group":
        parts.append(group.title)
    return "\n".join(parts)


def _docs(corpus, tokens) -> list[tuple[str, list[str]]]:
    """Full-text documents: numbered articles and glossary notes."""
    docs = [(str(a.id), tokens(_article_doc(corpus, a))) for a in corpus.numbered()]
    docs += [(g.id, tokens(g.note)) for g in corpus.glossary if g.note]
    return docs


def build_index() -> dict[str, Any]:
    """The whole lookup index of the rules as they are on disk now."""
    from judge_cli.corpus.store import load_corpus, rules_dir
    from judge_cli.render.article import render_article
    from judge_cli.render.data import article_data, glossary_data
    from judge_cli.render.style import Style

    ja = load_corpus("ja")
    en_dir = rules_dir("en")
    en = load_corpus("en") if en_dir.is_dir() and any(en_dir.glob("*.yaml")) else None
    corpora = {"ja": ja, **({"en": en} if en else {})}

    order = [str(a) for a in ja.ids()]
    nodes: dict[str, dict[str, Any]] = {}
    for pos, aid in enumerate(ja.ids()):
        art = ja.articles[aid]
        nodes[str(aid)] = {
            "kind": art.kind,
            "pos": pos,
            "sort": aid.sort_key,
            "parent": str(aid.parent) if aid.parent else None,
            "first": {
                lang: c.articles[aid].first_line for lang, c in corpora.items() if aid in c.articles
            },
        }

    entries: list[dict[str, Any]] = []
    surfaces: dict[str, list] = {}
    readings: dict[str, list] = {}
    for lang, corpus in corpora.items():
        for g in corpus.glossary:
            targets = list(g.targets) or list(g.refs)
            i = _entry(
                entries,
                g.id,
                "glossary",
                lang,
                g.term,
                targets,
                note=g.note,
                editorial=g.editorial,
                has_targets=bool(g.targets),
            )
            _add(surfaces, key(g.term), (i, "term", TERM))
            _add(surfaces, key(g.id), (i, "term", TERM))  # as the rules cite it: 1000「無作為」
            for alias in g.aliases:
                _add(surfaces, key(alias), (i, "alias", ALIAS))
            if lang == "ja":
                words = [(g.term, TERM), *((a, ALIAS) for a in g.aliases)]
                sounds = [(r, TERM) for r in g.readings] + [
                    (to_hiragana(w), base) for w, base in words
                ]
                for sound, base in sounds:
                    pk = phonetic_key(sound)
                    if pk:
                        _add(readings, pk, (i, "reading", base - READING_DROP))
        for aid, art in corpus.articles.items():
            if not art.title:
                continue
            base = EDITORIAL_TITLE if art.title_editorial else TITLE
            i = _entry(entries, str(aid), "title", lang, art.title, [str(aid)])
            _add(surfaces, key(art.title), (i, "term", base))
            if lang == "ja":
                for sound in (art.reading if art.text is None else None, to_hiragana(art.title)):
                    pk = phonetic_key(sound) if sound else None
                    if pk:
                        _add(readings, pk, (i, "reading", base - READING_DROP))

    fulltext: dict[str, Any] = {"ja": _postings(_docs(ja, ja_grams))}
    # The same documents in kana, from the committed readings (judge_cli/lookup/readings_gen.py).
    kana_docs = []
    for a in ja.numbered():
        group = ja.articles.get(type(a.id)(a.id.group))
        parts = [a.reading or "", (group.reading or "") if group and group.kind == "group" else ""]
        kana_docs.append((str(a.id), ja_grams("\n".join(parts))))
    fulltext["kana"] = _postings(kana_docs)
    if en:
        fulltext["en"] = _postings(_docs(en, en_tokens))

    data = {
        lang: {str(a.id): article_data(c, a) for a in c.articles.values()}
        for lang, c in corpora.items()
    }
    gloss = {lang: {g.id: glossary_data(c, g) for g in c.glossary} for lang, c in corpora.items()}
    renders: dict[str, dict[str, str]] = {}
    views = {"ja": [ja]}
    if en:
        views["en"] = [en]
        views["both"] = [ja, en]
    for view, cs in views.items():
        for colour in (False, True):
            renders[f"{view}|{int(colour)}"] = {
                str(aid): render_article(cs, aid, style=Style(colour)) for aid in ja.ids()
            }
    # Sections that one lookup needs one of (a view's renderings, a full-text table) or
    # none of (JSON data) are stored marshalled again, and unpacked on first use
    # (:func:`judge_cli.lookup.index.part`): loading the index stays a few milliseconds.
    return {
        "format": FORMAT,
        "langs": list(corpora),
        "meta": {lang: dict(c.meta) for lang, c in corpora.items()},
        "order": order,
        "nodes": nodes,
        "entries": entries,
        "surfaces": {k: tuple(v) for k, v in surfaces.items()},
        "readings": {k: tuple(v) for k, v in readings.items()},
        "fulltext": {name: marshal.dumps(table) for name, table in fulltext.items()},
        "data": marshal.dumps(data),
        "gloss": gloss,
        "render": {view: marshal.dumps(r) for view, r in renders.items()},
    }

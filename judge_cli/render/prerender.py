"""The articles as ``seven judge`` shows them, rendered once per state of the rules.

The lookup index (:mod:`judge_cli.lookup.index`) finds articles; this module, in the layer
that renders, keeps beside it what an answer shows: each article's JSON data
(:mod:`judge_cli.render.data`), its terminal rendering by
:func:`judge_cli.render.article.render_article` (plain and colour, per ``--lang`` view) and
the glossary entries' data. They are cached with the ``marshal`` codec under the lookup
index's key and this layer's code, and unpacked on first use, so that a lookup stays a few
milliseconds.
"""

from __future__ import annotations

import marshal

from judge_cli.cache import cached, code_version, fingerprint
from judge_cli.lookup.index import load_index

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_CODE = ("render.article", "render.data", "render.labels", "render.style", "render.prerender")


def build_renders() -> dict[str, Any]:
    """Data and renderings of every article and glossary entry of the rules on disk."""
    from judge_cli.corpus.store import load_corpus, rules_dir
    from judge_cli.render.article import render_article
    from judge_cli.render.data import article_data, glossary_data
    from judge_cli.render.style import Style

    ja = load_corpus("ja")
    en_dir = rules_dir("en")
    en = load_corpus("en") if en_dir.is_dir() and any(en_dir.glob("*.yaml")) else None
    corpora = {"ja": ja, **({"en": en} if en else {})}
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
    return {
        "data": marshal.dumps(data),
        "gloss": gloss,
        "render": {view: marshal.dumps(r) for view, r in renders.items()},
    }


def answer_index() -> dict[str, Any]:
    """The lookup index with what answers show beside it (``data``, ``gloss``, ``render``)."""
    index = load_index()
    k = fingerprint([], index["key"], code_version(*_CODE))
    if index.get("render_key") != k:
        parts = cached("judge-render", k, build_renders, codec="marshal")
        if not isinstance(parts, dict) or "render" not in parts:
            from judge_cli.errors import CorpusError

            raise CorpusError("the rendered articles are damaged", hint="delete the seven cache")
        index.update(parts)
        index["render_key"] = k
    return index

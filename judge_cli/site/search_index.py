"""The search index of the site: the tables of ``seven judge``'s pipeline, as JSON for the
browser.

Everything here comes from the lookup index that ``seven judge`` searches
(:func:`judge_cli.lookup.index.load_index`) and from the normalisation tables of
:mod:`judge_cli.lookup.normalize` and :mod:`judge_cli.lookup.romaji`; the site's
``search.js`` runs the same stages over them (docs/lookup.md). Nothing is copied by hand, so
a change of the rules or of a table reaches the browser at the next ``seven site``.

Postings are written flat (``[doc, tf, doc, tf, …]``) to keep the index small.
"""

from __future__ import annotations

import json
from typing import Any

FORMAT = 1


def _fulltext(table: dict[str, Any]) -> dict[str, Any]:
    return {
        "ids": table["ids"],
        "len": table["len"],
        "avg": table["avg"],
        "post": {g: [x for pair in p for x in pair] for g, p in table["post"].items()},
        "idf": table["idf"],
        "max_idf": table["max_idf"],
    }


def _entry(e: dict[str, Any]) -> list[Any]:
    """An entry as ``[lang, term, targets, kind, has_targets, id]``: what the pipeline reads."""
    return [
        e["lang"],
        e["term"],
        list(e["targets"]),
        e["kind"],
        e.get("has_targets", True),
        e["id"],
    ]


def search_tables(index: dict[str, Any]) -> dict[str, Any]:
    """The JSON-ready tables of the pipeline for the lookup index ``index``."""
    from judge_cli.lookup import build, normalize, romaji, search, text, words
    from judge_cli.lookup.index import part

    nodes = index["nodes"]
    return {
        "format": FORMAT,
        "const": {
            "cutoff": search.CUTOFF,
            "short": search.SHORT,
            "stripped_drop": search.STRIPPED_DROP,
            "fuzzy_cutoff": search.FUZZY_CUTOFF,
            "fulltext_max": search.FULLTEXT_MAX,
            "vias": list(search.VIAS),
            "max_query": normalize.MAX_QUERY,
            "reading_drop": build.READING_DROP,
        },
        "fold": {
            "variants": dict(normalize._VARIANTS),
            "dashes": normalize._DASHES,
            "id_dashes": search._DASHES,
        },
        "romaji": {
            "kana_romaji": romaji.KANA_ROMAJI,
            "romaji_kana": romaji.ROMAJI_KANA,
            "long": {chr(k): v for k, v in romaji._LONG.items()},
        },
        "stopwords": sorted(text.EN_STOPWORDS),
        # Ordered pairs, not objects: the fuzzy stage breaks ties by this order, and a
        # JavaScript object would put keys that look like numbers first.
        "surfaces": [[k, [list(r) for r in refs]] for k, refs in index["surfaces"].items()],
        "readings": [[k, [list(r) for r in refs]] for k, refs in index["readings"].items()],
        "entries": [_entry(e) for e in index["entries"]],
        "pos": {aid: n["pos"] for aid, n in nodes.items()},
        "fulltext": {name: _fulltext(part(index, "fulltext", name)) for name in index["fulltext"]},
        # The words of questions (judge_cli/lookup/words.py) and what follows from them.
        "vocab": {k: index["vocab"][k] for k in ("words", "kana", "max")},
        "phrases": index["phrases"],
        "contrasts": index["contrasts"],
        "kanji": part(index, "kanji"),
        "slip": {"drop": search.SLIP_DROP, "max": search.SLIP_MAX},
        "question_max": search.QUESTION_MAX,
        "min_kana_surface": words.MIN_KANA_SURFACE,
    }


def index_script(tables: dict[str, Any], shown: dict[str, Any]) -> str:
    """``search-index.js``: the tables and what a result shows (``shown``: id → page, kind
    and first line per language), as one script that a page loads with a ``<script>`` tag
    (a ``fetch`` of a JSON file is refused from file://)."""
    data = dict(tables, shown=shown)
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # "</" would end the script early if this were ever inlined into a page.
    return "self.SEVEN_INDEX = " + body.replace("</", "<\\/") + ";\n"

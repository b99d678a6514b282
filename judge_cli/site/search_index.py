"""The search index of the site: the tables of ``seven judge``'s pipeline, as a script for
the browser.

The tables are :func:`judge_cli.lookup.tables.search_tables` (everything the pipeline
reads, docs/lookup.md), reshaped for size and for JavaScript: postings written flat
(``[doc, tf, doc, tf, …]``), or, when every tf of a word is 1 (nearly every word of the
example questions), as ``[-1 - doc, gap, gap, …]``: the first document negated, then the
gaps between the next ones; without their idf (the browser computes it from them as
:mod:`judge_cli.lookup.build` does), ordered tables (surfaces, readings, card keys) as lists of
pairs, since the fuzzy stage breaks ties by their order and a JavaScript object puts keys
that look like numbers first; what the site shows of a result comes from its own pages
(``shown``), not from the tables. The few tables the lookup code keeps beside the index
(romaji spellings, dashes, British spellings) are taken from their modules. Nothing is
copied by hand, so a change of the rules or of a table reaches the browser at the next
``seven site``; the site's ``search.js`` runs the same stages over them.
"""

from __future__ import annotations

import json
from itertools import groupby, pairwise
from typing import Any

FORMAT = 4


def _flat(table: dict[str, Any]) -> dict[str, Any]:
    post: dict[str, list] = {}
    for g, p in table["post"].items():
        docs = [doc for doc, _tf in p]
        gaps = [docs[0], *(b - a for a, b in pairwise(docs))] if docs else []
        if p and all(tf == 1 for _doc, tf in p):
            post[g] = [-1 - gaps[0], *gaps[1:]]
        else:
            # Each document as the gap from the one before, with its weighted count (a whole
            # count written without its .0).
            post[g] = [
                x for gap, (_doc, tf) in zip(gaps, p, strict=True) for x in (gap, _whole(tf))
            ]
    ids = table["ids"]
    runs = [[aid, len(list(same))] for aid, same in groupby(ids)]
    # An example question's document repeats its article's id: written once per run.
    named = {"runs": runs} if len(runs) < len(ids) else {"ids": ids}
    if "samples" in table:  # the model (lookup.model): counts per article, no lengths of text
        counts = {k: table[k] for k in ("len", "samples", "vocab")}
        return {**named, **counts, "post": post}
    return {**named, "len": table["len"], "avg": table["avg"], "post": post}


def _example_sections(nodes: dict[str, Any]) -> dict[str, str]:
    """Each article of a section that holds an example, with its section."""
    sections = {n["parent"] for n in nodes.values() if n.get("example")}
    return {aid: n["parent"] for aid, n in nodes.items() if n["parent"] in sections}


def _whole(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


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


def site_tables(index: dict[str, Any]) -> dict[str, Any]:
    """The JSON-ready tables of the pipeline for the lookup index ``index``."""
    from judge_cli.lookup import romaji, search, text
    from judge_cli.lookup.tables import search_tables

    t = search_tables(index)
    c = t["constants"]
    return {
        "format": FORMAT,
        "const": {
            "cutoff": c["cutoff"],
            "short": c["short"],
            "stripped_drop": c["stripped_drop"],
            "fuzzy_cutoff": c["fuzzy_cutoff"],
            "fulltext_max": c["fulltext_max"],
            "question_max": c["question_max"],
            "slip_drop": c["slip_drop"],
            "slip_max": c["slip_max"],
            "pointer_yield": c["pointer_yield"],
            "pointer_only_yield": c["pointer_only_yield"],
            "example_yield": c["example_yield"],
            "slip_whole": 100 - c["slip_whole_drop"],
            "card_named": c["card_named"],
            "card_follows": c["card_follows"],
            "cited": c["cited"],
            "card_text": c["card_text"],
            "informative": c["informative_idf"],
            "idf_power": c["idf_power"],
            "long_query": c["long_query"],
            "kana_term": list(c["kana_term"]),
            "k1": c["bm25_k1"],
            "b": c["bm25_b"],
            "vias": c["vias"],
            "model": c["model"],
            "strong_fulltext": c["strong_fulltext"],
            "close_call": c["close_call"],
            "max_query": t["normalize"]["max_query"],
        },
        "fold": {
            "variants": t["normalize"]["variants"],
            "dashes": t["normalize"]["dashes"],
            "id_dashes": search._DASHES,
        },
        "romaji": {
            "kana_romaji": t["romaji"]["kana_romaji"],
            "romaji_kana": romaji.ROMAJI_KANA,
            "long": {chr(k): v for k, v in romaji._LONG.items()},
        },
        "english": {
            "stopwords": t["english"]["stopwords"],
            "stem_suffixes": t["english"]["stem_suffixes"],
            "doubled": t["english"]["doubled"],
            "spellings": text.SPELLINGS,
            "phrases": t["english"]["phrases"],
        },
        "vocab": {
            "words": t["words"]["vocabulary"],
            "kana": t["words"]["kana_only"],
            "max": t["words"]["longest"],
            "min_kana": t["words"]["min_kana_surface"],
            "particles": t["words"]["particles"],
        },
        "surfaces": list(t["surfaces"].items()),
        "readings": list(t["readings"].items()),
        "card_keys": [[k, list(v)] for k, v in index.get("card_keys", {}).items()],
        # A card's names and own text, to tell whether a question is about the card.
        "card_text": {
            cid: {
                "name": " ".join(c["name"].values()),
                **{lang: " ".join(parts.values()) for lang, parts in c["text"].items()},
            }
            for cid, c in t["cards"].items()
        },
        "entries": [_entry(e) for e in t["entries"]],
        "pos": {aid: n["pos"] for aid, n in t["nodes"].items()},
        # What an article says another one decides (612.1: 処理順は113による).
        "points": {aid: n["points"] for aid, n in t["nodes"].items() if n.get("points")},
        # Those that are nothing but their pointer (処理順は113による。).
        "hands_over": [aid for aid, n in t["nodes"].items() if n.get("hands_over")],
        # Examples (例：…): the rule before them in their section decides.
        "examples": [aid for aid, n in t["nodes"].items() if n.get("example")],
        "example_sections": _example_sections(t["nodes"]),
        "fulltext": {name: _flat(table) for name, table in t["fulltext"].items()},
        "contrasts": t["contrasts"],
        "kanji": t["kanji_readings"],
    }


def index_script(tables: dict[str, Any], shown: dict[str, Any]) -> str:
    """``search-index.js``: the tables and what a result shows (``shown``: id → page and
    first line, term or name per language), as one script that a page loads with a
    ``<script>`` tag (a ``fetch`` of a JSON file is refused from file://). The JSON is
    gzipped and written in base64 (a third of its size: the phone downloads and caches
    less); the page inflates it with the browser's ``DecompressionStream``."""
    import base64
    import gzip

    data = dict(tables, shown=shown)
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = base64.b64encode(gzip.compress(body, 9, mtime=0)).decode("ascii")
    return f'self.SEVEN_INDEX_GZ = "{packed}";\n'


def read_index_script(text: str) -> dict[str, Any]:
    """The data of a ``search-index.js`` that :func:`index_script` wrote."""
    import base64
    import gzip

    packed = text.split('"')[1]
    return json.loads(gzip.decompress(base64.b64decode(packed)).decode("utf-8"))

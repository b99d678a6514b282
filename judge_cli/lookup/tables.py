"""Every table the query pipeline reads, as one JSON-serialisable dict.

:func:`search_tables` exports what :func:`judge_cli.lookup.search.search` consults at query
time, so that another implementation (the static site's JavaScript) can run the same
algorithm on the same data; docs/lookup.md describes each stage and names the keys it
reads. Regular expressions are given as Python patterns in the subset JavaScript shares
(no look-behind except where noted).
"""

from __future__ import annotations

from typing import Any


def _plain(value: Any) -> Any:
    """Tuples as lists, sets as sorted lists, recursively (JSON has neither)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    return value


def search_tables(index: dict | None = None) -> dict[str, Any]:
    """The query pipeline's tables and constants (see docs/lookup.md, "Tables").

    >>> import json
    >>> t = search_tables()
    >>> sorted(t)[:6]
    ['cards', 'constants', 'contrasts', 'english', 'entries', 'field_weights']
    >>> len(json.dumps(t, ensure_ascii=False)) > 100_000
    True
    """
    from judge_cli.lookup import model, normalize, romaji, search, text, words
    from judge_cli.lookup.build import FIELDS
    from judge_cli.lookup.index import load_index, part, unpack

    index = index or load_index()
    fulltext = {}
    for name in index["fulltext"]:
        table = dict(part(index, "fulltext", name))
        table.pop("_doc", None)
        table.pop("_base", None)
        table.pop("_gain", None)
        if "samples" in table:  # the model's postings are packed (lookup.model)
            table["post"] = {f: model.postings(p) for f, p in table["post"].items()}
        elif "weight" in table:  # the example questions': their numbers, packed
            table["post"] = {w: [(d, 1.0) for d in unpack(p)] for w, p in table["post"].items()}
            del table["weight"]  # the browser sums it from the postings
        fulltext[name] = table
    return _plain(
        {
            "format": index["format"],
            "langs": index["langs"],
            "normalize": {
                "variants": normalize._VARIANTS,
                "dashes": normalize._DASHES,
                "max_query": normalize.MAX_QUERY,
            },
            "numbers": {
                "prefix": search._PREFIX.pattern,
                "id": search._ID.pattern,
                "jou": search._JOU.pattern,
            },
            "shells": {
                "ja_tail": search._JA_TAIL.pattern,
                "en_head": search._EN_HEAD.pattern,
                "en_tail": search._EN_TAIL.pattern,
            },
            "english": {
                "stopwords": text.EN_STOPWORDS,
                "negation": text._NEGATION.pattern,
                "stem_suffixes": text.STEM_SUFFIXES,
                "doubled": text.DOUBLED,
                "phrases": part(index, "phrases"),
            },
            "romaji": {"kana_romaji": romaji.KANA_ROMAJI},
            "words": {
                "vocabulary": part(index, "vocab")["words"],
                "kana_only": part(index, "vocab")["kana"],
                "longest": part(index, "vocab")["max"],
                "min_kana_surface": words.MIN_KANA_SURFACE,
                "particles": words.PARTICLES,
                "conjugation": words.CONJUGATION,
            },
            "entries": index["entries"],
            "surfaces": index["surfaces"],
            "readings": index["readings"],
            "kanji_readings": part(index, "kanji"),
            "fulltext": fulltext,
            "field_weights": FIELDS,
            "contrasts": index["contrasts"],
            "cards": part(index, "cards"),
            "order": index["order"],
            "nodes": index["nodes"],
            "constants": {
                "cutoff": search.CUTOFF,
                "short": search.SHORT,
                "stripped_drop": search.STRIPPED_DROP,
                "fuzzy_cutoff": search.FUZZY_CUTOFF,
                "fulltext_max": search.FULLTEXT_MAX,
                "question_max": search.QUESTION_MAX,
                "slip_drop": search.SLIP_DROP,
                "slip_max": search.SLIP_MAX,
                "strong_fulltext": search.STRONG_FULLTEXT,
                "close_call": search.CLOSE_CALL,
                "pointer_yield": search.POINTER_YIELD,
                "pointer_only_yield": search.POINTER_ONLY_YIELD,
                "example_yield": search.EXAMPLE_YIELD,
                "kana_term": search.KANA_TERM,
                "informative_idf": search.INFORMATIVE,
                "idf_power": search.IDF_POWER,
                "long_query": search.LONG_QUERY,
                "card_named": search.CARD_NAMED,
                "card_follows": search.CARD_FOLLOWS,
                "card_follows_model": search.CARD_FOLLOWS_MODEL,
                "cited": search.CITED,
                "card_text": {
                    "lead": search.CARD_TEXT_LEAD,
                    "alone": search.CARD_TEXT_ALONE,
                    "shown": search.CARD_TEXT_SHOWN,
                    "rival": search.CARD_TEXT_RIVAL,
                    "margin": search.CARD_TEXT_MARGIN,
                    "absent": search.ABSENT,
                    "numbers": text.CARD_NUMBERS,
                    "own_text": search.OWN_TEXT,
                    "model_sure": search.CARD_MODEL_SURE,
                },
                "slip_whole_drop": search.SLIP_DROP + search.READING_DROP_SLIP,
                "bm25_k1": 1.2,
                "bm25_b": 0.75,
                "vias": search.VIAS,
                "model": {
                    "alpha": model.ALPHA,
                    "weight": model.WEIGHT,
                    "reach": model.REACH,
                    "depth": model.DEPTH,
                    "floor": model.FLOOR,
                    "hows": search.MODEL_HOWS,
                    "shown": search.MODEL_SHOWN,
                    "sure": search.MODEL_SURE,
                    "leads": search.MODEL_LEADS,
                    "words_weak": search.WORDS_WEAK,
                },
            },
        }
    )

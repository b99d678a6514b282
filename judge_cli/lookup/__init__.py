"""Lookup: the one query pipeline of ``seven judge``.

number → exact term, alias or card name (ja or en) → reading → fuzzy → words (BM25 over
weighted fields, example questions, IME slips) → contrast → confidence. The modules here
import only the standard library (rapidfuzz only when the fuzzy stage runs), so that a
lookup starts in a few milliseconds; the index they search is built once from the corpus by
:mod:`judge_cli.lookup.build` and cached. :func:`search_tables` exports every table the
pipeline reads, for another implementation of the same algorithm (docs/lookup.md).
"""


def search_tables(index: dict | None = None) -> dict:
    """Every table the query pipeline reads, JSON-serialisable (see docs/lookup.md)."""
    from judge_cli.lookup.tables import search_tables as tables

    return tables(index)

"""Lookup: the one query pipeline of ``seven judge``.

number → exact term or alias (ja or en) → reading → fuzzy over terms → full text. The
modules here import only the standard library (rapidfuzz only when the fuzzy stage runs), so
that a lookup starts in a few milliseconds; the index they search is built once from the
corpus by :mod:`judge_cli.lookup.build` and cached.
"""

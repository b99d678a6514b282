"""Which scenarios cite which articles: what ``seven diff`` lists beside a changed article.

A scenario names articles where it expects them to fire, to refuse a declaration, or to be
cited. Until the scenario model has its own way to list them, :func:`cited_articles` reads
each scenarios/**/*.yaml through yamlio and collects the ids written under any key whose name
contains ``article`` or is ``cites``, ``fires`` or ``refused`` (at any depth below it, keys
of a mapping included). When
the model exists, replace the body of :func:`cited_articles` with its API, e.g.
``load_scenario(path).cited_articles()``; :func:`scenarios_citing` stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge_cli.corpus.ids import ArticleId
from judge_cli.errors import InputError
from judge_cli.yamlio import LoadedYaml, load_yaml

CITING_KEYS = frozenset({"cites", "fires", "refused"})
_ID = re.compile(r"(?<![\d.])\d{3,4}(?:\.\d+(?:[a-z](?:-\d+)?)?)?(?![\d])")
_FLOAT_TOKEN = re.compile(r"(?<![\d.])\d{3,4}\.\d+(?![\d])")


def _is_citing_key(key: object) -> bool:
    name = str(key).lower()
    return "article" in name or name in CITING_KEYS


def _ids_in_scalar(value: Any, raw_line: str) -> Iterator[str]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if 100 <= value <= 1000:
            yield str(value)
    elif isinstance(value, float):
        # An unquoted 603.10 is the float 603.1 to YAML: read the number as written.
        written = [t for t in _FLOAT_TOKEN.findall(raw_line) if float(t) == value]
        yield written[0] if written else repr(value)
    elif isinstance(value, str):
        for token in _ID.findall(value):
            if ArticleId.is_valid(token) and ArticleId.parse(token).group >= 100:
                yield str(ArticleId.parse(token))


def _walk(
    data: Any, path: tuple, citing: bool, loaded: LoadedYaml, lines: list[str]
) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if citing:  # fires: {603.1: …}: the keys are the articles
                line = loaded.line_of((*path, str(key))) or 0
                yield from _ids_in_scalar(key, lines[line - 1] if 0 < line <= len(lines) else "")
            yield from _walk(value, (*path, str(key)), citing or _is_citing_key(key), loaded, lines)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _walk(value, (*path, i), citing, loaded, lines)
    elif citing:
        line = loaded.line_of(path) or 0
        yield from _ids_in_scalar(data, lines[line - 1] if 0 < line <= len(lines) else "")


def cited_articles(path: Path) -> list[str]:
    """The article ids a scenario file cites, in order; :class:`InputError` if unreadable."""
    loaded = load_yaml(path)
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return list(dict.fromkeys(_walk(loaded.data, (), False, loaded, lines)))


@dataclass
class Citations:
    """Scenario files (relative to their root) → the affected ids each cites."""

    by_file: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def scenarios_citing(articles: Collection[str], root: Path | None = None) -> Citations:
    """The scenarios that cite any of ``articles``, or an article inside one of them
    (a scenario citing group 603 is affected by a change to 603.3), and the other way round
    (one citing 603.3 is affected when group 603 moves)."""
    from judge_cli.paths import scenarios_root

    root = root or scenarios_root()
    out = Citations()
    if not root.is_dir():
        return out
    wanted = [ArticleId.parse(a) for a in articles if ArticleId.is_valid(a)]
    for path in sorted(root.rglob("*.yaml")):
        name = str(path.relative_to(root.parent))
        try:
            cited = cited_articles(path)
        except InputError as exc:
            out.warnings.append(f"scenario not read: {exc.describe()}")
            continue
        hits = []
        for c in cited:
            cid = ArticleId.parse(c)
            inside = cid.kind != "section"  # a whole section is too broad to flag
            if any(w.contains(cid) or (inside and cid.contains(w)) for w in wanted):
                hits.append(c)
        if hits:
            out.by_file[name] = hits
    return out

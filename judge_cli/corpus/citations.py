"""Which scenarios cite which articles: what ``seven diff`` lists beside a changed article.

A scenario cites an article when its expectations name it (``fires``, ``not_fires``,
``refused``) or when its replay fires it: a change to either can change the ruling the
scenario pins down. :func:`cited_articles` asks the scenario model (judge_cli/scenario) for
both; :func:`scenarios_citing` is what the diff calls.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from judge_cli.corpus.ids import ArticleId
from judge_cli.errors import JudgeError


def _document_order(ref: str) -> tuple:
    """Articles in document order, then glossary entries (1000「無作為」)."""
    if ArticleId.is_valid(ref):
        return (0, ArticleId.parse(ref).sort_key)
    return (1, ref)


def cited_articles(path: Path) -> tuple[list[str], str | None]:
    """The article ids the scenario at ``path`` cites, in order, and a warning when its replay
    failed (its expectations still count). Raises :class:`JudgeError` if it cannot be read."""
    from judge_cli.scenario.load import load_scenario
    from judge_cli.scenario.runner import replay

    loaded = load_scenario(path)
    ids = [*loaded.cited_articles(), *loaded.scenario.expect.not_fires]
    warning = None
    try:
        fired = replay(loaded).fired()
    except JudgeError as exc:
        warning = f"scenario not replayed (only its expectations are counted): {exc.describe()}"
    else:
        ids += sorted(fired, key=_document_order)
    return list(dict.fromkeys(ids)), warning


@dataclass
class Citations:
    """Scenario files (relative to their root's parent) → the affected ids each cites."""

    by_file: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def scenarios_citing(articles: Collection[str], root: Path | None = None) -> Citations:
    """The scenarios that cite any of ``articles``, or an article inside one of them
    (a scenario citing group 603 is affected by a change to 603.3), and the other way round
    (one citing 603.3 is affected when group 603 moves)."""
    from judge_cli.paths import scenarios_root
    from judge_cli.scenario.runner import scenario_files

    root = root or scenarios_root()
    out = Citations()
    if not root.is_dir():
        return out
    wanted = [ArticleId.parse(a) for a in articles if ArticleId.is_valid(a)]
    try:
        files = scenario_files(root)
    except JudgeError:
        return out  # no scenario files
    for path in files:
        name = str(path.relative_to(root.parent))
        try:
            cited, warning = cited_articles(path)
        except JudgeError as exc:
            out.warnings.append(f"scenario not read: {exc.describe()}")
            continue
        if warning:
            out.warnings.append(warning)
        hits = []
        for c in cited:
            if not ArticleId.is_valid(c):
                continue  # a glossary entry, 1000「無作為」: not renumbered
            cid = ArticleId.parse(c)
            inside = cid.kind != "section"  # a whole section is too broad to flag
            if any(w.contains(cid) or (inside and cid.contains(w)) for w in wanted):
                hits.append(c)
        if hits:
            out.by_file[name] = hits
    return out

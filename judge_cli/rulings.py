"""Rulings as data: every scenario is a ruling (question, short answer, the articles it cites,
date, source), found by the articles it cites.

``seven rulings [ARTICLE]``, ``seven rule`` and ``seven judge`` read the rulings index, plain
data compiled once per change of the scenario files and loaded with :mod:`marshal` (like the
lookup index, :mod:`judge_cli.lookup.index`): a lookup pays one hash of the scenario files and
one small load, and never imports PyYAML, pydantic or the engine. Building it loads every
scenario through :func:`judge_cli.scenario.load.load_scenario`, so a ruling is only listed
from a file that validates.

The articles a ruling cites are those its expectations name (:meth:`LoadedScenario.
cited_articles`: the articles that must fire and those that refuse a declaration): what the
ruling is about, not every article the replay passes through. An article stands for itself
and everything under it: the rulings of 507 are those citing 507, 507.1, 507.4, …
"""

from __future__ import annotations

from judge_cli.cache import cached, code_version, fingerprint
from judge_cli.paths import scenarios_root

TYPE_CHECKING = False  # typing is not imported on the lookup path (it costs milliseconds)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

FORMAT = 1
FIELDS = ("id", "file", "title", "question", "answer", "articles", "date", "source")
"""The keys of one ruling (``seven rulings --json``, ``seven judge --json``: a stable
interface, only ever added to)."""

_CODE = ("rulings", "scenario.load", "scenario.model", "scenario.runner")
_loaded: dict[str, Any] = {}


def rulings_key(root: Path | None = None) -> str:
    """The scenario files and the rules they are checked against (a ruling is listed only
    when its articles exist: a change of the rules changes the index)."""
    from judge_cli.corpus.switch import recover
    from judge_cli.paths import rules_root
    from judge_cli.scenario.files import yaml_files

    root = scenarios_root() if root is None else root
    rules = rules_root()
    recover(rules)
    files = [*yaml_files(root), *sorted((rules / "ja").glob("*.yaml"))]
    return fingerprint(files, "rulings", str(root), code_version(*_CODE))


def _ancestors(aid: str) -> list[str]:
    """The ids an article is found under: itself, then its parent, … up to the section.
    A glossary entry (``1000「無作為」``) is only itself."""
    from judge_cli.corpus.ids import ArticleId
    from judge_cli.errors import InvalidArticleId

    try:
        parsed = ArticleId.parse(aid)
    except InvalidArticleId:
        return [aid]
    return [str(parsed), *(str(a) for a in parsed.ancestors())]


def build_rulings(root: Path) -> dict[str, Any]:
    """The rulings index of the scenarios under ``root`` (plain data, for marshal).

    A scenario that does not load is not a ruling; it is recorded in ``problems`` (file,
    line, message) so that the commands can say so instead of leaving it out in silence.
    """
    from judge_cli.errors import JudgeError
    from judge_cli.scenario.files import scenario_files, yaml_files
    from judge_cli.scenario.load import load_scenario

    rulings: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    files = scenario_files(root) if root.is_dir() and yaml_files(root) else []
    for path in files:
        rel = path.relative_to(root)
        display = str(root.name / rel) if root.name else str(rel)
        try:
            loaded = load_scenario(path, display)
        except JudgeError as exc:
            problems.append({"file": exc.file or display, "line": exc.line, "message": exc.message})
            continue
        sc = loaded.scenario
        rulings.append(
            {
                "id": rel.with_suffix("").as_posix(),
                "file": display,
                "title": sc.title.model_dump(),
                "question": sc.question.model_dump(),
                "answer": sc.answer.model_dump(),
                "articles": loaded.cited_articles(),
                "date": sc.date.isoformat(),
                "source": sc.source,
            }
        )
    by_article: dict[str, list[list[Any]]] = {}
    for i, r in enumerate(rulings):
        matched: dict[str, list[str]] = {}
        for aid in r["articles"]:
            for node in _ancestors(aid):
                matched.setdefault(node, []).append(aid)
        for node, cited in matched.items():
            by_article.setdefault(node, []).append([i, cited])
    return {"format": FORMAT, "rulings": rulings, "by_article": by_article, "problems": problems}


def _is_rulings(data: Any) -> bool:
    return (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and isinstance(data.get("rulings"), list)
        and isinstance(data.get("by_article"), dict)
        and isinstance(data.get("problems"), list)
        and all(isinstance(r, dict) and set(FIELDS) <= set(r) for r in data["rulings"])
    )


def load_rulings(root: Path | None = None) -> dict[str, Any]:
    """The rulings index of the scenarios on disk (memoised per state of the files)."""
    root = scenarios_root() if root is None else root
    k = rulings_key(root)
    data = _loaded.get(k)
    if data is None:
        data = cached("rulings", k, lambda: build_rulings(root), codec="marshal", valid=_is_rulings)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            from judge_cli.errors import CorpusError

            raise CorpusError("the rulings index is damaged", hint="delete the seven cache")
        _loaded.clear()
        _loaded[k] = data
    return data


def rulings_for(data: dict[str, Any] | None, aid: str | None = None) -> list[dict[str, Any]]:
    """The rulings citing ``aid`` or anything under it (all rulings without ``aid``), each
    with ``matched``: the ids it cites there."""
    if not data:
        return []
    rulings = data["rulings"]
    if aid is None:
        return [dict(r, matched=list(r["articles"])) for r in rulings]
    return [dict(rulings[i], matched=list(cited)) for i, cited in data["by_article"].get(aid, ())]


def problems_of(data: dict[str, Any] | None) -> list[str]:
    """The scenarios left out of the index, as ``file:line: message`` lines."""
    out = []
    for p in (data or {}).get("problems", ()):
        where = f"{p['file']}:{p['line']}" if p.get("line") else p["file"]
        out.append(f"{where}: {p['message']}")
    return out


def problems_note(data: dict[str, Any] | None) -> str | None:
    """A warning for stderr when scenarios were left out of the index (or None): the
    commands that show rulings still answer, but never hide that some are missing."""
    problems = problems_of(data)
    if not problems:
        return None
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return (
        f"seven: a scenario is left out of the rulings{more}: {problems[0]}\n"
        "  seven check lists every problem"
    )

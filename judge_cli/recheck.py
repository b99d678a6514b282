"""The scenarios to re-check after a change of the rules (``seven diff``).

A scenario is affected by a change to an article it cites: one its expectations name
(``fires``, ``not_fires``, ``refused``) or one its replay fires, since a change to either can
change the ruling it pins down. The expectations are in the file; the fired articles are
known only by replaying it, and replaying every scenario takes seconds.

So what each scenario cites is kept in ``citations.json`` beside the scenarios (committed
and shipped with them): for each scenario the ids it cites and the digests of the files it
was read from (itself and the card files it includes). A diff trusts an entry whose files
are unchanged and replays only the scenarios that are new or edited. What a replay fires
also depends on the engine and on the real cards, which the entries cannot see: ``seven
check`` replays every scenario anyway and reports each entry that no longer matches its
replay, and ``seven check --update-citations`` writes the file again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judge_cli.cache import cached, code_version, fingerprint
from judge_cli.paths import PACKAGE_DIR, scenarios_root

INDEX_NAME = "citations.json"
FORMAT = 1
_ENGINE_CODE = ("engine", "scenario")
_SEVEN = "<seven>/"
"""How an included file inside the package (the built-in card set) is named in the index."""


def index_path(root: Path) -> Path:
    return root / INDEX_NAME


def _document_order(ref: str) -> tuple:
    """Articles in document order, then glossary entries (1000「無作為」)."""
    from judge_cli.corpus.ids import ArticleId

    if ArticleId.is_valid(ref):
        return (0, ArticleId.parse(ref).sort_key)
    return (1, ref)


def _digest(path: Path) -> str | None:
    from hashlib import blake2b

    from judge_cli.cache import MAX_SOURCE_BYTES
    from judge_cli.fileio import read_regular

    try:
        return blake2b(read_regular(path, MAX_SOURCE_BYTES), digest_size=16).hexdigest()
    except (OSError, ValueError):
        return None


def _label(root: Path, path: Path) -> str:
    """A file's name in the index: relative to the scenarios, or to the package."""
    path = path.resolve()
    for base, prefix in ((root.resolve(), ""), (PACKAGE_DIR, _SEVEN)):
        if base in path.parents:
            return prefix + path.relative_to(base).as_posix()
    return str(path)


def _path(root: Path, label: str) -> Path:
    if label.startswith(_SEVEN):
        return PACKAGE_DIR / label[len(_SEVEN) :]
    return root / label  # an absolute label stays itself


def _names(root: Path) -> list[tuple[str, Path]]:
    """The scenario files under ``root``, each with its name in the index."""
    from judge_cli.errors import JudgeError
    from judge_cli.scenario.files import scenario_files

    try:
        files = scenario_files(root)
    except JudgeError:
        return []  # no scenario files
    return [(path.relative_to(root).as_posix(), path) for path in files]


def cited_articles(path: Path, display: str | None = None) -> tuple[list[str], str | None]:
    """The article ids the scenario at ``path`` cites (expectations first, then what its
    replay fires, in document order), and a warning when the replay failed (its expectations
    still count). Raises :class:`JudgeError` if it cannot be read."""
    ids, warning, _ = _replayed(path, display or str(path))
    return ids, warning


def _replayed(path: Path, display: str) -> tuple[list[str], str | None, Any]:
    from judge_cli.errors import JudgeError
    from judge_cli.scenario.load import load_scenario
    from judge_cli.scenario.runner import replay

    loaded = load_scenario(path, display)
    try:
        fired: set[str] | None = replay(loaded).fired()
    except JudgeError as exc:
        warning = f"scenario not replayed (only its expectations are counted): {exc.describe()}"
        return citations_of(loaded, None), warning, loaded
    return citations_of(loaded, fired), None, loaded


def citations_of(loaded: Any, fired: set[str] | None) -> list[str]:
    """What a loaded scenario cites, given what its replay fired (None: not replayed)."""
    ids = [*loaded.cited_articles(), *loaded.scenario.expect.not_fires]
    ids += sorted(fired or (), key=_document_order)
    return list(dict.fromkeys(ids))


def entry(root: Path, path: Path, loaded: Any, ids: list[str], warning: str | None) -> dict:
    """One scenario's entry in the index."""
    from judge_cli.scenario.load import include_path

    files = [path]
    for inc in loaded.scenario.include:
        files.append(include_path(path, inc, loaded.file, None))
    return {
        "files": {_label(root, f): _digest(f) for f in files},
        "ids": ids,
        "warning": warning,
    }


def replay_entry(root: Path, name: str, path: Path) -> dict:
    """The entry of the scenario at ``path``, by replaying it."""
    from judge_cli.errors import JudgeError

    display = f"{root.name}/{name}" if root.name else name
    try:
        ids, warning, loaded = _replayed(path, display)
    except JudgeError as exc:
        return {
            "files": {name: _digest(path)},
            "ids": [],
            "warning": f"scenario not read: {exc.describe()}",
        }
    return entry(root, path, loaded, ids, warning)


def build_entries(root: Path) -> dict[str, dict]:
    """Every scenario's entry, each scenario replayed (what the index must hold)."""
    return {name: replay_entry(root, name, path) for name, path in _names(root)}


def read_index(root: Path) -> dict[str, dict]:
    """The entries of the index beside the scenarios; none when it is missing or damaged
    (every scenario is then replayed: slower, never wrong)."""
    try:
        data = json.loads(index_path(root).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}
    scenarios = data.get("scenarios")
    if not isinstance(scenarios, dict):
        return {}
    return {
        name: e
        for name, e in scenarios.items()
        if isinstance(e, dict)
        and isinstance(e.get("files"), dict)
        and isinstance(e.get("ids"), list)
        and all(isinstance(i, str) for i in e["ids"])
        and (e.get("warning") is None or isinstance(e.get("warning"), str))
    }


def index_text(entries: dict[str, dict]) -> str:
    """The index as written: one line per scenario, so that a change reads well in a diff."""
    lines = [
        f"  {json.dumps(name, ensure_ascii=False)}: "
        f"{json.dumps(entries[name], ensure_ascii=False, sort_keys=True)}"
        for name in sorted(entries)
    ]
    body = ",\n".join(lines)
    return f'{{\n "format": {FORMAT},\n "scenarios": {{\n{body}\n }}\n}}\n'


def write_index(root: Path, entries: dict[str, dict]) -> Path:
    """Write the index beside the scenarios (atomically: the old one or the new one)."""
    from judge_cli.fileio import write_atomic

    path = index_path(root)
    write_atomic(path, index_text(entries).encode("utf-8"))
    return path


def index_problems(root: Path, entries: dict[str, dict]) -> list[str]:
    """How the index differs from ``entries`` (replayed now), one line per scenario."""
    shown = index_path(root)
    hint = "seven check --update-citations writes it again"
    committed = read_index(root)
    if not committed and entries:
        return [f"{shown}: missing or unreadable ({hint})"]
    out = []
    for name in sorted(set(entries) | set(committed)):
        now, then = entries.get(name), committed.get(name)
        if now == then:
            continue
        if then is None:
            why = "not in the index"
        elif now is None:
            why = "in the index but no longer a scenario"
        elif now["files"] != then["files"]:
            why = "its files changed"
        else:
            gone = [i for i in then["ids"] if i not in now["ids"]]
            new = [i for i in now["ids"] if i not in then["ids"]]
            why = "cites " + "; ".join(
                part
                for part in (
                    f"now {', '.join(new)}" if new else "",
                    f"no longer {', '.join(gone)}" if gone else "",
                )
                if part
            )
            if not gone and not new:
                why = "its citations or warning changed"
        out.append(f"{shown}: out of date for {name}: {why} ({hint})")
    return out


def current_entries(root: Path) -> dict[str, dict]:
    """Every scenario's entry: from the index when its files are unchanged, else replayed."""
    committed = read_index(root)
    digests: dict[str, str | None] = {}

    def unchanged(e: dict) -> bool:
        for label, digest in e["files"].items():
            if label not in digests:
                digests[label] = _digest(_path(root, label))
            if digests[label] != digest or digest is None:
                return False
        return True

    out = {}
    for name, path in _names(root):
        e = committed.get(name)
        if e is not None and name in e["files"] and unchanged(e):
            out[name] = e
        else:
            out[name] = replay_entry(root, name, path)
    return out


def _engine_version() -> str:
    """The engine and scenario code a replay depends on (what fires may change with it)."""
    here = PACKAGE_DIR
    names = sorted(
        str(p.relative_to(here).with_suffix("")).replace("/", ".")
        for folder in _ENGINE_CODE
        for p in (here / folder).rglob("*.py")
    )
    return code_version(*names)


def scenarios_citing(articles: Any, root: Path | None = None) -> Any:
    """The scenarios that cite any of ``articles``, or an article inside one of them (a
    scenario citing group 603 is affected by a change to 603.3), and the other way round (one
    citing 603.3 is affected when group 603 moves), as :class:`~judge_cli.corpus.diff.
    Citations`. The entries come from the index (:func:`current_entries`), and are cached
    per state of the scenario files, the index and the engine."""
    from judge_cli.corpus.diff import Citations
    from judge_cli.scenario.files import yaml_files

    root = scenarios_root() if root is None else root
    if not articles or not root.is_dir():
        return Citations()
    files = [*yaml_files(root), index_path(root)]
    key = fingerprint(files, "citing", str(root), _engine_version())
    entries = cached("citing", key, lambda: current_entries(root), codec="marshal")
    return match(entries, articles, root)


def match(entries: dict[str, dict], articles: Any, root: Path) -> Any:
    """The entries citing ``articles`` (see :func:`scenarios_citing`), named from the
    scenarios' parent (``scenarios/base/….yaml``)."""
    from judge_cli.corpus.diff import Citations
    from judge_cli.corpus.ids import ArticleId

    out = Citations()
    wanted = [ArticleId.parse(a) for a in articles if ArticleId.is_valid(a)]
    for name in sorted(entries):
        e = entries[name]
        if e["warning"]:
            out.warnings.append(e["warning"])
        hits = []
        for c in e["ids"]:
            if not ArticleId.is_valid(c):
                continue  # a glossary entry, 1000「無作為」: not renumbered
            cid = ArticleId.parse(c)
            inside = cid.kind != "section"  # a whole section is too broad to flag
            if any(w.contains(cid) or (inside and cid.contains(w)) for w in wanted):
                hits.append(c)
        if hits:
            out.by_file[f"{root.name}/{name}" if root.name else name] = hits
    return out

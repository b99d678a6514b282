"""Which scenarios use each real design, and which of its effects their replays exercise.

A scenario uses a design when one of its cards is an instance of it (``j1: {design:
red-jump-pad}``): it is then a ruling of that design. An effect of the design is exercised
when the replay of a scenario whose expectations all hold shows the engine playing it, read
from the trace, never from file names:

- ■ hand: a card of the design is used (a ``declared`` event of ``declaration: use``);
- ● arrival: its Arrival Effect is gained (a ``reach_effect`` event with ``effect: reach``);
- ★ basic: the engine applies its Basic Effect (:func:`played` lists the events).

Replaying every scenario takes a while, so the result is plain data compiled once per state
of the scenario files, the card data and the engine's code (judge_cli/cache.py, like the
rulings index of judge_cli/rulings.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judge_cli.cache import cached, code_version, fingerprint
from judge_cli.paths import cards_root, scenarios_root

FORMAT = 1
EFFECTS = ("basic", "arrival", "hand")
"""The effect kinds of a design, as the publisher's data names them (★ ● ■)."""

BASIC_REASONS = ("no_lock_phase",)
"""Refusals that are a Basic Effect at work (701.6: 「ロックフェイズにロックできない」)."""


_PACKAGES = ("engine", "scenario", "cards")
_loaded: dict[str, Any] = {}


def _code_modules() -> list[str]:
    root = Path(__file__).resolve().parent.parent
    names = []
    for package in _PACKAGES:
        for p in sorted((root / package).rglob("*.py")):
            names.append(".".join(p.relative_to(root).with_suffix("").parts))
    return names


def _inputs(root: Path) -> list[Path]:
    files = sorted(root.rglob("*.yaml")) if root.is_dir() else []
    return [*files, *sorted(cards_root().glob("*.yaml"))]


def usage_key(root: Path) -> str:
    return fingerprint(_inputs(root), "card-usage", str(root), code_version(*_code_modules()))


def _named(data: dict[str, Any]) -> list[str]:
    cards = data.get("cards")
    return list(cards) if isinstance(cards, list) else [data.get("card") or ""]


def played(event: Any) -> list[tuple[str, str]]:
    """The (card, effect) pairs one trace event shows the engine playing:

    - ■ ``hand``: the card is used (``declared``, ``declaration: use``);
    - ● ``arrival``: its Arrival Effect is gained (``reach_effect`` with ``effect: reach``,
      604.1; not when it has none, 601.2, nor when it is not gained, 604.5);
    - ★ ``basic``: its Basic Effect applies (602): it reacts to what happens
      (``basic_effect``, 705.1), keeps it from being a target (``protected``, 105.3, 704.3),
      lets its Hand Effect be used from the lock area (a use ``frm: lock``, 704.1, 704.2) or
      forbids a lock (a refusal for ``no_lock_phase``, 701.6).
    """
    kind, data = event.kind, event.data
    if kind == "declared" and data.get("declaration") == "use":
        card = data.get("card") or ""
        return [(card, "hand"), (card, "basic")] if data.get("frm") == "lock" else [(card, "hand")]
    if kind == "reach_effect" and data.get("effect") == "reach":
        return [(data.get("card") or "", "arrival")]
    if kind in ("basic_effect", "protected"):
        return [(card, "basic") for card in _named(data)]
    if kind == "refused" and data.get("reason") in BASIC_REASONS:
        return [(data.get("card") or "", "basic")]
    return []


def exercised_effects(
    trace: list[Any], design_of: dict[str, str], has: dict[str, set[str]]
) -> set[tuple[str, str]]:
    """The (design, effect) pairs a trace shows played, for effects the design has.
    ``design_of``: card id → design id; ``has``: design id → the effects it has."""
    out: set[tuple[str, str]] = set()
    for event in trace:
        for card, effect in played(event):
            design = design_of.get(card)
            if design is not None and effect in has.get(design, ()):
                out.add((design, effect))
    return out


def build_usage(root: Path) -> dict[str, Any]:
    """For every design: the scenarios that use it and, per effect, those exercising it."""
    from judge_cli.cards.publisher import load_designs
    from judge_cli.errors import JudgeError
    from judge_cli.scenario.load import load_scenario
    from judge_cli.scenario.runner import replay, scenario_files

    designs = load_designs()
    has = {
        did: {e for e in EFFECTS if getattr(d.text.ja, e) is not None} for did, d in designs.items()
    }
    used: dict[str, list[str]] = {did: [] for did in designs}
    exercised: dict[str, dict[str, list[str]]] = {
        did: {e: [] for e in sorted(has[did])} for did in designs
    }
    problems: list[dict[str, Any]] = []
    files = scenario_files(root) if root.is_dir() and any(root.rglob("*.yaml")) else []
    for path in files:
        rel = path.relative_to(root)
        display = str(root.name / rel) if root.name else str(rel)
        sid = rel.with_suffix("").as_posix()
        try:
            loaded = load_scenario(path, display)
            design_of = {cid: c.design for cid, c in loaded.cards.items() if c.design}
            if not design_of:
                continue
            for did in dict.fromkeys(design_of.values()):
                used[did].append(sid)
            rp = replay(loaded)
        except JudgeError as exc:
            problems.append({"file": exc.file or display, "line": exc.line, "message": exc.message})
            continue
        if not rp.passed:
            problems.append({"file": display, "line": None, "message": rp.differences[0]})
            continue
        for did, effect in sorted(exercised_effects(rp.trace, design_of, has)):
            exercised[did][effect].append(sid)
    return {"format": FORMAT, "used": used, "exercised": exercised, "problems": problems}


def load_usage(root: Path | None = None) -> dict[str, Any]:
    """The usage of every design by the scenarios on disk (cached per state of the files)."""
    root = scenarios_root() if root is None else root
    k = usage_key(root)
    data = _loaded.get(k)
    if data is None:
        data = cached("card-usage", k, lambda: build_usage(root), codec="marshal")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            from judge_cli.errors import CorpusError

            raise CorpusError("the card usage index is damaged", hint="delete the seven cache")
        _loaded.clear()
        _loaded[k] = data
    return data

"""Which files are scenarios: without the engine, for the commands that only list them."""

from __future__ import annotations

import os
from pathlib import Path

from judge_cli.errors import ScenarioError


def scenario_files(target: str | Path) -> list[Path]:
    """A scenario file, or every scenario under a directory (card files excluded)."""
    p = Path(target)
    if p.is_dir():
        files = sorted(f for f in p.rglob("*.yaml") if "cards" not in f.relative_to(p).parts[:-1])
        if not files:
            raise ScenarioError("no scenario files (*.yaml) here", file=str(p))
        return files
    return [p]


def yaml_files(root: Path | str) -> list[str]:
    """Every YAML file under ``root`` (scenarios and the card files they include): what a
    cache of the scenarios depends on. Paths as strings: every lookup fingerprints them, and
    a Path for each costs it a millisecond."""
    out = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        out.extend(os.path.join(folder, f) for f in files if f.endswith(".yaml"))
    return out

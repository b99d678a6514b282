"""What a command is given to replay: scenario files, directories of them, or ruling ids.

A ruling id is a scenario's path under the scenarios folder without ``.yaml``, as
``seven rulings`` prints it (``base/507-4-contact-empty-hand``); it is found in the checkout's
scenarios/ or, from an installed wheel, in the copy packaged with it.
"""

from __future__ import annotations

from pathlib import Path

from judge_cli.errors import ScenarioError


def scenario_targets(targets: list[str]) -> list[tuple[Path, str]]:
    """Each target as (scenario file, name to show): a file, every scenario under a directory
    (card files excluded), or a ruling id."""
    from judge_cli.paths import scenarios_root
    from judge_cli.scenario.files import scenario_files

    out: list[tuple[Path, str]] = []
    for target in targets:
        path = Path(target)
        if path.exists():
            out.extend((f, str(f)) for f in scenario_files(path))
            continue
        root = scenarios_root()
        by_id = root / f"{target.removesuffix('.yaml')}.yaml"
        if target and ".." not in Path(target).parts and by_id.is_file():
            out.append((by_id, str(Path(root.name) / by_id.relative_to(root))))
            continue
        raise ScenarioError(
            "no such file, directory or ruling id",
            file=target,
            hint="seven rulings lists the ruling ids (base/507-4-contact-empty-hand)",
        )
    return out

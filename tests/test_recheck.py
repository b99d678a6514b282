"""The scenarios ``seven diff`` lists to re-check: read from scenarios/citations.json, they
must be exactly those a replay of every scenario finds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judge_cli import recheck
from judge_cli.paths import scenarios_root
from judge_cli.scenario.load import load_scenario
from tests.conftest import REPO, SOURCE

ROOT = REPO / "scenarios"
RUN_TIME_ONLY = "608.6"
"""Fired by the engine (the top card of a square is the target) in scenarios whose
expectations never name it: only the replay knows that they cite it."""


@pytest.fixture(scope="module")
def replayed() -> dict[str, dict]:
    """Every scenario replayed now: what the committed index must hold."""
    return recheck.build_entries(ROOT)


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache, as after a fresh install or an edit of the scenarios."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("SEVEN_CACHE_DIR", str(cache))
    return cache


def test_the_committed_citations_index_matches_a_replay_of_every_scenario(replayed) -> None:
    assert scenarios_root() == ROOT
    problems = recheck.index_problems(ROOT, replayed)
    assert problems == [], "\n".join(problems)
    assert recheck.read_index(ROOT) == replayed


@pytest.mark.parametrize("article", ["507.4", RUN_TIME_ONLY, "603", "801.4", "114.1"])
def test_the_scenarios_to_recheck_are_those_a_full_replay_finds(
    replayed, fresh_cache, article
) -> None:
    fast = recheck.scenarios_citing([article])
    full = recheck.match(replayed, [article], ROOT)
    assert fast.by_file and fast.by_file == full.by_file
    assert fast.warnings == full.warnings == []
    warm = recheck.scenarios_citing([article])
    assert warm.by_file == full.by_file


def test_an_article_cited_only_at_run_time_is_found(replayed) -> None:
    hits = recheck.match(replayed, [RUN_TIME_ONLY], ROOT).by_file
    only_replay = []
    for file in hits:
        loaded = load_scenario(REPO / file)
        named = [*loaded.cited_articles(), *loaded.scenario.expect.not_fires]
        if not any(a == RUN_TIME_ONLY or a.startswith(RUN_TIME_ONLY + "-") for a in named):
            only_replay.append(file)
    assert only_replay, "no scenario cites 608.6 only through its replay any more"


@pytest.mark.parametrize(
    ("article", "old"),
    [
        ("507.4", "相手の手札が0枚の場合、手札は奪えない。"),
        (RUN_TIME_ONLY, "特に表記がなければ1番上のカードを対象とする"),
    ],
)
def test_seven_diff_of_a_one_article_edit_lists_what_a_full_replay_finds(
    cli, replayed, fresh_cache, tmp_path, source_text, article, old
) -> None:
    assert source_text.count(old) == 1
    edited = tmp_path / "edited.txt"
    edited.write_text(source_text.replace(old, old + "（改）"), encoding="utf-8")
    r = cli("diff", str(SOURCE), str(edited), "--json")
    assert r.code == 0, r
    data = json.loads(r.out)
    assert data["changed"] == [article]
    full = recheck.match(replayed, [article], ROOT).by_file
    assert [s["file"] for s in data["scenarios"]] == sorted(full)


def test_a_diff_replays_nothing_while_the_index_is_current(monkeypatch) -> None:
    def no_replay(*args):
        raise AssertionError(f"replayed {args}")

    monkeypatch.setattr(recheck, "_replayed", no_replay)
    entries = recheck.current_entries(ROOT)
    assert entries == recheck.read_index(ROOT)


def test_new_and_edited_scenarios_are_replayed_the_others_read(
    replayed, tmp_path, monkeypatch
) -> None:
    root = tmp_path / "scenarios"
    shutil.copytree(ROOT, root)
    base = root / "base"
    edited = base / "507-4-contact-empty-hand.yaml"
    edited.write_text(edited.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    shutil.copy(base / "503-3-second-lock.yaml", base / "zz-new.yaml")
    card = root / "cards" / "base.yaml"
    users = [n for n, e in replayed.items() if "cards/base.yaml" in e["files"]]
    seen: list[str] = []
    real = recheck._replayed

    def spy(path: Path, display: str):
        seen.append(path.relative_to(root).as_posix())
        return real(path, display)

    monkeypatch.setenv("SEVEN_SCENARIOS_DIR", str(root))
    monkeypatch.setattr(recheck, "_replayed", spy)
    entries = recheck.current_entries(root)
    assert sorted(seen) == ["base/507-4-contact-empty-hand.yaml", "base/zz-new.yaml"]
    assert entries["base/zz-new.yaml"]["ids"] == replayed["base/503-3-second-lock.yaml"]["ids"]
    # An included card file edited: every scenario that includes it is replayed.
    card.write_text(card.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    seen.clear()
    recheck.current_entries(root)
    assert len(users) > 1 and set(users) <= set(seen)


def test_check_names_each_scenario_the_index_is_out_of_date_for(replayed, tmp_path) -> None:
    root = tmp_path / "scenarios"
    shutil.copytree(ROOT, root)
    stale = json.loads((root / recheck.INDEX_NAME).read_text(encoding="utf-8"))
    stale["scenarios"]["base/507-4-contact-empty-hand.yaml"]["ids"].remove("507.4")
    del stale["scenarios"]["base/503-3-second-lock.yaml"]
    (root / recheck.INDEX_NAME).write_text(json.dumps(stale), encoding="utf-8")
    problems = recheck.index_problems(root, replayed)
    assert len(problems) == 2
    assert "base/503-3-second-lock.yaml: not in the index" in problems[0]
    assert "base/507-4-contact-empty-hand.yaml: cites now 507.4" in problems[1]
    assert all("seven check --update-citations" in p for p in problems)
    recheck.write_index(root, replayed)
    assert recheck.index_problems(root, replayed) == []
    (root / recheck.INDEX_NAME).write_text("{", encoding="utf-8")
    assert "missing or unreadable" in recheck.index_problems(root, replayed)[0]


def test_an_installed_seven_does_not_rewrite_its_packaged_citations(tmp_path) -> None:
    from judge_cli.cli.maintain import _writable_scenarios
    from judge_cli.errors import InputError
    from judge_cli.paths import PACKAGE_DIR

    with pytest.raises(InputError, match="installed"):
        _writable_scenarios(PACKAGE_DIR / "_data" / "scenarios")
    _writable_scenarios(tmp_path / "scenarios")  # a checkout's, or SEVEN_SCENARIOS_DIR

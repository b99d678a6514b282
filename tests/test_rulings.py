"""Rulings as data: every scenario is a ruling, found by the articles it cites (and their
parents); ``seven rulings``, ``seven rule`` and ``seven judge`` show them from a compiled
index that follows the scenario files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge_cli.rulings import FIELDS, build_rulings, load_rulings, rulings_for
from judge_cli.scenario.load import load_scenario
from judge_cli.scenario.runner import scenario_files

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "scenarios"


def test_every_scenario_is_a_ruling_with_every_field() -> None:
    data = load_rulings()
    assert data["problems"] == []
    files = scenario_files(SCENARIOS)
    assert len(data["rulings"]) == len(files)
    for ruling, path in zip(data["rulings"], files, strict=True):
        assert set(FIELDS) <= set(ruling)
        assert ruling["id"] == path.relative_to(SCENARIOS).with_suffix("").as_posix()
        loaded = load_scenario(path)
        assert ruling["articles"] == loaded.cited_articles()
        assert ruling["question"] == loaded.scenario.question.model_dump()
        assert ruling["date"] == loaded.scenario.date.isoformat()


def test_every_article_a_ruling_cites_exists(ja) -> None:
    for ruling in load_rulings()["rulings"]:
        for aid in ruling["articles"]:
            assert ja.has(aid), (ruling["id"], aid)


def test_507_means_507_and_every_article_under_it() -> None:
    data = load_rulings()
    by_group = {r["id"] for r in rulings_for(data, "507")}
    under = {
        r["id"]
        for r in data["rulings"]
        if any(a == "507" or a.startswith("507.") for a in r["articles"])
    }
    assert by_group == under and "base/507-4-contact-empty-hand" in by_group
    exact = rulings_for(data, "507.4")
    assert [r["id"] for r in exact] == ["base/507-4-contact-empty-hand"]
    assert exact[0]["matched"] == ["507.4"]
    section = {r["id"] for r in rulings_for(data, "500")}
    assert by_group <= section


def test_rulings_command_lists_an_article_and_its_sub_articles(cli) -> None:
    r = cli("rulings", "507.1")
    assert r.code == 0, r.err
    assert "base/507-1a-contact-against-piece-on-its-gate" in r.out  # cites 507.1a
    assert "質問:" in r.out and "回答:" in r.out and "条文:" in r.out
    r = cli("rulings", "507.1", "--lang", "en")
    assert "Question:" in r.out and "Contact against an opponent with no cards in hand" in r.out


def test_rulings_json_is_a_list_of_rulings(cli) -> None:
    r = cli("rulings", "--json")
    data = json.loads(r.out)
    assert len(data) == len(scenario_files(SCENARIOS))
    assert all(set(FIELDS) <= set(d) for d in data)
    r = cli("rulings", "1000「無作為」", "--json")  # a glossary entry is an article too
    assert r.code == 0 and all("1000「無作為」" in d["articles"] for d in json.loads(r.out))


def test_rulings_for_an_unknown_article_is_an_error(cli) -> None:
    r = cli("rulings", "999")
    assert r.code == 1 and "no article '999'" in r.err and "nearest" in r.err
    assert cli("rulings", "1000「ない言葉」").code == 1


def test_rulings_for_an_article_no_ruling_cites(cli) -> None:
    r = cli("rulings", "202")  # the card layout: nothing to rule on in play
    assert r.code == 0 and "202" in r.out and "裁定例はない" in r.out
    assert json.loads(cli("rulings", "202", "--json").out) == []


def test_rule_shows_the_rulings_citing_the_article(cli) -> None:
    r = cli("rule", "507.4")
    assert "裁定例:" in r.out and "base/507-4-contact-empty-hand" in r.out
    assert "手札0枚の相手への接触" in r.out
    data = json.loads(cli("rule", "507.4", "--json").out)
    assert [x["id"] for x in data["rulings"]] == ["base/507-4-contact-empty-hand"]
    both = cli("rule", "507.4", "--lang", "both").out
    assert "裁定例 / Rulings:" in both and "Contact against an opponent with no cards" in both
    assert "裁定例" not in cli("rule", "202").out  # the section only when there is one


def test_judge_shows_the_rulings_citing_the_answer(cli) -> None:
    r = cli("judge", "507.4")
    assert "裁定例:" in r.out and "base/507-4-contact-empty-hand" in r.out
    data = json.loads(cli("judge", "507.4", "--json").out)
    assert [x["id"] for x in data["results"][0]["rulings"]] == ["base/507-4-contact-empty-hand"]


def test_the_index_follows_the_scenario_files(cli, scenarios_copy: Path) -> None:
    path = scenarios_copy / "base" / "507-4-contact-empty-hand.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("手札0枚の相手への接触", "改題した裁定", 1), encoding="utf-8")
    assert "改題した裁定" in cli("rule", "507.4").out
    assert "改題した裁定" in cli("judge", "507.4").out
    path.unlink()
    assert "base/507-4-contact-empty-hand" not in cli("rulings").out


def test_a_broken_scenario_is_named_not_hidden(cli, scenarios_copy: Path) -> None:
    path = scenarios_copy / "base" / "507-4-contact-empty-hand.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "surprise: 1\n", encoding="utf-8")
    r = cli("rulings")
    assert r.code == 1
    assert "507-4-contact-empty-hand.yaml" in r.err and "unknown key 'surprise'" in r.err
    assert "base/503-3-second-lock" in r.out  # the others are still listed
    j = cli("judge", "507.4")
    assert j.code == 0 and "left out of the rulings" in j.err and "507.4" in j.out


def test_no_scenarios_no_rulings(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEVEN_SCENARIOS_DIR", str(tmp_path / "nowhere"))
    assert build_rulings(tmp_path / "nowhere")["rulings"] == []
    r = cli("judge", "507.4")
    assert r.code == 0 and "裁定例" not in r.out


def test_the_judge_fast_path_reads_rulings_without_yaml_or_pydantic(cli) -> None:
    cli("judge", "507.4")  # builds both indexes in the session cache
    code = (
        "import sys\nfrom judge_cli.cli.main import main\n"
        "main(['judge', '507.4'])\n"
        "heavy = [m for m in ('yaml', 'pydantic', 'typer', 'rich', 'judge_cli.scenario.load',"
        " 'judge_cli.engine.game') if m in sys.modules]\n"
        "print('HEAVY', heavy)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ)
    assert r.returncode == 0, r.stderr
    assert "base/507-4-contact-empty-hand" in r.stdout
    assert r.stdout.rstrip().endswith("HEAVY []"), r.stdout[-300:]

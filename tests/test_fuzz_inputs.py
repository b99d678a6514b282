"""Arbitrary input raises nothing but the project's own errors (hypothesis): the scenario loader
and the replay of whatever it accepts, card files, `seven rule` with any id, and `seven judge`
with any text and its options. (The query normaliser's own property tests are in
tests/test_lookup_normalize.py; `seven judge` with the default options in
tests/test_cli_judge.py.)"""

from __future__ import annotations

import contextlib
import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_cli.errors import JudgeError
from judge_cli.scenario.load import load_scenario
from judge_cli.scenario.runner import replay
from judge_cli.yamlio import dump_yaml

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((REPO / "scenarios").glob("[be]*/*.yaml"))
CARDS = REPO / "scenarios" / "cards"

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.sampled_from(
        [
            "S",
            "W",
            "N",
            "E",
            "d4",
            "a1",
            "g7",
            "z9",
            "red",
            "rainbow",
            "white",
            "lock",
            "hand",
            "move",
            "up",
            "placed",
            "together",
            "r1",
            "g1",
            "first-red",
            "eternal-red",
            "use x",
            "lock r1",
            "move d3",
            "contact W",
            "end",
            "603.1",
            "all",
            "half",
            "",
            "~1",
            "0",
        ]
    )
    | st.text(max_size=12)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(SCALARS.filter(lambda x: isinstance(x, (str, int))), inner, max_size=3)
    ),
    max_leaves=8,
)


def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(paths(v, (*prefix, i)))
    return out


@st.composite
def mutated(draw, source: Path) -> dict:
    """A valid file's data with a few values replaced, removed or added."""
    data = yaml.safe_load(source.read_text("utf-8"))
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(data)[1:]))
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "remove", "add"]))
        if action == "remove":
            del parent[where[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["x", "hand", "fill", "S", "d4", "cards"]))] = draw(VALUES)
        elif action == "add" and isinstance(parent, list):
            parent.append(draw(VALUES))
        else:
            parent[where[-1]] = draw(VALUES)
    return data


def load_and_replay(path: Path) -> None:
    # A JudgeError is the allowed outcome: a message naming the file and line.
    with contextlib.suppress(JudgeError):
        replay(load_scenario(path))


def write(tmp_path: Path, data: Any, name: str = "x.yaml") -> Path:
    (tmp_path / "sc").mkdir(exist_ok=True)
    path = tmp_path / "sc" / name
    path.write_text(dump_yaml(data), encoding="utf-8")
    return path


FIXTURE_OK = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    import shutil

    shutil.copytree(CARDS, tmp_path / "cards")
    return tmp_path


@FIXTURE_OK
@given(data=st.data())
def test_a_mutated_scenario_loads_and_replays_or_is_a_judge_error(folder: Path, data) -> None:
    source = data.draw(st.sampled_from(SCENARIOS))
    load_and_replay(write(folder, data.draw(mutated(source))))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_mutated_card_file_is_a_judge_error_or_loads(folder: Path, data) -> None:
    cards = data.draw(mutated(CARDS / "effects.yaml"))
    (folder / "cards" / "effects.yaml").write_text(dump_yaml(cards), encoding="utf-8")
    source = REPO / "scenarios" / "effects" / "112-2-all-draw-then-all-move.yaml"
    load_and_replay(write(folder, yaml.safe_load(source.read_text("utf-8"))))


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    raw=st.binary(max_size=300)
    | st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass"))
)
def test_any_bytes_as_a_scenario_are_a_judge_error(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "x.yaml"
    path.write_bytes(raw)
    with pytest.raises(JudgeError):
        load_scenario(path)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=40))
def test_seven_rule_with_any_id_is_an_answer_or_one_message(cli, text: str) -> None:
    r = cli("rule", "--", text)
    assert r.code in (0, 1, 2), r
    assert "Traceback" not in r.err


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.text(st.characters(blacklist_categories=()), min_size=1, max_size=60),
    options=st.sampled_from(
        [(), ("--json",), ("--lang", "en"), ("--lang", "both", "--json"), ("--limit", "1")]
    ),
)
def test_seven_judge_with_any_text_and_options_answers_or_is_one_message(
    cli, text: str, options: tuple[str, ...]
) -> None:
    r = cli("judge", *options, "--", text)
    assert r.code in (0, 1), r
    assert "Traceback" not in r.err
    if "--json" in options and r.code == 0:
        import json

        assert "results" in json.loads(r.out)

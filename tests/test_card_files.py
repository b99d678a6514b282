"""Card files are validated like scenarios: every problem names the file, the line and what is
wrong, and nothing runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_cli.errors import ScenarioError
from judge_cli.scenario.load import load_scenario

REPO = Path(__file__).resolve().parent.parent
SCENARIO = (REPO / "scenarios" / "effects" / "112-2-all-draw-then-all-move.yaml").read_text(
    encoding="utf-8"
)

HEAD = """illustrative: true
cards:
  outing:
    colour: yellow
    name: {ja: みんなでお出かけ, en: "Outing"}
"""


def load_with(tmp_path: Path, card_body: str) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "base.yaml").write_text(
        (REPO / "scenarios" / "cards" / "base.yaml").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    (tmp_path / "cards" / "bad.yaml").write_text(HEAD + card_body, encoding="utf-8")
    (tmp_path / "s").mkdir()
    path = tmp_path / "s" / "a.yaml"
    path.write_text(SCENARIO.replace("../cards/effects.yaml", "../cards/bad.yaml"), "utf-8")
    load_scenario(path)


CASES = [
    (
        "    hand:\n      text: {ja: 効果。}\n      do:\n        - drow: {}\n",
        9,
        "unknown key 'drow'",
    ),
    (
        "    hand:\n      text: {ja: 効果。}\n      do:\n        - draw: {}\n          take: {}\n",
        9,
        "a sentence is exactly one operation",
    ),
    (
        "    hand:\n      text: {ja: 効果。}\n      do:\n"
        "        - move: {where: surrounding, empty: true}\n",
        9,
        "609.1",
    ),
    (
        "    hand:\n      text: {ja: 効果。}\n      timing: {on: lock}\n      do:\n        - draw: {}\n",
        8,
        "YAML reads as True",
    ),
    (
        "    hand:\n      text: {ja: 効果。}\n      do:\n        - draw: {count: 0}\n",
        9,
        "greater than 0",
    ),
    ("    hand:\n      text: {ja: 効果。}\n      do: []\n", 8, "at least 1 item"),
    ("    hand:\n      do:\n        - draw: {}\n", 6, "missing key 'text'"),
    ("    reach:\n      text: {ja: 効果。}\n      do:\n        - this: keep\n", 9, "not_to_hand"),
    (
        "    hand:\n      text: {ja: 効果。}\n      do:\n        - this: discard\n",
        3,
        "604.3",
    ),
    (
        "    hand:\n      text: {ja: 効果。}\n      timing: {when: anytime, by: opponent}\n"
        "      do:\n        - draw: {}\n",
        8,
        "いつでも使える",
    ),
    (
        "    hand:\n      text: {ja: 効果。}\n      do:\n"
        "        - lock: {this: true, together: true}\n",
        9,
        "702.2",
    ),
    ("    base:\n      text: {ja: 効果。}\n", 6, "untargetable or no_lock_phase"),
]


@pytest.mark.parametrize(("body", "line", "message"), CASES, ids=[c[2] for c in CASES])
def test_a_bad_card_is_rejected_with_file_and_line(tmp_path, body, line, message) -> None:
    with pytest.raises(ScenarioError) as exc:
        load_with(tmp_path, body)
    assert message in exc.value.message
    assert exc.value.file.endswith("bad.yaml")
    assert exc.value.line == line


def test_606_5_a_first_card_cannot_say_where_it_goes(tmp_path) -> None:
    body = (
        "    hand:\n      text: {ja: 効果。}\n      do:\n"
        "        - place: {card: this, where: any}\n"
    )
    with pytest.raises(ScenarioError) as exc:
        load_with(tmp_path, body.replace("    hand:", "    kind: first\n    hand:"))
    assert "606.5" in exc.value.message


def test_a_good_card_file_loads(tmp_path) -> None:
    load_with(tmp_path, "    hand:\n      text: {ja: 効果。}\n      do:\n        - draw: {}\n")

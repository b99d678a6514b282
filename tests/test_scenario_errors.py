"""Bad scenarios are rejected before anything runs, naming the file, the line and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_cli.errors import InputError, ScenarioError
from judge_cli.scenario.load import load_scenario
from judge_cli.scenario.runner import replay_file

REPO = Path(__file__).resolve().parent.parent
BASE = (REPO / "scenarios" / "base" / "507-4-contact-empty-hand.yaml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "cards").mkdir(exist_ok=True)
    (tmp_path / "cards" / "base.yaml").write_text(
        (REPO / "scenarios" / "cards" / "base.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    sub = tmp_path / "base"
    sub.mkdir(exist_ok=True)
    path = sub / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "message", "needle"),
    [
        ("fill: 1\n", "fill: 1\ncolour: red\n", "unknown key 'colour'", "colour: red"),
        ("a4: [g1]", "a4: [g9]", "unknown card 'g9'", "a4: [g9]"),
        ("a4: [g1]", "a4: [g1]\n  b4: [g1]", "card 'g1' is in two places", "b4: [g1]"),
        ("W: {piece: c4,", "W: {piece: c3,", "both on c3", "W: {piece: c3,"),
        ("  - S: contact W", "  - E: contact W", "E is not playing", "E: contact W"),
        ("  - S: contact W", "  - S: jump W", "unknown declaration 'jump'", "S: jump W"),
        ("W: {piece: c4,", "W: {piece: z9,", "not a square: 'z9'", "z9"),
        (
            "W: {piece: c4, lock: {blue: [first-blue]}}",
            "W: {piece: c4, lock: {blue: [r1]}}",
            "impossible position",
            None,
        ),
    ],
)
def test_bad_scenario_is_rejected_with_file_and_line(tmp_path, old, new, message, needle) -> None:
    text = BASE.replace(old, new, 1)
    assert text != BASE
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    assert message in exc.value.message
    assert exc.value.file == str(path)
    if needle:
        assert exc.value.line == line_of(text, needle)


def test_204_2_two_pieces_on_one_square_cites_the_article(tmp_path) -> None:
    path = write(tmp_path, BASE.replace("W: {piece: c4,", "W: {piece: c3,"))
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    assert exc.value.article == "204.2"


def test_a_seat_used_twice_is_a_duplicate_key(tmp_path) -> None:
    text = BASE.replace("  W: {piece: c4,", "  S: {piece: c5}\n  W: {piece: c4,")
    with pytest.raises(InputError, match="appears twice"):
        load_scenario(write(tmp_path, text))


def test_more_than_four_players_is_rejected(tmp_path) -> None:
    text = (REPO / "scenarios/base/401-setup-two-players.yaml").read_text(encoding="utf-8")
    text = text.replace("players: [S, N]", "players: [S, W, N, E, S]")
    with pytest.raises(ScenarioError, match=r"seat is used twice|2 to 4"):
        load_scenario(write(tmp_path, text))


def test_scenario_without_expectations_is_rejected(tmp_path) -> None:
    text = BASE[: BASE.index("expect:")] + "expect: {}\n"
    with pytest.raises(ScenarioError, match="without expectations"):
        load_scenario(write(tmp_path, text))


def test_unknown_article_in_expectations(tmp_path) -> None:
    text = BASE.replace('"507.4", "903.1"', '"507.9", "903.1"')
    with pytest.raises(ScenarioError, match=r"507\.9"):
        load_scenario(write(tmp_path, text))


def test_missing_decision_names_the_choice(tmp_path) -> None:
    text = BASE.replace("W: {piece: c4, lock", "W: {piece: c4, hand: [r1], lock")
    with pytest.raises(ScenarioError) as exc:
        replay_file(write(tmp_path, text))
    assert "at random from W's hand" in exc.value.message
    assert exc.value.article == "507.1"


def test_unused_decision_is_an_error(tmp_path) -> None:
    text = BASE.replace("  - S: contact W\n", "  - S: contact W\n    decide:\n      - take: r1\n")
    with pytest.raises(ScenarioError, match="never asked for"):
        replay_file(write(tmp_path, text))


def test_answer_not_allowed_is_an_error(tmp_path) -> None:
    text = BASE.replace("W: {piece: c4, lock", "W: {piece: c4, hand: [r1], lock").replace(
        "  - S: contact W\n", "  - S: contact W\n    decide:\n      - take: r2\n"
    )
    with pytest.raises(ScenarioError, match="'r2' is not a possible answer"):
        replay_file(write(tmp_path, text))


def test_filler_card_opened_by_the_ruling_is_an_error(tmp_path) -> None:
    text = BASE.replace("board:\n  a4: [g1]\n", "")
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError, match="only as a count") as exc:
        replay_file(path)
    assert exc.value.file == str(path)
    assert exc.value.line == line_of(text, "S: contact W")


def test_failed_expectation_is_a_difference(tmp_path) -> None:
    text = BASE.replace("W: [g1]", "W: [g2]")
    rp = replay_file(write(tmp_path, text))
    assert not rp.passed
    assert any("hands.W" in d for d in rp.differences)


def test_505_3_a_move_phase_without_any_action_must_start_earlier(tmp_path) -> None:
    text = BASE.replace("S: {piece: c3,", "S: {piece: a1,").replace(
        "board:\n  a4: [g1]\n", "board:\n  a4: [g1]\n  a1: []\n  a2: []\n  b1: []\n"
    )
    with pytest.raises(ScenarioError, match=r"508\.1") as exc:
        load_scenario(write(tmp_path, text))
    assert exc.value.article == "505.3"


def test_end_state_of_a_seat_not_playing(tmp_path) -> None:
    text = BASE.replace("pieces: {S: c3, W: a4}", "pieces: {S: c3, E: g4}")
    with pytest.raises(ScenarioError, match="E is not playing"):
        load_scenario(write(tmp_path, text))


def test_103_2_a_player_with_seven_colours_locked_has_already_won(tmp_path) -> None:
    text = BASE.replace(
        "S: {piece: c3, lock: {red: [first-red]}}",
        "S: {piece: c3, lock: {red: [first-red], orange: [o1], yellow: [y1], green: [g2], "
        "blue: [b1], pink: [p1], purple: [v1]}}",
        1,
    )
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError, match="S has all seven colours locked") as exc:
        load_scenario(path)
    assert exc.value.article == "103.2" and exc.value.line == line_of(text, "S: {piece: c3")

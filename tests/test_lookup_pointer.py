"""The pointer pass: an article that says another decides gives way to it."""

from __future__ import annotations

import pytest

from judge_cli.lookup.index import load_index
from judge_cli.lookup.search import search


@pytest.fixture(scope="module")
def index() -> dict:
    return load_index()


def test_807_3_decides_what_905_3_points_to_two_players_return_home(index) -> None:
    # 905.3: 複数人の侵攻成功時は807.3により同時に帰還する… holds the question's words too.
    q = "2人同時に侵攻成功したらゲートに戻るのは順番？"
    assert search(index, q, limit=1)[0].id == "807.3"


def test_508_1_decides_what_505_3_applies(index) -> None:
    assert search(index, "動けないし接触もできないときは何するの？", limit=1)[0].id == "508.1"


def test_612_1_points_to_113_and_606_3_starts_from_606_2_without_pointing(index) -> None:
    nodes = index["nodes"]
    assert nodes["612.1"]["points"] == ["113"]
    assert nodes["905.3"]["points"] == ["807.3"]
    # A premise (606.2により、…) and a see-also arrow (（→204.2）) are no pointer.
    assert "points" not in nodes["606.3"]
    assert "points" not in nodes["506.3"]


def test_606_3_the_article_that_starts_from_another_keeps_its_question(index) -> None:
    q = "does the card I'm using count when an effect checks how many cards I hold?"
    assert "606.3" in [m.id for m in search(index, q, limit=3)]


def test_612_1_is_nothing_but_its_pointer_and_113_1_decides_the_order(index) -> None:
    nodes = index["nodes"]
    assert [a for a, n in nodes.items() if n.get("hands_over")] == [
        "305.3",
        "505.3",
        "612.1",
        "804.5",
    ]
    # 903.1 says more than 507.4による; 103.3's pointer is in brackets after its own words.
    assert "hands_over" not in nodes["903.1"] and "hands_over" not in nodes["103.3"]
    q = "an effect hits every player - in what order do we resolve it, and starting with who?"
    top = search(index, q, limit=3)
    assert top[0].id == "113.1" and "612.1" in [m.id for m in top]


def test_803_1_decides_and_its_example_803_2_follows(index) -> None:
    nodes = index["nodes"]
    examples = [a for a, n in nodes.items() if n.get("example")]
    assert examples == ["105.4", "112.2", "115.2", "502.4e", "502.4h", "803.2"]
    for q in (
        "相手の手札が7枚のとき侵攻ボーナスで何枚奪える？",
        "opponent has 7 cards and I invade, how many do I get?",
    ):
        ids = [m.id for m in search(index, q, limit=3)]
        assert ids[0] == "803.1" and "803.2" in ids, (q, ids)


def test_112_1_an_example_told_word_for_word_is_shown_with_its_rule(index) -> None:
    q = "効果で全員1枚ドローして全員1マス移動するとき、ドローと移動はどっちが先？"
    assert {m.id for m in search(index, q, limit=2)} == {"112.1", "112.2"}

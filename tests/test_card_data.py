"""The publisher's card data: verbatim, complete, and validated (201.2–201.4)."""

from pathlib import Path

import pytest
import yaml

from judge_cli.cards import load_designs
from judge_cli.cards.publisher import EDITION_FILE
from judge_cli.errors import CardDataError
from judge_cli.paths import cards_root

SHARED = Path(__file__).resolve().parents[2] / "shared" / "sources" / "cards-0th-remake.yaml"


def test_201_the_box_holds_33_designs_112_normal_cards_7_first_7_eternal() -> None:
    designs = load_designs()
    assert len(designs) == 33
    kinds = [d.kind for d in designs.values()]
    assert kinds.count("first") == 7 and kinds.count("eternal") == 7
    assert sum(d.copies for d in designs.values() if d.kind == "normal") == 112


@pytest.mark.skipif(not SHARED.exists(), reason="the shared sources are not beside this checkout")
def test_every_printed_text_equals_the_publishers_source() -> None:
    source = yaml.safe_load(SHARED.read_text(encoding="utf-8"))["cards"]
    designs = load_designs()
    assert [c["id"] for c in source] == list(designs)
    for card in source:
        design = designs[card["id"]]
        assert design.model_dump(exclude_none=True, mode="json") == card


def test_a_design_listed_twice_names_the_line(tmp_path: Path) -> None:
    text = (cards_root() / EDITION_FILE).read_text(encoding="utf-8")
    first = text.index("  - id: red-jump-pad")
    second = text.index("  - id: red-counter-lock")
    bad = tmp_path / EDITION_FILE
    bad.write_text(text + text[first:second], encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_designs.__wrapped__(bad)
    assert "'red-jump-pad' is listed twice" in err.value.describe()
    assert err.value.line is not None and err.value.line > text.count("\n")


def test_a_wrong_colour_is_a_located_error(tmp_path: Path) -> None:
    text = (cards_root() / EDITION_FILE).read_text(encoding="utf-8")
    bad = tmp_path / EDITION_FILE
    bad.write_text(text.replace("colour: red", "colour: crimson", 1), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_designs.__wrapped__(bad)
    assert "crimson" in err.value.describe() and err.value.line

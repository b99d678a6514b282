"""The block of a real card: the publisher's printed lines, exactly, behind ★ ● ■ (601.1)."""

from __future__ import annotations

import pytest

from judge_cli.cards import load_designs
from judge_cli.render.card import ICONS, card_block, printed_lines

DESIGNS = load_designs()


def _unindent(line: str) -> str:
    return line.replace("\n  ", "\n")


@pytest.mark.parametrize("design_id", list(DESIGNS))
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_601_1_every_printed_line_is_the_publishers_text(design_id: str, lang: str) -> None:
    design = DESIGNS[design_id]
    text = getattr(design.text, lang)
    lines = [_unindent(line) for line in printed_lines(design, lang, flavour=False)]
    expected = [
        f"{icon} {getattr(text, kind)}" for kind, icon in ICONS.items() if getattr(text, kind)
    ]
    assert [line for line in lines if line[:1] in "★●■"] == expected
    block = card_block(design, lang)
    assert block.splitlines()[0] == f"{getattr(design.name, lang)} ({design.id})"
    for line in expected:
        assert line.replace("\n", "\n  ") in block
    if design.flavour is not None:
        assert f"Ω {getattr(design.flavour, lang)}" in block


def test_card_block_both_shows_both_languages_japanese_first() -> None:
    block = card_block("red-counter-lock", "both")
    assert block.splitlines()[:2] == [
        "カウンターロック / Counter Lock (red-counter-lock)",
        "赤・通常カード・7枚 / red · normal card · 7 copies",
    ]
    assert block.index("● １番少なくロック") < block.index("● If you have locked the fewest")


def test_card_block_first_card_shows_its_subtitle_once() -> None:
    ja = card_block("first-red", "ja")
    assert ja.count("《再起の色》") == 1
    eternal = card_block("eternal-red", "en")
    assert eternal.count("《Crimson Rain》") == 1  # already part of the printed hand line
    assert "1 copy" in eternal and "Eternal card" in eternal


def test_card_block_and_find_need_neither_yaml_nor_pydantic_once_compiled(
    tmp_path, monkeypatch
) -> None:
    """``seven judge`` shows a card first: from the compiled index, its start stays quick."""
    import subprocess
    import sys

    monkeypatch.setenv("SEVEN_CACHE_DIR", str(tmp_path))
    code = (
        "import sys; from judge_cli.render.card import card_block; "
        "from judge_cli.cards.find import find_design; "
        "card_block(find_design('ジャンプ台').ids[0], 'ja'); "
        "print(sorted(m for m in ('yaml', 'pydantic', 'rich', 'typer') if m in sys.modules))"
    )
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    assert runs[0].stdout.strip() == "['pydantic', 'yaml']"  # the first run compiles
    assert runs[1].stdout.strip() == "[]"

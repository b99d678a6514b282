"""The publisher's text format: numbers glued to text, broken lines, robustness."""

from __future__ import annotations

import pytest

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.source import parse_source, split_number
from judge_cli.errors import ImportFailure

SAMPLE = "前文。\n100.1一つ目。\n100.2二つ目（→100.1）。\n105.5105.3でも決まる。\n| 用語 | 条文 |\n| 語 | 100.1 |\n終わり。\n"


def ids(doc) -> list[str]:
    return [str(a.id) for a in doc.articles]


def test_glued_numbers_follow_the_sequence_not_a_greedy_pattern() -> None:
    assert split_number("612.21人分", ArticleId.parse("612.1")) == (
        ArticleId.parse("612.2"),
        "1人分",
    )
    assert split_number("309.11つ", ArticleId.parse("308.4")) == (ArticleId.parse("309.1"), "1つ")
    assert split_number("100.10章", ArticleId.parse("100.9")) == (ArticleId.parse("100.10"), "章")


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_any_line_ending(newline: str) -> None:
    doc = parse_source(SAMPLE.replace("\n", newline))
    assert ids(doc) == ["100.1", "100.2", "105.5"]
    assert doc.articles[2].text == "105.3でも決まる。"


def test_bom_trailing_spaces_and_full_width_numbers() -> None:
    text = "\ufeff" + SAMPLE.replace("100.2", "１００．２").replace("一つ目。", "一つ目。  \u3000")
    doc = parse_source(text)
    assert ids(doc) == ["100.1", "100.2", "105.5"]
    assert doc.articles[0].text == "一つ目。"
    assert doc.passages[0].text == "前文。"


def test_an_article_split_over_two_lines_is_joined() -> None:
    doc = parse_source("100.1前半の文で\n後半。\n100.2次。\n")
    assert doc.articles[0].text == "前半の文で後半。"


def test_601_1_a_lost_icon_breaks_the_line_between_brackets() -> None:
    doc = parse_source("601.1到達効果（\n）・手札効果（\n）の3種類。\n")
    art = doc.articles[0]
    assert art.text == "到達効果（）・手札効果（）の3種類。"
    assert art.icon_slots == [5, 12]


def test_glossary_table_and_passages() -> None:
    doc = parse_source(SAMPLE)
    assert [e.term for e in doc.glossary.entries] == ["語"]
    assert doc.glossary.entries[0].targets == ["100.1"]
    assert [p.text for p in doc.passages] == ["前文。", "終わり。"]


def test_a_number_out_of_sequence_is_refused_with_its_line() -> None:
    with pytest.raises(ImportFailure) as exc:
        parse_source("100.2二つ目。\n100.1一つ目。\n", name="x.txt")
    assert exc.value.file == "x.txt" and exc.value.line == 2
    assert "100.1" in exc.value.message


def test_a_duplicate_article_is_refused() -> None:
    with pytest.raises(ImportFailure) as exc:
        parse_source("100.1あ。\n101.1い。\n101.1う。\n", name="x.txt")
    assert exc.value.line == 3 and "after 101.1" in exc.value.message


def test_a_malformed_glossary_row_is_refused() -> None:
    with pytest.raises(ImportFailure) as exc:
        parse_source("100.1a。\n| 用語 | 条文 |\n| 語 | ふたつめ |\n", name="x.txt")
    assert exc.value.line == 3 and "語" in exc.value.message


def test_a_text_without_articles_is_refused() -> None:
    with pytest.raises(ImportFailure, match="no numbered article"):
        parse_source("ただの文章。\n")


def test_nul_bytes_are_refused() -> None:
    with pytest.raises(ImportFailure, match="NUL"):
        parse_source("100.1a。\n\x00\n")

"""The publisher's text format: numbers glued to text, broken lines, robustness."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.source import (
    canonical_text,
    decode_source,
    parse_source,
    read_source,
    split_number,
)
from judge_cli.errors import ImportFailure
from tests.conftest import SOURCE

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


def test_a_sentence_broken_before_a_number_it_cites_is_joined() -> None:
    doc = parse_source("100.1あ。\n100.2これは\n609.2による。\n100.3次。\n")
    assert [(str(a.id), a.text) for a in doc.articles] == [
        ("100.1", "あ。"),
        ("100.2", "これは609.2による。"),
        ("100.3", "次。"),
    ]
    assert any("read as the rest of 100.2" in w for w in doc.warnings)


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


# -- what a copy adds in transit ---------------------------------------------------------------
def test_glossary_table_with_a_markdown_rule_row_and_spaced_cells() -> None:
    doc = parse_source("100.1あ。\n| 用語 | 条文 |\n|---|:---:|\n| 語 |  100.1、 100.2 |\n")
    assert doc.glossary.header == ["用語", "条文"]
    assert [(e.term, e.targets) for e in doc.glossary.entries] == [("語", ["100.1", "100.2"])]


def test_glossary_table_copied_as_tab_separated_cells() -> None:
    doc = parse_source("100.1あ。\n用語\t条文\n移動\t506.4・609.1\n無作為\t※意図なく選ぶ。\n")
    assert [(e.term, e.targets, e.note) for e in doc.glossary.entries] == [
        ("移動", ["506.4", "609.1"], None),
        ("無作為", [], "※意図なく選ぶ。"),
    ]


def test_a_passage_with_a_tab_is_not_taken_for_the_glossary() -> None:
    doc = parse_source("前文\tです。\n100.1あ。\n")
    assert doc.glossary is None and doc.passages[0].text == "前文\tです。"


def test_a_table_without_its_header_row_keeps_its_first_entry() -> None:
    doc = parse_source("100.1あ。\n| 相手 | 100.1 |\n| 語 | 100.1 |\n")
    assert [e.term for e in doc.glossary.entries] == ["相手", "語"]
    assert any("no header row" in w for w in doc.warnings)


def test_a_second_table_is_refused_with_its_line() -> None:
    text = "100.1あ。\n| 用語 | 条文 |\n| 語 | 100.1 |\n間の文。\n| 別 | 100.1 |\n"
    with pytest.raises(ImportFailure, match="second table") as exc:
        parse_source(text, name="x.txt")
    assert exc.value.line == 5


def test_a_glossary_term_twice_is_refused() -> None:
    with pytest.raises(ImportFailure, match="appears twice") as exc:
        parse_source("100.1あ。\n| 用語 | 条文 |\n| 語 | 100.1 |\n| 語 | 100.1 |\n")
    assert exc.value.line == 4 and "line 3" in exc.value.message


def test_a_glossary_row_without_articles_is_refused() -> None:
    with pytest.raises(ImportFailure, match="needs a term") as exc:
        parse_source("100.1あ。\n| 用語 | 条文 |\n| 語 |  |\n")
    assert exc.value.line == 3


def test_leading_blanks_and_a_space_after_the_number() -> None:
    doc = parse_source("  100.1\tあ。\n\u00a0100.2 い。\u00a0\n\u3000612.1 う。\n612.2 1人分。\n")
    assert [(str(a.id), a.text) for a in doc.articles] == [
        ("100.1", "あ。"),
        ("100.2", "い。"),
        ("612.1", "う。"),
        ("612.2", "1人分。"),
    ]


def test_an_article_number_without_text_is_refused() -> None:
    with pytest.raises(ImportFailure, match="no text") as exc:
        parse_source("100.1あ。\n100.2\n", name="x.txt")
    assert exc.value.line == 2


def test_utf16_with_its_mark_is_read() -> None:
    assert decode_source(SAMPLE.encode("utf-16")) == SAMPLE  # the codec writes the mark
    assert decode_source(SAMPLE.encode("utf-16-be").join([b"\xfe\xff", b""])) == SAMPLE


def test_shift_jis_is_refused_with_the_line_and_how_to_convert() -> None:
    raw = SAMPLE.encode("cp932")
    with pytest.raises(ImportFailure) as exc:
        decode_source(raw, "old.txt")
    assert exc.value.line == 1 and "not UTF-8" in exc.value.message
    assert "iconv -f CP932 -t UTF-8 old.txt" in (exc.value.hint or "")


def test_a_directory_is_not_a_text(tmp_path) -> None:
    with pytest.raises(ImportFailure, match="directory"):
        read_source(tmp_path)


# -- the canonical layout ----------------------------------------------------------------------
def test_canonical_text_of_the_published_copy_is_the_copy(source_text) -> None:
    assert canonical_text(parse_source(source_text)) == source_text


def test_canonical_text_keeps_two_passages_apart() -> None:
    doc = parse_source("一つ目。\n\n二つ目。\n100.1あ。\n")
    assert [p.text for p in doc.passages] == ["一つ目。", "二つ目。"]
    again = parse_source(canonical_text(doc))
    assert [p.text for p in again.passages] == ["一つ目。", "二つ目。"]


def _article_lines(text: str) -> dict[int, str]:
    """Line index → the article number that line starts with."""
    return {a.line - 1: str(a.id) for a in parse_source(text).articles}


_FULL_WIDTH = str.maketrans("0123456789.", "０１２３４５６７８９．")


@st.composite
def transport_noise(draw: st.DrawFn, text: str) -> str:
    """The published copy as it may arrive: other line endings, a BOM, trailing blanks,
    full-width numbers, articles broken over two lines."""
    lines = text.split("\n")
    numbered = _article_lines(text)
    for i in draw(st.sets(st.sampled_from(sorted(numbered)), max_size=25)):
        n = len(numbered[i])
        lines[i] = lines[i][:n].translate(_FULL_WIDTH) + lines[i][n:]
    for i in draw(st.sets(st.integers(0, len(lines) - 1), max_size=25)):
        lines[i] += draw(st.sampled_from([" ", "\t", "\u3000", "  \u00a0"]))
    broken: list[str] = []
    splits = set(draw(st.sets(st.sampled_from(sorted(numbered)), max_size=15)))
    for i, line in enumerate(lines):
        # Break after a character that does not end a sentence, before one that is not a
        # blank and not "）" (which would read as a lost icon).
        spots = [
            k
            for k in range(len(numbered.get(i, "")) + 2, len(line) - 1)
            if line[k - 1] not in "。」）！？)!?（ \t\u3000\u00a0"
            and line[k] not in "）| \t\u3000\u00a0"
            and not re.match(r"[0-9０-９]{3,4}[.．][0-9０-９]", line[k:])
        ]
        if i in splits and spots:
            k = draw(st.sampled_from(spots))
            broken += [line[:k], line[k:]]
        else:
            broken.append(line)
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    bom = draw(st.sampled_from(["", "\ufeff"]))
    return bom + newline.join(broken) + draw(st.sampled_from(["", newline]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_transport_noise_changes_nothing_the_text_says(data) -> None:
    published = SOURCE.read_text(encoding="utf-8")
    noisy = data.draw(transport_noise(published))
    assert canonical_text(parse_source(noisy)) == published

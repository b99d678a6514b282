"""``seven sheet``: ruling sheets in HTML, Markdown and PDF, and quick-reference sheets.

The PDF tests need WeasyPrint (the ``print`` extra), a Japanese font and poppler-utils;
.ci/run installs all three, so these tests run in CI and are never skipped.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from judge_cli.corpus.store import load_corpus
from judge_cli.render.sheet import scenario_sheet
from judge_cli.render.sheet_html import html_sheets
from judge_cli.scenario.runner import replay_file, scenario_files

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = scenario_files(REPO / "scenarios")
CONTACT = REPO / "scenarios" / "base" / "507-4-contact-empty-hand.yaml"
SCRIPT = '<script>alert("x")</script>'


def _tool(name: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} is needed (poppler-utils; .ci/run installs it)"
    return path


def _pdftotext(pdf: Path) -> str:
    out = subprocess.run([_tool("pdftotext"), str(pdf), "-"], capture_output=True, check=True)
    return out.stdout.decode("utf-8")


def _pdffonts(pdf: Path) -> str:
    out = subprocess.run([_tool("pdffonts"), str(pdf)], capture_output=True, check=True)
    return out.stdout.decode("utf-8")


@pytest.fixture
def hostile(scenarios_copy: Path) -> Path:
    """507-4 with markup in every text a scenario gives a sheet: title, question, source,
    and the name of the card that is opened and reached."""
    path = scenarios_copy / "base" / "507-4-contact-empty-hand.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in (
        (
            "  ja: Sは隣のWに接触した。",
            f"  ja: '{SCRIPT} *強調* [リンク](http://x) & Sは隣のWに接触した。",
        ),
        ("  ja: 手札0枚の相手への接触", "  ja: '接触 <b>太字</b> # 見出し'"),
        ("source: written from", "source: <i>x</i> written from"),
    ):
        assert old in text, "507-4 changed: adapt this fixture"
        text = text.replace(old, new, 1)
    path.write_text(text.replace("何が起きるか。\n", "何が起きるか。'\n", 1), encoding="utf-8")
    cards = scenarios_copy / "cards" / "base.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("ja: 緑のカード1,", "ja: '<tspan>緑&1',", 1),
        encoding="utf-8",
    )
    assert replay_file(path).passed
    return path


# -- HTML ----------------------------------------------------------------------------------
def test_html_is_one_self_contained_file_with_the_svg_diagrams(cli, tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    r = cli("sheet", str(CONTACT), "-o", str(out))
    assert r.code == 0, r.err
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<style>" in html and "@page" in html
    assert "size: A4" in html and "break-inside: avoid" in html
    assert html.count("<svg") == 2  # before, and after (the one step that changes the board)
    assert 'aria-label="開始時の盤面"' in html and 'aria-label="終了時の盤面"' in html
    # Self-contained: nothing fetched from elsewhere.
    assert not re.search(r"<(script|link|img|iframe)\b|\bsrc=|url\((?!#)", html)
    assert "手札0枚の相手への接触" in html and "Sは隣のWに接触した" in html
    # The ruling step by step, with its articles linked to their full text below.
    assert '<a href="#s1-a-507.4">507.4</a>' in html and 'id="s1-a-507.4"' in html
    assert "相手の手札が0枚の場合、手札は奪えない。" in html
    # The footer: the rules edition, the ruling's date and the scenario file.
    footer = re.search(r'<div class="footer">(.*?)</div>', html, re.S).group(1)
    assert "copy of 2026-11-29" in footer and "2026-11-29" in footer and str(CONTACT) in footer


def test_html_escapes_every_text_from_the_scenario(cli, hostile: Path, tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    assert cli("sheet", str(hostile), "-o", str(out), "--lang", "both").code == 0
    html = out.read_text(encoding="utf-8")
    assert "<script" not in html and "<b>" not in html and "<i>" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    assert "&lt;b&gt;太字&lt;/b&gt;" in html and "&lt;i&gt;x&lt;/i&gt;" in html
    # A card's name (in the events; tests/test_svg.py checks the diagrams themselves).
    assert "<tspan>" not in html and "&lt;tspan&gt;緑&amp;1（g1）" in html
    for svg in re.findall(r"<svg.*?</svg>", html, re.S):
        ET.fromstring(svg)  # well-formed XML


def test_editorial_parts_are_marked(cli, tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    cli("sheet", str(CONTACT), "-o", str(out))
    html = out.read_text(encoding="utf-8")
    # 507.1's items are reconstructed: each one marked with what it rests on, and its evidence.
    block = re.search(r'id="s1-a-507.1">(.*?)</div>', html, re.S).group(1)
    assert block.count('<span class="mark">〔編集：公式ルールブック p.8 で確認〕</span>') == 3
    assert '<span class="mark">〔編集・根拠〕</span>' in block
    assert '<ol class="items editorial"' in block


def test_every_scenario_renders_in_html_in_every_language(cli, tmp_path: Path) -> None:
    for lang in ("ja", "en", "both"):
        out = tmp_path / f"all-{lang}.html"
        r = cli("sheet", str(REPO / "scenarios"), "-o", str(out), "--lang", lang)
        assert r.code == 0, r.err
        html = out.read_text(encoding="utf-8")
        assert html.count('<section class="sheet"') == len(SCENARIOS)
        for path in SCENARIOS:
            sc = replay_file(path).loaded.scenario
            shown = sc.title.en if lang == "en" else sc.title.ja
            assert shown.replace("'", "&#39;").replace('"', "&#34;") in html, path


def test_a_diagram_after_each_step_that_changes_the_board(ja) -> None:
    """Steps that change the board each get a diagram; the last of them is the board after;
    a refused step changes nothing and gets none."""
    for path in SCENARIOS:
        rp = replay_file(path)
        sheet = scenario_sheet(rp, [ja])
        drawn = [st.number for st in sheet.steps if st.diagram]
        for st in sheet.steps:
            if st.refused:
                assert st.number not in drawn, path
        html = html_sheets([sheet])
        after = 1 if sheet.after else 0
        assert html.count("<svg") == 1 + len(drawn) + after, path
        if sheet.after is None:
            assert rp.after == rp.before and "盤面は開始時から変わらない" in html
        for n in drawn:
            assert f"手順{n}の後の盤面" in html


TWO_MOVES = """\
title: {ja: 二手の移動, en: Two moves}
question: {ja: SとNが順に移動する。, en: 'S moves, then N moves.'}
answer: {ja: 2回とも到達する。, en: Both reach a card.}
date: 2026-11-29
source: written from 506.4
include: [CARDS]
players:
  S: {piece: d1, lock: {red: [first-red]}}
  N: {piece: d7, lock: {blue: [first-blue]}}
fill: 1
board: {d2: [g1], d6: [b1]}
turn: {player: S, phase: move}
steps:
  - S: move d2
  - S: end
  - N: end
  - N: end
  - N: move d6
expect:
  fires: ["506.4"]
  end: {hands: {S: [g1], N: [b1]}}
"""


def test_506_4_two_moves_draw_the_board_after_the_first(ja, tmp_path: Path) -> None:
    cards = os.path.relpath(REPO / "scenarios" / "cards" / "base.yaml", tmp_path)
    path = tmp_path / "two-moves.yaml"
    path.write_text(TWO_MOVES.replace("CARDS", cards), encoding="utf-8")
    rp = replay_file(path)
    assert rp.passed, rp.differences
    sheet = scenario_sheet(rp, [ja])
    assert [st.number for st in sheet.steps if st.diagram] == [1]
    step = sheet.steps[0].diagram
    assert step is not None and step.name == "step-1"
    # What step 1 changed is outlined: d1 (S left it) and d2 (S came, its card went to hand).
    assert step.svg.count('stroke-dasharray="10 6"') == 2
    # The board after outlines what changed since step 1: d7 and d6.
    assert sheet.after is not None and sheet.after.svg.count('stroke-dasharray="10 6"') == 2
    html = html_sheets([sheet])
    assert html.count("<svg") == 3 and "手順1の後の盤面" in html


def test_the_same_scenario_gives_the_same_bytes(ja) -> None:
    one = html_sheets([scenario_sheet(replay_file(CONTACT), [ja])])
    two = html_sheets([scenario_sheet(replay_file(CONTACT), [ja])])
    assert one == two


def test_a_scenario_that_fails_its_expectations_gets_no_sheet(
    cli, scenarios_copy: Path, tmp_path: Path
) -> None:
    path = scenarios_copy / "base" / "507-4-contact-empty-hand.yaml"
    text = path.read_text(encoding="utf-8")
    assert "pieces: {S: c3, W: a4}" in text
    path.write_text(text.replace("pieces: {S: c3, W: a4}", "pieces: {S: c3, W: c4}"), "utf-8")
    out = tmp_path / "x.html"
    r = cli("sheet", str(path), "-o", str(out))
    assert r.code == 1 and "expect.end.pieces.W" in r.err and "--check" in r.err
    assert not out.exists()


def test_ruling_ids_name_scenarios_too(cli, tmp_path: Path) -> None:
    out = tmp_path / "x.html"
    r = cli("sheet", "base/507-4-contact-empty-hand", "-o", str(out))
    assert r.code == 0, r.err
    assert "scenarios/base/507-4-contact-empty-hand.yaml" in out.read_text(encoding="utf-8")
    r = cli("sheet", "base/no-such-ruling", "-o", str(out))
    assert r.code == 1 and "base/no-such-ruling" in r.err and "seven rulings" in r.err


def test_an_output_that_cannot_be_written_is_an_error(cli, tmp_path: Path) -> None:
    (tmp_path / "taken.html").mkdir()
    (tmp_path / "file").write_text("", encoding="utf-8")
    for name in ("taken.html", "file/x.md", "file/x.html"):
        r = cli("sheet", str(CONTACT), "-o", str(tmp_path / name))
        assert r.code == 1 and "cannot write" in r.err and "Traceback" not in r.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "taken.html"]  # no leftovers
    assert not list((tmp_path / "taken.html").iterdir())


def test_bad_output_names_and_arguments_are_errors(cli, tmp_path: Path) -> None:
    r = cli("sheet", str(CONTACT), "-o", str(tmp_path / "x.docx"))
    assert r.code == 1 and "x.docx" in r.err and ".html, .pdf or .md" in r.err
    r = cli("sheet", "-o", str(tmp_path / "x.html"))
    assert r.code == 1 and "--articles" in r.err
    r = cli("sheet", str(CONTACT), "--articles", "801", "-o", str(tmp_path / "x.html"))
    assert r.code == 1
    assert not list(tmp_path.iterdir())


# -- Markdown --------------------------------------------------------------------------------
def test_markdown_with_the_diagrams_as_svg_files_beside_it(cli, tmp_path: Path) -> None:
    out = tmp_path / "ruling.md"
    r = cli("sheet", str(CONTACT), "-o", str(out), "--lang", "en")
    assert r.code == 0, r.err
    text = out.read_text(encoding="utf-8")
    folder = tmp_path / "ruling-diagrams"
    names = sorted(p.name for p in folder.iterdir())
    assert names == [
        "01-507-4-contact-empty-hand-after.svg",
        "01-507-4-contact-empty-hand-before.svg",
    ]
    for name in names:
        assert f"](ruling-diagrams/{name})" in text
        ET.parse(folder / name)  # a well-formed SVG file
    umask = os.umask(0)
    os.umask(umask)
    assert folder.stat().st_mode & 0o777 == 0o777 & ~umask  # an ordinary folder, not 0700
    assert text.startswith("# Contact against an opponent with no cards in hand\n")
    assert "**Question**:" in text and "**Answer**:" in text
    assert "- #1 S declares: contact W — 505.1, 507.1, 507.2, 507.3" in text
    assert "**507.4** \\[Contact\\] If the opponent has 0 cards in hand" in text
    # Run again: the folder is replaced, not added to.
    assert cli("sheet", str(CONTACT), "-o", str(out)).code == 0
    assert sorted(p.name for p in folder.iterdir()) == names


def test_markdown_escapes_every_text_from_the_scenario(cli, hostile: Path, tmp_path: Path) -> None:
    out = tmp_path / "ruling.md"
    assert cli("sheet", str(hostile), "-o", str(out)).code == 0
    text = out.read_text(encoding="utf-8")
    assert not re.search(r"(?<!\\)<", text)  # no markup: every < is escaped
    assert '\\<script\\>alert("x")\\</script\\> \\*強調\\* \\[リンク\\](http://x) \\&' in text
    assert "# 接触 \\<b\\>太字\\</b\\> \\# 見出し" in text
    assert "\\<tspan\\>緑\\&1（g1）" in text  # the card's name, in the events


def test_markdown_never_replaces_a_folder_that_is_not_its_own(cli, tmp_path: Path) -> None:
    (tmp_path / "ruling-diagrams").mkdir()
    (tmp_path / "ruling-diagrams" / "notes.txt").write_text("mine", encoding="utf-8")
    r = cli("sheet", str(CONTACT), "-o", str(tmp_path / "ruling.md"))
    assert r.code == 1 and "not replacing it" in r.err
    assert (tmp_path / "ruling-diagrams" / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert not (tmp_path / "ruling.md").exists()


# -- quick reference -------------------------------------------------------------------------
def test_801_808_quick_reference_with_referenced_by(cli, tmp_path: Path, ja) -> None:
    out = tmp_path / "ref.html"
    r = cli("sheet", "--articles", "801-808", "-o", str(out))
    assert r.code == 0, r.err
    html = out.read_text(encoding="utf-8")
    for group in range(801, 809):
        assert f'id="a-{group}"' in html
        for art in ja.subtree(ja.get(str(group)).id):
            assert f'id="a-{art.id}"' in html
    assert 'id="a-809' not in html and 'id="a-700"' not in html
    # 801 is referenced by 501.3 (官 text) and the glossary.
    block = html[html.index('id="a-801"') : html.index('id="a-802"')]
    assert "参照元:</span>501.3" in block.replace(" ", "")
    assert "裁定例" in block and "base/801-gate-invasion-bonus" in block


def test_quick_reference_in_markdown_and_english(cli, tmp_path: Path) -> None:
    out = tmp_path / "ref.md"
    assert cli("sheet", "--articles", "603, 605.1", "-o", str(out), "--lang", "en").code == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Quick reference: 603, 605.1")
    assert "**603.1**" in text and "**605.1**" in text and "**605.2**" not in text
    assert "- **Referenced by**: 507.1a, 601.3, 605.1" in text


def test_bad_article_ids_are_an_error_naming_them(cli, tmp_path: Path) -> None:
    out = tmp_path / "ref.html"
    r = cli("sheet", "--articles", "801-808, 999, 80x, 603.9", "-o", str(out))
    assert r.code == 1
    assert "'999'" in r.err and "'80x'" in r.err and "'603.9'" in r.err
    assert "'801-808'" not in r.err and not out.exists()
    r = cli("sheet", "--articles", "808-801", "-o", str(out))
    assert r.code == 1 and "runs backwards" in r.err


# -- PDF ---------------------------------------------------------------------------------------
def _joined(pdf: Path) -> tuple[int, list[tuple[str, int, list[str]]], list[tuple[int, str, int]]]:
    """What a reader finds in a joined PDF (read with pikepdf, not the code that joined it
    but the same library): its pages; each top bookmark as (title, page, the titles below
    it); each link to a named destination as (page, name, page it leads to)."""
    import pikepdf

    with pikepdf.open(pdf) as doc:
        index = {page.obj.objgen: n for n, page in enumerate(doc.pages)}
        with doc.open_outline() as outline:
            marks = [
                (item.title, index[item.destination[0].objgen], [c.title for c in item.children])
                for item in outline.root
            ]
        dests = pikepdf.NameTree(doc.Root.Names.Dests)
        links = [
            (n, str(annot.Dest), index[dests[str(annot.Dest)][0].objgen])
            for n, page in enumerate(doc.pages)
            for annot in page.obj.get("/Annots") or []
            if "/Dest" in annot
        ]
        return len(doc.pages), marks, links


def _page_text(pdf: Path, page: int) -> str:
    """pdftotext of one page (numbered from 0)."""
    number = str(page + 1)
    out = subprocess.run(
        [_tool("pdftotext"), "-f", number, "-l", number, str(pdf), "-"],
        capture_output=True,
        check=True,
    )
    return out.stdout.decode("utf-8")


def _book(pdf: Path, sheets: list, title: str = "all") -> tuple[int, list[int]]:
    """The sheets printed one by one and joined into ``pdf``: its pages, each sheet's first."""
    from judge_cli.render.pdf_book import Book

    starts = []
    with Book(pdf, title) as book:
        for sheet in sheets:
            starts.append(book.pages)
            book.add(html_sheets([sheet]))
        pages = book.finish()
    return pages, starts


def test_every_scenario_prints_to_one_pdf_with_a_japanese_font(ja, tmp_path: Path) -> None:
    """One PDF of every scenario, each sheet printed on its own and the parts joined: as
    many pages as the parts, each sheet's bookmark on its first page, every link inside
    its own sheet; WeasyPrint understands all of the CSS, pdftotext finds the Japanese of
    every sheet, pdffonts shows a CJK font embedded."""
    from judge_cli.render.sheet_pdf import pdf_bytes

    sheets = [scenario_sheet(replay_file(p), [ja], i) for i, p in enumerate(SCENARIOS, 1)]
    pdf = tmp_path / "all.pdf"
    pages, starts = _book(pdf, sheets)
    assert not list(tmp_path.glob(".*")), "part files left behind"
    _, first_pages, warnings = pdf_bytes(html_sheets(sheets[:1]))
    assert warnings == [] and starts[1] == first_pages
    count, marks, links = _joined(pdf)
    assert count == pages >= len(SCENARIOS)
    assert [title for title, _, _ in marks] == [s.title["ja"] for s in sheets]
    assert [page for _, page, _ in marks] == starts
    ends = [*starts[1:], pages]
    for page, name, target in links:
        sheet = max(i for i, start in enumerate(starts) if start <= page)
        assert starts[sheet] <= target < ends[sheet], (sheet, name)
    assert len(links) > len(SCENARIOS)
    text = re.sub(r"\s+", "", _pdftotext(pdf))
    for sheet in sheets:
        assert re.sub(r"\s+", "", sheet.title["ja"]) in text, sheet.file
    assert "相手の手札が0枚の場合、手札は奪えない。" in text
    fonts = _pdffonts(pdf)
    cjk = [
        line
        for line in fonts.splitlines()
        if re.search(r"IPA|CJK|Gothic|Mincho|Han ?Sans|Noto ?Sans ?JP", line)
    ]
    assert cjk and all(" yes " in line for line in cjk), fonts  # embedded


def test_a_joined_pdf_keeps_each_sheets_bookmarks_links_pages_and_title(ja, tmp_path: Path) -> None:
    """Three sheets joined: the pages of the three, each sheet's bookmark with its headings
    below it, a link from 507-4's steps to article 507.4 that leads to the page of its
    text in 507-4's own sheet, and the title given."""
    import pikepdf

    files = [SCENARIOS[0], CONTACT, SCENARIOS[1]]
    sheets = [scenario_sheet(replay_file(p), [ja], i) for i, p in enumerate(files, 1)]
    pdf = tmp_path / "three.pdf"
    pages, starts = _book(pdf, sheets, "三枚の裁定シート")
    count, marks, links = _joined(pdf)
    assert count == pages == len(pikepdf.open(pdf).pages)
    assert [(title, page) for title, page, _ in marks] == [
        (s.title["ja"], start) for s, start in zip(sheets, starts, strict=True)
    ]
    assert all(below == marks[0][2] and below for _, _, below in marks)  # the same headings
    contact = [(page, target) for page, name, target in links if name == "s2-a-507.4"]
    assert contact, links
    for page, target in contact:
        assert starts[1] <= page < starts[2] and starts[1] <= target < starts[2]
        assert "507.4" in _page_text(pdf, target)
    with pikepdf.open(pdf) as doc:
        assert str(doc.docinfo["/Title"]) == "三枚の裁定シート"
        assert doc.check_pdf_syntax() == []  # qpdf reads every object and stream


def test_a_part_without_bookmarks_or_links_between_two_sheets(ja, tmp_path: Path) -> None:
    """A page with no heading and no link between two sheets: the two sheets' bookmarks
    follow each other, each still on its sheet's first page, and the links of the second
    lead into the second."""
    import pikepdf

    from judge_cli.render.pdf_book import Book

    first, second = (
        scenario_sheet(replay_file(p), [ja], n) for n, p in ((1, SCENARIOS[0]), (2, CONTACT))
    )
    pdf = tmp_path / "mixed.pdf"
    with Book(pdf, "mixed") as book:
        book.add(html_sheets([first]))
        middle = book.pages
        book.add("<html><body><p>(this page is left blank)</p></body></html>")
        start = book.pages
        book.add(html_sheets([second]))
        pages = book.finish()
    count, marks, links = _joined(pdf)
    assert count == pages and start == middle + 1  # the blank part is one page
    assert [(title, page) for title, page, _ in marks] == [
        (first.title["ja"], 0),
        (second.title["ja"], start),
    ]
    assert "(this page is left blank)" in _page_text(pdf, middle)
    second_links = [(page, target) for page, name, target in links if name.startswith("s2-")]
    assert second_links and all(page >= start and target >= start for page, target in second_links)
    with pikepdf.open(pdf) as doc:
        assert doc.check_pdf_syntax() == []


def test_the_sheets_of_a_book_share_one_font_configuration(ja, tmp_path: Path, monkeypatch) -> None:
    """WeasyPrint makes a font configuration (fontconfig's list of fonts, a Pango font map
    and its caches) for each document it is not given one: a book of three sheets makes
    one, not three."""
    import weasyprint.document
    import weasyprint.text.fonts

    made = []

    class Counted(weasyprint.text.fonts.FontConfiguration):
        def __init__(self) -> None:
            made.append(self)
            super().__init__()

    monkeypatch.setattr(weasyprint.text.fonts, "FontConfiguration", Counted)
    monkeypatch.setattr(weasyprint.document, "FontConfiguration", Counted)
    files = [CONTACT, SCENARIOS[0], SCENARIOS[1]]
    sheets = [scenario_sheet(replay_file(p), [ja], i) for i, p in enumerate(files, 1)]
    pages, _ = _book(tmp_path / "three.pdf", sheets)
    assert pages >= 3 and len(made) == 1


def test_two_sheets_with_the_same_link_targets_are_not_joined(ja, tmp_path: Path) -> None:
    """Both sheets numbered 1: a link of the second would lead into the first, so the
    join stops, names the target, and writes nothing."""
    from judge_cli.errors import PrintError
    from judge_cli.render.pdf_book import Book

    html = html_sheets([scenario_sheet(replay_file(CONTACT), [ja], 1)])
    out = tmp_path / "twice.pdf"
    with pytest.raises(PrintError, match="link target named 's1-a-"), Book(out) as book:
        book.add(html)
        book.add(html)
        book.finish()
    assert sorted(tmp_path.iterdir()) == []


def test_a_pdf_that_fails_while_it_is_written_leaves_the_old_file(
    ja, tmp_path: Path, monkeypatch
) -> None:
    """The join fails half-way through writing the output: the old file stays as it was,
    and neither the half-written file nor the parts are left."""
    from judge_cli.render.pdf_book import Book
    from judge_cli.render.pdf_join import Joiner

    out = tmp_path / "rulings.pdf"
    out.write_bytes(b"old")

    def fails(self, part) -> int:
        self.out.write(b"%PDF-1.7 half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Joiner, "add", fails)
    with pytest.raises(OSError), Book(out, "x") as book:
        book.add(html_sheets([scenario_sheet(replay_file(CONTACT), [ja], 1)]))
        book.finish()
    assert out.read_bytes() == b"old" and sorted(tmp_path.iterdir()) == [out]


def test_pdf_of_several_sheets_without_pikepdf_says_how_to_install_it(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pikepdf", None)
    out = tmp_path / "rulings.pdf"
    r = cli("sheet", str(CONTACT), str(SCENARIOS[0]), "-o", str(out))
    assert r.code == 1 and "pikepdf" in r.err and "[print]" in r.err
    assert "Traceback" not in r.err and sorted(tmp_path.iterdir()) == []


def test_a_pdf_that_fails_half_way_writes_nothing(cli, tmp_path: Path, monkeypatch) -> None:
    """The second sheet cannot be printed: the old file stays as it was, no part is left,
    and the message says why."""
    from judge_cli.errors import PrintError
    from judge_cli.render import pdf_book

    out = tmp_path / "rulings.pdf"
    out.write_bytes(b"old")
    printed = []
    real = pdf_book.pdf_bytes

    def second_fails(html: str, *shared):
        printed.append(html)
        if len(printed) == 2:
            raise PrintError("no installed font has 1 of the characters on this sheet")
        return real(html, *shared)

    monkeypatch.setattr(pdf_book, "pdf_bytes", second_fails)
    r = cli("sheet", str(CONTACT), str(SCENARIOS[0]), str(SCENARIOS[1]), "-o", str(out))
    assert r.code == 1 and "no installed font" in r.err and "Traceback" not in r.err
    assert out.read_bytes() == b"old" and sorted(tmp_path.iterdir()) == [out]
    assert len(printed) == 2  # it stopped at the failure


def test_a_pdf_of_several_sheets_shows_its_progress_on_a_terminal(
    cli, tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "rulings.pdf"
    monkeypatch.setattr("judge_cli.cli.sheet._on_terminal", lambda: True)
    r = cli("sheet", str(CONTACT), str(SCENARIOS[0]), "-o", str(out))
    assert r.code == 0, r.err
    assert "joining the PDF" in r.err and "2/2" in r.err
    assert r.out.startswith(f"wrote {out}: 2 sheet(s), ")


def test_pdf_through_the_command_in_english(cli, tmp_path: Path) -> None:
    out = tmp_path / "ruling.pdf"
    r = cli("sheet", str(CONTACT), "-o", str(out), "--lang", "en")
    assert r.code == 0, r.err
    assert out.read_bytes().startswith(b"%PDF-")
    text = _pdftotext(out)
    assert "Contact against an opponent with no cards in hand" in text
    assert "The English text is an editorial translation" in text


def test_pdf_without_weasyprint_says_how_to_install_it(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    out = tmp_path / "ruling.pdf"
    r = cli("sheet", str(CONTACT), "-o", str(out))
    assert r.code == 1 and "WeasyPrint" in r.err and "[print]" in r.err
    assert "Traceback" not in r.err and not out.exists()


@pytest.mark.parametrize("fonts", ["dejavu", "none"])
def test_pdf_without_a_japanese_font_fails_instead_of_printing_boxes(
    tmp_path: Path, fonts: str
) -> None:
    """fontconfig sees only DejaVu (no Japanese), or no font at all: exit 1, a message
    naming the font to install, no file. (A new process: fontconfig reads its configuration
    once.)"""
    dirs = "".join(
        f"<dir>{d}</dir>"
        for d in ("/usr/share/fonts/truetype/dejavu",)
        if fonts == "dejavu" and Path(d).is_dir()
    )
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
        f"<fontconfig>{dirs}<cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>",
        encoding="utf-8",
    )
    out = tmp_path / "ruling.pdf"
    env = {**__import__("os").environ, "FONTCONFIG_FILE": str(conf)}
    r = subprocess.run(
        [sys.executable, "-m", "judge_cli.cli.main", "sheet", str(CONTACT), "-o", str(out)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert r.returncode == 1, r.stderr
    assert "fonts-ipaexfont" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists()


def test_missing_glyphs_found_after_printing_are_refused_too() -> None:
    """The check after printing: WeasyPrint's warning for a character drawn as a box."""
    from judge_cli.errors import PrintError
    from judge_cli.render.sheet_pdf import pdf_bytes

    html = "<html><body><p>\U0001d54f\U000f0000</p></body></html>"  # no font has U+F0000
    with pytest.raises(PrintError, match="empty boxes"):
        pdf_bytes(html)


def test_sheet_in_both_languages_prints(cli, tmp_path: Path) -> None:
    out = tmp_path / "both.pdf"
    assert cli("sheet", str(CONTACT), "-o", str(out), "--lang", "both").code == 0
    text = re.sub(r"\s+", "", _pdftotext(out))
    assert "手札0枚の相手への接触" in text and "Contactagainstanopponent" in text


def test_cards_show_their_printed_text(ja) -> None:
    """A card with effects keeps its printed text; the sheet prints it for every
    card the ruling involves (here b4, face up on d2 and reached), escaped, and for no other."""
    from dataclasses import dataclass, replace

    @dataclass(frozen=True)
    class Printed:
        ja: str
        en: str | None = None

    class Effects:
        base = reach = hand = None  # what the engine reads of a card when it is made

        def lines(self):
            return [
                ("reach", Printed("<全員>1枚ドロー。", "Each player draws 1 card.")),
                ("hand", Printed("隣に移動する。")),
            ]

    rp = replay_file(REPO / "scenarios" / "base" / "605-reach-combo.yaml")
    cards = rp.loaded.cards
    for cid in ("b4", "r1"):  # r1 is in the card file, not in this ruling
        cards[cid] = replace(cards[cid], effects=Effects())
    sheet = scenario_sheet(rp, [ja, load_corpus("en")])
    assert [c.id for c in sheet.cards] == ["b4"]
    # No English given: the Japanese alone (printed once), the card's own words.
    assert sheet.cards[0].lines[1] == ("hand", {"ja": "隣に移動する。"})
    english = scenario_sheet(rp, [load_corpus("en")]).cards[0]
    assert english.lines == (
        ("reach", {"en": "Each player draws 1 card."}),
        ("hand", {"en": "隣に移動する。"}),
    )
    html = html_sheets([sheet])
    assert "効果を持つカード" in html and "到達効果" in html and "Arrival Effect" in html
    assert "&lt;全員&gt;1枚ドロー。" in html and "Each player draws 1 card." in html
    plain = scenario_sheet(replay_file(REPO / "scenarios" / "base" / "605-reach-combo.yaml"), [ja])
    assert plain.cards == [] and "効果を持つカード" not in html_sheets([plain])


def test_many_sheets_show_their_progress_on_a_terminal(cli, tmp_path: Path, monkeypatch) -> None:
    """On a terminal a run of sheets shows a progress bar on stderr; piped, nothing."""
    out = tmp_path / "all.html"
    folder = str(Path(__file__).resolve().parents[1] / "scenarios" / "base")
    r = cli("sheet", folder, "-o", str(out))
    assert r.code == 0 and r.err == ""
    monkeypatch.setattr("judge_cli.cli.sheet._on_terminal", lambda: True)
    r = cli("sheet", folder, "-o", str(out))
    assert r.code == 0, r.err
    n = len(list(Path(folder).glob("*.yaml")))
    assert f"{n}/{n}" in r.err and "sheets" in r.err
    assert r.out.startswith(f"wrote {out}: {n} sheet(s)")

"""The Japanese corpus is the publisher's text, verbatim (100.1: this document decides).

These tests read the published copy independently of the importer: every article line, every
passage and every glossary row must come back out of rules/ja exactly, and every reference
the text writes must be recorded.
"""

from __future__ import annotations

import re

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import Article, Basis, GlossaryEntry, Passage
from judge_cli.corpus.refs import glossary_ref

NUMBERED = re.compile(r"^\d{3}\.")


def regenerate(corpus) -> list[str]:
    """The lines of the published copy, rebuilt from the corpus alone."""
    lines: list[str] = []
    header_done = False
    for block in corpus.document():
        if isinstance(block, Passage):
            lines.extend(block.text.split("\n"))
        elif isinstance(block, GlossaryEntry):
            if block.editorial:
                continue
            if not header_done:
                lines.append("| 用語 | 条文 |")
                header_done = True
            cell = block.note or "・".join(block.targets)
            lines.append(f"| {block.term} | {cell} |")
        elif isinstance(block, Article) and block.text is not None:
            text = str(block.id) + block.text
            # The copy broke the line where an icon image was: （ newline ）.
            text = text.replace("（）", "（\n）")
            lines.extend(text.split("\n"))
    return lines


def test_100_every_line_of_the_published_copy_is_in_the_corpus_verbatim(source_text, ja):
    published = source_text.rstrip("\n").split("\n")
    assert regenerate(ja) == published


def test_100_the_copy_has_243_numbered_articles_and_all_are_in_the_corpus(source_text, ja):
    in_source = [line for line in source_text.splitlines() if NUMBERED.match(line)]
    assert len(in_source) == 243
    assert len(ja.numbered()) == 243


def test_105_5_glued_numbers_are_read_by_sequence(ja):
    assert ja.get("105.5").text.startswith("105.3でも")
    assert ja.get("606.1a-2").text.startswith("606.1aと606.1a-1は")
    assert ja.get("612.2").text.startswith("1人分の処理")
    assert ja.get("102.3").text.startswith("2人で遊ぶ")
    assert ja.get("903.1").text.startswith("507.4による")


def test_every_arrow_reference_of_the_text_is_recorded(source_text, ja):
    arrow = re.compile(r"→(\d{3,4}(?:\.\d+(?:[a-z](?:-\d+)?)?)?)(「[^」]+」)?")

    def targets(text: str) -> list[str]:
        return [
            m.group(1) if not m.group(2) else glossary_ref(m.group(2)[1:-1])
            for m in arrow.finditer(text)
        ]

    in_source = targets(source_text)
    in_corpus = []
    for art in ja.numbered():
        found = targets(art.text)
        assert set(found) <= set(art.refs), f"{art.id}: {found} not all in {art.refs}"
        in_corpus += found
    for g in ja.glossary:
        in_corpus += targets(g.note or "")
    assert sorted(in_corpus) == sorted(in_source)
    assert len(in_source) >= 50


def test_inline_mentions_are_recorded_as_references(ja):
    assert "507.1" in ja.get("507.1a").refs  # 507.1の3
    assert "603.1" in ja.get("605.1").refs  # →603.1の2
    assert "508" in ja.get("505.3").refs  # 508を適用する
    assert "113" in ja.get("612.1").refs  # 113による
    assert ja.get("304.4").refs == ("1000「無作為」",)
    assert "112" not in ja.get("201.2").refs  # 合計112枚 is a count, not a reference


def test_referenced_by_is_computed_from_refs(ja):
    assert "605.1" in ja.referenced_by["603.1"]
    assert "605.1" in ja.referrers(ArticleId.parse("603"))
    assert "304.4" in ja.referenced_by["1000「無作為」"]


def test_1000_glossary_has_46_terms_with_two_notes(ja):
    official = [g for g in ja.glossary if not g.editorial]
    assert len(official) == 46
    notes = [g for g in official if g.note]
    assert [g.term for g in notes] == ["1番少なくロックしている", "無作為"]
    assert all(g.note.startswith("※") for g in notes)
    assert ja.glossary_entry("移動").targets == ("506.4", "609.1")


def test_unnumbered_passages_are_kept_at_their_place(ja):
    ids = [b.id for b in ja.document() if isinstance(b, Passage)]
    assert ids == ["preamble", "intro-111", "intro-1000", "closing"]
    order = [str(b.id) for b in ja.document()]
    assert order.index("intro-111") == order.index("111") - 1
    # The closing remark ends the published text; our editorial glossary entries follow it.
    official = [
        str(b.id) for b in ja.document() if not (isinstance(b, GlossaryEntry) and b.editorial)
    ]
    assert official[0] == "preamble" and official[-1] == "closing"


def test_titles_come_from_the_glossary_where_it_names_a_group(ja):
    for aid, title in [
        ("111", "1番上の原則"),
        ("112", "句点の原則"),
        ("605", "到達コンボ（露出到達）"),
        ("801", "相手ゲート侵攻"),
        ("603", "到達"),
    ]:
        art = ja.get(aid)
        assert art.title == title and not art.title_editorial


def test_other_titles_are_marked_editorial(ja):
    groups = [a for a in ja.articles.values() if a.text is None]
    assert all(a.title for a in groups), [str(a.id) for a in groups if not a.title]
    editorial = [a for a in groups if a.title_editorial]
    assert len(editorial) > 30
    assert ja.get("800").title_editorial


def test_lost_list_items_are_reconstructed_as_editorial_with_evidence(ja):
    expected = {"401.1": 7, "505.1": 2, "506.1": 3, "507.1": 3, "603.1": 2, "605.2": 3, "802.1": 4}
    for aid, count in expected.items():
        items = ja.get(aid).items
        assert items is not None and len(items.items) == count, aid
        assert items.evidence
    # 401.2 says step 5 places the cards; 507.1a says step 3 is the forced move to the gate.
    assert "配置" in ja.get("401.1").items.items[4]
    assert "ゲートへ強制移動" in ja.get("507.1").items.items[2]
    assert "ゲートに戻る" in ja.get("802.1").items.items[3]


def test_401_1_506_1_507_1_cite_the_publishers_rulebook_item_by_item(ja):
    pages = {"401.1": 5, "505.1": 8, "506.1": 8, "507.1": 8, "802.1": 10}
    for aid, page in pages.items():
        items = ja.get(aid).items
        assert "公式ルールブック（" in items.evidence and f"p.{page}" in items.evidence, aid
        assert items.basis == (Basis("rulebook", page),) * len(items.items), aid


def test_reconstructions_nothing_official_states_are_marked_as_our_reading(ja):
    # 105.1: no document of the publisher gives the order of precedence.
    assert ja.get("105.1").items.basis == (Basis("reading"),) * 2
    # 603.1 item 2 and 605.2 item 3 generalise the Comprehensive Rules; the rulebook says less.
    assert [b.kind for b in ja.get("603.1").items.basis] == ["rulebook", "reading"]
    assert [b.kind for b in ja.get("605.2").items.basis] == ["rulebook", "rulebook", "reading"]
    assert "当方の読み" in ja.get("603.1").items.evidence


def test_601_1_lost_icons_are_those_of_the_publishers_card_legend(ja):
    assert [(i.label, i.basis.kind) for i in ja.get("601.1").icons] == [
        ("●", "cards"),
        ("■", "cards"),
    ]


def test_601_1_lost_icons_are_marked_at_their_place(ja):
    art = ja.get("601.1")
    assert [i.after for i in art.icons] == ["到達効果（", "手札効果（"]
    assert "アイコン" not in art.text  # the official text stays as published


def test_meta_records_edition_source_and_import(ja):
    for key in ("edition", "date", "source", "source_sha256", "imported"):
        assert ja.meta.get(key), key


def test_507_1_an_item_without_its_basis_or_page_is_refused_with_its_line(cli, rules_copy):
    path = rules_copy / "ja" / "500-turn.yaml"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    # 507.1 item 1: drop its page (a rulebook basis needs one).
    i = next(n for n, x in enumerate(lines) if "接触する相手として" in x)
    assert lines[i + 1].strip() == "basis: rulebook" and lines[i + 2].strip() == "page: 8"
    del lines[i + 2]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("check")
    assert r.code == 1
    assert f"rules/ja/500-turn.yaml:{i + 1}:" in r.out
    assert "needs the page: of the rulebook" in r.out


def test_507_1_english_items_must_rest_on_what_the_japanese_rests_on(cli, rules_copy):
    path = rules_copy / "en" / "500-turn.yaml"
    text = path.read_text(encoding="utf-8")
    old = "Take 1 card at random from that opponent's hand and add it to your hand (see 115.1, 304.4, 507.4).\n        basis: rulebook\n        page: 8"
    assert old in text
    path.write_text(
        text.replace(old, old.replace("basis: rulebook\n        page: 8", "basis: reading")),
        encoding="utf-8",
    )
    r = cli("check")
    assert r.code == 1 and "507.1: the items' basis differs from the Japanese" in r.out

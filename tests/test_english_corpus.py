"""The English corpus (rules/en) is a complete, faithful twin of rules/ja, id for id.

Faithful means here what a test can hold: every id, title, reconstructed item, icon, passage
and glossary entry has its twin; every cross-reference the Japanese writes is written in the
English too; no Japanese is left outside 「card names」; the terms are TERMINOLOGY.md's; each
translation records the Japanese text it was made from, so an edited Japanese article shows up
as stale in `seven check`.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.corpus.checks import check_translation
from judge_cli.corpus.files import Problem, render_rules_dir
from judge_cli.corpus.importer import text_hash
from judge_cli.corpus.model import Article, GlossaryEntry, Passage
from judge_cli.corpus.store import load_corpus, read_corpus_files, rules_dir

JAPANESE = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff01-\uffef]")
CARD_NAME = re.compile(r"「([^」]+)」")
# The publisher's English writes a cost in 【】: 【Color Cost 1】.
COST = re.compile(r"【[A-Za-z0-9 ]+】")
# A card name keeps its Japanese and is glossed right after it with the publisher's English
# name: 「なないろの欠片」 ("Prism Shard").
GLOSSED_CARD_NAME = re.compile(r"「[^」]+」 \(\"[A-Z][^\"]*\"\)")
ID = r"\d{3,4}(?:\.\d+(?:[a-z](?:-\d+)?)?)?"
JA_ARROW = re.compile(rf"→({ID})")
# English reads a reference as a rules document does: (see 904).
EN_ARROW = re.compile(rf"\bsee ({ID})")
DOTTED = re.compile(r"(?<![\d.])(\d{3}\.\d+(?:[a-z](?:-\d+)?)?)")

# TERMINOLOGY.md, for the terms the publisher's glossary has: Japanese → (English, also
# searched as). The English glossary must use the English term and offer the rest as aliases.
TERMINOLOGY = {
    "場": ("field", ["the field"]),
    "マス": ("square", ["space", "cell"]),
    "ゲート": ("gate", []),
    "ロックエリア": ("lock area", []),
    "ロックする": ("lock", []),
    "手札": ("hand", []),
    "山札": ("deck", ["library", "draw pile"]),
    "捨て場": ("discard pile", ["graveyard", "discard"]),
    "領域": ("zone", ["area"]),
    "駒": ("piece", ["pawn", "token"]),
    "ターン": ("turn", []),
    "移動": ("move", []),
    "強制移動": ("forced move", ["force move"]),
    "一気に移動": ("leap", ["jump", "move directly", "move in one leap"]),
    "接触": ("contact", []),
    "到達": ("arrival", ["arrive", "reach"]),
    "到達効果": ("Arrival Effect", ["reach effect"]),
    "手札効果": ("Hand Effect", []),
    "到達コンボ（露出到達）": ("arrival combo (exposed arrival)", ["reach combo", "chain reach"]),
    "ファーストカード": ("First card", []),
    "エターナルカード": ("Eternal card", []),
    "虹": ("rainbow", []),
    "無色のカード": ("colorless card", ["colorless", "white", "black"]),
    "表向き": ("face up", []),
    "裏向き": ("face down", []),
    "オープン": ("flip face-up", ["open", "flip", "turn face up"]),
    "公開する": ("reveal", ["show"]),
    "追色S": ("Color Cost S", ["Color Cost", "Extra Color", "extra-color cost"]),
    "相手ゲート侵攻": ("gate invasion", []),
    # Editorial entries (the words players type that the publisher's table lacks).
    "相手ゲート侵攻ボーナス": ("Gate Invasion Bonus", ["invasion bonus"]),
    "セブン": ("Seven", []),
    "総合ルール": ("Comprehensive Rules", ["CR"]),
    "原則": ("by default", ["in principle"]),
    "ロックエリアバー": ("lock area bar", []),
    "盤面の外": ("off-board", ["outside the board"]),
    "手番プレイヤー": ("turn player", ["active player"]),
    "ロックフェイズ": ("Lock Phase", []),
    "ハンドフェイズ": ("Hand Phase", []),
    "ムーブフェイズ": ("Move Phase", []),
    "宣言": ("declaration", ["declare"]),
    "処理": ("resolution", ["resolve"]),
    "通常の移動": ("normal move", []),
    "基本効果": ("Basic Effect", ["base effect", "static effect"]),
    "通常カード": ("normal card", []),
    "何もないマス": ("empty square", []),
    "Nマス以内": ("within N squares", []),
    "発動者": ("activator", ["controller"]),
    "サマリー": ("summary card", []),
    "ロックエリア使用可能表示": ("lock-area-usable mark", []),
    "版": ("edition", []),
    "不発": ("fizzle", ["fail"]),
    "1番上の原則": ("Topmost principle", ["top-card principle"]),
    "句点の原則": ("sentence principle", ["full-stop principle"]),
    "処理順の原則": ("resolution-order principle", ["order of resolution"]),
    "善処の原則": ("best-effort principle", []),
    "単数の原則": ("singular principle", []),
    "割り込み": ("interrupt", ["response"]),
    "いつでも使える": ("usable at any time", []),
    "無作為": ("at random", ["random"]),
    "半分": ("half", []),
    "隣": ("adjacent", ["orthogonal"]),
    "周囲": ("surrounding", ["around", "diagonal"]),
    "相手の周囲": ("around an opponent", []),
    "場の中央": ("center of the field", ["middle square"]),
    "国宝キューブ": ("National Treasure Cube", ["cube"]),
    "なないろの欠片": ("Prism Shard", ["Seven-Color Fragment"]),
    "手番": ("turn (whose turn it is)", ["turn order", "whose turn"]),
    "全員": ("all players", ["everyone"]),
    "相手": ("opponent", []),
    "ループの禁止": ("loop prohibition", ["infinite loop"]),
}


@pytest.fixture(scope="module")
def en():
    return load_corpus("en")


@pytest.fixture(scope="module")
def ja_corpus():
    return load_corpus("ja")


def english_texts(en) -> list[tuple[str, str]]:
    """(where, text) for every piece of English the corpus holds, notes excepted: a
    translator's note may quote the Japanese it explains."""
    out: list[tuple[str, str]] = []
    for a in en.articles.values():
        for what, text in (("title", a.title), ("text", a.text)):
            if text:
                out.append((f"{a.id} {what}", text))
        if a.items:
            out += [(f"{a.id} item {n}", x) for n, x in enumerate(a.items.items, 1)]
            out.append((f"{a.id} evidence", a.items.evidence))
        out += [(f"{a.id} icon", i.label) for i in a.icons]
    out += [(f"passage {p.id}", p.text) for p in en.passages]
    for g in en.glossary:
        out += [(f"glossary {g.id}", x) for x in (g.term, g.note, *g.aliases) if x]
    return out


# -- twins -----------------------------------------------------------------------------------
def test_every_japanese_id_has_an_english_twin_and_back(en, ja_corpus) -> None:
    assert en.ids() == ja_corpus.ids()
    for aid in ja_corpus.ids():
        j, e = ja_corpus.articles[aid], en.articles[aid]
        assert (j.text is None) == (e.text is None), aid
        assert bool(j.title) == bool(e.title), aid
    assert [(p.id, p.before, p.after) for p in en.passages] == [
        (p.id, p.before, p.after) for p in ja_corpus.passages
    ]
    assert [(g.ja, g.targets, bool(g.note)) for g in en.glossary] == [
        (g.term, g.targets, bool(g.note)) for g in ja_corpus.glossary
    ]


def test_editorial_marks_carry_over(en, ja_corpus) -> None:
    for aid, j in ja_corpus.articles.items():
        e = en.articles[aid]
        assert e.title_editorial == j.title_editorial, aid
        assert bool(e.items) == bool(j.items), aid
        if j.items:
            assert len(e.items.items) == len(j.items.items), aid
            assert e.items.evidence and e.items.refs == j.items.refs, aid
        assert len(e.icons) == len(j.icons), aid
        for icon in e.icons:
            assert icon.after in e.text, (aid, icon.after)
    assert [g.editorial for g in en.glossary] == [g.editorial for g in ja_corpus.glossary]
    assert [p.editorial for p in en.passages] == [p.editorial for p in ja_corpus.passages]


def test_each_translation_records_the_japanese_text_it_translates(en, ja_corpus) -> None:
    for a in ja_corpus.numbered():
        assert en.articles[a.id].translates == text_hash(a.text), a.id


def test_english_refs_are_the_japanese_refs(en, ja_corpus) -> None:
    for aid, j in ja_corpus.articles.items():
        assert en.articles[aid].refs == j.refs, aid
    assert en.referenced_by == ja_corpus.referenced_by


# -- the text --------------------------------------------------------------------------------
def test_no_japanese_left_in_english_except_card_names(en) -> None:
    for where, text in english_texts(en):
        outside = COST.sub("", CARD_NAME.sub("", text))
        assert not JAPANESE.search(outside), (where, text)


def test_card_names_keep_their_japanese_with_an_english_gloss(en, ja_corpus) -> None:
    seen = set()
    for where, text in english_texts(en):
        for m in CARD_NAME.finditer(text):
            seen.add(m.group(1))
            assert GLOSSED_CARD_NAME.match(text, m.start()), (where, text)
    assert {"なないろの欠片", "カウンターロック", "ゴメンナサイッ！"} <= seen
    # The same Japanese name, the same gloss, everywhere.
    glosses: dict[str, set[str]] = {}
    for _, text in english_texts(en):
        for m in re.finditer(r"「([^」]+)」 \(\"([^\"]+)\"\)", text):
            glosses.setdefault(m.group(1), set()).add(m.group(2))
    assert glosses["なないろの欠片"] == {"Prism Shard"}
    assert glosses["ゴメンナサイッ！"] == {"So Sorry!"}
    assert all(len(g) == 1 for g in glosses.values()), glosses


def test_every_cross_reference_of_the_japanese_is_written_in_the_english(en, ja_corpus) -> None:
    def ja_ids(text: str) -> list[str]:
        return sorted(JA_ARROW.findall(text) + DOTTED.findall(text))

    def en_ids(text: str) -> list[str]:
        return sorted(EN_ARROW.findall(text) + DOTTED.findall(text))

    for aid, j in ja_corpus.articles.items():
        e = en.articles[aid]
        if j.text:
            assert en_ids(e.text) == ja_ids(j.text), aid
            # One form for references: (see 904). Arrows are the publisher's sequences
            # (Lock Phase → Hand Phase → Move Phase), kept as they are.
            sequence = re.compile(r"→(?! ?\d)")
            assert len(sequence.findall(e.text)) == len(sequence.findall(j.text)), aid
            assert not re.search(r"→ ?\d", e.text), aid
        if j.items:
            for x, y in zip(j.items.items, e.items.items, strict=True):
                assert en_ids(y) == ja_ids(x), aid
    for j, e in zip(ja_corpus.glossary, en.glossary, strict=True):
        assert en_ids(e.note or "") == ja_ids(j.note or "")


def test_the_publishers_examples_and_numbers_are_kept(en) -> None:
    assert "5 ÷ 2 = 2.5" in en.get("803.2").text
    assert "7 × 7 = 49" in en.get("301.1").text
    assert '"Each player draws 1 card. Each player moves 1 square."' in en.get("112.2").text
    assert "112 normal cards" in en.get("201.2").text and "98" in en.get("201.2").text
    assert "0th EDITION REMAKE" in en.get("101.1").text
    assert en.get("502.4e").text.count(" → ") == 4


def test_one_spelling_throughout_american_as_terminology_md(en) -> None:
    british = re.compile(r"colour|flavour|favour|centre|neighbour|honour|practise", re.I)
    for where, text in english_texts(en):
        if where.startswith("glossary"):  # aliases offer the British spellings on purpose
            continue
        assert not british.search(text), (where, text)
    notes = [n.text for a in en.articles.values() for n in a.notes]
    assert not any(british.search(n) for n in notes)


def test_translators_notes_explain_what_the_japanese_leaves_open(en) -> None:
    def notes(aid: str) -> str:
        art = en.get(aid)
        assert all(n.kind == "translator" for n in art.notes)
        return " ".join(n.text for n in art.notes)

    assert "追色" in notes("607.1") and "Color Cost" in notes("607.1")
    pile = notes("901.1")
    assert "そのまま裏向きにして" in pile and "does not say" in pile
    assert "bottom card" in pile and "flipping the pile over" in pile
    assert "原則" in notes("104.1") and "by default" in notes("104.1")
    assert "手番" in notes("501.1") and "ターン" in notes("501.1")
    # Notes stay beside the text, never in it.
    for a in en.articles.values():
        for n in a.notes:
            assert n.text not in (a.text or "")


def test_by_default_renders_gensoku_everywhere(en, ja_corpus) -> None:
    for a in ja_corpus.numbered():
        count = a.text.count("原則") - a.text.count("の原則")
        if count and a.id.group != 104:
            assert "by default" in en.articles[a.id].text.lower(), a.id


# -- the glossary ----------------------------------------------------------------------------
def _resolve(en, word: str) -> list[GlossaryEntry]:
    key = word.casefold()
    return [g for g in en.glossary if key in {x.casefold() for x in (g.term, *g.aliases)}]


def test_every_english_term_and_alias_resolves_to_one_entry_whose_targets_exist(en) -> None:
    for g in en.glossary:
        for word in (g.term, *g.aliases):
            found = _resolve(en, word)
            assert found == [g], (word, [x.term for x in found])
        for target in (*g.targets, *g.refs):
            assert en.has(target), (g.term, target)
        assert g.targets or g.note


def test_english_glossary_uses_the_terms_of_terminology_md(en) -> None:
    by_ja = {g.ja: g for g in en.glossary}
    assert set(TERMINOLOGY) <= set(by_ja)
    for ja_term, (english, also) in TERMINOLOGY.items():
        g = by_ja[ja_term]
        assert g.term == english, ja_term
        assert {a.casefold() for a in also} <= {a.casefold() for a in g.aliases}, ja_term


def test_lock_area_is_found_however_players_type_it(en) -> None:
    for word in ("lock area", "Lock-Area", "lock areas"):
        assert [g.ja for g in _resolve(en, word)] == ["ロックエリア"]


def test_english_glossary_entries_keep_the_japanese_ids(en) -> None:
    assert en.glossary_entry("at random").id == "1000「無作為」"
    assert en.referenced_by["1000「無作為」"] == ["304.4"]


def test_meta_says_it_is_a_translation_and_the_japanese_decides(en, ja_corpus) -> None:
    meta = en.meta
    assert meta["language"] == "en" and meta["date_kind"] == "translated"
    assert ja_corpus.meta["edition"] in meta["edition"] and "translation" in meta["edition"]
    assert "Japanese decides" in meta["note"] and "seven contributors" in meta["source"]


def test_committed_files_are_canonical() -> None:
    files = read_corpus_files("en")
    # refs are adopted from the Japanese when loading, and never written to rules/en.
    articles = [
        replace(a, refs=(), items=replace(a.items, refs=()) if a.items else None)
        for a in files.articles
    ]
    glossary = [replace(g, refs=()) for g in files.glossary]
    rendered = render_rules_dir(files.meta, articles, files.passages, glossary)
    directory = rules_dir("en")
    assert sorted(rendered) == sorted(p.name for p in directory.glob("*.yaml"))
    for name, text in rendered.items():
        assert (directory / name).read_text(encoding="utf-8") == text, name


# -- staleness -------------------------------------------------------------------------------
def _line_of(path, key: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line == f"  '{key}':")


def test_an_edited_japanese_article_is_reported_stale(cli, rules_copy) -> None:
    ja_file = rules_copy / "ja" / "100-general.yaml"
    text = ja_file.read_text(encoding="utf-8")
    old = "セブンは2人から4人で遊ぶ。"
    assert old in text
    ja_file.write_text(text.replace(old, "セブンは2人から6人で遊ぶ。"), encoding="utf-8")
    r = cli("check")
    assert r.code == 1
    line = _line_of(rules_copy / "en" / "100-general.yaml", "102.1")
    stale = [x for x in r.out.splitlines() if "stale translation" in x]
    assert len(stale) == 1, r.out
    assert stale[0].startswith(f"rules/en/100-general.yaml:{line}: 102.1: stale translation")
    assert text_hash("セブンは2人から6人で遊ぶ。") in stale[0]


def test_stamp_records_a_retranslation_and_clears_the_staleness(cli, rules_copy) -> None:
    ja_file = rules_copy / "ja" / "100-general.yaml"
    ja_file.write_text(
        ja_file.read_text(encoding="utf-8").replace("2人から4人", "2人から6人"), encoding="utf-8"
    )
    en_file = rules_copy / "en" / "100-general.yaml"
    before = en_file.read_text(encoding="utf-8")
    # Without ids, a stale translation is left alone: only a translator can say it is redone.
    r = cli("stamp")
    assert r.code == 0 and "nothing to stamp" in r.out
    assert en_file.read_text(encoding="utf-8") == before
    en_file.write_text(before.replace("two to four", "two to six"), encoding="utf-8")
    r = cli("stamp", "102.1")
    assert r.code == 0 and "stamped: 102.1" in r.out, r
    assert cli("check").code == 0
    after = en_file.read_text(encoding="utf-8")
    assert f"translates: {text_hash('セブンは2人から6人で遊ぶ。')}" in after
    assert cli("rule", "102.1", "--lang", "en").out.startswith(
        "102.1 Seven is played by two to six"
    )


def test_stamp_fills_missing_hashes_and_takes_groups(cli, rules_copy) -> None:
    en_file = rules_copy / "en" / "900-special-situations.yaml"
    text = en_file.read_text(encoding="utf-8")
    stripped = re.sub(r"\n    translates: [0-9a-f]{12}", "", text)
    en_file.write_text(stripped, encoding="utf-8")
    r = cli("check")
    assert r.code == 1 and "901.1: no `translates:` hash" in r.out
    r = cli("stamp", "--dry-run")
    assert r.code == 0 and "would stamp: 901.1, 901.2, 902.1" in r.out
    assert en_file.read_text(encoding="utf-8") == stripped
    r = cli("stamp", "905")
    assert r.code == 0 and "stamped: 905.1, 905.2, 905.3" in r.out
    assert "901.1: no `translates:`" in cli("check").out
    assert cli("stamp").code == 0
    assert en_file.read_text(encoding="utf-8") == text
    r = cli("stamp", "905")
    assert "already current: 905.1, 905.2, 905.3" in r.out and "nothing to stamp" in r.out


def test_stamp_refuses_unknown_ids_and_broken_files_writing_nothing(cli, rules_copy) -> None:
    r = cli("stamp", "999.9")
    assert r.code == 1 and "'999.9'" in r.err and "Traceback" not in r.err
    r = cli("stamp", "to-do")
    assert r.code == 1 and "not an article id" in r.err
    en_file = rules_copy / "en" / "700-lock.yaml"
    en_file.write_text("articles:\n  '701.1': [\n", encoding="utf-8")
    other = rules_copy / "en" / "100-general.yaml"
    before = other.read_text(encoding="utf-8")
    r = cli("stamp")
    assert r.code == 1 and "rules/en/700-lock.yaml" in r.err and "nothing was stamped" in r.err
    assert other.read_text(encoding="utf-8") == before


@settings(max_examples=60, deadline=None)
@given(new_text=st.text(min_size=1, max_size=80))
def test_a_translation_is_stale_exactly_when_its_japanese_changed(new_text: str) -> None:
    ja, en = _real_files()
    i = next(i for i, a in enumerate(ja.articles) if str(a.id) == "603.3")
    edited = replace(ja, articles=[*ja.articles[:i], replace(ja.articles[i], text=new_text),
                                   *ja.articles[i + 1 :]])  # fmt: skip
    stale = [p for p in check_translation(en, edited) if "stale translation" in p.message]
    changed = new_text != ja.articles[i].text
    assert [p.message.split(":")[0] for p in stale] == (["603.3"] if changed else [])


@cache
def _real_files():
    """The committed rules, read once (hypothesis runs the test above many times)."""
    return read_corpus_files("ja"), read_corpus_files("en")


# -- through the CLI -------------------------------------------------------------------------
def test_dump_en_has_every_article_of_dump_ja_in_english(cli) -> None:
    ja = json.loads(cli("dump", "--lang", "ja").out)
    en = json.loads(cli("dump", "--lang", "en").out)
    assert [(d["id"], d["kind"]) for d in en] == [(d["id"], d["kind"]) for d in ja]
    for j, e in zip(ja, en, strict=True):
        assert (j["text"] is None) == (e["text"] is None), j["id"]
        if e["text"]:
            assert not JAPANESE.search(COST.sub("", CARD_NAME.sub("", e["text"]))), e["id"]
        assert e["refs"] == j["refs"] and e["referenced_by"] == j["referenced_by"], j["id"]
        assert e.get("editorial") == j.get("editorial"), j["id"]
    assert sum(1 for d in en if d["kind"] == "article") == 243


def test_603_1_reads_naturally_in_english(cli) -> None:
    r = cli("rule", "603.1", "--lang", "en")
    assert r.code == 0
    lines = r.out.splitlines()
    assert lines[0] == '603.1 "Arrival" is the instant at which any of the following happens.'
    assert (
        "1. [editorial: confirmed by the rulebook, p. 8] The instant a piece moves to a square "
        "whose top card is face up" in r.out
    )
    assert (
        "2. [editorial: our reading] The instant the top card of the square a piece is on "
        "becomes face up" in r.out
    )
    assert "[editorial · evidence]" in r.out
    assert "Referenced by: 603.2, 605.1" in r.out
    assert "Source: 7 SHADES OF S:EVEN Comprehensive Rules" in r.out
    assert not JAPANESE.search(r.out)


def test_rule_both_shows_each_article_in_japanese_then_english(cli) -> None:
    r = cli("rule", "603", "--lang", "both")
    assert r.code == 0
    lines = r.out.splitlines()
    assert lines[0] == "603 到達 / Arrival"
    i = next(n for n, x in enumerate(lines) if x.startswith("  603.3 "))
    assert (
        lines[i]
        == "  603.3 到達は瞬間であり、状態ではない。同じカードの上に駒が乗り続けていても、到達は繰り返し起こらない。"
    )
    assert lines[i + 1].strip().startswith("Arrival is an instant, not a state.")
    assert "〔編集・根拠〕" in r.out and "[editorial · evidence]" in r.out
    assert "参照元 / Referenced by: 507.1a, 601.3, 605.1, 1000「到達」" in r.out
    assert "用語集 / Glossary: 到達 / arrival" in r.out
    assert "出典: " in r.out and "Source: " in r.out


def test_rule_en_names_glossary_entries_in_english(cli) -> None:
    r = cli("rule", "304.4", "--lang", "en")
    assert 'Refers to: 1000 "at random"' in r.out
    assert 'Referenced by: 1000 "at random"' in r.out


def test_rule_both_shows_the_translators_note_under_the_english(cli) -> None:
    r = cli("rule", "901.1", "--lang", "both")
    lines = r.out.splitlines()
    assert lines[0].startswith("901.1 山札がなくなったとき")
    assert lines[1].strip().startswith("When the deck runs out")
    assert lines[2].strip().startswith("[translator's note] The Japanese 「そのまま裏向きにして」")


def test_dump_both_pairs_every_text(cli) -> None:
    data = json.loads(cli("dump", "--lang", "both").out)
    for d in data:
        if d["text"]["ja"] is not None:
            assert d["text"]["en"], d["id"]
        if "title" in d:
            assert d["title"]["ja"] and d["title"]["en"], d["id"]
    by_id = {d["id"]: d for d in data}
    items = by_id["603.1"]["items"]
    assert len(items["entries"]["ja"]) == len(items["entries"]["en"]) == 2
    assert items["evidence"]["en"].startswith("Item 1: the publisher's rulebook (page 8")
    assert items["basis"] == [{"basis": "rulebook", "page": 8}, {"basis": "reading"}]
    assert by_id["601.1"]["icons"][0]["label"] == {"ja": "●", "en": "●"}
    assert by_id["601.1"]["icons"][0]["basis"] == "cards"
    assert by_id["901.1"]["notes"]["en"][0]["kind"] == "translator"
    assert by_id["1000「無作為」"]["term"] == {"ja": "無作為", "en": "at random"}


def test_rule_json_both_carries_the_english_items_and_notes(cli) -> None:
    data = json.loads(cli("rule", "607.1", "--lang", "both", "--json").out)
    en = data["translations"]["en"]
    assert en["text"].startswith("【Color Cost S】 means")
    assert en["notes"][0]["kind"] == "translator"
    assert en["translates"] == text_hash(data["text"])


def test_check_problem_lines_point_into_rules_en() -> None:
    # Problems sort by file then line, so an English one never hides among the Japanese.
    assert Problem("rules/en/a.yaml", 3, "x") < Problem("rules/ja/a.yaml", 1, "x")


def test_english_passages_and_articles_are_what_the_document_prints(en) -> None:
    kinds = {type(b) for b in en.document()}
    assert kinds == {Article, Passage, GlossaryEntry}
    # The closing remark ends the published text; editorial glossary entries follow it.
    official = [b for b in en.document() if not (isinstance(b, GlossaryEntry) and b.editorial)]
    first, last = official[0], official[-1]
    assert first.id == "preamble" and first.text.startswith("This is not a document")
    assert last.id == "closing"


# -- the publisher's terms, the old words still found ---------------------------------------
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("reach", "603"),
        ("reach effect", "604"),
        ("extra color", "607"),
        ("Extra Color S", "607"),
        ("base effect", "602"),
        ("open", "308.3"),
        ("Seven-Color Fragment", "702.2"),
        ("top-card principle", "111"),
        ("jump", "609.3"),
        ("Arrival Effect", "604"),
        ("Color Cost", "607"),
        ("flip face-up", "308.3"),
    ],
)
def test_old_and_publishers_words_find_the_same_article(cli, query: str, expected: str) -> None:
    r = cli("judge", query, "--lang", "en", "--json")
    assert r.code == 0, r
    assert json.loads(r.out)["results"][0]["id"] == expected


def test_702_2_the_publishers_prism_shard_is_the_card_then_its_article(cli) -> None:
    """The publisher's English name of なないろの欠片 names a real card: the card first,
    then 702.2, the article that decides how two of them are locked."""
    r = cli("judge", "Prism Shard", "--lang", "en", "--json")
    assert r.code == 0, r
    ids = [m["id"] for m in json.loads(r.out)["results"]]
    assert ids[:2] == ["rainbow-shard", "702.2"]


def test_604_and_607_speak_the_publishers_terms(cli) -> None:
    r604 = cli("rule", "604", "--lang", "en").out.split("\n\n")[0]
    assert "Arrival Effect" in r604 and "reach" not in r604.lower()
    r607 = cli("rule", "607", "--lang", "en").out.split("\n\n")[0]
    assert "Color Cost" in r607 and "extra" not in r607.lower()


def test_the_board_is_not_an_alias_of_the_field(en) -> None:
    # 盤面 (the board) holds the field (場, 301.1) and more: off-board is 盤面の外.
    assert not _resolve(en, "board")
    assert [g.ja for g in _resolve(en, "the field")] == ["場"]


def test_a_list_item_is_cited_one_way_603_1_item_2(en) -> None:
    for where, text in english_texts(en):
        assert not re.search(r"\bitems? \d+(?: and \d+)? of \d{3}", text), (where, text)
        assert not re.search(r"\d{3}\.\d+, items? \d", text), (where, text)
    assert "(see 603.1 item 2)" in en.get("605.1").text
    assert en.get("507.1a").text.startswith("If, at 507.1 item 3,")


def test_the_publishers_glossary_terms_are_editorial_entries_saying_where_from(en, ja_corpus):
    for ja_term, english in [
        ("相手の周囲", "around an opponent"),
        ("1番多くロックしているプレイヤー", "the player who has locked the most"),
        ("1番少なくロックしているプレイヤー", "the player who has locked the fewest"),
        ("場の中央", "center of the field"),
        ("国宝キューブ", "National Treasure Cube"),
    ]:
        e, j = en.glossary_entry(english), ja_corpus.glossary_entry(ja_term)
        assert e is not None and j is not None and e.ja == ja_term, ja_term
        assert e.editorial and j.editorial, ja_term
        assert "publisher's glossary" in e.note and "公式の用語集" in j.note, ja_term

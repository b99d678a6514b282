"""Importing a new edition: editorial data kept and carried, English kept in step, nothing
written half-way, the edition recorded."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_cli.corpus.files import read_rules_dir
from judge_cli.corpus.importer import SOURCE_NAME, import_text
from judge_cli.corpus.source import canonical_text, parse_source
from judge_cli.errors import ImportFailure
from tests.conftest import REPO, SOURCE
from tests.synthetic_editions import Edition, standard_edition

# The English corpus's own test of references, applied to an English renumbered by import.
from tests.test_english_corpus import DOTTED, EN_ARROW, JA_ARROW

NEW_TEXT = "新たに加わった条文である。検査のために置かれ、ほかのどの条文とも似ていない。"


def snapshot(rules: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(rules)): p.read_bytes() for p in sorted(rules.rglob("*")) if p.is_file()
    }


def article(rules: Path, aid: str):
    files = read_rules_dir(rules / "ja", "ja")
    return next((a for a in files.articles if str(a.id) == aid), None)


# -- re-importing the published copy -----------------------------------------------------------
def test_reimporting_the_source_reproduces_rules_ja_exactly(source_text, rules_copy) -> None:
    before = snapshot(rules_copy)
    report = import_text(source_text, rules_copy / "ja", name="source.txt")
    assert report.unchanged and not report.changed and not report.added and not report.renumbered
    assert snapshot(rules_copy) == before


@pytest.mark.parametrize(
    "transport",
    [
        pytest.param(lambda t: t.replace("\n", "\r\n"), id="crlf"),
        pytest.param(lambda t: t.replace("\n", "\r"), id="cr"),
        pytest.param(lambda t: "\ufeff" + t + "\n", id="bom"),
        pytest.param(lambda t: t.replace("。\n", "。  \u3000\n"), id="trailing-spaces"),
        pytest.param(lambda t: t.replace("\n603.3", "\n６０３．３"), id="full-width-number"),
        pytest.param(
            lambda t: t.replace("到達は瞬間であり、", "到達は瞬間であり、\n"), id="split-line"
        ),
    ],
)
def test_the_same_text_in_transit_is_the_same_edition(source_text, rules_copy, transport) -> None:
    before = snapshot(rules_copy)
    report = import_text(transport(source_text), rules_copy / "ja", name="copy.txt")
    assert report.unchanged, report.files_changed
    assert snapshot(rules_copy) == before


# -- the standard synthetic edition: one of each change ---------------------------------------
def test_the_standard_edition_is_reported_exactly(source_text, rules_copy) -> None:
    text = standard_edition(source_text).text()
    report = import_text(
        text, rules_copy / "ja", name="new.txt", edition="test-1", today="2030-01-01"
    )
    assert report.added == ["509.4"]
    assert report.removed == ["105.4"]
    assert report.changed == ["603.3"]
    assert report.renumbered == [("105.5", "105.4")]
    assert report.files_changed == [
        "ja/100-general.yaml",
        "ja/1000-glossary.yaml",  # our entry 「発動者」 pointed to 105.5: now 105.4
        "ja/500-turn.yaml",
        "ja/600-effects.yaml",
        "ja/meta.yaml",
        f"sources/{SOURCE_NAME}",
        "en/100-general.yaml",  # 105.5's English moved to 105.4; 105.4's was dropped
        "en/1000-glossary.yaml",  # "activator" (発動者) too
        "en/500-turn.yaml",  # a translator's note on 501.1 cites 105.5, now 105.4
        "en/meta.yaml",  # "test-1, English translation"
        "players/questions-asked.yaml",  # players' questions of 105.5, now 105.4
        "players/questions-more.yaml",  # the model's more questions of 105.5, now 105.4
        "players/questions.yaml",  # the example questions of 105.5, now 105.4
        "players/thesaurus.yaml",  # players' words naming 105.5, now 105.4
    ]
    assert article(rules_copy, "105.4").text.startswith("105.3でも決まらない")
    assert article(rules_copy, "105.5") is None
    meta = read_rules_dir(rules_copy / "ja", "ja").meta
    assert (meta["edition"], meta["date"], meta["imported"]) == (
        "test-1",
        "2030-01-01",
        "2030-01-01",
    )
    # The text is kept beside the corpus, and importing it again changes nothing.
    kept = (rules_copy / "sources" / SOURCE_NAME).read_text(encoding="utf-8")
    assert kept == text == canonical_text(parse_source(text))
    again = import_text(kept.replace("\n", "\r\n"), rules_copy / "ja", name="again.txt")
    assert again.unchanged and again.edition == "test-1"


def test_cli_import_prints_the_report_and_the_edition_it_wrote(
    cli, source_text, rules_copy, tmp_path
) -> None:
    new = tmp_path / "rules-2027.txt"
    new.write_text(standard_edition(source_text).text(), encoding="utf-8")
    r = cli("import", str(new), "--edition", "2027-03", "--date", "2027-03-01")
    assert r.code == 0, r
    lines = r.out.splitlines()
    for expected in (
        "added: 509.4",
        "removed: 105.4",
        "changed: 603.3",
        "renumbered: 105.5 → 105.4",
    ):
        assert expected in lines
    assert f"wrote edition '2027-03' (2027-03-01, published) to {rules_copy / 'ja'}" in lines[-1]
    rule = cli("rule", "105.4")
    assert rule.out.startswith("105.4 105.3でも決まらない")
    assert "出典: 7 SHADES OF S:EVEN 総合ルール (2027-03, 2027-03-01)" in rule.out
    again = cli("import", str(new))
    assert again.code == 0 and again.out.splitlines()[-1].startswith("nothing changed")


def test_cli_import_json(cli, source_text, rules_copy, tmp_path) -> None:
    new = tmp_path / "new.txt"
    new.write_text(standard_edition(source_text).text(), encoding="utf-8")
    data = json.loads(cli("import", str(new), "--json", "--dry-run").out)
    assert (data["added"], data["removed"], data["changed"], data["renumbered"]) == (
        ["509.4"],
        ["105.4"],
        ["603.3"],
        [["105.5", "105.4"]],
    )
    assert data["dry_run"] is True and "ja/meta.yaml" in data["files_changed"]


def test_a_dry_run_writes_nothing(source_text, rules_copy) -> None:
    before = snapshot(rules_copy)
    report = import_text(standard_edition(source_text).text(), rules_copy / "ja", dry_run=True)
    assert report.changed == ["603.3"] and "ja/600-effects.yaml" in report.files_changed
    assert snapshot(rules_copy) == before


def test_bad_dates_are_refused(cli, rules_copy) -> None:
    r = cli("import", str(rules_copy / "sources" / SOURCE_NAME), "--date", "2027-13-01")
    assert r.code == 1 and "YYYY-MM-DD" in r.err


# -- the English translations ------------------------------------------------------------------
def test_the_changed_articles_english_is_stale_and_seven_check_says_so(
    cli, source_text, rules_copy
) -> None:
    assert cli("check").code == 0
    report = import_text(standard_edition(source_text).text(), rules_copy / "ja", name="new.txt")
    assert report.stale_en == ["603.3"]
    assert ("105.5", "105.4") in report.en_moved and report.en_dropped == ["105.4"]
    r = cli("check")
    assert r.code == 1
    problems = r.out.splitlines()
    assert len(problems) == 2, problems  # the players' words followed 105.5 to 105.4
    assert (
        problems[0].startswith("rules/en/600-effects.yaml:")
        and "603.3: stale translation" in problems[0]
    )
    assert (
        problems[1].startswith("rules/ja/500-turn.yaml:")
        and "509.4 has no English translation" in problems[1]
    )


def test_a_renumbered_translation_follows_its_article_and_stays_fresh(
    source_text, rules_copy
) -> None:
    before = {str(a.id): a for a in read_rules_dir(rules_copy / "en", "en").articles}
    report = import_text(Edition(source_text).insert("603.1", NEW_TEXT).text(), rules_copy / "ja")
    en = {str(a.id): a for a in read_rules_dir(rules_copy / "en", "en").articles}
    assert en["603.2"].text == before["603.1"].text
    # Its reconstructed item 2 cited 603.2, which is 603.3 now, in the English too.
    assert en["603.2"].items.items[1] == before["603.1"].items.items[1].replace("603.2", "603.3")
    assert en["603.3"].text == before["603.2"].text.replace("603.1", "603.2")
    assert "603.1" not in en  # the new article has no translation yet
    from judge_cli.corpus.checks import check_rules

    problems = [p.message for p in check_rules().problems]
    assert problems == ["603.1 has no English translation in rules/en"]
    # 603.3 (was 603.2), 605.1 and 507.1a only had their ids renumbered: still fresh.
    assert {"603.3", "605.1", "507.1a"} <= set(report.en_refreshed) and not report.stale_en


# -- editorial data follows the renumbering ----------------------------------------------------
def test_603_1_items_follow_their_article_when_a_new_603_1_is_inserted(
    source_text, rules_copy
) -> None:
    text = Edition(source_text).insert("603.1", NEW_TEXT).text()
    report = import_text(text, rules_copy / "ja", name="new.txt")
    assert report.added == ["603.1"]
    assert ("603.1", "603.2") in report.renumbered and ("603.1", "603.2") in report.carry.carried
    moved = article(rules_copy, "603.2")
    assert moved.text.startswith("「到達」とは") and moved.items and len(moved.items.items) == 2
    assert article(rules_copy, "603.1").items is None
    # 506.1's reconstructed item 3 cited 603.1: it now cites 603.2, and is listed for review.
    step = article(rules_copy, "506.1").items
    assert (
        "603.2" in step.refs and "603.1" not in step.refs and "（→603.2、604.1）" in step.items[2]
    )
    # What each item rests on moves with it.
    assert [b.kind for b in article(rules_copy, "603.2").items.basis] == ["rulebook", "reading"]
    assert "506.1" in report.carry.ids_updated and "506.1" not in report.carry.review
    # The publisher's own references were renumbered by the publisher: 605.1 now cites 603.2.
    assert "603.2" in article(rules_copy, "605.1").refs


def test_a_new_group_moves_titles_and_items_with_the_groups_after_it(
    source_text, rules_copy
) -> None:
    old = {str(a.id): a for a in read_rules_dir(rules_copy / "ja", "ja").articles}
    report = import_text(Edition(source_text).insert_group(604, NEW_TEXT).text(), rules_copy / "ja")
    new = {str(a.id): a for a in read_rules_dir(rules_copy / "ja", "ja").articles}
    for group in range(605, 613):
        before, after = old[str(group)], new[str(group + 1)]
        assert (after.title, after.title_editorial) == (before.title, before.title_editorial), group
    assert report.carry.untitled == ["604"] and "604" not in new
    # 605.2's reconstructed steps are now 606.2's, and the ids they cite moved with them.
    items = new["606.2"].items
    assert items.refs == ("605.1", "605.2", "606.1", "606.3")
    assert items.items[0] == "到達したカードの到達効果を処理する（→605.1）。"
    assert "項目3：606.1 は、到達効果の処理後に" in items.evidence
    assert "（605.1・605.2 と一致）" in items.evidence
    assert ("605.2", "606.2") in report.carry.carried and ("608", "609") in report.carry.carried


def test_a_removed_articles_editorial_data_is_reported_not_dropped_silently(
    cli, source_text, rules_copy, tmp_path
) -> None:
    new = tmp_path / "new.txt"
    new.write_text(Edition(source_text).remove("401.1", renumber=True).text(), encoding="utf-8")
    r = cli("import", str(new))
    assert r.code == 0, r
    assert "editorial data dropped: it had nowhere to go:" in r.out
    assert "  401.1: reconstructed items" in r.out.splitlines()
    assert article(rules_copy, "401.1").items is None


def test_reconstructed_items_are_listed_for_review_when_their_evidence_changes(
    source_text, rules_copy
) -> None:
    text = (
        Edition(source_text)
        .change("609.2", "表向きのカードがあれば到達する", "表向きのカードがあっても到達しない")
        .text()
    )
    report = import_text(text, rules_copy / "ja")
    assert report.carry.review == {
        aid: ["cites 609.2, whose text changed"] for aid in ("506.1", "507.1", "603.1")
    }


def test_a_title_the_glossary_no_longer_gives_is_kept_as_editorial(source_text, rules_copy) -> None:
    report = import_text(Edition(source_text).remove_term("到達").text(), rules_copy / "ja")
    assert report.carry.glossary_removed == ["到達"]
    assert report.carry.titles_now_editorial == ["603"]
    title = article(rules_copy, "603")
    assert (title.title, title.title_editorial) == ("到達", True)


def test_a_renamed_glossary_term_keeps_its_aliases(source_text, rules_copy) -> None:
    path = rules_copy / "ja" / "1000-glossary.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("- term: 接触\n", "- term: 接触\n  aliases:\n  - contact\n", 1),
        encoding="utf-8",
    )
    report = import_text(
        Edition(source_text).rename_term("接触", "接触する").text(), rules_copy / "ja"
    )
    assert report.carry.glossary_renamed == [("接触", "接触する")]
    entry = next(
        g for g in read_rules_dir(rules_copy / "ja", "ja").glossary if g.term == "接触する"
    )
    assert entry.aliases == ("contact", "接触") and entry.targets == ("507",)


def test_an_editorial_glossary_entry_follows_the_renumbering(source_text, rules_copy) -> None:
    path = rules_copy / "ja" / "1000-glossary.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "- term: ループ\n  targets:\n  - '611.1'\n  editorial: true\n",
        encoding="utf-8",
    )
    import_text(Edition(source_text).insert("611.1", NEW_TEXT).text(), rules_copy / "ja")
    entry = next(g for g in read_rules_dir(rules_copy / "ja", "ja").glossary if g.term == "ループ")
    assert entry.editorial and entry.targets == ("611.2",)


def test_a_passage_inside_a_group_gets_a_valid_stable_id(source_text, rules_copy) -> None:
    text = Edition(source_text).add_passage_before("502.4e", "次に例を挙げる。").text()
    report = import_text(text, rules_copy / "ja")
    assert report.carry.passages_added == ["intro-502-4e"]
    passages = {p.id: p for p in read_rules_dir(rules_copy / "ja", "ja").passages}
    assert passages["intro-502-4e"].before == "502.4e"
    # The passage before 111 keeps its id when group 111 is renumbered (its translation too).
    again = import_text(Edition(text).insert_group(111, NEW_TEXT).text(), rules_copy / "ja")
    assert "intro-111" in {p.id for p in read_rules_dir(rules_copy / "ja", "ja").passages}
    assert not again.carry.passages_removed


# -- refusals: nothing written half-way --------------------------------------------------------
@pytest.mark.parametrize(
    ("edit", "marker", "reason"),
    [
        (lambda t: t.replace("603.2603.1の2", "603.0603.1の2"), "603.0603", "fits the sequence"),
        (
            lambda t: t.replace("| 隣 | 608.3 |", "| 隣 | となり |"),
            "| 隣 |",
            "neither article numbers",
        ),
        (lambda t: t.replace("| 隣 | 608.3 |", "| 隣 | 608.3 | 余分 |"), "| 隣 |", "two cells"),
        (
            lambda t: t.replace("| 隣 | 608.3 |", "間に挟まった文。\n| 隣 | 608.3 |"),
            "| 隣 |",
            "second table",
        ),
        (lambda t: t.replace("603.4到達が", "603.4\n到達が"), "603.4", "has no text"),
        (
            lambda t: t.replace("\n| 相手 |", "\n| 相手 | 100.3 |\n| 相手 |"),
            "| 相手 |",
            "appears twice",
        ),
    ],
    ids=["number", "glossary-cell", "glossary-row", "second-table", "empty-article", "term-twice"],
)
def test_an_unreadable_line_is_refused_with_its_line_and_nothing_is_written(
    cli, source_text, rules_copy, tmp_path, edit, marker, reason
) -> None:
    before = snapshot(rules_copy)
    text = edit(source_text)
    lines = [i for i, line in enumerate(text.split("\n"), 1) if line.startswith(marker)]
    bad = tmp_path / "bad.txt"
    bad.write_text(text, encoding="utf-8")
    r = cli("import", str(bad))
    assert r.code == 1 and "Traceback" not in r.err
    assert r.err.startswith(f"seven: {bad}:{lines[-1]}: ") and reason in r.err, (lines, r.err)
    assert snapshot(rules_copy) == before


def test_a_corpus_that_fails_its_checks_is_refused_before_import(source_text, rules_copy) -> None:
    path = rules_copy / "ja" / "600-effects.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("    - '602'\n", "    - '699.9'\n", 1),
        encoding="utf-8",
    )
    before = snapshot(rules_copy)
    with pytest.raises(ImportFailure, match="current ja corpus has problems") as exc:
        import_text(standard_edition(source_text).text(), rules_copy / "ja")
    assert "600-effects.yaml" in exc.value.message and "699.9" in exc.value.message
    assert snapshot(rules_copy) == before


def test_an_import_that_would_not_pass_the_checks_writes_nothing(source_text, rules_copy) -> None:
    before = snapshot(rules_copy)
    broken = Edition(source_text).change("603.4", "（→111）", "（→699.9）").text()
    with pytest.raises(ImportFailure, match="would not pass its checks") as exc:
        import_text(broken, rules_copy / "ja")
    assert "rules/ja/600-effects.yaml" in exc.value.message and "699.9" in exc.value.message
    assert ".ja-new-" not in exc.value.message
    assert snapshot(rules_copy) == before
    assert not list(rules_copy.glob(".*"))  # no staged directory left behind


def test_a_failure_while_swapping_is_finished_by_the_next_run(
    source_text, rules_copy, monkeypatch
) -> None:
    from judge_cli.corpus import switch

    expected_dir = rules_copy.parent / "expected"
    shutil.copytree(rules_copy, expected_dir)
    text = standard_edition(source_text).text()
    import_text(text, expected_dir / "ja", today="2026-01-01")
    before = snapshot(rules_copy)
    real_rename = switch._rename
    calls = []

    def flaky(src: Path, dst: Path) -> None:
        calls.append(src.name)
        if len(calls) == 4:  # committed, ja swapped in; fail on the next directory
            raise OSError("disk full")
        real_rename(src, dst)

    monkeypatch.setattr(switch, "_rename", flaky)
    with pytest.raises(OSError, match="disk full"):
        import_text(text, rules_copy / "ja", today="2026-01-01")
    monkeypatch.undo()
    assert snapshot(rules_copy) != before  # a mixture, until the next run finishes the switch
    switch._checked.clear()
    switch.recover(rules_copy)
    assert snapshot(rules_copy) == snapshot(expected_dir)
    assert not list(rules_copy.glob(".*"))


def test_importing_into_an_empty_directory_builds_a_corpus_that_passes_its_checks(
    cli, source_text, tmp_path
) -> None:
    target = tmp_path / "rules" / "ja"
    report = import_text(source_text, target, edition="first")
    assert len(report.added) == 243 and not report.removed
    assert "401" in report.carry.untitled and "201.2" not in report.carry.untitled
    assert (tmp_path / "rules" / "sources" / SOURCE_NAME).read_text(encoding="utf-8") == source_text
    r = cli("diff", str(target), str(REPO / "rules" / "ja"))
    assert r.out.splitlines()[-1] == "no differences in the articles, the glossary or the passages"
    from judge_cli.corpus.checks import check_language

    files = read_rules_dir(target, "ja")
    assert not files.problems and not check_language(files)


def test_a_new_group_moves_the_english_of_the_groups_after_it(source_text, rules_copy) -> None:
    before = {str(a.id): a for a in read_rules_dir(rules_copy / "en", "en").articles}
    report = import_text(Edition(source_text).insert_group(604, NEW_TEXT).text(), rules_copy / "ja")
    en = {str(a.id): a for a in read_rules_dir(rules_copy / "en", "en").articles}
    assert en["609"].title == before["608"].title and en["606.2"].items is not None
    # English writes references as bare numbers: "If a piece was on the square, 605 applies."
    assert en["309.3"].text == before["309.3"].text.replace("605 applies", "606 applies")
    assert en["613.1"].text == before["612.1"].text  # "follows 113": 113 did not move
    # 605.3 (was 604.3) cites 605.2 (was 604.2); 309.3 cites group 606 (was 605).
    assert not report.stale_en and {"605.3", "309.3"} <= set(report.en_refreshed)
    from judge_cli.corpus.checks import check_rules

    assert [p.message for p in check_rules().problems] == [
        "604.1 has no English translation in rules/en"
    ]


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    at=st.sampled_from(
        [str(a.id) for a in parse_source(SOURCE.read_text(encoding="utf-8")).articles]
    )
)
def test_after_any_insertion_only_the_new_article_lacks_english(
    at, rules_copy, tmp_path_factory
) -> None:
    """The publisher inserts an article anywhere and renumbers: every translation follows
    its article, writes the same references as its Japanese, and none is stale."""
    import shutil

    from judge_cli.corpus.checks import check_rules

    shutil.rmtree(rules_copy)
    shutil.copytree(REPO / "rules", rules_copy)
    published = SOURCE.read_text(encoding="utf-8")
    report = import_text(
        Edition(published).insert(at, NEW_TEXT).text(), rules_copy / "ja", edition="next"
    )
    assert not report.stale_en
    assert [p.message for p in check_rules().problems] == [
        f"{at} has no English translation in rules/en"
    ]
    ja = {a.id: a for a in read_rules_dir(rules_copy / "ja", "ja").articles}
    en = read_rules_dir(rules_copy / "en", "en")
    assert en.meta["edition"] == "next, English translation"
    for e in en.articles:
        if e.text is not None:
            j = ja[e.id].text
            ja_ids = sorted(JA_ARROW.findall(j) + DOTTED.findall(j))
            assert sorted(EN_ARROW.findall(e.text) + DOTTED.findall(e.text)) == ja_ids, e.id


def test_our_own_passages_follow_their_anchor_or_are_reported(source_text, rules_copy) -> None:
    path = rules_copy / "ja" / "600-effects.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "passages:\n- id: note-reach\n  after: '603.1'\n  text: 到達の注記。\n  editorial: true\n"
        + "- id: note-example\n  before: '604.5'\n  text: 例の注記。\n  editorial: true\n",
        encoding="utf-8",
    )
    text = Edition(source_text).insert("603.1", NEW_TEXT).remove("604.5").text()
    report = import_text(text, rules_copy / "ja")
    passages = {p.id: p for p in read_rules_dir(rules_copy / "ja", "ja").passages}
    assert passages["note-reach"].after == "603.2" and passages["note-reach"].editorial
    assert "note-example" not in passages
    assert "passage 'note-example' (editorial): its anchor 604.5 is gone" in report.carry.dropped


def test_a_reading_stays_only_while_its_text_does(source_text, rules_copy) -> None:
    before = {str(a.id): a for a in read_rules_dir(rules_copy / "ja", "ja").articles}
    assert before["603.3"].reading and before["105.5"].reading and before["603"].reading
    report = import_text(
        standard_edition(source_text).rename_term("到達", "到達する").text(), rules_copy / "ja"
    )
    assert report.carry.readings_dropped == ["603.3", "603"]  # a text and a title changed
    assert article(rules_copy, "603.3").reading is None
    assert article(rules_copy, "105.4").reading == before["105.5"].reading  # it moved
    assert article(rules_copy, "603.4").reading == before["603.4"].reading
    assert article(rules_copy, "604").reading == before["604"].reading


def test_a_reference_to_a_removed_article_is_not_moved_to_the_one_that_took_its_number(
    source_text, rules_copy
) -> None:
    path = rules_copy / "ja" / "1000-glossary.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "- term: 食い違いの例\n  targets:\n  - '105.4'\n  - '105.3'\n  editorial: true\n",
        encoding="utf-8",
    )
    # 105.4 (the example) is removed and 105.5 becomes 105.4: the entry must not follow.
    report = import_text(standard_edition(source_text).text(), rules_copy / "ja")
    entry = next(
        g for g in read_rules_dir(rules_copy / "ja", "ja").glossary if g.term == "食い違いの例"
    )
    assert entry.targets == ("105.3",)
    assert "1000「食い違いの例」 (editorial): targets 105.4" in report.carry.dropped

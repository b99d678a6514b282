"""``seven diff``: two editions compared, text or corpus on either side."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge_cli.corpus.diff import char_diff
from judge_cli.corpus.importer import import_text
from tests.conftest import REPO, SOURCE
from tests.synthetic_editions import Edition, standard_edition

NEW_TEXT = "新たに加わった条文である。検査のために置かれ、ほかのどの条文とも似ていない。"
EXPECTED = {
    "added": ["509.4"],
    "removed": ["105.4"],
    "changed": ["603.3"],
    "renumbered": [["105.5", "105.4"]],
}


@pytest.fixture
def new_text(tmp_path: Path, source_text: str) -> Path:
    path = tmp_path / "rules-2027.txt"
    path.write_text(standard_edition(source_text).text(), encoding="utf-8")
    return path


@pytest.fixture
def new_corpus(tmp_path: Path, new_text: Path) -> Path:
    """The standard edition imported into a copy of the corpus: rules/ja-like."""
    rules = tmp_path / "new-rules"
    shutil.copytree(REPO / "rules", rules)
    import_text(new_text.read_text(encoding="utf-8"), rules / "ja", edition="2027-03")
    return rules / "ja"


@pytest.fixture
def no_scenarios(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "scenarios"
    monkeypatch.setenv("SEVEN_SCENARIOS_DIR", str(root))
    return root


def lists(data: dict) -> dict:
    return {k: data[k] for k in EXPECTED}


def test_standard_edition_text_against_text_is_reported_exactly(
    cli, new_text, no_scenarios
) -> None:
    r = cli("diff", str(SOURCE), str(new_text), "--json")
    assert r.code == 0, r
    data = json.loads(r.out)
    assert lists(data) == EXPECTED
    assert [(c["status"], c["old"], c["new"]) for c in data["articles"]] == [
        ("removed", "105.4", None),
        ("renumbered", "105.5", "105.4"),
        ("added", None, "509.4"),
        ("changed", "603.3", "603.3"),
    ]
    assert data["old"]["kind"] == data["new"]["kind"] == "text"
    assert data["glossary"] == {"added": [], "removed": [], "changed": []}
    assert data["scenarios"] == [] and data["groups_renumbered"] == []


def test_standard_edition_corpus_against_corpus_is_reported_exactly(
    cli, new_corpus, no_scenarios
) -> None:
    r = cli("diff", str(REPO / "rules" / "ja"), str(new_corpus), "--json")
    assert r.code == 0, r
    data = json.loads(r.out)
    assert lists(data) == EXPECTED
    assert (data["old"]["kind"], data["new"]["edition"]) == ("corpus", "2027-03")
    # A rules/ directory holding ja/ is read as its ja/; text against corpus works too.
    mixed = json.loads(cli("diff", str(REPO / "rules"), str(new_corpus), "--json").out)
    assert lists(mixed) == EXPECTED
    assert lists(json.loads(cli("diff", str(SOURCE), str(new_corpus), "--json").out)) == EXPECTED


def test_the_text_marks_deletions_and_insertions_without_colour(
    cli, new_text, no_scenarios
) -> None:
    r = cli("diff", str(SOURCE), str(new_text))
    assert r.code == 0 and "\x1b[" not in r.out
    lines = r.out.splitlines()
    assert lines[2] == "articles: 1 added, 1 removed, 1 changed, 1 renumbered"
    assert "renumbered 105.5 → 105.4 (same text)" in lines
    i = lines.index("changed 603.3")
    assert lines[i + 1].startswith("  到達は[-瞬間-]{+一瞬の出来事+}であり、状態ではない。")
    assert (
        lines[lines.index("added 509.4") + 1]
        == "  手番が移ったプレイヤーは、ロックフェイズから新しいターンを始める。"
    )


def test_on_a_terminal_the_marks_are_coloured_too(cli, new_text, no_scenarios, monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    out = cli("diff", str(SOURCE), str(new_text)).out
    assert "\x1b[31m[-瞬間-]\x1b[0m\x1b[32m{+一瞬の出来事+}\x1b[0m" in out


def test_renumbered_and_edited_shows_its_diff_and_reference_only_changes(
    cli, tmp_path, source_text, no_scenarios
) -> None:
    new = tmp_path / "new.txt"
    new.write_text(
        Edition(source_text)
        .insert("603.1", NEW_TEXT)
        .change("603.4", "瞬間であり", "一瞬であり")
        .text(),
        encoding="utf-8",
    )
    data = json.loads(cli("diff", str(SOURCE), str(new), "--json").out)
    assert data["added"] == ["603.1"] and not data["removed"]
    assert data["renumbered"] == [
        ["603.1", "603.2"],
        ["603.2", "603.3"],
        ["603.3", "603.4"],
        ["603.4", "603.5"],
    ]
    by_old = {c["old"]: c for c in data["articles"] if c["old"]}
    edited = by_old["603.3"]
    assert 0.6 < edited["similarity"] < 1 and not edited["refs_only"]
    assert {"op": "-", "text": "瞬間"} in edited["diff"] and {"op": "+", "text": "一瞬"} in edited[
        "diff"
    ]
    # 603.2 says 「603.1の2」, which the publisher renumbered to 「603.2の2」 with 603.1.
    assert by_old["603.2"]["refs_only"] and by_old["605.1"]["refs_only"]
    assert by_old["605.1"]["status"] == "changed"
    text = cli("diff", str(SOURCE), str(new)).out
    assert "renumbered 603.3 → 603.4, edited (" in text
    assert "changed 605.1 (only the ids it writes were renumbered)" in text


def test_the_scenarios_that_cite_affected_articles_are_listed(cli, new_text, no_scenarios) -> None:
    # The base game's scenarios (and their cards): the expected list below is theirs.
    shutil.copytree(REPO / "scenarios" / "base", no_scenarios / "base")
    shutil.copytree(REPO / "scenarios" / "cards", no_scenarios / "cards")
    base = (no_scenarios / "base" / "503-3-second-lock.yaml").read_text(encoding="utf-8")
    assert "\n  refused:" in base
    (no_scenarios / "base" / "zz-order.yaml").write_text(
        base.replace("\n  refused:", '\n  not_fires: ["105.5", "603"]\n  refused:'),
        encoding="utf-8",
    )
    (no_scenarios / "base" / "zz-broken.yaml").write_text("title: [\n", encoding="utf-8")
    data = json.loads(cli("diff", str(SOURCE), str(new_text), "--json").out)
    assert data["scenarios"] == [
        {
            # Its replay fires 603.3 (507.1a: no move, so no reach).
            "file": "scenarios/base/507-1a-contact-against-piece-on-its-gate.yaml",
            "articles": [{"id": "603.3", "why": "changed"}],
        },
        {
            "file": "scenarios/base/zz-order.yaml",
            "articles": [
                {"id": "105.5", "why": "renumbered to 105.4"},
                {"id": "603", "why": "603.3 changed"},
            ],
        },
    ]
    assert len(data["warnings"]) == 1 and "zz-broken.yaml" in data["warnings"][0]
    text = cli("diff", str(SOURCE), str(new_text)).out.splitlines()
    assert (
        "  scenarios/base/zz-order.yaml: 105.5 (renumbered to 105.4), 603 (603.3 changed)" in text
    )


def test_a_scenario_cites_what_its_expectations_name_and_its_replay_fires() -> None:
    from judge_cli.recheck import cited_articles

    cited, warning = cited_articles(REPO / "scenarios" / "base" / "503-3-second-lock.yaml")
    assert warning is None
    assert cited[:6] == ["503.1", "701.1", "703.1", "703.3", "303.2", "503.3"]  # expectations
    assert len(cited) == len(set(cited))


def test_glossary_and_passages_are_compared_too(cli, tmp_path, source_text, no_scenarios) -> None:
    new = tmp_path / "new.txt"
    new.write_text(
        Edition(source_text)
        .rename_term("接触", "接触する")
        .add_passage_before("502.4e", "次に例を挙げる。")
        .text(),
        encoding="utf-8",
    )
    data = json.loads(cli("diff", str(SOURCE), str(new), "--json").out)
    assert lists(data) == {"added": [], "removed": [], "changed": [], "renumbered": []}
    assert data["glossary"]["added"] == [{"term": "接触する", "cell": "507"}]
    assert data["glossary"]["removed"] == [{"term": "接触", "cell": "507"}]
    assert data["passages"]["added"] == [{"id": "intro-502-4e", "text": "次に例を挙げる。"}]
    text = cli("diff", str(SOURCE), str(new)).out
    assert "  added 「接触する」: 507" in text and "  added intro-502-4e: 次に例を挙げる。" in text


def test_the_same_edition_has_no_differences(cli, no_scenarios) -> None:
    r = cli("diff", str(REPO / "rules" / "ja"), str(SOURCE))
    assert (
        r.code == 0
        and r.out.splitlines()[-1] == "no differences in the articles, the glossary or the passages"
    )


def test_bad_sides_are_errors_that_name_them(cli, tmp_path, source_text, rules_copy) -> None:
    missing = cli("diff", str(tmp_path / "nope.txt"), str(SOURCE))
    assert missing.code == 1 and "nope.txt: no such file" in missing.err
    empty = tmp_path / "empty"
    empty.mkdir()
    r = cli("diff", str(empty), str(SOURCE))
    assert r.code == 1 and "not a corpus" in r.err
    bad = tmp_path / "bad.txt"
    bad.write_text(source_text.replace("| 隣 | 608.3 |", "| 隣 | となり |"), encoding="utf-8")
    r = cli("diff", str(SOURCE), str(bad))
    assert r.code == 1 and f"{bad}:" in r.err and "隣" in r.err and "Traceback" not in r.err
    (rules_copy / "ja" / "700-lock.yaml").write_text("articles: [\n", encoding="utf-8")
    r = cli("diff", str(rules_copy / "ja"), str(SOURCE))
    assert r.code == 1 and "700-lock.yaml" in r.err and "seven check" in r.err


@given(
    st.text(alphabet="到達はの瞬間一であり、。ab", max_size=30),
    st.text(alphabet="到達はの瞬間一であり、。ab", max_size=30),
)
def test_char_diff_rebuilds_both_texts(old: str, new: str) -> None:
    ops = char_diff(old, new)
    assert "".join(t for op, t in ops if op != "+") == old
    assert "".join(t for op, t in ops if op != "-") == new
    assert all(t for _, t in ops)


def test_a_new_group_shows_the_groups_that_moved(cli, tmp_path, source_text, no_scenarios) -> None:
    new = tmp_path / "new.txt"
    new.write_text(Edition(source_text).insert_group(604, NEW_TEXT).text(), encoding="utf-8")
    data = json.loads(cli("diff", str(SOURCE), str(new), "--json").out)
    assert data["groups_renumbered"] == [[str(g), str(g + 1)] for g in range(604, 613)]
    assert data["added"] == ["604.1"] and not data["removed"] and len(data["renumbered"]) == 43
    text = cli("diff", str(SOURCE), str(new)).out.splitlines()
    assert text[3].startswith("groups renumbered: 604 → 605, 605 → 606,")

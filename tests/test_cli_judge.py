"""``seven judge`` through the CLI: output, JSON interface, options, errors, both paths."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_cli.cli.app import run as typer_run
from judge_cli.errors import JudgeError
from judge_cli.lookup.index import load_index
from judge_cli.lookup.search import VIAS, search

REPO = Path(__file__).resolve().parent.parent


def test_603_judge_shows_the_article_its_glossary_entry_and_other_candidates(cli) -> None:
    r = cli("judge", "到達")
    assert r.code == 0, r
    first, rest = r.out.split("\n", 1)
    assert first == "603 到達"
    assert "603.1 「到達」とは、次のいずれかが起きた瞬間である。" in rest
    assert "参照元: 507.1a, 601.3, 605.1, 1000「到達」" in rest  # referenced-by
    assert "出典: 7 SHADES OF S:EVEN 総合ルール" in rest  # the edition line
    assert "用語集「到達」 → 603" in rest  # the glossary entry that led there
    assert "一致: 用語「到達」" in rest
    candidates = rest.split("ほかの候補:\n", 1)[1].splitlines()
    assert candidates[0].split()[:2] == ["604", "到達効果"]


def test_603_judge_reuses_the_article_renderer_byte_for_byte(cli) -> None:
    rule = cli("rule", "603")
    judge = cli("judge", "到達")
    assert judge.out.startswith(rule.out.rstrip("\n") + "\n\n")


def test_609_2_english_query_and_english_output(cli) -> None:
    r = cli("judge", "forced", "move", "--lang", "en")
    assert r.code == 0, r
    assert r.out.startswith("609.2 ")
    assert 'Glossary "forced move" → 609.2' in r.out
    assert "Other candidates:" in r.out


def test_lang_both_prints_each_text_in_both_languages(cli) -> None:
    r = cli("judge", "609.2", "--lang", "both")
    assert r.code == 0
    assert "「強制移動」とは" in r.out and '"forced move"' in r.out.lower()


def test_json_is_the_stable_interface(cli) -> None:
    r = cli("judge", "到達", "--json")
    assert r.code == 0
    data = json.loads(r.out)
    assert data["query"] == "到達"
    results = data["results"]
    assert results[0]["id"] == "603" and results[0]["via"] == "term"
    for res in results:
        assert {"id", "score", "text", "via"} <= res.keys()
        assert res["via"] in VIAS
        assert isinstance(res["rulings"], list)
        for ruling in res["rulings"]:  # judge_cli/rulings.py: the scenarios citing it
            assert {"id", "title", "question", "answer", "articles", "date", "source"} <= set(
                ruling
            )
    scores = [res["score"] for res in results]
    assert scores == sorted(scores, reverse=True)
    assert results[0]["matched"] == {
        "key": "到達",
        "how": "exact",
        "entry": "1000「到達」",
        "lang": "ja",
    }
    assert results[0]["referenced_by"]


def test_json_both_keeps_text_japanese_and_adds_the_translation(cli) -> None:
    data = json.loads(cli("judge", "強制移動", "--json", "--lang", "both").out)
    best = data["results"][0]
    assert best["id"] == "609.2" and best["text"].startswith("「強制移動」")
    assert best["translations"]["en"]["text"].startswith('A "forced move"')


def test_limit_caps_the_candidates(cli) -> None:
    data = json.loads(cli("judge", "移動", "--json", "--limit", "2").out)
    assert len(data["results"]) == 2


@pytest.mark.parametrize(
    ("query", "lang", "expected"),
    [
        ("gateway bonux", "en", "closest terms: gate, Gates, Gate Invasion Bonus"),
        ("gateway bonux", "ja", "closest terms: ゲート、相手ゲート侵攻ボーナス"),
        ("gateway bonux", "both", "closest terms: ゲート / gate, "),
        ("ふぉぬ", "ja", "closest terms: ファーストカード、ファーストカードの選択"),
        ("ふぉぬ", "en", "closest terms: First card, Choosing First cards"),
        ("ふぉぬ", "both", "closest terms: ファーストカード / First card, "),
    ],
)
def test_the_closest_terms_are_in_the_language_of_the_answer(cli, query, lang, expected) -> None:
    """A query that matches nothing: the closest terms are found in the query's script, then
    given in the answer's language (the same glossary entry, title or card)."""
    r = cli("judge", query, "--lang", lang)
    assert r.code == 1 and f"nothing in the rules matches {query!r}" in r.err
    assert expected in r.err, r.err
    hint = r.err.split("closest terms: ", 1)[1]
    if lang == "en":
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", hint), hint
    elif lang == "ja":
        assert not re.search(r"[A-Za-z]", hint), hint


def test_without_lang_the_closest_terms_follow_the_query(cli) -> None:
    assert "closest terms: gate, Gates" in cli("judge", "gateway bonux").err
    assert "closest terms: ファーストカード、" in cli("judge", "ふぉぬ").err


def test_1000_a_glossary_note_is_an_answer_of_its_own(cli) -> None:
    r = cli("judge", "無作為")
    assert r.code == 0
    assert r.out.startswith("1000「無作為」 無作為\n")
    assert "※意図や偏りを持たず選ぶこと" in r.out and "参照先: 304.4" in r.out


def test_nothing_found_names_the_closest_terms_and_exits_1(cli) -> None:
    r = cli("judge", "spaceship fuel")
    assert r.code == 1 and r.out == ""
    assert "nothing in the rules matches 'spaceship fuel'" in r.err
    assert "closest terms: " in r.err and "piece" in r.err
    assert "Traceback" not in r.err
    r = cli("judge", "宇宙船の燃料")
    assert r.code == 1 and "'宇宙船の燃料'" in r.err and "try a term" in r.err


def test_205_a_typo_in_a_long_term_is_still_found_and_said_to_be_a_guess(cli) -> None:
    r = cli("judge", "ロックエリアバァ設定")
    lines = r.out.splitlines()
    assert r.code == 0 and lines[0].startswith("自信がありません")
    assert lines[1].split()[:2] == ["205", "ロックエリアバー"]
    assert len(lines) == 4  # the top three, each with its first sentence


def test_an_unknown_article_number_names_the_nearest(cli) -> None:
    r = cli("judge", "603.9")
    assert r.code == 1 and "no article '603.9'" in r.err and "603.4" in r.err


def test_empty_and_oversized_queries_are_clear_errors(cli) -> None:
    assert cli("judge", "   ").code == 1
    r = cli("judge", "到" * 10_000)
    assert r.code == 1 and "at most" in r.err and "Traceback" not in r.err


def test_a_bad_option_value_is_a_usage_error_from_typer(cli) -> None:
    r = cli("judge", "到達", "--lang", "fr")
    assert r.code == 2 and "fr" in r.err
    assert cli("judge", "到達", "--limit", "0").code == 2


def test_help_goes_through_typer(cli) -> None:
    r = cli("judge", "--help")
    assert r.code == 0 and "Example: seven judge 到達" in r.out


@pytest.mark.parametrize(
    "args",
    [
        ["judge", "到達"],
        ["judge", "forced", "move", "--lang", "en"],
        ["judge", "とうたつ", "--json"],
        ["judge", "山札がなくなったら", "--lang=both", "--limit=3"],
        ["judge", "603.9"],
        ["judge", "--", "-1"],
    ],
)
def test_fast_path_and_typer_print_the_same_bytes(cli, capsys, args) -> None:
    fast = cli(*args)
    code = typer_run(args)
    captured = capsys.readouterr()
    assert (code, captured.out, captured.err) == (fast.code, fast.out, fast.err)


def test_the_fast_path_imports_neither_typer_rich_yaml_nor_pydantic(cli) -> None:
    cli("judge", "到達")  # builds the index in the session cache if needed
    code = (
        "import sys\nfrom judge_cli.cli.main import main\n"
        "code = main(['judge', '到達'])\n"
        "heavy = [m for m in ('typer', 'click', 'rich', 'yaml', 'pydantic', 'rapidfuzz') if m in sys.modules]\n"
        "print('HEAVY', heavy, code)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ)
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().endswith("HEAVY [] 0"), r.stdout[-300:]


def test_the_index_is_rebuilt_when_the_yaml_changes(cli, rules_copy) -> None:
    path = rules_copy / "ja" / "1000-glossary.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - 到着\n", "  - 到着\n  - たどりつく\n", 1), encoding="utf-8")
    r = cli("judge", "たどりつく", "--json")
    assert json.loads(r.out)["results"][0]["id"] == "603"


def test_a_broken_corpus_is_an_error_not_a_traceback(cli, rules_copy) -> None:
    (rules_copy / "ja" / "700-lock.yaml").write_text("articles: [\n", encoding="utf-8")
    r = cli("judge", "到達")
    assert r.code == 1 and "seven check" in r.err and "Traceback" not in r.err


def test_every_id_the_lookup_can_answer_exists_in_the_corpus(ja) -> None:
    from judge_cli.cards import load_designs

    index = load_index()
    designs = load_designs()
    for entry in index["entries"]:
        for target in entry["targets"]:
            if entry["kind"] == "card":
                assert target in designs, (entry["term"], target)
            else:
                assert ja.has(target), (entry["term"], target)
    for side in (s for pair in index["contrasts"] for s in pair):
        assert all(ja.has(aid) for aid in side["articles"]), side
    for name in ("ja", "ja_q", "kana", "en", "en_q"):
        from judge_cli.lookup.index import part

        for aid in part(index, "fulltext", name)["ids"]:
            assert ja.has(aid), aid


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(st.characters(blacklist_categories=()), max_size=120))
def test_judge_raises_nothing_but_judge_errors_on_any_text(cli, text: str) -> None:
    index = load_index()
    with contextlib.suppress(JudgeError):  # a JudgeError is the allowed outcome
        search(index, text)
    r = cli("judge", "--", text) if text else cli("judge", "--", " ")
    assert r.code in (0, 1), r
    assert "Traceback" not in r.err


def test_colour_follows_force_color_and_no_color(cli, monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    coloured = cli("judge", "接触").out
    assert "\x1b[1;36m507\x1b[0m" in coloured
    assert "\x1b" not in cli("judge", "接触", "--json").out  # JSON is never coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in cli("judge", "接触").out

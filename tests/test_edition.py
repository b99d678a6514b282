"""Every view of an article names the edition it quotes."""

from __future__ import annotations

import json

from judge_cli.corpus.edition import Edition, edition_of
from judge_cli.corpus.importer import import_text
from judge_cli.corpus.store import load_corpus
from tests.synthetic_editions import standard_edition


def test_edition_of_the_corpus_is_its_meta(ja) -> None:
    e = edition_of(ja)
    assert (e.name, e.date, e.date_kind, e.lang) == (
        "copy of 2026-11-29",
        "2026-11-29",
        "copied",
        "ja",
    )
    assert e.label() == "7 SHADES OF S:EVEN 総合ルール (copy of 2026-11-29)"
    assert e.data()["source_sha256"] == ja.meta["source_sha256"]


def test_a_published_edition_shows_its_date() -> None:
    e = Edition.from_meta(
        {"title": "T", "edition": "2027-03", "date": "2027-03-01", "date_kind": "published"}
    )
    assert e.label() == "T (2027-03, 2027-03-01)"


def test_dump_names_the_edition_on_every_entry(cli, ja) -> None:
    data = json.loads(cli("dump").out)
    assert {d["edition"] for d in data} == {"copy of 2026-11-29"}
    assert {"passage", "glossary", "article", "group", "section"} <= {d["kind"] for d in data}


def test_rule_json_and_text_name_the_edition_after_an_import(cli, source_text, rules_copy) -> None:
    import_text(
        standard_edition(source_text).text(),
        rules_copy / "ja",
        edition="2027-03",
        date="2027-03-01",
    )
    load_corpus.cache_clear()
    assert json.loads(cli("rule", "509.4", "--json").out)["edition"] == "2027-03"
    assert (
        cli("rule", "509.4").out.splitlines()[-1]
        == "出典: 7 SHADES OF S:EVEN 総合ルール (2027-03, 2027-03-01)"
    )
    assert {d["edition"] for d in json.loads(cli("dump").out)} == {"2027-03"}


def test_dump_both_languages_names_each_edition(cli) -> None:
    data = json.loads(cli("dump", "--lang", "both").out)
    en_edition = load_corpus("en").meta["edition"]
    assert {json.dumps(d["edition"]) for d in data} == {
        json.dumps({"ja": "copy of 2026-11-29", "en": en_edition})
    }

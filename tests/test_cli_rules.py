"""``seven rule``, ``seven dump`` and ``seven check`` through the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

from judge_cli.corpus.store import load_corpus


def test_603_rule_shows_children_editorial_items_and_referrers(cli) -> None:
    r = cli("rule", "603")
    assert r.code == 0, r
    for child in ("603.1", "603.2", "603.3", "603.4"):
        assert child in r.out
    assert (
        "1. 〔編集：公式ルールブック p.8 で確認〕 駒が、1番上に表向きのカードのあるマスへ" in r.out
    )
    assert "2. 〔編集：当方の読み〕 駒のいるマスの1番上のカードが、表向きになった瞬間" in r.out
    referrers = next(line for line in r.out.splitlines() if line.startswith("参照元:"))
    assert "605.1" in referrers


def test_rule_no_children_shows_only_the_article(cli) -> None:
    r = cli("rule", "603", "--no-children")
    assert r.code == 0 and "603.1" not in r.out.split("\n\n")[0]


def test_rule_json_nests_children(cli) -> None:
    r = cli("rule", "606.1a", "--json")
    data = json.loads(r.out)
    assert data["id"] == "606.1a"
    assert [c["id"] for c in data["children"]] == ["606.1a-1", "606.1a-2"]
    assert "502.4" in data["referenced_by"]


def test_rule_accepts_full_width_ids(cli) -> None:
    r = cli("rule", "６０３．１")
    assert r.code == 0 and r.out.startswith("603.1")


def test_rule_unknown_id_names_the_nearest_ids(cli) -> None:
    r = cli("rule", "603.9")
    assert r.code == 1
    assert "'603.9'" in r.err and "nearest" in r.err and "603.4" in r.err
    assert "Traceback" not in r.err


def test_rule_not_an_id_points_to_judge(cli) -> None:
    r = cli("rule", "到達")
    assert r.code == 1 and "seven judge" in r.err


def test_rule_without_id_is_a_usage_error(cli) -> None:
    assert cli("rule").code == 2


def test_dump_is_every_article_in_document_order(cli, ja) -> None:
    r = cli("dump", "--lang", "ja")
    assert r.code == 0
    data = json.loads(r.out)
    articles = [d for d in data if d["kind"] == "article"]
    assert len(articles) == 243
    assert all({"id", "text", "refs", "referenced_by"} <= d.keys() for d in data)
    ids = [d["id"] for d in data if d["kind"] in ("section", "group", "article")]
    assert ids == [str(a) for a in ja.ids()]
    by_id = {d["id"]: d for d in data}
    assert by_id["603.1"]["items"]["editorial"] is True
    assert by_id["800"]["title_editorial"] is True and by_id["800"]["editorial"] is True
    assert by_id["603"].get("title_editorial") is None
    assert "605.1" in by_id["603.1"]["referenced_by"]
    assert by_id["1000「無作為」"]["referenced_by"] == ["304.4"]


def test_check_is_clean(cli) -> None:
    r = cli("check")
    assert r.code == 0, r.out + r.err
    assert "no problems" in r.out


def test_check_reports_each_problem_with_file_and_line(cli, rules_copy) -> None:
    path = rules_copy / "ja" / "600-effects.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("    - '602'\n", "    - '699.9'\n", 1)  # a reference that resolves nowhere
    text = text.replace("  '602.1':\n    text:", "  '602.1':\n    colour: red\n    text:", 1)
    path.write_text(text, encoding="utf-8")
    r = cli("check")
    assert r.code == 1
    lines = r.out.splitlines()
    assert any(x.startswith("rules/ja/600-effects.yaml:") and "699.9" in x for x in lines), r.out
    assert any("unknown key 'colour'" in x and ":" in x.split(" ")[0] for x in lines), r.out


def test_check_reports_articles_out_of_order_and_in_the_wrong_file(cli, rules_copy) -> None:
    path = rules_copy / "ja" / "900-special-situations.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("  '905.3':", "  '805.9':\n    text: x\n  '905.3':")
    path.write_text(text, encoding="utf-8")
    r = cli("check")
    assert r.code == 1
    assert "805.9 belongs in 800-gate-invasion-bonus.yaml" in r.out
    assert "out of document order" in r.out


def test_check_reports_broken_yaml_with_its_line(cli, rules_copy) -> None:
    path = rules_copy / "ja" / "700-lock.yaml"
    path.write_text("articles:\n  '701.1':\n    text: [unclosed\n", encoding="utf-8")
    r = cli("check")
    assert r.code == 1 and "rules/ja/700-lock.yaml:" in r.out and "YAML" in r.out


def test_a_broken_corpus_is_an_error_not_a_traceback(cli, rules_copy) -> None:
    (rules_copy / "ja" / "700-lock.yaml").write_text("articles: [\n", encoding="utf-8")
    r = cli("rule", "701")
    assert r.code == 1 and "seven check" in r.err and "Traceback" not in r.err


def test_compiled_index_is_rebuilt_when_the_yaml_changes(rules_copy) -> None:
    before = load_corpus("ja").get("101.1").text
    path = rules_copy / "ja" / "100-general.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace(before, "改訂した本文。"), encoding="utf-8"
    )
    load_corpus.cache_clear()
    assert load_corpus("ja").get("101.1").text == "改訂した本文。"


def test_every_command_has_help_with_an_example(cli) -> None:
    from judge_cli.cli.app import build_app

    app = build_app()
    names = [c.name or c.callback.__name__ for c in app.registered_commands]
    assert {"rule", "dump", "check", "import"} <= set(names)
    for c in app.registered_commands:
        doc = c.callback.__doc__ or ""
        assert "Example: seven " in doc, c.callback.__name__
        r = cli(c.name or c.callback.__name__, "--help")
        assert r.code == 0


def test_help_reads_plainly_with_the_example_and_usage_as_written(cli) -> None:
    """Usage lines name each argument once (``[ID...]``, not ``[[ID]...]...``), switches carry
    no type label, paragraphs are wrapped to the terminal, and the example is shown."""
    import re

    from judge_cli.cli.app import build_app

    for c in build_app().registered_commands:
        name = c.name or c.callback.__name__.rstrip("_")
        r = cli(name, "--help")
        assert r.code == 0, name
        usage = r.out.splitlines()[0]
        assert usage.startswith(f"Usage: seven {name} [OPTIONS]"), usage
        assert "[[" not in usage and "{" not in usage and "]..." not in usage, usage
        assert "Example: seven " in r.out, name
        assert not re.search(r"<(bool|list\[)", r.out), (name, r.out)
        assert all(len(line) <= 80 for line in r.out.splitlines()), name


def test_version(cli) -> None:
    r = cli("--version")
    assert r.code == 0 and re.match(r"seven \d+\.\d+", r.out)


def test_an_installed_seven_import_does_not_write_into_its_package(
    cli, tmp_path, monkeypatch
) -> None:
    """Installed from a wheel, the rules seven reads are package data: an import refuses to
    write there, and writes into the checkout in the current folder instead."""
    import shutil

    import judge_cli.paths as paths

    repo = Path(__file__).resolve().parents[1]
    package = tmp_path / "site-packages" / "judge_cli"
    shutil.copytree(repo / "rules" / "ja", package / "_data" / "rules" / "ja")
    monkeypatch.setattr(paths, "REPO_DIR", tmp_path / "site-packages")
    monkeypatch.setattr(paths, "PACKAGE_DIR", package)
    monkeypatch.delenv("SEVEN_RULES_DIR", raising=False)
    source = str(repo / "rules" / "sources" / "seven-comprehensive-rules.ja.txt")
    monkeypatch.chdir(tmp_path)
    r = cli("import", source, "--dry-run")
    assert r.code == 1 and "seven is installed" in r.err and "--rules DIR" in r.err
    assert "Traceback" not in r.err
    checkout = tmp_path / "checkout"
    shutil.copytree(repo / "rules" / "ja", checkout / "rules" / "ja")
    monkeypatch.chdir(checkout)
    r = cli("import", source, "--dry-run", "--json")
    assert r.code == 0, r.err

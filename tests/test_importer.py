"""Importing the published text keeps editorial data and changes nothing the second time."""

from __future__ import annotations

from judge_cli.corpus.importer import import_text


def test_reimporting_the_source_reproduces_rules_ja_exactly(source_text, rules_copy) -> None:
    target = rules_copy / "ja"
    before = {p.name: p.read_bytes() for p in target.glob("*.yaml")}
    report = import_text(source_text, target, name="source.txt")
    assert report.unchanged and not report.changed and not report.added
    assert {p.name: p.read_bytes() for p in target.glob("*.yaml")} == before


def test_a_changed_article_keeps_its_editorial_data(source_text, rules_copy) -> None:
    target = rules_copy / "ja"
    edited = source_text.replace(
        "603.1「到達」とは、次のいずれかが", "603.1「到達」とは、次の2つのいずれかが"
    )
    report = import_text(edited, target, name="new.txt", edition="test", today="2030-01-01")
    assert report.changed == ["603.1"]
    from judge_cli.corpus.files import read_rules_dir

    files = read_rules_dir(target, "ja")
    art = next(a for a in files.articles if str(a.id) == "603.1")
    assert art.text.startswith("「到達」とは、次の2つの")
    assert art.items is not None and len(art.items.items) == 2
    assert files.meta["edition"] == "test"


def test_a_failed_import_writes_nothing(source_text, rules_copy) -> None:
    import pytest

    from judge_cli.errors import ImportFailure

    target = rules_copy / "ja"
    before = {p.name: p.read_bytes() for p in target.glob("*.yaml")}
    broken = source_text.replace("603.2603.1の2", "603.0603.1の2")
    with pytest.raises(ImportFailure) as exc:
        import_text(broken, target, name="broken.txt")
    assert exc.value.line is not None
    assert {p.name: p.read_bytes() for p in target.glob("*.yaml")} == before

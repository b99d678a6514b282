"""Data safety: an import that cannot destroy the corpus, caches that cannot lie, hostile files
that cannot hang or flood the terminal, outputs that are written whole or not at all."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge_cli.corpus import switch
from judge_cli.corpus.files import read_rules_dir, write_rules_dirs
from judge_cli.corpus.importer import import_text
from judge_cli.errors import ImportFailure
from tests.synthetic_editions import Edition, standard_edition

REPO = Path(__file__).resolve().parent.parent


def snapshot(rules: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(rules)): p.read_bytes() for p in sorted(rules.rglob("*")) if p.is_file()
    }


# -- import: a damaged or truncated copy is refused before anything is written ------------------
def test_import_of_a_truncated_copy_is_refused_naming_what_would_go(
    cli, source_text, rules_copy, tmp_path
) -> None:
    before = snapshot(rules_copy)
    truncated = tmp_path / "truncated.txt"
    truncated.write_text("\n".join(source_text.split("\n")[:4]) + "\n", encoding="utf-8")
    r = cli("import", str(truncated))
    assert r.code == 1 and "Traceback" not in r.err
    assert "removed" in r.err and "would remove" in r.err and "--allow-removals" in r.err
    assert "603.3" in r.err or "more" in r.err
    assert "section" in r.err and "600" in r.err
    assert snapshot(rules_copy) == before
    assert not list(rules_copy.glob(".*"))


def test_import_refuses_more_than_a_few_removals_and_names_them(source_text, rules_copy) -> None:
    edition = Edition(source_text)
    for aid in ("101.4", "102.4", "111.3", "112.3"):
        edition = edition.remove(aid)
    before = snapshot(rules_copy)
    with pytest.raises(ImportFailure) as exc:
        import_text(edition.text(), rules_copy / "ja")
    assert "4 removed" in exc.value.message
    for aid in ("101.4", "102.4", "111.3", "112.3"):
        assert aid in exc.value.message
    assert snapshot(rules_copy) == before


def test_import_with_allow_removals_imports_the_edition(source_text, rules_copy) -> None:
    edition = Edition(source_text)
    for aid in ("101.4", "102.4", "111.3", "112.3"):
        edition = edition.remove(aid)
    report = import_text(edition.text(), rules_copy / "ja", allow_removals=True)
    assert sorted(report.removed) == ["101.4", "102.4", "111.3", "112.3"]
    ids = {str(a.id) for a in read_rules_dir(rules_copy / "ja", "ja").articles}
    assert "112.3" not in ids and "112.2" in ids


def test_import_of_an_edition_removing_a_few_articles_needs_no_flag(
    source_text, rules_copy
) -> None:
    report = import_text(standard_edition(source_text).text(), rules_copy / "ja")
    assert report.removed == ["105.4"]


def test_a_zero_width_space_inside_an_article_number_is_removed_with_a_warning(
    source_text, rules_copy
) -> None:
    before = snapshot(rules_copy)
    text = source_text.replace("\n603.3", "\n60\u200b3.\u200b3", 1)
    assert "60\u200b3" in text
    report = import_text(text, rules_copy / "ja")
    assert report.unchanged and not report.removed
    assert any("U+200B" in w and "line" in w for w in report.warnings)
    assert snapshot(rules_copy) == before


# -- import: the corpus switches at once, whenever the import is stopped ----------------------
class Killed(BaseException):
    """The process was killed: nothing more reaches the disk, no clean-up runs."""


PRIMITIVES = ("_write", "_copy", "_mkdir", "_rename", "_unlink", "_rmdir")


def _kill_at(monkeypatch: pytest.MonkeyPatch, k: int | None) -> list[str]:
    """Patch every write primitive of the switch: the k-th call (1-based) and every later
    one raise :class:`Killed` (a dead process writes nothing more). Returns the calls."""
    calls: list[str] = []
    for name in PRIMITIVES:
        real = getattr(switch, name)

        def primitive(*args, _real=real, _name=name):
            calls.append(_name)
            if k is not None and len(calls) >= k:
                raise Killed(_name)
            return _real(*args)

        monkeypatch.setattr(switch, name, primitive)
    return calls


@pytest.fixture
def captured_import(source_text, rules_copy):
    """The writes of a real import (an edition that changes ja, en and sources), captured so
    that they can be replayed and stopped at each step."""
    import judge_cli.corpus.importer as importer

    captured = {}
    kills = pytest.MonkeyPatch()
    real = importer.write_rules_dirs

    def capture(rendered, *, validate=None, dry_run=False):
        captured.update(rendered=rendered, validate=validate)
        return real(rendered, validate=validate, dry_run=True)

    kills.setattr(importer, "write_rules_dirs", capture)
    import_text(standard_edition(source_text).text(), rules_copy / "ja", today="2026-01-01")
    kills.undo()
    assert {d.name for d in captured["rendered"]} == {"ja", "en", "sources"}
    return captured


def test_import_killed_at_every_write_leaves_the_old_or_the_new_corpus_and_no_leftovers(
    captured_import, rules_copy, tmp_path
) -> None:
    kills = pytest.MonkeyPatch()
    pristine = tmp_path / "pristine"
    shutil.copytree(rules_copy, pristine)
    old = snapshot(rules_copy)
    calls = _kill_at(kills, None)
    write_rules_dirs(captured_import["rendered"], validate=captured_import["validate"])
    kills.undo()
    new = snapshot(rules_copy)
    writes = len(calls)
    assert old != new and writes > 20
    outcomes = []
    for k in range(1, writes + 1):
        shutil.rmtree(rules_copy)
        shutil.copytree(pristine, rules_copy)
        _kill_at(kills, k)
        with pytest.raises(Killed):
            write_rules_dirs(captured_import["rendered"], validate=captured_import["validate"])
        kills.undo()
        switch._checked.clear()
        switch.recover(rules_copy)  # the next run
        after = snapshot(rules_copy)
        assert after in (old, new), f"killed at write {k}: a mixture of two corpora"
        assert not list(rules_copy.glob(".*")), f"killed at write {k}: leftovers"
        outcomes.append("new" if after == new else "old")
    # Before the journal is committed the switch rolls back; after it, it rolls forward.
    assert outcomes == sorted(outcomes, reverse=True) and "old" in outcomes and "new" in outcomes


def test_a_reader_finishes_an_interrupted_switch_before_reading(
    captured_import, rules_copy
) -> None:
    from judge_cli.corpus.store import load_corpus

    kills = pytest.MonkeyPatch()
    calls = _kill_at(kills, None)
    write_rules_dirs(captured_import["rendered"])
    kills.undo()
    renames = [i for i, c in enumerate(calls, 1) if c == "_rename"]
    shutil.rmtree(rules_copy)
    shutil.copytree(REPO / "rules", rules_copy)
    _kill_at(kills, renames[2])  # committed; ja moved aside, its new copy not yet in
    with pytest.raises(Killed):
        write_rules_dirs(captured_import["rendered"])
    kills.undo()
    assert not (rules_copy / "ja").exists()
    switch._checked.clear()
    load_corpus.cache_clear()
    corpus = load_corpus("ja")
    assert "105.5" not in {str(a) for a in corpus.articles} and "509.4" in {
        str(a) for a in corpus.articles
    }
    assert not list(rules_copy.glob(".*"))

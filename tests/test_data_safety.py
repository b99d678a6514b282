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
    """The writes of a real import (an edition that changes ja, en, sources and the players'
    words), captured so that they can be replayed and stopped at each step."""
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
    assert {d.name for d in captured["rendered"]} == {"ja", "en", "sources", "players"}
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


KILLER = """
import os, signal, sys
from pathlib import Path
from judge_cli.corpus import switch
from judge_cli.corpus.importer import import_text

k, calls = int(sys.argv[3]), []
for name in {primitives!r}:
    real = getattr(switch, name)
    def primitive(*args, _real=real):
        calls.append(1)
        if len(calls) == k:
            os.kill(os.getpid(), signal.SIGKILL)
        return _real(*args)
    setattr(switch, name, primitive)
text = Path(sys.argv[1]).read_text(encoding="utf-8")
import_text(text, Path(sys.argv[2]) / "ja", today="2026-01-01")
"""


def test_import_sigkilled_before_during_and_after_its_commit_leaves_one_corpus(
    source_text, rules_copy, tmp_path
) -> None:
    import signal
    import subprocess
    import sys

    edition = tmp_path / "edition.txt"
    edition.write_text(standard_edition(source_text).text(), encoding="utf-8")
    pristine, expected = tmp_path / "pristine", tmp_path / "expected"
    shutil.copytree(rules_copy, pristine)
    shutil.copytree(rules_copy, expected)
    import_text(edition.read_text(encoding="utf-8"), expected / "ja", today="2026-01-01")
    old, new = snapshot(pristine), snapshot(expected)
    script = tmp_path / "killer.py"
    script.write_text(KILLER.format(primitives=PRIMITIVES), encoding="utf-8")
    counting, scratch = pytest.MonkeyPatch(), tmp_path / "scratch"
    shutil.copytree(rules_copy, scratch)
    calls = _kill_at(counting, None)
    import_text(edition.read_text(encoding="utf-8"), scratch / "ja", today="2026-01-01")
    counting.undo()
    commit = calls.index("_rename") + 1  # the journal renamed into place
    # Killed at: the first write, just before the commit, just after it, the last write.
    outcomes = []
    for k in (1, commit, commit + 1, len(calls)):
        shutil.rmtree(rules_copy)
        shutil.copytree(pristine, rules_copy)
        run = subprocess.run(
            [sys.executable, str(script), str(edition), str(rules_copy), str(k)],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=REPO,
        )
        assert run.returncode == -signal.SIGKILL, run.stderr
        switch._checked.clear()
        switch.recover(rules_copy)
        after = snapshot(rules_copy)
        assert after in (old, new) and not list(rules_copy.glob(".*")), k
        outcomes.append(after == new)
    assert outcomes == [False, False, True, True]


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


def test_a_reader_waits_for_a_switch_in_progress_in_another_process(rules_copy) -> None:
    import subprocess
    import sys
    import time

    staged = rules_copy / ".ja-new-0a1b2c3d"
    staged.mkdir()
    code = "import sys; from pathlib import Path; from judge_cli.corpus import switch; "
    code += "switch.recover(Path(sys.argv[1]))"
    with switch.locked(rules_copy):  # an import staging: the lock is held
        reader = subprocess.Popen([sys.executable, "-c", code, str(rules_copy)])
        time.sleep(2)
        assert reader.poll() is None and staged.exists()  # waiting, nothing taken away
    assert reader.wait(timeout=60) == 0
    assert not staged.exists()  # the switch never finished: rolled back after the lock


# -- hostile files: only regular files, bounded counts, real dates, includes in their tree -----
SCENARIO = (REPO / "scenarios" / "base" / "507-4-contact-empty-hand.yaml").read_text("utf-8")


def _scenario(tmp_path: Path, text: str = SCENARIO, name: str = "x.yaml") -> Path:
    """A scenario in tmp/sc/ with the shared card files in tmp/cards/ (the scenarios' layout)."""
    (tmp_path / "sc").mkdir(exist_ok=True)
    if not (tmp_path / "cards").exists():
        shutil.copytree(REPO / "scenarios" / "cards", tmp_path / "cards")
    path = tmp_path / "sc" / name
    path.write_text(text, encoding="utf-8")
    return path


def _seven(*args: str, timeout: float = 60, env: dict | None = None):
    """``seven ARGS`` in a process of its own: a hang is a failure, not a stuck test run."""
    import os
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "judge_cli.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
    )


def _one_message(r) -> str:
    assert r.returncode == 1, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    return r.stderr


@pytest.mark.parametrize("device", ["fifo", "/dev/zero", "/dev/urandom"])
def test_a_scenario_that_is_not_a_regular_file_is_refused_at_once(tmp_path, device) -> None:
    import os

    path = device
    if device == "fifo":
        path = str(tmp_path / "fifo.yaml")
        os.mkfifo(path)
    err = _one_message(_seven("replay", path))
    assert "not a regular file" in err and path in err


@pytest.mark.parametrize("device", ["fifo", "/dev/zero"])
def test_an_import_source_that_is_not_a_regular_file_is_refused_at_once(tmp_path, device) -> None:
    import os

    path = device
    if device == "fifo":
        path = str(tmp_path / "fifo.txt")
        os.mkfifo(path)
    err = _one_message(_seven("import", path, "--rules", str(tmp_path / "rules" / "ja")))
    assert "not a regular file" in err
    assert not (tmp_path / "rules").exists()


def test_an_include_that_is_a_fifo_is_refused_at_once(tmp_path) -> None:
    import os

    sc = _scenario(tmp_path, SCENARIO.replace("../cards/base.yaml", "fifo.yaml"))
    os.mkfifo(tmp_path / "sc" / "fifo.yaml")
    err = _one_message(_seven("replay", str(sc)))
    assert "not a regular file" in err


def test_a_billion_filler_cards_are_refused_with_the_line(tmp_path) -> None:
    sc = _scenario(tmp_path, SCENARIO.replace("\nfill: 1\n", "\nfill: 1000000000\n"))
    line = SCENARIO.split("\n").index("fill: 1") + 1
    err = _one_message(_seven("replay", str(sc), timeout=30))
    assert f"x.yaml:{line}:" in err and "fill" in err and "126" in err


def test_filler_counts_in_piles_are_bounded_by_the_cards_of_a_game(cli, tmp_path) -> None:
    sc = _scenario(tmp_path, SCENARIO.replace("\nfill: 1\n", "\nfill: 2\n"))
    ok = cli("replay", str(sc))
    assert ok.code == 0, ok  # 2 on each of the 48 squares not in `board`: 96 cards
    sc = _scenario(tmp_path, SCENARIO.replace("\nfill: 1\n", "\nfill: 3\n"))
    r = cli("replay", str(sc))
    assert r.code == 1 and "more filler cards than a game has cards (126)" in r.err


def test_fill_true_is_not_a_number(cli, tmp_path) -> None:
    sc = _scenario(tmp_path, SCENARIO.replace("\nfill: 1\n", "\nfill: true\n"))
    r = cli("replay", str(sc))
    line = SCENARIO.split("\n").index("fill: 1") + 1
    assert r.code == 1 and f"x.yaml:{line}: fill:" in r.err and "integer" in r.err


def test_an_impossible_date_is_refused_with_its_line(cli, tmp_path) -> None:
    import re

    text = re.sub(r"\ndate: [0-9-]+\n", "\ndate: 2026-13-45\n", SCENARIO)
    sc = _scenario(tmp_path, text)
    line = text.split("\n").index("date: 2026-13-45") + 1
    r = cli("replay", str(sc))
    assert r.code == 1 and "Traceback" not in r.err
    assert f"x.yaml:{line}:" in r.err and "'2026-13-45' is not a date" in r.err


@pytest.mark.parametrize(
    ("include", "words"),
    [
        ("/etc/passwd", "not a card file"),
        ("../../../../../etc/hostname.yaml", "outside the scenario's folders"),
        ("a\\0b.yaml", "'ab.yaml' does not exist"),  # the NUL is dropped on reading
    ],
)
def test_an_include_outside_the_scenarios_tree_is_refused(cli, tmp_path, include, words) -> None:
    sc = _scenario(tmp_path, SCENARIO.replace("[../cards/base.yaml]", f'["{include}"]'))
    r = cli("replay", str(sc))
    assert r.code == 1 and "Traceback" not in r.err and words in r.err, r


def test_an_include_that_is_a_symlink_loop_is_refused(cli, tmp_path) -> None:
    sc = _scenario(tmp_path, SCENARIO.replace("[../cards/base.yaml]", "[loop.yaml]"))
    (tmp_path / "sc" / "loop.yaml").symlink_to("loop.yaml")
    r = cli("replay", str(sc))
    assert r.code == 1 and "symlink loop" in r.err and "Traceback" not in r.err


def test_an_include_echoes_nothing_it_read(cli, tmp_path) -> None:
    secret = "password-of-someone-else"
    _scenario(tmp_path)
    (tmp_path / "cards" / "notes.yaml").write_text(
        f"illustrative: true\ncards: {{x: {{kind: normal, colour: {secret}}}}}\n",
        encoding="utf-8",
    )
    sc = _scenario(tmp_path, SCENARIO.replace("[../cards/base.yaml]", "[../cards/notes.yaml]"))
    r = cli("replay", str(sc))
    assert r.code == 1 and "notes.yaml" in r.err and secret not in r.err + r.out


def test_a_scenario_copied_out_of_the_tree_includes_the_built_in_card_files_by_name(
    cli, tmp_path
) -> None:
    sc = tmp_path / "copied.yaml"
    sc.write_text(SCENARIO.replace("[../cards/base.yaml]", "[base.yaml]"), encoding="utf-8")
    r = cli("replay", str(sc))
    assert r.code == 0, r
    sc.write_text(SCENARIO.replace("[../cards/base.yaml]", "[base]"), encoding="utf-8")
    assert cli("replay", str(sc)).code == 0


def test_without_a_home_directory_commands_work_without_a_cache(cli, monkeypatch) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    for var in ("SEVEN_CACHE_DIR", "SEVEN_STATE_DIR", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    from judge_cli.paths import cache_dir, state_dir

    assert cache_dir() is None and state_dir() is None
    r = cli("rule", "603")
    assert r.code == 0 and "Traceback" not in r.err and "603" in r.out


# -- caches: keyed on the bytes the build read, validated on load -----------------------------
def test_an_edit_during_the_corpus_build_is_not_cached_as_the_old_files_text(
    rules_copy, monkeypatch
) -> None:
    import judge_cli.corpus.store as store

    path = rules_copy / "ja" / "100-general.yaml"
    original = path.read_bytes()
    old_text = store.load_corpus("ja").get("101.1").text
    store.load_corpus.cache_clear()
    # A new cache, so that the build runs: the edit lands after the key, before the reads.
    monkeypatch.setenv("SEVEN_CACHE_DIR", str(rules_copy.parent / "cache"))
    real = store.read_corpus_files

    def edited_meanwhile(lang):
        path.write_bytes(original.replace(old_text.encode(), "編集中の本文。".encode()))
        return real(lang)

    monkeypatch.setattr(store, "read_corpus_files", edited_meanwhile)
    assert store.load_corpus("ja").get("101.1").text == "編集中の本文。"
    monkeypatch.setattr(store, "read_corpus_files", real)
    path.write_bytes(original)  # the edit is undone: the original text must come back
    store.load_corpus.cache_clear()
    assert store.load_corpus("ja").get("101.1").text == old_text


def test_a_build_that_read_a_file_with_two_contents_is_not_stored(tmp_path, monkeypatch) -> None:
    from judge_cli.cache import cached, fingerprint
    from judge_cli.yamlio import load_yaml

    monkeypatch.setenv("SEVEN_CACHE_DIR", str(tmp_path / "cache"))
    src = tmp_path / "a.yaml"
    src.write_text("n: 1\n", encoding="utf-8")
    builds = []

    def build():
        first = load_yaml(src).data["n"]
        src.write_text(f"n: {first + 1}\n", encoding="utf-8")  # a writer, half-way through
        builds.append(first)
        return first + load_yaml(src).data["n"]

    cached("test", fingerprint([src], "t"), build)
    assert len(builds) > 1  # built again, hoping for a stable read
    assert not list((tmp_path / "cache").glob("test-*"))


def _memo_from(tmp_path, monkeypatch, later_ns: int = 10_000_000_000):
    """A fresh digests memo in a cache of its own, with the clock ``later_ns`` ahead, so that
    files written by the test are old enough to be memoised."""
    from judge_cli import cache

    if not cache.MEMO_WORKS:
        pytest.skip("the digests memo needs POSIX change times")
    monkeypatch.setenv("SEVEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "_MEMO", {})
    now = cache._now_ns
    monkeypatch.setattr(cache, "_now_ns", lambda: now() + later_ns)
    return cache


def test_a_file_hashed_before_is_not_read_again_while_its_stat_is_unchanged(
    tmp_path, monkeypatch
) -> None:
    cache = _memo_from(tmp_path, monkeypatch)
    src = tmp_path / "a.yaml"
    src.write_text("n: 1\n", encoding="utf-8")
    first = cache.fingerprint([src], "t")
    assert (tmp_path / "cache" / cache.DIGESTS).is_file()
    monkeypatch.setattr(cache, "_MEMO", {})  # as a new process: the memo read from disk

    def no_read(*_a, **_k):
        raise AssertionError("read again")

    monkeypatch.setattr("judge_cli.fileio.read_regular", no_read)
    assert cache.fingerprint([src], "t") == first


def test_an_edit_that_keeps_the_size_and_the_mtime_changes_the_fingerprint(
    tmp_path, monkeypatch
) -> None:
    """The change time moves with every write and cannot be set back: a file rewritten
    with as many bytes and its modification time restored is hashed again."""
    import os
    import time

    cache = _memo_from(tmp_path, monkeypatch)
    src = tmp_path / "a.yaml"
    src.write_text("n: 1\n", encoding="utf-8")
    st = src.stat()
    first = cache.fingerprint([src], "t")
    assert str(src.resolve()) in cache._memo(tmp_path / "cache")
    time.sleep(0.05)  # past the tick of a filesystem's coarse change time
    src.write_text("n: 2\n", encoding="utf-8")
    os.utime(src, ns=(st.st_atime_ns, st.st_mtime_ns))
    after = src.stat()
    assert (after.st_size, after.st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    assert after.st_ctime_ns != st.st_ctime_ns
    assert cache.fingerprint([src], "t") != first


def test_a_file_written_just_before_it_is_hashed_is_not_memoised(tmp_path, monkeypatch) -> None:
    cache = _memo_from(tmp_path, monkeypatch, later_ns=0)
    src = tmp_path / "a.yaml"
    src.write_text("n: 1\n", encoding="utf-8")
    cache.fingerprint([src], "t")
    assert str(src.resolve()) not in cache._memo(tmp_path / "cache")


def _memo_bodies(src) -> list[bytes]:
    """Memos that are damaged, of another version, or of the right version with a wrong
    digest's type for ``src`` (as it is on disk, so that its stamp would match)."""
    import marshal

    st = src.stat()
    stamp = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    name = str(src.resolve())
    return [
        b"",
        b"\x00garbage",
        marshal.dumps({name: (*stamp, "0" * 32)}),  # the first format, unversioned
        marshal.dumps({"v": 99, "files": {name: (*stamp, "0" * 32)}}),
        marshal.dumps({"v": 1, "files": {name: (*stamp, 12345)}}),
        marshal.dumps({"v": 1, "files": {name: (*stamp[:4], "x", "0" * 32)}}),
    ]


@pytest.mark.parametrize("n", range(6))
def test_a_damaged_or_foreign_digests_memo_is_ignored(tmp_path, monkeypatch, n) -> None:
    cache = _memo_from(tmp_path, monkeypatch)
    src = tmp_path / "a.yaml"
    src.write_text("n: 1\n", encoding="utf-8")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / cache.DIGESTS).write_bytes(_memo_bodies(src)[n])
    assert cache.fingerprint([src], "t") == cache.Key.of(
        {str(src.resolve()): cache._digest(b"n: 1\n")}, ("t",)
    )


def test_each_cache_folder_has_its_own_digests_memo(tmp_path, monkeypatch) -> None:
    cache = _memo_from(tmp_path, monkeypatch)
    src = tmp_path / "a.yaml"
    src.write_text("n: 1\n", encoding="utf-8")
    cache.fingerprint([src], "t")
    monkeypatch.setenv("SEVEN_CACHE_DIR", str(tmp_path / "other"))
    assert cache._memo(tmp_path / "other") == {}
    cache.fingerprint([tmp_path / "missing.yaml"], "t")
    assert not (tmp_path / "other" / cache.DIGESTS).exists()


def test_the_rulings_index_is_keyed_on_the_rules_too(rules_copy) -> None:
    from judge_cli.rulings import rulings_key

    before = rulings_key()
    path = rules_copy / "ja" / "600-effects.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert rulings_key() != before


@pytest.mark.parametrize(
    "stored",
    [
        pytest.param(
            lambda kind, key: {"kind": kind, "key": key, "value": {"format": 1}}, id="shape"
        ),
        pytest.param(lambda kind, key: {"kind": kind, "key": key, "value": []}, id="type"),
        pytest.param(lambda kind, key: {"kind": kind, "key": "other", "value": {}}, id="key"),
        pytest.param(lambda kind, key: {"order": []}, id="unwrapped"),
    ],
)
def test_a_lookup_cache_of_the_wrong_shape_is_rebuilt_silently(
    cli, rules_copy, tmp_path, monkeypatch, stored
) -> None:
    import marshal

    from judge_cli.lookup import index

    monkeypatch.setenv("SEVEN_CACHE_DIR", str(tmp_path / "cache"))
    index._loaded.clear()
    key = index.index_key()
    (tmp_path / "cache").mkdir(exist_ok=True)  # the key's digests may be memoised there
    (tmp_path / "cache" / f"lookup-{key}.marshal").write_bytes(
        marshal.dumps(stored("lookup", str(key)))
    )
    r = cli("judge", "到達")
    assert r.code == 0 and "damaged" not in r.err and "Traceback" not in r.err, r
    assert "603" in r.out


def test_a_rulings_cache_of_the_wrong_shape_is_rebuilt_silently(tmp_path, monkeypatch) -> None:
    import marshal

    from judge_cli import rulings

    monkeypatch.setenv("SEVEN_CACHE_DIR", str(tmp_path / "cache"))
    rulings._loaded.clear()
    key = rulings.rulings_key()
    (tmp_path / "cache").mkdir(exist_ok=True)
    bad = {"kind": "rulings", "key": str(key), "value": {"format": rulings.FORMAT, "rulings": 3}}
    (tmp_path / "cache" / f"rulings-{key}.marshal").write_bytes(marshal.dumps(bad))
    data = rulings.load_rulings()
    assert data["rulings"] and isinstance(data["by_article"], dict)


# -- the terminal: no control character from a file reaches it --------------------------------
HOSTILE_TITLE = '"\\e]0;retitled\\a題\\e[8m隠す\\r\\u202e\\x9b2J"'


def test_escape_sequences_in_a_scenario_never_reach_the_terminal(
    cli, tmp_path, monkeypatch
) -> None:
    text = SCENARIO.replace("  ja: 手札0枚の相手への接触", f"  ja: {HOSTILE_TITLE}", 1)
    assert text != SCENARIO
    sc = _scenario(tmp_path, text)
    for colour in ("", "1"):
        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.setenv("FORCE_COLOR", colour) if colour else monkeypatch.setenv("NO_COLOR", "1")
        r = cli("replay", str(sc))
        assert r.code == 0, r
        assert "題" in r.out and "隠す" in r.out
        for bad in ("\x1b]", "\x07", "\x1b[8m", "\r", "\u202e", "\x9b"):
            assert bad not in r.out + r.err, (colour, bad)
        assert ("\x1b[" in r.out) == bool(colour)  # seven's own colours are kept


def test_escape_sequences_in_an_error_message_never_reach_the_terminal(cli, tmp_path) -> None:
    sc = _scenario(tmp_path, "title: [\n")
    hostile = tmp_path / "sc" / "\x1b]0;retitled\x07.yaml"
    sc.rename(hostile)
    r = cli("replay", str(hostile))
    assert r.code == 1 and "\x1b" not in r.err and "\x07" not in r.err


def test_printable_keeps_only_seven_s_own_colours() -> None:
    from judge_cli.textsafe import escape_markup, printable

    text = "a\x1b]0;t\x07b\x1b[1;31mc\x1b[0m\x1b[2J\rd\u202ee\tf\n"
    assert printable(text) == "a]0;tb[1;31mc[0m[2Jde\tf\n"
    assert printable(text, colours=True) == "a]0;tb\x1b[1;31mc\x1b[0m[2Jde\tf\n"
    assert escape_markup("[bold]x[/bold]\x1b") == "\\[bold]x\\[/bold]"


def test_control_characters_in_an_imported_text_are_removed_with_a_warning(
    source_text, rules_copy
) -> None:
    before = snapshot(rules_copy)
    text = source_text.replace("\n603.3", "\n60\x1b3.\x083", 1)
    report = import_text(text, rules_copy / "ja")
    assert report.unchanged and any("U+001B" in w for w in report.warnings)
    assert snapshot(rules_copy) == before


# -- outputs: whole or nothing, permissions kept -----------------------------------------------
ONE = str(REPO / "scenarios" / "base" / "507-4-contact-empty-hand.yaml")


def test_a_failed_markdown_write_leaves_no_diagrams_folder(cli, tmp_path) -> None:
    out = tmp_path / "sheet.md"
    out.mkdir()  # the Markdown itself cannot be written
    r = cli("sheet", ONE, "-o", str(out))
    assert r.code == 1 and "Traceback" not in r.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.md"]


def test_a_failed_markdown_write_keeps_the_old_diagrams(cli, tmp_path) -> None:
    good = tmp_path / "sheet.md"
    assert cli("sheet", ONE, "-o", str(good)).code == 0
    folder = tmp_path / "sheet-diagrams"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    good.unlink()
    good.mkdir()
    assert cli("sheet", ONE, "-o", str(good)).code == 1
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet-diagrams", "sheet.md"]


def test_the_diagrams_folder_has_ordinary_permissions(cli, tmp_path) -> None:
    import os

    out = tmp_path / "sheet.md"
    assert cli("sheet", ONE, "-o", str(out)).code == 0
    umask = os.umask(0)
    os.umask(umask)
    assert (tmp_path / "sheet-diagrams").stat().st_mode & 0o777 == 0o777 & ~umask


@pytest.mark.parametrize("suffix", ["md", "html", "pdf"])
def test_an_overwritten_output_keeps_its_permissions(cli, tmp_path, suffix) -> None:
    out = tmp_path / f"sheet.{suffix}"
    out.write_bytes(b"old")
    out.chmod(0o640)
    assert cli("sheet", ONE, "-o", str(out)).code == 0
    assert out.read_bytes() != b"old"
    assert out.stat().st_mode & 0o777 == 0o640
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]

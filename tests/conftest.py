"""Shared fixtures: an isolated cache, the CLI runner, a writable copy of the rules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge_cli.cli.main import main
from judge_cli.corpus.store import load_corpus

REPO = Path(__file__).resolve().parent.parent
# The published text the corpus was imported from, kept beside the corpus.
SOURCE = REPO / "rules" / "sources" / "seven-comprehensive-rules.ja.txt"


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    mp = pytest.MonkeyPatch()
    mp.setenv("SEVEN_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    mp.setenv("NO_COLOR", "1")
    mp.delenv("FORCE_COLOR", raising=False)
    yield
    mp.undo()


_REPORTS: list[str] = []


@pytest.fixture
def report():
    """Add lines to the reports printed after the test summary (measures a test takes, such
    as the accuracy of the query set), not in the middle of the progress dots."""
    return _REPORTS.append


def pytest_terminal_summary(terminalreporter) -> None:
    if _REPORTS:
        terminalreporter.section("reports")
        for line in _REPORTS:
            terminalreporter.write_line(line)


@pytest.fixture
def source_text() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture
def ja():
    return load_corpus("ja")


class CliResult:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def __repr__(self) -> str:
        return f"CliResult(code={self.code}, out={self.out[:200]!r}, err={self.err[:200]!r})"


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]):
    """Run ``seven ARGS`` in-process; return its exit code, stdout and stderr."""

    def run(*args: str) -> CliResult:
        code = main(list(args))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def rules_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of rules/ that the commands under test use."""
    dst = tmp_path / "rules"
    shutil.copytree(REPO / "rules", dst)
    monkeypatch.setenv("SEVEN_RULES_DIR", str(dst))
    load_corpus.cache_clear()
    yield dst
    load_corpus.cache_clear()


@pytest.fixture
def scenarios_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of scenarios/ that the commands under test read (the rulings)."""
    dst = tmp_path / "scenarios"
    shutil.copytree(REPO / "scenarios", dst)
    monkeypatch.setenv("SEVEN_SCENARIOS_DIR", str(dst))
    return dst

"""``seven judge`` with no query: the interactive prompt, in a real terminal (tmux).

tmux is installed by .ci/run; this test runs in CI and is never skipped.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

TIMEOUT = 30.0


class Tmux:
    """A private tmux server (its own socket) running one program in one pane."""

    def __init__(
        self, socket: Path, command: str, env: dict[str, str], size: tuple[int, int] = (160, 60)
    ) -> None:
        self.base = [shutil.which("tmux") or "tmux", "-S", str(socket)]
        self.env = env
        x, y = (str(n) for n in size)
        subprocess.run(
            [*self.base, "new-session", "-d", "-s", "judge", "-x", x, "-y", y, command],
            check=True,
            env=env,
        )
        subprocess.run([*self.base, "set-option", "-t", "judge", "remain-on-exit", "on"], env=env)

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.base, "send-keys", "-t", "judge", *keys], check=True, env=self.env)

    def type(self, text: str) -> None:
        subprocess.run(
            [*self.base, "send-keys", "-t", "judge", "-l", text], check=True, env=self.env
        )

    def enter(self, text: str) -> None:
        """Type ``text`` and press Enter."""
        self.type(text)
        self.keys("Enter")

    def screen(self) -> str:
        r = subprocess.run(
            [*self.base, "capture-pane", "-p", "-t", "judge", "-S", "-2000"],
            capture_output=True,
            text=True,
            env=self.env,
        )
        return r.stdout

    def wait_for(self, predicate, what: str) -> str:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            screen = self.screen()
            if predicate(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; screen:\n{self.screen()}")

    def dead(self) -> bool:
        r = subprocess.run(
            [*self.base, "display-message", "-p", "-t", "judge", "#{pane_dead}"],
            capture_output=True,
            text=True,
            env=self.env,
        )
        return r.stdout.strip() == "1"

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, env=self.env)


@pytest.fixture
def prompt(tmp_path: Path):
    yield from _prompt(tmp_path, (160, 60))


@pytest.fixture
def small_prompt(tmp_path: Path):
    yield from _prompt(tmp_path, (50, 16))


def _prompt(tmp_path: Path, size: tuple[int, int]):
    assert shutil.which("tmux"), "tmux is needed (.ci/run installs it)"
    env = {
        **os.environ,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TERM": "xterm-256color",
        "NO_COLOR": "1",
        "SEVEN_STATE_DIR": str(tmp_path / "state"),
        "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
    }
    env.pop("TMUX", None)
    command = shlex.join([sys.executable, "-m", "judge_cli.cli.main", "judge"])
    tmux = Tmux(tmp_path / "tmux.sock", command, env, size)
    try:
        yield tmux, tmp_path / "state"
    finally:
        tmux.close()


def count(screen: str, text: str) -> int:
    return screen.count(text)


def test_prompt_answers_switches_language_clears_with_ctrl_c_and_leaves_with_ctrl_d(prompt):
    tmux, state = prompt
    tmux.wait_for(lambda s: "seven judge [ja]>" in s, "the prompt")

    tmux.enter("到達")
    tmux.wait_for(lambda s: "603 到達" in s and count(s, "seven judge [ja]>") >= 2, "603")

    # Ctrl-C drops what was typed: the next query is not glued to it.
    tmux.type("zzzz")
    tmux.keys("C-c")
    tmux.wait_for(lambda s: count(s, "seven judge [ja]>") >= 3, "a fresh prompt after Ctrl-C")
    tmux.enter("強制移動")
    screen = tmux.wait_for(lambda s: "609.2 「強制移動」とは" in s, "609.2")
    assert "zzzz強制移動" not in screen

    tmux.enter(":en")
    tmux.wait_for(lambda s: "seven judge [en]>" in s, "the English prompt")
    tmux.enter("reach combo")
    tmux.wait_for(lambda s: "605 Arrival combo (exposed arrival)" in s, "605 in English")

    # Up-arrow recalls the history (readline).
    tmux.keys("Up")
    tmux.wait_for(lambda s: s.rstrip().endswith("seven judge [en]> reach combo"), "history recall")
    tmux.keys("C-u")

    tmux.keys("C-d")
    tmux.wait_for(lambda s: tmux.dead(), "the prompt to exit on Ctrl-D")
    history = (state / "judge_history").read_text(encoding="utf-8")
    assert "到達" in history and "reach combo" in history and "zzzz" not in history


def test_prompt_leaves_with_q_and_reports_errors_without_leaving(prompt):
    tmux, _ = prompt
    tmux.wait_for(lambda s: "seven judge [ja]>" in s, "the prompt")
    tmux.enter("603.9")
    tmux.wait_for(lambda s: "no article '603.9'" in s, "the error")
    tmux.enter("603.4")
    tmux.wait_for(lambda s: "603.4 到達が起きるのは" in s, "603.4 after an error")
    tmux.enter(":q")
    tmux.wait_for(lambda s: tmux.dead(), "the prompt to exit on :q")


def test_the_closest_terms_follow_the_prompts_language(prompt):
    """A query that matches nothing: its closest terms in the prompt's language, which
    :en, :ja and :both switch."""
    tmux, _ = prompt
    tmux.wait_for(lambda s: "seven judge [ja]>" in s, "the prompt")
    tmux.enter("gateway bonux")
    tmux.wait_for(lambda s: "closest terms: ゲート、相手ゲート侵攻ボーナス" in s, "Japanese terms")
    tmux.enter(":en")
    tmux.enter("ふぉぬ")
    tmux.wait_for(lambda s: "closest terms: First card, Choosing First cards" in s, "English")
    tmux.enter(":both")
    tmux.enter("gateway bonux")
    tmux.wait_for(lambda s: "closest terms: ゲート / gate, " in s, "both languages")
    tmux.enter(":q")
    tmux.wait_for(lambda s: tmux.dead(), "the prompt to exit on :q")


def test_a_long_answer_fits_the_terminal_and_more_shows_the_rest(small_prompt):
    """Wrapped to the terminal's width, one screen at a time (:more); an unknown :command is
    an error; the history keeps the queries, not the commands."""
    from judge_cli.render.board import width

    tmux, state = small_prompt
    tmux.wait_for(lambda s: "seven judge [ja]>" in s, "the prompt")
    tmux.enter("到達")
    screen = tmux.wait_for(lambda s: "行：:more で続き" in s, "the first screen and the note")
    assert "603 到達" in screen
    assert all(width(line) <= 50 for line in screen.splitlines())
    tmux.enter(":more")
    tmux.wait_for(lambda s: count(s, "seven judge [ja]>") >= 3, "the rest")
    tmux.enter(":nope")
    tmux.wait_for(lambda s: ":nope というコマンドはない" in s, "the unknown command")
    tmux.enter(":en")
    tmux.wait_for(lambda s: "seven judge [en]>" in s, "the English prompt")
    tmux.enter(":q")
    tmux.wait_for(lambda s: tmux.dead(), "the prompt to exit on :q")
    history = (state / "judge_history").read_text(encoding="utf-8").splitlines()
    assert "到達" in history
    assert not [h for h in history if h.startswith(":")], history

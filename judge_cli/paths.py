"""Where seven finds its data and keeps its cache.

The rules live at the top of the repository (rules/ja, rules/en) and are packaged into the
wheel as judge_cli/_data/rules, so an editable install, a plain install and a checkout all
find them. ``SEVEN_RULES_DIR`` points elsewhere (a maintainer's working copy, a test corpus).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def rules_root() -> Path:
    """The directory holding ja/ and en/."""
    env = os.environ.get("SEVEN_RULES_DIR")
    if env:
        return Path(env)
    repo = REPO_DIR / "rules"
    if (repo / "ja").is_dir():
        return repo
    return PACKAGE_DIR / "_data" / "rules"


def scenarios_root() -> Path:
    """The scenarios (the rulings): ``SEVEN_SCENARIOS_DIR``, else the checkout's scenarios/,
    else the copy packaged into the wheel as judge_cli/_data/scenarios."""
    env = os.environ.get("SEVEN_SCENARIOS_DIR")
    if env:
        return Path(env)
    repo = REPO_DIR / "scenarios"
    if repo.is_dir():
        return repo
    return PACKAGE_DIR / "_data" / "scenarios"


def cards_root() -> Path:
    """The real cards (the publisher's card data): ``SEVEN_CARDS_DIR``, else the checkout's
    cards/, else the copy packaged into the wheel as judge_cli/_data/cards."""
    env = os.environ.get("SEVEN_CARDS_DIR")
    if env:
        return Path(env)
    repo = REPO_DIR / "cards"
    if repo.is_dir():
        return repo
    return PACKAGE_DIR / "_data" / "cards"


def cache_dir() -> Path:
    """Where compiled indexes go: ``SEVEN_CACHE_DIR``, else the XDG cache directory."""
    env = os.environ.get("SEVEN_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "seven"


def state_dir() -> Path:
    """Where seven keeps what it learns about its user (the prompt's history):
    ``SEVEN_STATE_DIR``, else the XDG state directory."""
    env = os.environ.get("SEVEN_STATE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "seven"

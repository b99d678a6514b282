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


def _data(env: str, name: str, marker: str = "") -> Path:
    """A data folder: the environment variable ``env``, else the checkout's ``name``/ (when it
    holds ``marker``), else the copy packaged into the wheel as judge_cli/_data/``name``."""
    value = os.environ.get(env)
    if value:
        return Path(value)
    repo = REPO_DIR / name
    if (repo / marker).is_dir():
        return repo
    return PACKAGE_DIR / "_data" / name


def rules_root() -> Path:
    """The directory holding ja/ and en/: ``SEVEN_RULES_DIR``, else the checkout's rules/."""
    return _data("SEVEN_RULES_DIR", "rules", "ja")


def scenarios_root() -> Path:
    """The scenarios (the rulings): ``SEVEN_SCENARIOS_DIR``, else the checkout's scenarios/."""
    return _data("SEVEN_SCENARIOS_DIR", "scenarios")


def cards_root() -> Path:
    """The real cards (the publisher's card data): ``SEVEN_CARDS_DIR``, else cards/."""
    return _data("SEVEN_CARDS_DIR", "cards")


def _home() -> Path | None:
    """The user's home directory, or None when there is none (no HOME, no password entry,
    or a HOME that is not a directory): seven then keeps no cache and no history."""
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):
        return None
    return home if home.is_absolute() and home.is_dir() else None


def _xdg(variable: str, *default: str) -> Path | None:
    base = os.environ.get(variable)
    if base and os.path.isabs(base):
        return Path(base) / "seven"
    home = _home()
    return home.joinpath(*default, "seven") if home is not None else None


def cache_dir() -> Path | None:
    """Where compiled indexes go: ``SEVEN_CACHE_DIR``, else the XDG cache directory; None
    without a home directory (everything is then built in memory, only slower)."""
    env = os.environ.get("SEVEN_CACHE_DIR")
    if env:
        return Path(env)
    return _xdg("XDG_CACHE_HOME", ".cache")


def state_dir() -> Path | None:
    """Where seven keeps what it learns about its user (the prompt's history):
    ``SEVEN_STATE_DIR``, else the XDG state directory; None without a home directory."""
    env = os.environ.get("SEVEN_STATE_DIR")
    if env:
        return Path(env)
    return _xdg("XDG_STATE_HOME", ".local", "state")

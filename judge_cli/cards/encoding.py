"""How the engine reads a real design: its entry of cards/0th-remake.effects.yaml, as data.

The encoding is editorial (the effect vocabulary of docs/effects.md); the printed text stays
the publisher's. ``seven card`` shows both, the printed lines first (the readable lines:
judge_cli/render/encoding.py).

>>> engine_reading("red-jump-pad")["arrival"]
[{'this': 'not_to_hand'}, {'move': {'where': 'ahead2', 'jump': True}}]
"""

from __future__ import annotations

from typing import Any

_CODE = ("cards.encoding", "cards.engine", "engine.effects.vocab", "engine.cards")
_loaded: dict[str, Any] = {}


def _build() -> dict[str, Any]:
    """Every design's encoding as written (the file's order), once the engine's own loader
    has validated the file."""
    from judge_cli.cards.engine import EFFECTS_FILE, encodings
    from judge_cli.paths import cards_root
    from judge_cli.yamlio import load_yaml

    encodings()
    path = cards_root() / EFFECTS_FILE
    return {"designs": dict(load_yaml(path, str(path)).data["designs"])}


def _encodings() -> dict[str, Any]:
    """The encodings, compiled once per state of the card files and of the code that
    validates them (validating imports the engine's vocabulary, which takes a while)."""
    from judge_cli.cache import cached, code_version, fingerprint
    from judge_cli.paths import cards_root

    k = fingerprint(sorted(cards_root().glob("*.yaml")), "encodings", code_version(*_CODE))
    data = _loaded.get(k)
    if data is None:
        data = cached("card-encodings", k, _build, codec="marshal")
        if not isinstance(data, dict) or not isinstance(data.get("designs"), dict):
            from judge_cli.errors import CardDataError

            raise CardDataError(
                "the compiled card encodings are damaged", hint="delete the seven cache"
            )
        _loaded.clear()
        _loaded[k] = data
    return data["designs"]


def engine_reading(design_id: str) -> dict[str, Any] | None:
    """The design's encoding (``basic``, ``arrival``, ``hand``, ``note``), or None."""
    return _encodings().get(design_id)

"""The real cards as plain data, compiled once: what finding and showing a card needs.

Reading cards/0th-remake.yaml validates it with pydantic, which costs a few hundred
milliseconds a run; ``seven judge`` shows a card before the articles and must stay quick. So
the designs are compiled into plain data (names, full reading, colour, kind, copies, printed
lines, flavour) stored with :mod:`marshal` (judge_cli/cache.py) and rebuilt when the card data
or this code changes; a lookup then imports neither PyYAML nor pydantic.

>>> designs = card_index()["designs"]
>>> designs["red-jump-pad"]["name"]["en"], designs["red-jump-pad"]["reading"]
('Jump Pad', 'じゃんぷだい')
"""

from __future__ import annotations

from judge_cli.cache import cached, code_version, fingerprint
from judge_cli.paths import cards_root

TYPE_CHECKING = False  # typing is not imported on the lookup path
if TYPE_CHECKING:
    from typing import Any

    from judge_cli.cards.publisher import Design

FORMAT = 1
_CODE = ("cards.index", "cards.publisher", "cards.readings")
_loaded: dict[str, Any] = {}


def _pair(printed: Any) -> dict[str, str] | None:
    return None if printed is None else {"ja": printed.ja, "en": printed.en}


def plain(design: Design, reading: str) -> dict[str, Any]:
    """A design as plain data (the publisher's strings, untouched) with its full reading."""
    effects = ("basic", "arrival", "hand")
    return {
        "id": design.id,
        "name": _pair(design.name),
        "reading": reading,
        "colour": design.colour,
        "kind": design.kind,
        "copies": design.copies,
        "effect_name": _pair(design.effect_name),
        "text": {
            lang: {e: getattr(getattr(design.text, lang), e) for e in effects}
            for lang in ("ja", "en")
        },
        "flavour": _pair(design.flavour),
        "notes": {"ja": design.notes_ja, "en": design.notes_en},
    }


def build_index() -> dict[str, Any]:
    from judge_cli.cards.publisher import load_designs
    from judge_cli.cards.readings import name_readings

    readings = name_readings()
    designs = {did: plain(d, readings[did]) for did, d in load_designs().items()}
    return {"format": FORMAT, "designs": designs}


def card_index() -> dict[str, Any]:
    """Every design as plain data, in the publisher's order (memoised per state of the files)."""
    files = sorted(cards_root().glob("*.yaml"))
    k = fingerprint(files, "cards", code_version(*_CODE))
    data = _loaded.get(k)
    if data is None:
        data = cached("cards", k, build_index, codec="marshal")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            from judge_cli.errors import CardDataError

            raise CardDataError("the compiled card index is damaged", hint="delete the seven cache")
        _loaded.clear()
        _loaded[k] = data
    return data

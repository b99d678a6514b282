"""The full kana reading of a card name: the name's kana kept, its kanji read by furigana.

The publisher's data gives the furigana of a name's kanji (``reading``: 収穫と種まき →
``しゅうかく　たね``, one run per kanji run); the few names it gives none for have editorial
furigana in ``cards/0th-remake.readings.yaml``. The full reading is the name with each kanji
run replaced by its furigana and katakana folded to hiragana: 収穫と種まき → しゅうかくとたねまき,
ジャンプ台 → じゃんぷだい, 赤のキューブ フェニックス → あかのきゅーぶ ふぇにっくす.

>>> full_reading("収穫と種まき", "しゅうかく　たね")
'しゅうかくとたねまき'
>>> full_reading("手品師の技 -スリカエ-", "てじなし　わざ")
'てじなしのわざ -すりかえ-'
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from judge_cli.errors import CardDataError
from judge_cli.lookup.normalize import to_hiragana
from judge_cli.paths import cards_root

READINGS_FILE = "0th-remake.readings.yaml"
_KANJI_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々]+")
_FURIGANA = re.compile(r"[\u3041-\u3096ー]+(　[\u3041-\u3096ー]+)*")


def full_reading(name: str, furigana: str | None) -> str:
    """``name`` in hiragana, its kanji runs read by ``furigana`` (runs split by 　).

    Raises ValueError when the runs and the kanji runs do not pair up."""
    runs = _KANJI_RUN.findall(name)
    readings = furigana.split("　") if furigana else []
    if len(runs) != len(readings):
        raise ValueError(
            f"{name!r} has {len(runs)} kanji run(s) but the furigana {furigana!r} "
            f"give {len(readings)}"
        )
    parts = iter(readings)
    return to_hiragana(_KANJI_RUN.sub(lambda _: next(parts), name))


@cache
def editorial_furigana(path: Path | None = None) -> dict[str, str]:
    """The editorial furigana, by design id."""
    from judge_cli.yamlio import load_yaml

    path = path or cards_root() / READINGS_FILE
    loaded = load_yaml(path, str(path))
    data = loaded.data
    readings = data.get("readings") if isinstance(data, dict) else None
    if not isinstance(readings, dict):
        raise CardDataError(
            "expected a mapping `readings:` of design id to furigana", file=str(path)
        )
    for did, text in readings.items():
        if not isinstance(text, str) or not _FURIGANA.fullmatch(text):
            raise CardDataError(
                f"the furigana of {did!r} must be hiragana runs split by a full-width space, "
                f"not {text!r}",
                file=loaded.file,
                line=loaded.line_of(("readings", did)),
            )
    return {str(k): v for k, v in readings.items()}


@cache
def name_readings() -> dict[str, str]:
    """The full reading of every design's Japanese name, by design id.

    The publisher's furigana first; the editorial ones only where the publisher gives none."""
    from judge_cli.cards.publisher import load_designs

    extra = editorial_furigana()
    out = {}
    for did, design in load_designs().items():
        furigana = design.reading or extra.get(did)
        try:
            out[did] = full_reading(design.name.ja, furigana)
        except ValueError as exc:
            raise CardDataError(f"design {did!r}: {exc}", file=READINGS_FILE) from None
    return out

"""How the engine reads a real design: its entry of cards/0th-remake.effects.yaml, as data
and as readable lines.

The encoding is editorial (the effect vocabulary of docs/effects.md); the printed text stays
the publisher's. ``seven card`` shows both, the printed lines first.

>>> sentence_text({"move": {"where": "ahead2", "jump": True}})
'move: {where: ahead2, jump: true}'
>>> sentence_text({"if": {"fewest_locked": True, "then": [{"draw": {}}]}})
'if: {fewest_locked: true, then: [draw]}'
>>> sentence_text({"swap": {"within": 3}}), sentence_text({"draw": {}})
('swap: {within: 3}', 'draw')
"""

from __future__ import annotations

from functools import cache
from typing import Any

ICONS = {"basic": "★", "arrival": "●", "hand": "■"}
_HAND_FIELDS = ("timing", "condition", "cost", "once_per_turn")


@cache
def _encodings() -> dict[str, Any]:
    """Every design's encoding as written (the file's order), once the engine's own loader
    has validated the file."""
    from judge_cli.cards.engine import EFFECTS_FILE, encodings
    from judge_cli.paths import cards_root
    from judge_cli.yamlio import load_yaml

    encodings()
    path = cards_root() / EFFECTS_FILE
    return dict(load_yaml(path, str(path)).data["designs"])


def engine_reading(design_id: str) -> dict[str, Any] | None:
    """The design's encoding (``basic``, ``arrival``, ``hand``, ``note``), or None."""
    return _encodings().get(design_id)


def _scalar(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return str(value)


def flow(value: Any) -> str:
    """A value of the encoding on one line, in YAML's flow style without quotes; an
    operation with no parameters is just its name (``draw``)."""
    if isinstance(value, dict):
        if len(value) == 1 and next(iter(value.values())) in ({}, None):
            return next(iter(value))
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return _scalar(value)


def sentence_text(sentence: Any) -> str:
    """One sentence: ``op: {params}`` (``move: {where: ahead2, jump: true}``)."""
    if isinstance(sentence, dict) and len(sentence) == 1:
        ((op, params),) = sentence.items()
        return op if params in ({}, None) else f"{op}: {flow(params)}"
    return flow(sentence)


_NESTED = ("do", "then", "else", "at_turn_end")
"""Parameters that hold sentences: printed on their own lines, indented."""


def sentence_lines(sentence: Any) -> list[str]:
    """A sentence on one line, or over several when it holds sentences (``choose``: one
    option a line behind ・; ``each``, ``if``: their sentences indented)."""
    if not (isinstance(sentence, dict) and len(sentence) == 1):
        return [flow(sentence)]
    ((op, params),) = sentence.items()
    if op == "choose" and isinstance(params, list):
        out = [f"{op}:"]
        for option in params:
            lines = _sentences(option if isinstance(option, list) else [option])
            out.append(f"  ・{lines[0]}")
            out.extend(f"    {line}" for line in lines[1:])
        return out
    if isinstance(params, dict) and any(isinstance(params.get(k), list) for k in _NESTED):
        rest = {k: v for k, v in params.items() if k not in _NESTED}
        out = [sentence_text({op: rest})]
        for k in _NESTED:
            if isinstance(params.get(k), list):
                out.append(f"  {k}:")
                out.extend(f"    {line}" for line in _sentences(params[k]))
        return out
    return [sentence_text(sentence)]


def _sentences(sentences: list[Any]) -> list[str]:
    """Sentences processed in order (112.1): numbered when there are several."""
    if len(sentences) == 1:
        return sentence_lines(sentences[0])
    out = []
    for i, s in enumerate(sentences, 1):
        lines = sentence_lines(s)
        out.append(f"{i}. {lines[0]}")
        out.extend(f"   {line}" for line in lines[1:])
    return out


def engine_lines(encoding: dict[str, Any]) -> list[str]:
    """The encoding as lines behind the printed icons: ★ what the Basic Effect does,
    ● the Arrival Effect's sentences, ■ the Hand Effect's timing, condition, cost and
    sentences; then the note on how the text is read."""
    out: list[str] = []
    basic = encoding.get("basic")
    if basic:
        lines = []
        for k, v in basic.items():
            if isinstance(v, list):
                lines += [f"{k}:", *(f"  {line}" for line in _sentences(v))]
            else:
                lines.append(f"{k}: {flow(v)}")
        out.append(f"★ {lines[0]}")
        out.extend(f"  {line}" for line in lines[1:])
    arrival = encoding.get("arrival")
    if arrival:
        lines = _sentences(arrival)
        out.append(f"● {lines[0]}")
        out.extend(f"  {line}" for line in lines[1:])
    hand = encoding.get("hand")
    if hand:
        head = [f"{k}: {flow(hand[k])}" for k in _HAND_FIELDS if k in hand]
        lines = [*head, *_sentences(hand.get("do") or [])]
        out.append(f"■ {lines[0]}")
        out.extend(f"  {line}" for line in lines[1:])
    return out

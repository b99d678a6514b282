"""``seven card``: a real design in full, as terminal text.

The card's block first (render/card.py: name, colour, kind, copies, the printed lines, the
flavour), then how the engine reads it (editorial), the publisher's official notes, the
rulings that use it and which of its effects their replays exercise.
"""

from __future__ import annotations

from typing import Any

from judge_cli.render.card import ICONS, card_block
from judge_cli.render.rulings import ruling_lines
from judge_cli.render.style import PLAIN, Style

WORDS = {
    "reading": {"ja": "読み", "en": "Reading"},
    "engine": {"ja": "エンジンの読み方〔編集〕", "en": "How the engine reads it [editorial]"},
    "engine_none": {"ja": "（エンジンの記述はまだない）", "en": "(not encoded for the engine yet)"},
    "encoding_note": {"ja": "注〔編集〕", "en": "Note [editorial]"},
    "notes": {"ja": "補足（公式）", "en": "Official notes"},
    "exercised": {"ja": "シナリオでの検証", "en": "Exercised by scenarios"},
    "not_exercised": {"ja": "なし", "en": "none"},
    "no_rulings": {"ja": "裁定例：なし", "en": "Rulings: none"},
    "candidates": {"ja": "候補が複数ある", "en": "Several cards match"},
    "via": {"ja": "一致", "en": "found by"},
    "via_id": {"ja": "ID", "en": "id"},
    "via_name": {"ja": "名前", "en": "name"},
    "via_reading": {"ja": "読み", "en": "reading"},
    "via_fragment": {"ja": "名前の一部", "en": "part of a name"},
    "via_fuzzy": {"ja": "近い綴り", "en": "near spelling"},
}
EFFECT_WORDS = {
    "basic": {"ja": "基本効果", "en": "Basic Effect"},
    "arrival": {"ja": "到達効果", "en": "Arrival Effect"},
    "hand": {"ja": "手札効果", "en": "Hand Effect"},
}


def _w(table: dict[str, dict[str, str]], k: str, langs: list[str]) -> str:
    return " / ".join(dict.fromkeys(table[k][lg] for lg in langs))


def _langs(lang: str) -> list[str]:
    return ["ja", "en"] if lang == "both" else [lang]


def _heading(text: str, style: Style) -> str:
    return style(text, "bold") + ":"


def card_view(record: dict[str, Any], lang: str, style: Style = PLAIN, via: str = "") -> str:
    """The full page of one design: ``record`` is its :func:`judge_cli.cards.record.
    design_record`; ``via`` says how the query found it."""
    from judge_cli.cards.encoding import engine_lines

    langs = _langs(lang)
    block = card_block(record, lang).split("\n")
    out = [style(block[0], "bold"), *block[1:]]
    if "ja" in langs:
        out.append(f"{WORDS['reading']['ja']}: {record['reading']}")
    if via:
        out.append(style(f"{_w(WORDS, 'via', langs)}: {_w(WORDS, 'via_' + via, langs)}", "dim"))

    out += ["", _heading(_w(WORDS, "engine", langs), style)]
    engine = record.get("engine")
    if engine:
        out.extend(f"  {line}" for line in "\n".join(engine_lines(engine)).split("\n"))
        if engine.get("note"):
            out.append(f"  {_w(WORDS, 'encoding_note', langs)}: {engine['note']}")
    else:
        out.append(f"  {_w(WORDS, 'engine_none', langs)}")

    notes = [(lg, record["notes"][lg]) for lg in langs if record["notes"][lg]]
    if notes:
        out += ["", _heading(_w(WORDS, "notes", langs), style)]
        out.extend(f"  {text}" for _, text in notes)

    out.append("")
    rulings = record["rulings"]
    if rulings:
        out.extend(ruling_lines(rulings, lang, style))
    else:
        out.append(_w(WORDS, "no_rulings", langs))

    out += ["", _heading(_w(WORDS, "exercised", langs), style)]
    for effect, icon in ICONS.items():
        scenarios = record["exercised"][effect]
        if scenarios is None:
            continue
        name = _w(EFFECT_WORDS, effect, langs)
        shown = (
            ", ".join(scenarios)
            if scenarios
            else style(_w(WORDS, "not_exercised", langs), "yellow")
        )
        out.append(f"  {icon} {name}: {shown}")
    return "\n".join(out)


def candidates_view(designs: list[dict[str, Any]], lang: str, style: Style = PLAIN) -> str:
    """Several designs match: one line each (id, names, colour, kind), to pick from."""
    from judge_cli.render.board import width
    from judge_cli.render.card import facts_line

    langs = _langs(lang)
    out = [_heading(_w(WORDS, "candidates", langs), style)]
    id_width = max(len(d["id"]) for d in designs)
    names = {d["id"]: " / ".join(d["name"][lg] for lg in langs) for d in designs}
    name_width = max(width(n) for n in names.values())
    for d in designs:
        name = names[d["id"]] + " " * (name_width - width(names[d["id"]]))
        facts = facts_line(d, langs[0])
        out.append(f"  {style(d['id'].ljust(id_width), 'cyan')}  {name}  {style(facts, 'dim')}")
    return "\n".join(out)

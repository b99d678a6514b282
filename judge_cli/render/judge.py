"""What ``seven judge`` prints: the best article, the glossary entry that led there, the
other candidates; or the same as JSON (a stable interface, see ARCHITECTURE.md).

The articles themselves come pre-rendered from the lookup index, where
:func:`judge_cli.render.article.render_article` drew them when the index was built, so this
module needs neither the corpus model nor the YAML: it only arranges.
"""

from __future__ import annotations

from judge_cli.lookup.index import part
from judge_cli.lookup.search import Match
from judge_cli.render.labels import label
from judge_cli.render.rulings import ruling_lines
from judge_cli.render.style import Style

VIA_LABELS = {
    "number": {"ja": "番号", "en": "number"},
    "term": {"ja": "用語", "en": "term"},
    "alias": {"ja": "別名", "en": "alias"},
    "reading": {"ja": "読み", "en": "reading"},
    "fuzzy": {"ja": "近い表記", "en": "near spelling"},
    "fulltext": {"ja": "本文", "en": "full text"},
}
HOW_LABELS = {
    "stripped": {"ja": "問いの語を除いて", "en": "without the question words"},
    "prefix": {"ja": "前方一致", "en": "beginning"},
    "slip": {"ja": "同じ読みの語として", "en": "as the word that sounds the same"},
    "question": {"ja": "質問例に近い", "en": "like an example question"},
    "contrast": {"ja": "対になる条文", "en": "the contrasting article"},
    "within": {"ja": "問いの中の名前", "en": "named in the question"},
    "cited": {"ja": "問いの中の番号", "en": "cited in the question"},
    "model": {"ja": "同じような質問の条文", "en": "where questions like it belong"},
    "asked": {"ja": "このカードを尋ねる質問に近い", "en": "like questions asking for this card"},
}
LOW_CONFIDENCE = {
    "ja": "自信がありません。「{query}」に触れている条文の候補です（全文は seven judge 番号）:",
    "en": 'Not sure. These articles mention "{query}" (the full text: seven judge NUMBER):',
}
CARD_LABEL = {"ja": "カード", "en": "card"}
FIRST_LINE_WIDTH = 64
"""Candidates show their first line up to this many terminal columns (a kanji takes two)."""


def _lang_of(view: str) -> str:
    return "ja" if view == "both" else view


def _is_glossary(rid: str) -> bool:
    return rid.startswith("1000「")


def _rulings(index: dict, rid: str) -> list[dict]:
    """Rulings that cite ``rid`` or an article under it (:mod:`judge_cli.rulings`; the
    index carries them from :func:`judge_cli.lookup.index.load_index`)."""
    from judge_cli.rulings import rulings_for

    return rulings_for(index.get("rulings"), rid)


def _entry_term(index: dict, rid: str, lang: str) -> str:
    data = index["gloss"].get(lang, {}).get(rid) or index["gloss"]["ja"].get(rid) or {}
    return data.get("term", rid)


def _is_card(index: dict, rid: str) -> bool:
    return "cards" in index and rid in part(index, "cards")


def _card_line(card: dict, lang: str) -> str:
    """A card in one line: its name and the first of its effect lines."""
    text = card["text"].get(lang) or card["text"]["ja"]
    first = next((text[k] for k in ("basic", "arrival", "hand") if text.get(k)), "")
    sep = "：" if lang == "ja" else ": "
    return f"{card['name'].get(lang) or card['name']['ja']}{sep}{first}".replace("\n", " ")


def _first_line(index: dict, rid: str, lang: str) -> str:
    if _is_card(index, rid):
        return _card_line(part(index, "cards")[rid], lang)
    if _is_glossary(rid):
        data = index["gloss"].get(lang, {}).get(rid) or index["gloss"]["ja"][rid]
        return f"{data['term']}: {data.get('text') or ''}".strip()
    first = index["nodes"][rid]["first"]
    return first.get(lang) or first.get("ja") or ""


def _columns(ch: str) -> int:
    from unicodedata import east_asian_width

    return 2 if east_asian_width(ch) in ("W", "F") else 1


def _width(text: str) -> int:
    """Terminal columns ``text`` takes (a kanji or full-width bracket takes two)."""
    return sum(_columns(ch) for ch in text)


def _shorten(text: str, width: int = FIRST_LINE_WIDTH) -> str:
    """``text`` cut to ``width`` terminal columns, with … where it was cut."""
    used = 0
    for i, ch in enumerate(text):
        used += _columns(ch)
        if used > width - 1:
            return text[:i] + "…"
    return text


def _glossary_view(index: dict, rid: str, view: str, style: Style) -> str:
    """A glossary entry with a note (無作為) shown as the best answer."""
    langs = ["ja", "en"] if view == "both" else [view]
    lines = []
    for n, lang in enumerate(langs):
        data = index["gloss"].get(lang, {}).get(rid)
        if data is None:
            continue
        head = style(rid, "bold", "cyan") if n == 0 else " " * _width(rid)
        term = style(data["term"], "bold")
        if data.get("editorial"):
            term += " " + style(label("editorial", lang), "dim")
        lines.append(f"{head} {term}")
        if data.get("text"):
            lines.append(" " * (_width(rid) + 1) + data["text"])
    lines.append("")
    refs = index["gloss"]["ja"][rid].get("refs") or []
    if refs:
        lines.append(f"{style(label('refers_to', _lang_of(view)), 'bold')}: {', '.join(refs)}")
    for lang in langs:
        meta = index["meta"].get(lang, {})
        source = f"{label('source', lang)}: {meta.get('title', '')} ({meta.get('edition', '?')})"
        lines.append(style(source, "dim"))
    return "\n".join(lines)


def _found_by(index: dict, m: Match, lang: str, style: Style) -> list[str]:
    """The glossary entry that led to the answer, and how the query matched."""
    lines = []
    entry = index["entries"][m.entry] if m.entry is not None else None
    if entry is not None and entry["kind"] == "glossary" and not _is_glossary(m.id):
        gid = entry["id"]
        data = index["gloss"].get(lang, {}).get(gid) or index["gloss"]["ja"][gid]
        shown = f"「{data['term']}」" if lang == "ja" else f'"{data["term"]}"'
        sep = "" if lang == "ja" else " "
        text = f"{style(label('glossary', lang), 'bold')}{sep}{shown}"
        if data.get("editorial"):
            text += " " + style(label("editorial", lang), "dim")
        targets = data.get("targets") or []
        if targets:
            text += " → " + ", ".join(targets)
        elif data.get("text"):
            text += ": " + data["text"]
        lines.append(text)
    via = VIA_LABELS[m.via][lang]
    how = HOW_LABELS.get(m.how, {}).get(lang)
    detail = f"{via}「{m.key}」" if lang == "ja" else f'{via} "{m.key}"'
    if how:
        detail += f" ({how})"
    lines.append(style(f"{label('via', lang)}: {detail}  {m.score:.0f}", "dim"))
    return lines


def _card_view(index: dict, rid: str, view: str, style: Style) -> str:
    """A card found by its name: the card's block (:func:`judge_cli.render.card.card_block`
    where that renderer exists, else its name, kind and effect lines as printed)."""
    try:
        from judge_cli.render.card import card_block
    except ImportError:  # a build without the card renderer
        card_block = None
    if card_block is not None:
        return card_block(rid, view)
    card = part(index, "cards")[rid]
    langs = ["ja", "en"] if view == "both" else [view]
    lines = []
    for lang in langs:
        head = style(card["name"].get(lang) or card["name"]["ja"], "bold")
        tag = f"({CARD_LABEL[lang]} {rid}, {card['colour']})"
        lines.append(f"{head}  {style(tag, 'dim')}")
        text = card["text"].get(lang) or {}
        marks = {"basic": "★", "arrival": "●", "hand": "■"}
        for k, mark in marks.items():
            if text.get(k):
                lines.append(f"  {mark} {text[k]}".replace("\n", "\n    "))
    return "\n".join(lines)


def _low_confidence(index: dict, query: str, matches: list[Match], view: str, style: Style) -> str:
    """A guess says so, and lets the player choose among the top three."""
    lang = _lang_of(view)
    out = [style(LOW_CONFIDENCE[lang].format(query=query), "yellow")]
    top = matches[:3]
    width = max(_width(m.id) for m in top)
    for m in top:
        first = _first_line(index, m.id, lang)
        padded = m.id + " " * (width - _width(m.id))
        via = style(f"({VIA_LABELS[m.via][lang]} {m.score:.0f})", "dim")
        out.append(f"  {style(padded, 'cyan')}  {first}  {via}")
    return "\n".join(out)


def judge_text(index: dict, query: str, matches: list[Match], view: str, style: Style) -> str:
    """The terminal answer: best article, glossary entry and match, other candidates; or,
    when the best is only a guess (low confidence), the top three to choose from."""
    lang = _lang_of(view)
    best = matches[0]
    if best.confidence == "low" and len(matches) > 1:
        return _low_confidence(index, query, matches, view, style)
    if _is_card(index, best.id):
        body = _card_view(index, best.id, view, style)
    elif _is_glossary(best.id):
        body = _glossary_view(index, best.id, view, style)
    else:
        body = part(index, "render", f"{view}|{int(style.enabled)}")[best.id]
    out = [body, ""]
    rulings = (
        ruling_lines(_rulings(index, best.id), view, style) if not _is_card(index, best.id) else []
    )
    if rulings:
        out.extend(rulings)
        out.append("")
    out.extend(_found_by(index, best, lang, style))
    others = matches[1:]
    if others:
        out.append("")
        out.append(style(label("candidates", lang), "bold") + ":")
        width = max(_width(m.id) for m in others)
        for m in others:
            first = _shorten(_first_line(index, m.id, lang))
            via = style(f"({VIA_LABELS[m.via][lang]} {m.score:.0f})", "dim")
            padded = m.id + " " * (width - _width(m.id))
            out.append(f"  {style(padded, 'cyan')}  {first}  {via}")
    return "\n".join(out)


def judge_data(index: dict, query: str, matches: list[Match], view: str) -> dict:
    """``seven judge --json``: ``{"query", "results": [{"id", "score", "text", "via", …}]}``.

    Each result carries the fields of ``seven dump`` for its article (``text``, ``title``,
    ``refs``, ``referenced_by``, …) plus ``score``, ``via``, ``matched`` (what matched, how,
    and the glossary entry that led there) and ``rulings``. With ``--lang both`` the text is
    the Japanese one and ``translations`` holds the English.
    """
    lang = _lang_of(view)
    results = []
    for m in matches:
        if _is_card(index, m.id):
            results.append(_card_data(index, m, lang))
            continue
        table = index["gloss"] if _is_glossary(m.id) else part(index, "data")
        base = table.get(lang, {}).get(m.id) or table["ja"][m.id]
        d = dict(base)
        d["id"] = m.id
        d["score"] = round(m.score, 1)
        d["via"] = m.via
        entry = index["entries"][m.entry] if m.entry is not None else None
        d["matched"] = {
            "key": m.key,
            "how": m.how,
            "entry": entry["id"] if entry and entry["kind"] == "glossary" else None,
            "lang": m.lang,
        }
        d["first_line"] = _first_line(index, m.id, lang)
        d["rulings"] = _rulings(index, m.id)
        d["confidence"] = m.confidence
        if view == "both" and "en" in table:
            twin = table["en"].get(m.id) or {}
            d["translations"] = {
                "en": {k: twin.get(k) for k in ("title", "text", "term") if k in twin}
            }
        results.append(d)
    meta = index["meta"][lang if lang in index["meta"] else "ja"]
    return {"query": query, "lang": view, "edition": meta.get("edition"), "results": results}


def _card_data(index: dict, m: Match, lang: str) -> dict:
    """A card result: ``kind: "card"``, its name, colour, kind of card and effect lines."""
    card = part(index, "cards")[m.id]
    return {
        "id": m.id,
        "kind": "card",
        "name": card["name"],
        "colour": card["colour"],
        "card_kind": card["kind"],
        "text": card["text"].get(lang) or card["text"]["ja"],
        "score": round(m.score, 1),
        "via": m.via,
        "matched": {"key": m.key, "how": m.how, "entry": None, "lang": m.lang},
        "first_line": _first_line(index, m.id, lang),
        "confidence": m.confidence,
    }

"""A scenario's ``source`` (where its ruling comes from) in the reader's language.

Scenario files write the source in English, in a few set forms ("written from 507.4 and
903.1", "(editorial items)", "(found by seven simulate)"); Japanese output shows them in
Japanese. A source in another form is shown as written.

>>> source_note("written from 507.4, 903.1 and 114.4", "ja")
'507.4、903.1、114.4から作成'
>>> source_note("written from 401.1 (editorial items), 402 and 102.3", "ja")
'401.1（編集項目）、402、102.3から作成'
>>> source_note("written from 804.1 and 300.2 (found by seven simulate)", "ja")
'804.1、300.2から作成（seven simulateで発見）'
>>> source_note("written from 507.4", "en")
'written from 507.4'
"""

from __future__ import annotations

import re

_WRITTEN_FROM = "written from "
_NOTES = {
    "(found by seven simulate)": "（seven simulateで発見）",
    "(found by testing hostile positions)": "（異常な局面のテストで発見）",
}
_PARTS = {
    "(editorial items)": "（編集項目）",
}
_GLOSSARY = re.compile(r"^the glossary entry (.+)$")


def source_note(source: str, lang: str) -> str:
    """``source`` as the reader of ``lang`` reads it."""
    if lang != "ja" or not source.startswith(_WRITTEN_FROM):
        return source
    text = source[len(_WRITTEN_FROM) :]
    note = ""
    for english, japanese in _NOTES.items():
        if text.endswith(" " + english):
            text, note = text[: -len(english) - 1], japanese
    items = re.split(r", | and ", text)
    out = []
    for item in items:
        for english, japanese in _PARTS.items():
            item = item.replace(" " + english, japanese)
        glossary = _GLOSSARY.match(item)
        if glossary:
            item = f"用語集の「{glossary.group(1)}」"
        if re.search(r"[A-Za-z]{3,}", item.replace("seven", "")):
            return source  # a form this module does not know: as written
        out.append(item)
    return "、".join(out) + "から作成" + note

"""Folding what players type into one form: width, kana, case, variant kanji, dashes.

A query and every key it is compared with go through :func:`fold`, so ``ﾄｳﾀﾂ``, ``トウタツ``
and ``とうたつ`` are the same key, ``ＦＯＲＣＥＤ`` is ``forced``, ``到逹`` is ``到達`` and
``ゲ－ト`` is ``げーと``.

>>> fold("ﾄｳﾀﾂ"), fold("ＦＯＲＣＥＤ ＭＯＶＥ"), fold("到逹"), fold("ゲ－ト")
('とうたつ', 'forced move', '到達', 'げーと')
>>> key("Top-card  principle"), key("「原則」の意味"), key("ロックエリア−バー")
('topcardprinciple', '原則の意味', 'ろっくえりあば')
"""

from __future__ import annotations

import re
import unicodedata

from judge_cli.errors import InputError

MAX_QUERY = 500
"""Longer queries are refused: no article is that long, and ranking would only get slower."""

# Variant forms of kanji (異体字, old and simplified forms, look-alikes) that players paste or
# type, folded to the form the rules use. Only characters of words in the rules are listed;
# NFKC already folds the CJK compatibility ideographs.
_VARIANTS = {
    "逹": "達",
    "强": "強",
    "彊": "強",
    "將": "将",
    "處": "処",
    "效": "効",
    "數": "数",
    "圍": "囲",
    "從": "従",
    "變": "変",
    "擇": "択",
    "兩": "両",
    "來": "来",
    "發": "発",
    "讀": "読",
    "餘": "余",
    "戰": "戦",
    "黑": "黒",
    "靑": "青",
    "綠": "緑",
    "觸": "触",
    "擧": "挙",
    "會": "会",
    "當": "当",
    "對": "対",
    "號": "号",
    "爲": "為",
    "敎": "教",
    "舊": "旧",
    "狀": "状",
    "條": "条",
    "續": "続",
    "證": "証",
    "鄰": "隣",
    "邊": "辺",
    "邉": "辺",
    "拔": "抜",
    "缺": "欠",
    "飮": "飲",
    "卽": "即",
    "𠮷": "吉",
    "髙": "高",
    "﨑": "崎",
}

# Hyphens people type or paste (ASCII, Unicode dashes, minus, full-width hyphen). After kana
# they stand for the long-vowel mark ー (ゲ－ト); elsewhere they are a hyphen (606.1a–1).
_DASHES = "-‐‑‒–—―−－﹣﹘⁃"
_KANA = "\u3041-\u3096\u30a1-\u30fa\u30fc"
_DASH_AFTER_KANA = re.compile(f"(?<=[{_KANA}])[{re.escape(_DASHES)}]")
_DASH = re.compile(f"[{re.escape(_DASHES)}]")
_SPACE = re.compile(r"\s+")
# What a key drops: spaces, punctuation and symbols (「」、。・？ …), keeping letters, digits,
# kana (incl. ー) and kanji.
_NOT_KEY = re.compile(r"[^\w\u30fc]+")
_TRANS = str.maketrans(
    {
        **_VARIANTS,
        # Katakana → hiragana (ァ..ヶ → ぁ..ゖ); ヷ-ヺ have no hiragana and stay.
        **{chr(c): chr(c - 0x60) for c in range(0x30A1, 0x30F7)},
    }
)


def clean(text: str) -> str:
    """The query as it can be shown and searched: no control characters, no lone surrogates.

    Raises :class:`InputError` for a query longer than :data:`MAX_QUERY` characters.

    >>> clean("到達\\x00\\ud800 ")
    '到達\\ufffd'
    """
    if len(text) > MAX_QUERY:
        raise InputError(
            f"the query is {len(text)} characters long; at most {MAX_QUERY} are searched",
            hint="ask about one thing at a time: a term, an article number or a short question",
        )
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cs":
            out.append("\ufffd")  # a lone surrogate (undecodable bytes on the command line)
        elif cat in ("Cc", "Cf") and ch not in "\t\n":
            continue
        else:
            out.append(ch)
    return _SPACE.sub(" ", "".join(out)).strip()


def fold(text: str) -> str:
    """NFKC, lower case, katakana → hiragana, variant kanji → the rules' kanji, dashes."""
    text = unicodedata.normalize("NFKC", text)
    text = _DASH_AFTER_KANA.sub("ー", text)
    text = _DASH.sub("-", text).lower().translate(_TRANS)
    return _SPACE.sub(" ", text).strip()


def key(text: str) -> str:
    """:func:`fold` without spaces, hyphens, punctuation and the long-vowel mark ー.

    What exact matching compares. ー goes too: a dash typed between two katakana words
    (ロックエリア−バー) cannot be told from a long vowel, and no two terms differ by it.
    """
    return _NOT_KEY.sub("", fold(text)).replace("_", "").replace("ー", "")


def to_hiragana(text: str) -> str:
    """Katakana (full or half width) as hiragana; everything else unchanged."""
    return unicodedata.normalize("NFKC", text).translate(_TRANS)


# Plain range checks, not regular expressions: a character class spanning the CJK block
# takes milliseconds to compile, which every `seven judge` would pay.
def _is_kana_char(c: str) -> bool:
    return "\u3041" <= c <= "\u3096" or "\u30a1" <= c <= "\u30fa" or c == "ー"


def is_kana(text: str) -> bool:
    """True when ``text`` is kana only (a reading typed in kana; spaces allowed)."""
    stripped = text.replace(" ", "")
    return bool(stripped) and all(_is_kana_char(c) for c in stripped)


def has_japanese(text: str) -> bool:
    """True when ``text`` holds kana or kanji."""
    return any(
        "\u3040" <= c <= "\u30ff" or "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff"
        for c in text
    )

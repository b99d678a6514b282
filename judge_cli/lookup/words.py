"""The words of a question: longest match against the index's vocabulary, table-driven.

Japanese is written without spaces, and players write it their own way (コマ for 駒,
取られちゃった for 奪われた). No analyser runs here: the index carries a vocabulary built
from the rules (terms, titles, the kanji and katakana words of the text) and from the
thesaurus (the players' words, in their conjugated forms, each mapped to the rules' words),
and a query is cut by longest match against it. What no word covers is read by script: a
lone kanji is a word of its own (the stem of a verb: 奪 in 奪われた), a katakana run is one
word, hiragana between words is grammar (助詞, endings, question shells) and is dropped.

The articles are cut by the same function with the same vocabulary when the index is built,
so a query and the text always agree. Every table is plain data
(:func:`judge_cli.lookup.tables.search_tables` exports them) and the algorithm is short
enough to port.

>>> v = vocabulary(["強制移動", "移動", "強制", "手札", "ロック"], {"コマ": ["駒"]})
>>> ja_words("コマを強制移動させた", v)
['駒', '強制移動', '強制', '移動']
>>> ja_words("手札をロックできますか", v)
['手札', 'ろっく']
>>> ja_words("こまはどこまで", vocabulary([], {"こま": ["駒"]}))
['駒']
"""

from __future__ import annotations

import unicodedata

from judge_cli.lookup.normalize import _DASH, _DASH_AFTER_KANA, _VARIANTS

_VARIANT_TRANS = str.maketrans(_VARIANTS)
_KATA_TRANS = str.maketrans({chr(c): chr(c - 0x60) for c in range(0x30A1, 0x30F7)})

# Conjugation: the endings a verb in its dictionary form (its last kana) takes in the forms
# players write (取らない, 取ります, 取る, 取れる, 取ろう, 取って): a verb found in any of them
# is the word. Ichidan verbs (捨てる) are also found by their stem (捨て), adjectives in い by
# their stems (多く, 多かった).
CONJUGATION = {
    "う": "わいうえおっ",
    "く": "かきくけこい",
    "ぐ": "がぎぐげごい",
    "す": "さしすせそ",
    "つ": "たちつてとっ",
    "ぬ": "なにぬねのん",
    "ぶ": "ばびぶべぼん",
    "む": "まみむめもん",
    "る": "らりるれろっ",
    "い": "くかいけさ",
}
MIN_KANA_SURFACE = 4
"""A vocabulary word written in katakana is found in hiragana only from this length on
(ろっくえりあ): a short one would match inside grammar (ます is not マス)."""


PARTICLES = "のをにがはでともへやか"
"""A short word written in hiragana starts a word only after a non-hiragana character or one
of these particles: こま (a player's 駒) is a word in 相手のこま, not in どこまで."""


def prefold(text: str) -> str:
    """NFKC, dashes, lower case and variant kanji, as :func:`normalize.fold`, but keeping
    katakana apart from hiragana (the script tells a word from grammar)."""
    text = unicodedata.normalize("NFKC", text)
    text = _DASH_AFTER_KANA.sub("ー", text)
    return _DASH.sub("-", text).lower().translate(_VARIANT_TRANS)


def kana_fold(text: str) -> str:
    """Katakana → hiragana, one character for one (positions are kept)."""
    return text.translate(_KATA_TRANS)


def is_kanji(c: str) -> bool:
    return "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" or c in "々〆ヶ"


def is_katakana(c: str) -> bool:
    return "\u30a1" <= c <= "\u30fa" or c == "ー"


def is_hiragana(c: str) -> bool:
    return "\u3041" <= c <= "\u3096"


def is_latin(c: str) -> bool:
    return c.isascii() and c.isalnum()


def conjugated(word: str) -> list[str]:
    """The surfaces a player's word is found by: itself and, for a verb or adjective in its
    dictionary form, its conjugation stems.

    >>> conjugated("取られる")[:4], conjugated("捨てる")[-1], conjugated("駒")
    (['取られる', '取られら', '取られり', '取られれ'], '捨て', ['駒'])
    """
    out = [word]
    last = word[-1:]
    if len(word) >= 2 and last in CONJUGATION:
        stem = word[:-1]
        out += [stem + e for e in CONJUGATION[last]]
        if last == "る" and len(stem) >= 2 and is_hiragana(stem[-1]):
            out.append(stem)  # ichidan: 捨てる → 捨て(た, ない, られる)
    return list(dict.fromkeys(out))


def vocabulary(words, synonyms: dict[str, list[str]] | None = None) -> dict:
    """The vocabulary: folded surface → the words (lemmas) it stands for.

    ``words`` are the rules' own words (each stands for itself and, when it is a compound of
    other words, for them too: 強制移動 → 強制移動, 強制, 移動). ``synonyms`` map a player's
    word to rules' words (コマ → [駒]); its conjugated forms are added.
    """
    base: dict[str, list[str]] = {}
    kana_origin: set[str] = set()
    for w in words:
        f = prefold(w).replace(" ", "")
        if len(f) < 2 and not (f and is_kanji(f)):
            continue
        k = kana_fold(f)
        base.setdefault(k, [k])
        if all(is_katakana(c) for c in f):
            kana_origin.add(k)
    table = {"words": base, "kana": sorted(kana_origin), "max": 1}
    table["max"] = max((len(k) for k in base), default=1)
    # Compounds also stand for their parts: a query for 移動 finds 強制移動 (weakly).
    for k in list(base):
        if len(k) >= 3:
            inner = {"words": {w: v for w, v in base.items() if w != k}, "kana": [], "max": 8}
            parts = [p for p in ja_words(k, inner) if p != k and len(p) >= 2]
            base[k] = [k, *dict.fromkeys(parts)]
    for say, means in (synonyms or {}).items():
        lemmas: list[str] = []
        for m in means:
            lemmas += ja_words(m, table)
        lemmas = list(dict.fromkeys(lemmas))
        for surface in conjugated(kana_fold(prefold(say)).replace(" ", "")):
            if len(surface) >= 2 or is_kanji(surface):
                base[surface] = list(dict.fromkeys([*base.get(surface, []), *lemmas]))
                kana_origin.discard(surface)
    table["kana"] = sorted(kana_origin)
    table["max"] = max((len(k) for k in base), default=1)
    return table


def ja_words(text: str, vocab: dict) -> list[str]:
    """The words of ``text``: longest match against ``vocab``, the rest read by script."""
    t1 = prefold(text)
    t2 = kana_fold(t1)
    words, kana_only, longest = vocab["words"], vocab.get("kana_set"), vocab["max"]
    if kana_only is None:
        kana_only = vocab["kana_set"] = frozenset(vocab["kana"])
    out: list[str] = []
    i, n = 0, len(t1)
    while i < n:
        c = t1[i]
        if not (is_kanji(c) or is_katakana(c) or is_hiragana(c) or is_latin(c)):
            i += 1
            continue
        for size in range(min(longest, n - i), 0, -1):
            piece = t2[i : i + size]
            lemmas = words.get(piece)
            if lemmas is None:
                continue
            written = t1[i : i + size]
            if piece in kana_only and size < MIN_KANA_SURFACE and not is_katakana(written[0]):
                continue  # ます is grammar, not マス
            if (
                size < MIN_KANA_SURFACE
                and i > 0
                and is_hiragana(t1[i - 1])
                and t1[i - 1] not in PARTICLES
                and is_hiragana(written[0])
                and not any(is_kanji(ch) for ch in written)
            ):
                continue  # こま inside どこまで, とこ inside あとコマ: no word
            if is_latin(c) and i + size < n and is_latin(t1[i + size]):
                continue  # a word, not the start of a longer one
            out.extend(lemmas)
            i += size
            break
        else:
            if is_kanji(c):
                out.append(c)
                i += 1
            elif is_katakana(c) or is_latin(c):
                same = is_katakana if is_katakana(c) else is_latin
                j = i + 1
                while j < n and same(t1[j]):
                    j += 1
                out.append(t2[i:j])
                i = j
            else:
                i += 1
    return out


def en_phrases(synonyms: dict[str, list[str]], stems) -> dict[str, list[str]]:
    """English synonyms as stemmed phrases: ``"graveyard" → ["discard", "pil"]``, keyed by
    the stems of the player's words joined with spaces; a phrase of several words that keeps
    one word without its stop words is left out; a phrase holding a word that another phrase
    stands for alone is also keyed with that phrase in its place.

    >>> cut = lambda t: [w for w in t.split() if w not in ("my", "is")]
    >>> en_phrases({"my cards": ["hand"], "draw pile": ["deck"]}, cut)
    {'draw pile': ['deck']}
    >>> said = {"draw pile": ["deck"], "deck is empty": ["deck runs out"]}
    >>> en_phrases(said, cut)["draw pile empty"]
    ['deck', 'runs', 'out']
    """
    out: dict[str, list[str]] = {}
    for say, means in synonyms.items():
        words = stems(say)
        if not words or (len(words) == 1 and len(say.split()) > 1):
            # A phrase whose other words are stop words (``in effect``, ``my cards``) would
            # stand for its one remaining word everywhere: ``effect``, ``card``.
            continue
        k = " ".join(words)
        lemmas: list[str] = []
        for m in means:
            lemmas += stems(m)
        out[k] = list(dict.fromkeys([*out.get(k, []), *lemmas]))
    # A phrase holding a word that other phrases stand for is also said with those phrases:
    # ``deck is empty`` also as ``draw pile is empty`` (draw pile → deck).
    said: dict[str, list[str]] = {}
    for k, lemmas in out.items():
        if len(lemmas) == 1 and lemmas[0] != k:
            said.setdefault(lemmas[0], []).append(k)
    for k, lemmas in list(out.items()):
        words = k.split()
        for i, w in enumerate(words if len(words) > 1 else ()):
            for other in said.get(w, ()):
                out.setdefault(" ".join([*words[:i], other, *words[i + 1 :]]), lemmas)
    return out


def en_rewrite(words: list[str], phrases: dict[str, list[str]], longest: int = 4) -> list[str]:
    """Stemmed words with the players' phrases replaced by the rules' words (longest first).

    >>> en_rewrite(["graveyard", "shuffl"], {"graveyard": ["discard", "pil"]})
    ['discard', 'pil', 'shuffl']
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(longest, len(words) - i), 0, -1):
            rep = phrases.get(" ".join(words[i : i + size]))
            if rep is not None:
                out.extend(rep)
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return out

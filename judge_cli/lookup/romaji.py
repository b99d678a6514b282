"""Readings compared by sound: kana and romaji (Hepburn, Kunrei, typed) to one phonetic key.

Players type a reading as ``とうたつ``, ``トウタツ``, ``toutatsu``, ``tōtatsu``, ``tootatsu``
or ``totatsu``; all of them are the key ``totatsu``. The key is Hepburn romaji with vowel
length and doubled consonants folded away, so that every usual way of writing a long vowel
(う, ー, a macron, a doubled or a dropped vowel) and of writing っ meets.

>>> [phonetic_key(s) for s in ("とうたつ", "toutatsu", "tōtatsu", "totatsu", "TOOTATSU")]
['totatsu', 'totatsu', 'totatsu', 'totatsu', 'totatsu']
>>> [phonetic_key(s) for s in ("せっしょく", "sessyoku", "ゲート", "geeto")]
['seshoku', 'seshoku', 'geto', 'geto']
>>> romaji_to_kana("kyōsei idō"), romaji_to_kana("shinbun"), romaji_to_kana("forced move")
('きょうせいいどう', 'しんぶん', None)
"""

from __future__ import annotations

import re
import unicodedata

from judge_cli.lookup.normalize import is_kana, to_hiragana

_BASE = """
あa いi うu えe おo かka きki くku けke こko がga ぎgi ぐgu げge ごgo
さsa しshi すsu せse そso ざza じji ずzu ぜze ぞzo たta ちchi つtsu てte とto
だda ぢji づzu でde どdo なna にni ぬnu ねne のno はha ひhi ふfu へhe ほho
ばba びbi ぶbu べbe ぼbo ぱpa ぴpi ぷpu ぺpe ぽpo まma みmi むmu めme もmo
やya ゆyu よyo らra りri るru れre ろro わwa ゐi ゑe をo んn ゔvu
ぁa ぃi ぅu ぇe ぉo ゃya ゅyu ょyo ゎwa
きゃkya きゅkyu きょkyo しゃsha しゅshu しょsho ちゃcha ちゅchu ちょcho にゃnya にゅnyu
にょnyo ひゃhya ひゅhyu ひょhyo みゃmya みゅmyu みょmyo りゃrya りゅryu りょryo
ぎゃgya ぎゅgyu ぎょgyo じゃja じゅju じょjo ぢゃja ぢゅju ぢょjo びゃbya びゅbyu びょbyo
ぴゃpya ぴゅpyu ぴょpyo ふぁfa ふぃfi ふぇfe ふぉfo てぃti でぃdi とぅtu どぅdu
うぃwi うぇwe うぉwo しぇshe じぇje ちぇche ゔぁva ゔぃvi ゔぇve ゔぉvo
"""

KANA_ROMAJI: dict[str, str] = {}
for _item in _BASE.split():
    _split = next(i for i, c in enumerate(_item) if c.isascii())
    KANA_ROMAJI[_item[:_split]] = _item[_split:]

# Romaji → kana: Hepburn from the table above, plus the Kunrei / Nihon-shiki and typing
# (wāpuro) spellings people use.
ROMAJI_KANA: dict[str, str] = {}
for _kana, _rom in KANA_ROMAJI.items():
    if _kana[0] not in "ぁぃぅぇぉゃゅょゎゐゑ" and _kana not in ("を", "ぢ", "づ"):
        ROMAJI_KANA.setdefault(_rom, _kana)
ROMAJI_KANA.update(
    {
        "wo": "を",
        "si": "し",
        "ti": "ち",
        "tu": "つ",
        "hu": "ふ",
        "zi": "じ",
        "di": "ぢ",
        "du": "づ",
        "sya": "しゃ",
        "syu": "しゅ",
        "syo": "しょ",
        "tya": "ちゃ",
        "tyu": "ちゅ",
        "tyo": "ちょ",
        "cya": "ちゃ",
        "cyu": "ちゅ",
        "cyo": "ちょ",
        "zya": "じゃ",
        "zyu": "じゅ",
        "zyo": "じょ",
        "jya": "じゃ",
        "jyu": "じゅ",
        "jyo": "じょ",
        "dya": "ぢゃ",
        "dyu": "ぢゅ",
        "dyo": "ぢょ",
        "xa": "ぁ",
        "xi": "ぃ",
        "xu": "ぅ",
        "xe": "ぇ",
        "xo": "ぉ",
        "la": "ぁ",
        "li": "ぃ",
        "lu": "ぅ",
        "le": "ぇ",
        "lo": "ぉ",
        "xya": "ゃ",
        "xyu": "ゅ",
        "xyo": "ょ",
        "lya": "ゃ",
        "lyu": "ゅ",
        "lyo": "ょ",
        "xtu": "っ",
        "ltu": "っ",
        "xtsu": "っ",
        "ltsu": "っ",
        "-": "ー",
    }
)
_LONGEST = max(len(k) for k in ROMAJI_KANA)
_VOWELS = "aiueo"
# Long vowels written with a macron or a circumflex (Hepburn, Nihon-shiki).
_LONG = str.maketrans(
    {
        "ā": "aa",
        "ī": "ii",
        "ū": "uu",
        "ē": "ee",
        "ō": "ou",
        "â": "aa",
        "î": "ii",
        "û": "uu",
        "ê": "ee",
        "ô": "ou",
    }
)
_ROMAJI_CHARS = re.compile(r"^[a-z' \-]+$")


def _plain_latin(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower().translate(_LONG)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def romaji_to_kana(text: str) -> str | None:
    """Hiragana for a romaji reading, or None when ``text`` is not romaji (an English word)."""
    s = _plain_latin(text)
    if not s or not _ROMAJI_CHARS.match(s):
        return None
    s = s.replace(" ", "")
    out: list[str] = []
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        nxt = s[i + 1] if i + 1 < n else ""
        if c == "'":
            i += 1
            continue
        if c == "n" and nxt not in _VOWELS and nxt != "y":
            # ん: before a consonant, at the end, or written nn / n'.
            out.append("ん")
            i += 2 if nxt in ("n", "'") and (i + 2 >= n or s[i + 2] not in _VOWELS + "y") else 1
            continue
        if c == "m" and nxt in ("b", "m", "p"):  # Hepburn shimbun
            out.append("ん")
            i += 1
            continue
        if c == nxt and c not in _VOWELS and c not in "n-'":  # a doubled consonant: っ
            out.append("っ")
            i += 1
            continue
        if c == "t" and s.startswith("ch", i + 1):  # Hepburn matcha (っち)
            out.append("っ")
            i += 1
            continue
        for size in range(min(_LONGEST, n - i), 0, -1):
            kana = ROMAJI_KANA.get(s[i : i + size])
            if kana is not None:
                out.append(kana)
                i += size
                break
        else:
            return None
    return "".join(out)


def kana_to_romaji(kana: str) -> str:
    """Hepburn romaji for hiragana or katakana; other characters are kept (lower case)."""
    h = to_hiragana(kana)
    out: list[str] = []
    double = False
    i = 0
    while i < len(h):
        pair = KANA_ROMAJI.get(h[i : i + 2]) if i + 1 < len(h) else None
        rom = pair or KANA_ROMAJI.get(h[i])
        step = 2 if pair else 1
        if h[i] == "っ":
            double = True
            i += 1
            continue
        if h[i] == "ー":
            last = next((c for c in reversed("".join(out)) if c in _VOWELS), "")
            out.append(last)
            i += 1
            continue
        if rom is None:
            rom = h[i].lower()
        if double and rom[:1].isalpha():
            rom = ("t" if rom.startswith("ch") else rom[0]) + rom
        double = False
        out.append(rom)
        i += step
    return "".join(out)


_NOT_LETTER = re.compile(r"[^a-z0-9]+")
_REPEAT = re.compile(r"([a-z])\1+")


def fold_romaji(romaji: str) -> str:
    """Vowel length and doubled consonants folded: ``toutatsu``, ``tootatsu`` → ``totatsu``."""
    s = _NOT_LETTER.sub("", romaji.lower()).replace("tch", "ch")
    s = _REPEAT.sub(r"\1", s)
    s = s.replace("ou", "o").replace("ei", "e")
    return _REPEAT.sub(r"\1", s)


def phonetic_key(text: str) -> str | None:
    """The sound of a reading in kana or romaji, or None when ``text`` is neither."""
    h = to_hiragana(text)
    if is_kana(h):
        return fold_romaji(kana_to_romaji(h)) or None
    kana = romaji_to_kana(text)
    if kana is None:
        return None
    return fold_romaji(kana_to_romaji(kana)) or None

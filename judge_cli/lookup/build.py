"""Building the lookup index from the corpus (once per change of the rules YAML).

The index is plain data (dicts, lists, tuples, strings, numbers), so that a lookup loads it
with :mod:`marshal` without importing the corpus model, PyYAML or pydantic. It holds:

- the keys to match: glossary terms, aliases and readings (ja and en), article titles and
  the names of the cards (ja, en and their readings);
- the vocabulary that cuts a question into words (:mod:`judge_cli.lookup.words`): the rules'
  words and the players' words of rules/players/thesaurus.yaml;
- the full-text postings of every article: its words weighted by field (text, the title of
  its group, the words that point to it, the example questions of rules/players/questions.yaml), its
  kana reading, its English text; and each example question on its own;
- the contrast pairs, the kanji readings for IME slips, each article's first line.

How an article is shown is not here: the layer that renders keeps its own renderings
(:mod:`judge_cli.render.prerender`), so that the lookup core imports no renderer.
"""

from __future__ import annotations

import marshal
import math
import re
from collections import Counter
from itertools import pairwise
from typing import Any

from judge_cli.lookup.index import pack
from judge_cli.lookup.model import features, model_table
from judge_cli.lookup.normalize import key, to_hiragana
from judge_cli.lookup.romaji import phonetic_key
from judge_cli.lookup.text import EN_STOPWORDS, card_words, en_grams, en_words, ja_grams
from judge_cli.lookup.words import en_phrases, ja_words, vocabulary

FORMAT = 2

# Base scores of exact matches by what matched (see :mod:`judge_cli.lookup.search`). The
# publisher's glossary outranks our additions; a title we wrote outranks nothing official.
TERM, ALIAS, TITLE, EDITORIAL_TITLE = 100, 97, 99, 95
CARD = 98
"""A card's name: below a rules term of the same spelling (なないろの欠片 is both)."""
READING_DROP = 6
"""A reading is a little weaker evidence than the written word (homophones)."""

# Field weights of the full text: how much a word counts where it is found.
FIELDS = {
    "text": 1.0,
    "summary": 0.5,
    "group": 1.5,
    "section": 1.0,
    "pointers": 2.0,
    "questions": 0.75,
}
# An item of our reconstructed list that points to the article deciding it (→506) sums
# that article up: its words count half, so the article it points to, not the list, is
# found for them.
_POINTS_ELSEWHERE = re.compile(r"(?:→|\bsee)\s*\d{3}")
_POINTS = re.compile(
    r"(?<!^)(\d{3}(?:\.\d+(?:[a-z](?:-\d+)?)?)?)(?:による|により|にしたが|に従|を適用|のとおり)"
    r"|^(\d{3}(?:\.\d+(?:[a-z](?:-\d+)?)?)?)(?:による|を適用|のとおり)"
)
"""What says another article decides: 113による, 508を適用する, 506.4のとおり; not a premise
the article starts from (606.2により、…), a see-also arrow (（→204.2）: a term defined
elsewhere) or a mention (606.1aと606.1a-1は, 801.1は)."""
_HANDS_OVER = re.compile(r"^[^。]*\d{3}(?:\.\d+(?:[a-z](?:-\d+)?)?)?(?:による|を適用する)。?$")
"""An article that is nothing but its pointer, one sentence ending in it (処理順は113による。,
山札が尽きたときの処理は901による。): what it is asked about, the article it names decides."""
_RUNS = re.compile(r"[\u3400-\u9fff々]{2,}|[\u30a1-\u30faー]{2,}")


def _entry(
    entries: list[dict], eid: str, kind: str, lang: str, term: str, targets: list[str], **kw: Any
) -> int:
    entries.append({"id": eid, "kind": kind, "lang": lang, "term": term, "targets": targets, **kw})
    return len(entries) - 1


def _add(table: dict[str, list], k: str, ref: tuple) -> None:
    if k and ref not in table.setdefault(k, []):
        table[k].append(ref)


def _postings(docs: list[tuple[str, list[str]]]) -> dict[str, Any]:
    """BM25-ready postings: gram → ((doc, tf), …), with document lengths and idf."""
    return _weighted_postings([(d, Counter(grams)) for d, grams in docs])


def _weighted_postings(docs: list[tuple[str, Counter]]) -> dict[str, Any]:
    """As :func:`_postings`, with a weighted frequency per word (a word of a field counts
    the field's weight)."""
    post: dict[str, list[tuple[int, float]]] = {}
    lengths = []
    for i, (_, counts) in enumerate(docs):
        lengths.append(sum(counts.values()))
        for g, tf in counts.items():
            post.setdefault(g, []).append((i, round(tf, 3)))
    n = len(docs)
    return {
        "ids": [d for d, _ in docs],
        "len": lengths,
        "avg": (sum(lengths) / n) if n else 1.0,
        "post": {g: tuple(p) for g, p in post.items()},
        "idf": {g: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for g, p in post.items()},
        "max_idf": math.log(1 + (n + 0.5) / 0.5),
    }


def _article_parts(article) -> list[tuple[str, float]]:
    """An article's own text: its text and our reconstructed items, each with its weight
    (an item pointing to the article that decides it is a summary)."""
    parts = [(article.text or "", FIELDS["text"])]
    for item in article.items.items if article.items else ():
        weight = FIELDS["summary"] if _POINTS_ELSEWHERE.search(item) else FIELDS["text"]
        parts.append((item, weight))
    return parts


def _group_title(corpus, article) -> str:
    """The title of an article's group (904 空席 says what 904.1 is about)."""
    group = corpus.articles.get(type(article.id)(article.id.group))
    if group is not None and group.title and group.kind == "group":
        return group.title
    return ""


def _section_title(corpus, article) -> str:
    """The title of the section an article stands in, when it is not its group (every
    article of 800 is about the 相手ゲート侵攻ボーナス, though 803.1 does not say so)."""
    if article.id.section == article.id.group:
        return ""
    section = corpus.articles.get(type(article.id)(article.id.section))
    return section.title if section is not None and section.title else ""


def _covers(aid: str, target: str) -> bool:
    """An article a pointer names covers itself and the articles under it."""
    return (
        aid == target
        or aid.startswith(target + ".")
        or (aid.startswith(target) and aid[len(target) : len(target) + 1].isalpha())
    )


def _field_docs(corpus, cut, pointers: dict[str, list[str]], questions: dict) -> list:
    """Full-text documents of one language, each a weighted count of its words by field:
    the article's text, its group's title, its section's title, the words that point to it
    (glossary terms and the thesaurus' rules words), its example questions."""
    docs = []
    for a in corpus.numbered():
        aid = str(a.id)
        counts: Counter = Counter()
        summary: set = set()
        for text, weight in _article_parts(a):
            words = cut(text)
            if weight == FIELDS["summary"]:
                summary.update(words)  # a summary's word counts once, however often said
                continue
            for w in words:
                counts[w] += weight
        for w in summary:
            counts[w] += FIELDS["summary"]
        for w in cut(_group_title(corpus, a)):
            counts[w] += FIELDS["group"]
        for w in cut(_section_title(corpus, a)):
            counts[w] += FIELDS["section"]
        for target, words in pointers.items():
            if _covers(aid, target):
                for w in {w for text in words for w in cut(text)}:
                    counts[w] += FIELDS["pointers"]
        for q in questions.get(aid, ()):
            for w in set(cut(q)):
                counts[w] += FIELDS["questions"]
        docs.append((aid, counts))
    for g in corpus.glossary:
        if g.note:
            docs.append((g.id, Counter(cut(g.note))))
    return docs


def _question_docs(questions: dict, cut) -> list[tuple[str, Counter]]:
    """Each example question as a document of its own (id: the article it asks about).

    Words only: the question stage compares single words (search._questions and the site's
    search.js skip a pair of neighbouring English words, forc+mov), so pairs would only
    weigh on the index and on the site's download."""
    return [
        (aid, Counter({w for w in cut(q) if "+" not in w}))
        for aid, qs in questions.items()
        for q in qs
    ]


def _model(corpus, questions: dict, feats) -> dict[str, Any]:
    """The counts of :mod:`judge_cli.lookup.model` for one language."""
    samples = []
    for aid, a in corpus.articles.items():
        own = "\n".join(t for t in (a.title, *(p for p, _w in _article_parts(a))) if t)
        if own:
            samples.append((str(aid), feats(own)))
    for aid, qs in questions.items():
        samples += [(aid, feats(q)) for q in qs]
    return model_table(samples)


def _card_model(lang: str, feats) -> dict[str, Any]:
    """The counts of :mod:`judge_cli.lookup.model` over the real cards, for one language: each
    card's own text (its name, printed lines, effect name and official notes) and each
    editorial question asked about it (cards/0th-remake.questions.yaml) a sample of the card,
    so that a question asking for a card in players' words finds it."""
    from judge_cli.cards import load_designs
    from judge_cli.cards.questions import card_questions

    asked = card_questions()
    samples = []
    for d in load_designs().values():
        own = [getattr(d.name, lang), *_card_lines(d, lang), getattr(d, f"notes_{lang}") or ""]
        samples.append((d.id, feats("\n".join(p for p in own if p))))
        samples += [(d.id, feats(q)) for q in asked.get(d.id, {}).get(lang, ())]
    return model_table(samples, min_samples=CARD_MIN_SAMPLES)


CARD_MIN_SAMPLES = 2
"""A feature of the cards' model counts when this many samples have it: a card has a few
dozen samples where an article has twice as many, and a word two of them say is telling."""


def _question_table(docs: list[tuple[str, Counter]]) -> dict[str, Any]:
    """The postings of the example questions, packed, with each question's weight (the idf
    of its words, summed): the question stage compares a query's share of it, and summing
    it over every posting at query time would cost a cold lookup 20 ms."""
    table = _weighted_postings(docs)
    weight = [0.0] * len(docs)
    for w, plist in table["post"].items():
        if "+" not in w:
            for doc, _tf in plist:
                weight[doc] += table["idf"][w]
    table["weight"] = weight
    # A question counts each of its words once: its postings are only the questions'
    # numbers, packed (lookup.index.pack).
    table["post"] = {w: pack([d for d, _tf in p]) for w, p in table["post"].items()}
    return table


def _kanji_readings() -> dict[str, list[str]]:
    """Each kanji's readings (judge_cli/lookup/kanji_readings.tsv), for IME slips."""
    from pathlib import Path

    table: dict[str, list[str]] = {}
    path = Path(__file__).with_name("kanji_readings.tsv")
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            ch, _, readings = line.partition("\t")
            table[ch] = readings.split()
    return table


_RUNS_OF_NAME = re.compile(r"[\u3400-\u9fff々]+|[^\u3400-\u9fff々]+")


def _name_runs(name: str) -> list[tuple[str, bool]]:
    """A card name's runs of kanji and of other characters, each with whether it is kanji
    (ジャンプ台 → ジャンプ, 台): the publisher's reading gives one word per kanji run."""
    return [
        (run, run[0] == "々" or "\u3400" <= run[0] <= "\u9fff")
        for run in _RUNS_OF_NAME.findall(name)
    ]


def card_reading(name: str, reading: str | None) -> str | None:
    """The whole reading of a card's name: its kana as they are, each run of kanji read by
    the next word of the publisher's ``reading`` (ジャンプ台 + だい → じゃんぷだい).

    >>> card_reading("ジャンプ台", "だい"), card_reading("収穫と種まき", "しゅうかく　たね")
    ('じゃんぷだい', 'しゅうかくとたねまき')
    >>> card_reading("誘惑の黒の烙印", None) is None
    True
    """
    words = (reading or "").split()
    out = []
    for run, kanji in _name_runs(name):
        if kanji:
            if not words:
                return None
            out.append(words.pop(0))
        else:
            out.append(to_hiragana(re.sub(r"[\s\-・：:!！]", "", run)))
    return "".join(out) if not words else None


def _mixes(units: list[str], sounds: dict[int, str]) -> list[tuple[str, bool]]:
    """Every spelling of ``units`` with some of those that have a sound (``sounds``: unit's
    place → its sound) written as it, and whether all of them are: a player who converts
    only part of a word types one of them."""
    from itertools import product

    places = sorted(sounds)
    out = []
    for choice in product((False, True), repeat=len(places)):
        if not any(choice):
            continue  # the word as written
        spelt = list(units)
        for n, said in zip(places, choice, strict=True):
            if said:
                spelt[n] = sounds[n]
        out.append(("".join(spelt), all(choice)))
    return out


def kana_variants(name: str, reading: str | None) -> list[str]:
    """A card's Japanese name with some of its kanji runs written in their reading, each
    run by the next word of the publisher's ``reading``: what a player who converts only
    part of it types. The name itself and the all-kana spelling (a reading) are not among
    them.

    >>> kana_variants("選べる罠", "えら　わな")
    ['選べるわな', 'えらべる罠']
    >>> kana_variants("ジャンプ台", "だい"), kana_variants("誘惑の黒の烙印", None)
    (['ジャンプだい'], [])
    """
    words = (reading or "").split()
    named = _name_runs(name)
    runs = [run for run, _kanji in named]
    kanji = [n for n, (_run, is_kanji) in enumerate(named) if is_kanji]
    if len(kanji) != len(words) or not kanji:
        return []
    return [
        variant
        for variant, _all in _mixes(runs, dict(zip(kanji, words, strict=True)))
        if not all("\u3041" <= c <= "\u309f" for c in variant)  # all hiragana: a reading
    ]


def _align(word: str, reading: str, kanji: dict[str, list[str]]) -> list[str] | None:
    """``word`` cut into its characters' sounds so that they spell ``reading``: each kanji by
    one of its readings in ``kanji`` (the IME slips' table), each kana as itself; None when
    no cut spells it (山札, やまふだ → [やま, ふだ]). A kanji's reading that holds the kana
    written after it (捨 すて before て) is also tried without it (捨て場 → [す, て, ば])."""
    from judge_cli.lookup.words import is_kanji, kana_fold

    word, reading = kana_fold(word), kana_fold(reading)

    def cut(i: int, j: int) -> list[str] | None:
        if i == len(word):
            return [] if j == len(reading) else None
        ch = word[i]
        options = list(kanji.get(ch, ())) if is_kanji(ch) else [ch]
        if is_kanji(ch) and i + 1 < len(word):
            options += [o[:-1] for o in options if len(o) > 1 and o[-1] == word[i + 1]]
        for sound in sorted(options, key=len, reverse=True):
            if reading.startswith(sound, j):
                rest = cut(i + 1, j + len(sound))
                if rest is not None:
                    return [sound, *rest]
        return None

    return cut(0, 0)


def kana_spellings(word: str, reading: str, kanji: dict[str, list[str]]) -> list[str]:
    """``word`` with some of its kanji written in their sounds, as a player who does not
    convert them all types it (山ふだ, 手ふだ, 捨てば); only spellings that start with a kanji
    or with two kana or more, so that one never starts inside another word (て札 would be
    read in 捨て札).

    >>> table = {"山": ["さん", "やま"], "札": ["さつ", "ふだ"], "手": ["て"]}
    >>> kana_spellings("山札", "やまふだ", table), kana_spellings("手札", "てふだ", table)
    (['山ふだ', 'やま札'], ['手ふだ'])
    >>> kana_spellings("捨て場", "すてば", {"捨": ["すて"], "場": ["じょう", "ば"]})
    ['捨てば', 'すて場']
    """
    from judge_cli.lookup.words import is_kanji

    sounds = _align(word, reading, kanji)
    if sounds is None:
        return []
    out = []
    said = {n: sounds[n] for n, ch in enumerate(word) if is_kanji(ch)}
    for variant, every in _mixes(list(word), said):
        if every:
            continue  # all in kana is a reading
        lead = next((n for n, ch in enumerate(variant) if is_kanji(ch)), len(variant))
        if lead == 0 or lead >= 2:
            out.append(variant)
    return out


_KATAKANA_WORD = re.compile(r"[ァ-ヴー]{2,}")
_SMALL_KANA = frozenset("ァィゥェォャュョヮ")


def _morae(word: str, long_vowels: bool) -> list[str]:
    """The morae of a katakana word (フェ is one), without ッ, and without ー unless
    ``long_vowels``."""
    out: list[str] = []
    for ch in word:
        if ch in _SMALL_KANA and out:
            out[-1] += ch
        elif ch != "ッ" and (long_vowels or ch != "ー"):
            out.append(ch)
    return out


def katakana_abbreviations(word: str, words: set[str]) -> list[str]:
    """How players shorten a katakana compound of the rules: the first two morae of its first
    word and the first one or two of the second (ロックエリア → ロクエリ, ハンドフェイズ →
    ハンフェ, ファーストカード → ファスカ, エターナルカード → エタカ), ッ dropped and ー
    dropped or kept (ムーブフェイズ → ムブフェ, ムーフェ). A compound splits where one side
    is a katakana word of ``words``, the first of two characters or more and the second of
    three (ロックエリアバー does not split before バー).

    >>> katakana_abbreviations("ロックエリア", {"ロック"})
    ['ロクエ', 'ロクエリ']
    >>> katakana_abbreviations("ハンドフェイズ", {"フェイズ"})[:2]
    ['ハンフェ', 'ハンフェイ']
    >>> katakana_abbreviations("マス", set())
    []
    """
    if not _KATAKANA_WORD.fullmatch(word):
        return []
    out: list[str] = []
    for i in range(2, len(word) - 2):
        head, tail = word[:i], word[i:]
        if head not in words and tail not in words:
            continue
        for long_vowels in (False, True):
            left = "".join(_morae(head, long_vowels)[:2])
            for n in (1, 2):
                short = left + "".join(_morae(tail, False)[:n])
                if 3 <= len(short) < len(word) and short not in out:
                    out.append(short)
    return out


def _abbreviations(ja, katakana: set[str]) -> dict[str, list[str]]:
    """Each katakana term or alias of the glossary → its shortenings (ロックエリア →
    ロクエリ…), a shortening kept when it names one entry only (ハンドフェイズ and
    ハンドフェーズ are one), is no katakana word of the rules itself, or is the shortening of
    the shortest of several forms that hold one another (ロックエリア's ロクエリ, not
    ロックエリアバー's)."""
    found: dict[str, dict[str, str]] = {}  # shortening → entry → its shortest form
    for g in ja.glossary:
        for surface in (g.term, *g.aliases):
            for short in katakana_abbreviations(surface, katakana):
                held = found.setdefault(short, {})
                if g.id not in held or len(surface) < len(held[g.id]):
                    held[g.id] = surface
    out: dict[str, list[str]] = {}
    for short, held in found.items():
        if short in katakana:
            continue
        best = min(held.values(), key=len)
        if all(best in other for other in held.values()):
            out.setdefault(best, []).append(short)
    return out


def _cards(entries, surfaces, readings) -> dict[str, dict]:
    """The real cards, found by name (ja and en), by the reading of the name and by the
    parts of a long name (マルメゴ of 禁断の果実 マルメゴ, スリカエ of 手品師の技 -スリカエ-)."""
    from judge_cli.cards import load_designs

    cards = {}
    for d in load_designs().values():
        cards[d.id] = {
            "id": d.id,
            "name": {"ja": d.name.ja, "en": d.name.en},
            "colour": d.colour,
            "kind": d.kind,
            "text": {
                lang: {k: getattr(t, k) for k in ("basic", "arrival", "hand") if getattr(t, k)}
                for lang, t in (("ja", d.text.ja), ("en", d.text.en))
            },
        }
        for lang, name in (("ja", d.name.ja), ("en", d.name.en)):
            i = _entry(entries, d.id, "card", lang, name, [d.id])
            _add(surfaces, key(name), (i, "term", CARD))
            # A word every sentence has (the of The Gamble, and of Reap and Sow) is no part.
            parts = [p for p in re.split(r"[\s\-:：・]+|　", name) if len(key(p)) >= 3]
            for p in parts if len(parts) > 1 else ():
                if key(p) in EN_STOPWORDS:
                    continue
                _add(surfaces, key(p), (i, "term", CARD - 4))
            if lang == "ja":
                # Typed half in kana (選べるわな, えらべる罠): each kanji run in kanji or in
                # its reading.
                for variant in kana_variants(name, d.reading):
                    _add(surfaces, key(variant), (i, "term", CARD - 2))
                sound = card_reading(name, d.reading)
                for s in {sound, *(to_hiragana(p) for p in parts)} - {None}:
                    pk = phonetic_key(s)
                    if pk:
                        _add(readings, pk, (i, "reading", CARD - READING_DROP))
        # The name of an eternal card's effect (紅色の雨, Gene Splicing) names the card.
        for lang, printed in d.effect_name.model_dump().items() if d.effect_name else ():
            name = printed.strip("《》")
            i = _entry(entries, d.id, "card", lang, name, [d.id], effect=True)
            _add(surfaces, key(name), (i, "term", CARD - 4))
            sound = to_hiragana(name) if lang == "ja" else None
            pk = phonetic_key(sound) if sound else None
            if pk:
                _add(readings, pk, (i, "reading", CARD - 4 - READING_DROP))
    return cards


CARD_FIELDS = {"text": 1.0, "notes": 0.5}
"""How much a word of a card's printed text counts, and one of its official notes (they
also speak of other cards and of the rules)."""


def _card_lines(design, lang: str) -> list[str]:
    """A design's printed lines in one language (basic, arrival, hand) and its effect's name
    where no line holds it."""
    t = getattr(design.text, lang)
    lines = [x for x in (t.basic, t.arrival, t.hand) if x]
    name = getattr(design.effect_name, lang) if design.effect_name else None
    if name and not any(name in x for x in lines):
        lines.append(name)
    return lines


def _card_docs(cut, lang: str) -> list[tuple[str, Counter]]:
    """Each real card's own words in one language, a document per design: the printed
    basic, arrival and hand texts with the effect's name, and the official notes. A question
    that describes what a card does (the card that swaps places) is matched against them."""
    from judge_cli.cards import load_designs

    docs = []
    for d in load_designs().values():
        counts: Counter = Counter()
        for text in _card_lines(d, lang):
            for w in cut(text):
                counts[w] += CARD_FIELDS["text"]
        for w in cut(getattr(d, f"notes_{lang}") or ""):
            counts[w] += CARD_FIELDS["notes"]
        docs.append((d.id, counts))
    return docs


_NAME_SEGMENT = re.compile(r"\s*[,:]\s*|\s+-|-$")
"""What sets a part of an English card name off: Malmego, the Forbidden Fruit; Red Cube:
Phoenix; Magician's Trick -Sleight-."""


def _en_rule_words(en) -> set[str]:
    """The words of the English rules, lower case: a part of a card's name that is one of
    them (Party, Present, Harvest if the rules said it) is a word, not a name."""
    words: set[str] = set()
    for g in en.glossary:
        for t in (g.term, *g.aliases):
            words.update(re.findall(r"[a-z]+", t.lower()))
    for a in en.articles.values():
        for text in (a.title or "", a.text or "", *(a.items.items if a.items else ())):
            words.update(re.findall(r"[a-z]+", text.lower()))
    return words


def _english_name_parts(entries, card_keys, rule_words: set[str]) -> None:
    """The parts of an English card name that players call it by among other words: a part
    set off by a comma, colon or dash (Malmego and Forbidden Fruit of Malmego, the Forbidden
    Fruit; Red Cube and Phoenix of Red Cube: Phoenix) when one design alone has it and it is
    two words or more (the Cherry of Bonds), or one word of five letters or more that the
    rules never use."""
    parts: dict[str, set[int]] = {}
    for i, e in enumerate(entries):
        if e["kind"] != "card" or e["lang"] != "en" or e.get("effect"):
            continue
        for seg in _NAME_SEGMENT.split(e["term"]):
            seg = re.sub(r"^the\s+", "", seg.strip(), flags=re.IGNORECASE)
            words = re.findall(r"[a-z']+", seg.lower())
            k = key(seg)
            if not words or k == key(e["term"]) or len(k) < 5:
                continue
            if len(words) == 1 and words[0] in rule_words:
                continue
            parts.setdefault(k, set()).add(i)
    for k, ids in parts.items():
        if len({entries[i]["id"] for i in ids}) == 1 and k not in card_keys:
            card_keys[k] = sorted(ids)


def _nicknames(entries, surfaces, card_keys) -> None:
    """The names a card's colour and kind give it (緑のエターナル, the green eternal,
    桃のキューブ; cards/0th-remake.nicknames.yaml): a query that is one finds the card, as
    one that holds one among other words does."""
    from judge_cli.cards.nicknames import card_nicknames

    for did, langs in card_nicknames().items():
        for lang, names in langs.items():
            for name in names:
                k = key(name)
                taken = any(entries[j]["kind"] != "card" for j, *_ in surfaces.get(k, ()))
                if k not in card_keys and not taken:
                    _add_nickname(entries, surfaces, card_keys, did, lang, name, CARD - 4)


def _add_nickname(entries, surfaces, card_keys, did: str, lang: str, name: str, base: float):
    """A name players call design ``did`` by: found alone (at ``base``) and among other words."""
    i = _entry(entries, did, "card", lang, name, [did], nickname=True)
    _add(surfaces, key(name), (i, "term", base))
    card_keys.setdefault(key(name), []).append(i)


_NAME_WORD = re.compile(r"[\u3400-\u9fff々]{2,}|[\u30a1-\u30fa\u30fc]{3,}")
"""A word of a card's Japanese name players call it by: two kanji or three katakana or more."""
_NAME_KANA_WORD = re.compile(
    r"[\u3400-\u9fff々]+(?:(?![のと])[ぁ-ゖ])+(?:[\u3400-\u9fff々]+(?:(?![のと])[ぁ-ゖ])*)*"
)
"""A word of a card's Japanese name written in kanji with their kana, three characters or
more (種まき of 収穫と種まき, 色落ち of 色落ちキャット, 結ばれ of 結ばれの一本桜; の and と
join words and are none)."""


def _colour_and_name(entries, surfaces, card_keys, ja_words, en_words) -> None:
    """A card's colour said with a word of its name that the rules do not use (紫の儀式,
    黒いキャット, the black cat, purple ritual, green trees), or such a word said with its kind
    (火山のエターナル, the volcano eternal; the colours' and kinds' words of
    cards/0th-remake.nicknames.yaml), names it when no other design's say the same."""
    from judge_cli.cards import load_designs
    from judge_cli.cards.nicknames import colour_words, joins, kind_words

    colours, kinds = colour_words(), kind_words()
    designs = load_designs()
    found: dict[str, dict[str, set[str]]] = {"ja": {}, "en": {}}
    for d in designs.values():
        said = colours.get(d.colour)
        if not said:
            continue
        words = {
            "ja": [r for r in _NAME_WORD.findall(d.name.ja) if r not in ja_words],
            "en": [
                w
                for w in re.findall(r"[a-z]+", d.name.en.lower())
                if len(w) >= 3 and w not in EN_STOPWORDS and w not in en_words
            ],
        }
        for lang, names in words.items():
            for name in names:
                forms = [name, name[:-1]] if lang == "en" and re.search(r"[^s]s$", name) else [name]
                for form in forms:
                    said_with = [
                        *(f"{c}{j}{form}" for c in said[lang] for j in joins(lang, c)),
                        *(
                            f"{form}{j}{k}"
                            for k in kinds.get(d.kind, {}).get(lang, ())
                            for j in joins(lang, form)
                        ),
                    ]
                    for nick in said_with:
                        found[lang].setdefault(nick, set()).add(d.id)
    for lang, names in found.items():
        for name, ids in names.items():
            k = key(name)
            if len(ids) == 1 and k not in card_keys and k not in surfaces:
                _add_nickname(entries, surfaces, card_keys, next(iter(ids)), lang, name, CARD - 6)


def _name_fragments(entries, surfaces, card_keys, words) -> None:
    """The runs of two kanji or three katakana or more of a card's Japanese name, and its
    words in kanji and kana, that no other card's name holds and that are no word of the
    rules (烙印 of 誘惑の黒の烙印, 試練 of 試練の儀式, ギャンブル of ザ・ギャンブル, キャット
    and 色落ち of 色落ちキャット, 種まき of 収穫と種まき): players call a card by them."""
    runs: dict[str, set[str]] = {}
    for e in entries:
        if e["kind"] == "card" and e["lang"] == "ja" and not e.get("effect"):
            mixed = [w for w in _NAME_KANA_WORD.findall(e["term"]) if len(w) >= 3]
            for run in _NAME_WORD.findall(e["term"]) + mixed:
                runs.setdefault(run, set()).update(e["targets"])
    for run, ids in runs.items():
        k = key(run)
        if len(ids) != 1 or run in words or k in surfaces:
            continue
        i = _entry(entries, next(iter(ids)), "card", "ja", run, sorted(ids))
        _add(surfaces, k, (i, "term", CARD - 6))
        card_keys.setdefault(k, []).append(i)


def _vocabulary_words(ja, words) -> list[str]:
    """The rules' own words: terms, aliases, titles, and the kanji and katakana runs of the
    text (the thesaurus' rules words too)."""
    out = []
    for g in ja.glossary:
        out += [g.term, *g.aliases]
    for a in ja.articles.values():
        if a.title:
            out.append(a.title)
        for text in (a.text or "", *(a.items.items if a.items else ())):
            out += _RUNS.findall(text)
    for s in words.synonyms:
        if s.lang == "ja":
            out += s.means
    return out


def build_index() -> dict[str, Any]:
    """The whole lookup index of the rules as they are on disk now."""
    from judge_cli.corpus.playerwords import load_player_words
    from judge_cli.corpus.store import load_corpus, rules_dir

    ja = load_corpus("ja")
    en_dir = rules_dir("en")
    en = load_corpus("en") if en_dir.is_dir() and any(en_dir.glob("*.yaml")) else None
    corpora = {"ja": ja, **({"en": en} if en else {})}
    player = load_player_words()

    order = [str(a) for a in ja.ids()]
    nodes: dict[str, dict[str, Any]] = {}
    for pos, aid in enumerate(ja.ids()):
        art = ja.articles[aid]
        nodes[str(aid)] = {
            "kind": art.kind,
            "pos": pos,
            "sort": aid.sort_key,
            "parent": str(aid.parent) if aid.parent else None,
            "first": {
                lang: c.articles[aid].first_line for lang, c in corpora.items() if aid in c.articles
            },
        }
        points = [a or b for a, b in _POINTS.findall((art.text or "").strip())]
        if points:
            nodes[str(aid)]["points"] = list(dict.fromkeys(points))
            if _HANDS_OVER.match((art.text or "").strip()):
                nodes[str(aid)]["hands_over"] = True
        if (art.text or "").startswith(("例：", "例:")):
            nodes[str(aid)]["example"] = True

    kanji_table = _kanji_readings()
    spelt: dict[str, str] = {}  # a term typed half in kana → the term
    # The katakana words of the rules, where a compound of them splits (ロック|エリア).
    katakana = {w for w in _vocabulary_words(ja, player) if _KATAKANA_WORD.fullmatch(w)}
    shortened = _abbreviations(ja, katakana)
    entries: list[dict[str, Any]] = []
    surfaces: dict[str, list] = {}
    readings: dict[str, list] = {}
    for lang, corpus in corpora.items():
        for g in corpus.glossary:
            targets = list(g.targets) or list(g.refs)
            i = _entry(
                entries,
                g.id,
                "glossary",
                lang,
                g.term,
                targets,
                note=g.note,
                editorial=g.editorial,
                has_targets=bool(g.targets),
            )
            _add(surfaces, key(g.term), (i, "term", TERM))
            _add(surfaces, key(g.id), (i, "term", TERM))  # as the rules cite it: 1000「無作為」
            for alias in g.aliases:
                _add(surfaces, key(alias), (i, "alias", ALIAS))
            if lang == "ja":
                # Typed with some kanji in kana (山ふだ, 手ふだ): the word, 2 below an alias.
                for surface in (g.term, *g.aliases):
                    for sound in g.readings:
                        for variant in kana_spellings(surface, sound, kanji_table):
                            _add(surfaces, key(variant), (i, "alias", ALIAS - 2))
                            spelt.setdefault(variant, surface)
                    # Shortened as players shorten it (ロクエリ, ハンフェ): 2 below an alias.
                    for short in shortened.get(surface, ()):
                        _add(surfaces, key(short), (i, "alias", ALIAS - 2))
                        spelt.setdefault(short, surface)
                words = [(g.term, TERM), *((a, ALIAS) for a in g.aliases)]
                sounds = [(r, TERM) for r in g.readings] + [
                    (to_hiragana(w), base) for w, base in words
                ]
                for sound, base in sounds:
                    pk = phonetic_key(sound)
                    if pk:
                        _add(readings, pk, (i, "reading", base - READING_DROP))
        for aid, art in corpus.articles.items():
            if not art.title:
                continue
            base = EDITORIAL_TITLE if art.title_editorial else TITLE
            i = _entry(entries, str(aid), "title", lang, art.title, [str(aid)])
            _add(surfaces, key(art.title), (i, "term", base))
            if lang == "ja":
                for sound in (art.reading if art.text is None else None, to_hiragana(art.title)):
                    pk = phonetic_key(sound) if sound else None
                    if pk:
                        _add(readings, pk, (i, "reading", base - READING_DROP))

    cards = _cards(entries, surfaces, readings)
    # Names a question can hold among other words: Japanese names and parts of three
    # characters or more, English names of several words (Party or Present alone are words).
    card_keys: dict[str, list[int]] = {}
    for surface, refs in surfaces.items():
        for i, _via, _base in refs:
            e = entries[i]
            if e["kind"] != "card" or len(surface) < 3:
                continue
            if e["lang"] == "ja" or (" " in e["term"] and surface == key(e["term"])):
                card_keys.setdefault(surface, []).append(i)
    en_rule_words = _en_rule_words(en) if en else set()
    if en:
        _english_name_parts(entries, card_keys, en_rule_words)
    _nicknames(entries, surfaces, card_keys)

    # The words of questions (lookup.words): the rules' words and the players' ones.
    syn: dict[str, dict[str, list[str]]] = {"ja": {}, "en": {}}
    pointers: dict[str, dict[str, list[str]]] = {"ja": {}, "en": {}}
    for s in player.synonyms:
        for say in s.say:
            syn[s.lang].setdefault(say, [])
            syn[s.lang][say] += [m for m in s.means if m not in syn[s.lang][say]]
        for aid in s.articles:
            pointers[s.lang].setdefault(aid, []).extend(s.means)
    for lang, corpus in corpora.items():
        for g in corpus.glossary:
            for aid in g.targets:
                pointers[lang].setdefault(aid, []).extend([g.term, *g.aliases])
    for variant, surface in spelt.items():
        syn["ja"].setdefault(variant, [surface])
    vocab = vocabulary(_vocabulary_words(ja, player), syn["ja"])
    _name_fragments(entries, surfaces, card_keys, vocab["words"])
    _colour_and_name(entries, surfaces, card_keys, vocab["words"], en_rule_words)
    vocab.pop("kana_set", None)
    phrases = en_phrases(syn["en"], en_words)

    def cut_ja(text: str) -> list[str]:
        return ja_words(text, vocab)

    def by_lang(per_article: dict) -> dict[str, dict[str, list[str]]]:
        out: dict[str, dict[str, list[str]]] = {lang: {} for lang in corpora}
        for aid, langs in per_article.items():
            if aid not in nodes:
                continue  # an article a new edition dropped: `seven check` names it
            for lang, qs in langs.items():
                if lang in out:
                    out[lang][aid] = qs
        return out

    # The words stages read the example questions; the models learn from more of them.
    questions, samples = by_lang(player.questions), by_lang(player.samples())

    fulltext: dict[str, Any] = {
        "ja": _weighted_postings(_field_docs(ja, cut_ja, pointers["ja"], questions["ja"])),
        "ja_q": _question_table(_question_docs(questions["ja"], cut_ja)),
    }
    # The same documents in kana, from the committed readings (judge_cli/lookup/readings_gen.py).
    kana_docs = []
    for a in ja.numbered():
        group = ja.articles.get(type(a.id)(a.id.group))
        parts = [a.reading or "", (group.reading or "") if group and group.kind == "group" else ""]
        kana_docs.append((str(a.id), ja_grams("\n".join(parts))))
    fulltext["kana"] = _postings(kana_docs)
    fulltext["cards_ja"] = _weighted_postings(_card_docs(lambda t: card_words(cut_ja(t)), "ja"))
    if en:
        from judge_cli.lookup.words import en_rewrite

        def cut_en(text: str) -> list[str]:
            words = en_rewrite(en_words(text), phrases)
            return words + [f"{a}+{b}" for a, b in pairwise(words)]

        fulltext["en"] = _weighted_postings(
            _field_docs(en, cut_en, pointers["en"], questions["en"])
        )
        fulltext["en_q"] = _question_table(_question_docs(questions["en"], cut_en))
        fulltext["cards_en"] = _weighted_postings(
            _card_docs(lambda t: card_words(en_rewrite(en_words(t), phrases)), "en")
        )

    # The models (lookup.model) of which article a question is about (each example question
    # and each article's own text a sample of its article) and of which card it asks for
    # (each card's own text and each question asked about it a sample of the card).
    def feats_ja(text: str) -> list[str]:
        return features(cut_ja(text), ja_grams(text))

    fulltext["ja_model"] = _model(ja, samples["ja"], feats_ja)
    fulltext["cards_ja_model"] = _card_model("ja", feats_ja)
    if en:

        def feats_en(text: str) -> list[str]:
            return features(cut_en(text), en_grams(text))

        fulltext["en_model"] = _model(en, samples["en"], feats_en)
        fulltext["cards_en_model"] = _card_model("en", feats_en)

    contrasts = [
        [{"words": list(side.words), "articles": list(side.articles)} for side in c.sides]
        for c in player.contrasts
    ]
    return {
        "format": FORMAT,
        "langs": list(corpora),
        "meta": {lang: dict(c.meta) for lang, c in corpora.items()},
        "order": order,
        "nodes": nodes,
        "entries": entries,
        "surfaces": {k: tuple(v) for k, v in surfaces.items()},
        "readings": {k: tuple(v) for k, v in readings.items()},
        "vocab": marshal.dumps(vocab),
        "phrases": marshal.dumps(phrases),
        "contrasts": contrasts,
        "cards": marshal.dumps(cards),
        "card_keys": card_keys,
        "fulltext": {name: marshal.dumps(table) for name, table in fulltext.items()},
        "kanji": marshal.dumps(kanji_table),
    }

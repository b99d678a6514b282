"""The one query pipeline: number → term or alias → reading → fuzzy → full text.

Every stage proposes articles with a score out of 100 and says how it found them (``via``);
an article keeps its best score. Exact matches score highest (the publisher's glossary
first, our aliases and titles a little lower), then readings, then near spellings, then
full text, so the stages rank in pipeline order unless a later stage is much surer (a whole
question found in one article beats a loose fuzzy hit on a term).

Queries of one or two characters are matched exactly or by prefix only: a fuzzy scorer
rates any key that contains the character highly, and two characters are too few for full
text.
"""

from __future__ import annotations

import math
import re
from itertools import pairwise

from judge_cli.errors import InputError, LookupFailed
from judge_cli.lazyre import Lazy as _Lazy
from judge_cli.lookup.index import part, unpack
from judge_cli.lookup.normalize import clean, fold, has_japanese, key, to_hiragana
from judge_cli.lookup.romaji import phonetic_key, romaji_to_kana
from judge_cli.lookup.text import CARD_NUMBERS, card_words, en_words, ja_grams

VIAS = ("number", "term", "alias", "reading", "fuzzy", "fulltext")
CUTOFF = 55.0
"""Results scoring less are not shown: below it a match is more noise than help."""
SHORT = 2
"""Queries of at most this many characters are matched exactly or by prefix only."""
STRIPPED_DROP = 3
"""A term found after dropping question words (到達って何だっけ) scores a little less."""
FUZZY_CUTOFF = 72
FULLTEXT_MAX = 90.0
"""Full text never outranks an exact term (100) or an exact reading (94)."""


class Match:
    """One candidate: an article (or a glossary entry with a note) and how it was found."""

    __slots__ = (
        "confidence",
        "entry",
        "evidence",
        "how",
        "id",
        "key",
        "kind",
        "lang",
        "score",
        "via",
    )

    def __init__(
        self,
        id: str,
        score: float,
        via: str,
        *,
        key: str = "",
        how: str = "exact",
        entry: int | None = None,
        lang: str = "ja",
    ) -> None:
        self.id = id
        self.score = score
        self.via = via
        self.key = key
        """The term, alias, reading or words that matched, as written in the index."""
        self.how = how
        """exact, stripped (question words dropped), prefix, fuzzy or words."""
        self.entry = entry
        """The index of the glossary entry or title that led here, if any."""
        self.lang = lang
        self.kind = "article"
        """article, glossary (an entry with a note) or card (a design of the real cards)."""
        self.confidence = "low"
        """high: a number, term, alias, reading, card name or a strong question match."""
        self.evidence = 0
        """Full text: how many of the query's informative words (idf ≥ :data:`INFORMATIVE`)
        the article holds."""

    def __repr__(self) -> str:
        return f"Match({self.id!r}, {self.score:.1f}, {self.via!r}, key={self.key!r})"


# -- numbers ----------------------------------------------------------------------------------
_DASHES = "-‐‑‒–—―−ー－﹣"
_SEP = r"[.\-\s,、・の/_" + re.escape(_DASHES) + r"]"
"""Between the parts of a number written alone: a dot, a dash, a space, and what players
type for one (507,4, 507・4, 507の4, 507/4)."""
_KANJI_DIGITS = str.maketrans("〇一二三四五六七八九", "0123456789")
"""A number written in kanji digit by digit (第五〇七条)."""
_PART = _Lazy(
    r"\s*(?:\(([a-z]|\d{1,2})\)"
    r"|(?:paragraph|para\.?|¶|item|clause|sub|point|dot|no\.?|#|条の?|番の?|項の?)\s*(?=\d|[a-z](?![a-z])))"
)
"""A letter or an item in brackets (606.1(a), 606.1a(1)) and a word between the parts
(article 507 paragraph 4, 507 point 4, 606.1 item a, 606.1a item 1, 507条の4, 507番の4):
written as the separator they stand for."""
_NINE = "[一二三四五六七八九]"
_KANJI_NUMBER = _Lazy(f"({_NINE}?)百(?:({_NINE}?)十)?({_NINE}?)")
"""A number written in kanji with its hundreds and tens (五百七条, 六百六条): as digits."""
_SECTION = _Lazy(
    r"^(?:(?:section|sec\.?|chapter|ch\.?|セクション)\s*([1-9]|10)(?:章|部)?|第?([1-9]|10)(?:章|部))$"
)
"""A section said by its place (section 5, 第5章, 5章): the group of its hundreds, 500."""
_PREFIX = _Lazy(
    r"^(?:第|§|#|no\.?|rule|r\.?|cr|article|art\.?|section|sec\.?|ルール|条文|規則|セクション)\s*の?\s*",
    re.IGNORECASE,
)
_ID = _Lazy(
    r"^(\d{3,4})(?:" + _SEP + r"(\d{1,2})(?:" + _SEP + r"?([a-z])(?:" + _SEP + r"?(\d{1,2}))?)?)?"
    r"(?:条|項|番|章|節)?$"
)
_JOU = _Lazy(r"^第?(\d{3,4})条(?:第?(\d+)項([a-z])?号?)?$")


_ONE_SEP = r"[.\-,、・/_" + re.escape(_DASHES) + r"]"
_BETWEEN = _Lazy(r"\s*" + _ONE_SEP + r"(?:\s*" + _ONE_SEP + r")*\s*")
"""The separators between two parts with the spaces around them (606.1a – 1, 606.1a, item 1):
the first of them stands for all."""


def _hundreds(m: re.Match) -> str:
    """五百七 → 507: a kanji number with 百 (and 十) as three digits."""

    def value(ch: str, default: int) -> int:
        return int(ch.translate(_KANJI_DIGITS)) if ch else default

    tens = value(m.group(2), 1) if "十" in m.group(0) else 0
    return str(value(m.group(1), 1) * 100 + tens * 10 + value(m.group(3), 0))


def _kanji_digits(q: str) -> str:
    """A number in kanji as digits: 五百七 and 五〇七 → 507."""
    if "百" in q:
        q = _KANJI_NUMBER.sub(_hundreds, q)
    return q.translate(_KANJI_DIGITS)


def parse_number(query: str) -> tuple[str, tuple] | None:
    """The article id a query names, in any spelling players use, or None.

    Prefixes (r, R, CR, rule, art., §, section, 第…条, ルール, セクション), separators other than
    a dot (hyphen, space, comma, ・, の, slash, a dot before the letter, paragraph, 条の), a
    letter in brackets, spaced, full-width or kanji digits, an uppercase letter, 第N条第M項(号),
    a section by its place (section 5, 第5章). Returns the id as
    :class:`judge_cli.corpus.ids.ArticleId` writes it and its sort key.

    >>> parse_number("第603条"), parse_number("606.1A–1")[0], parse_number("到達")
    (('603', (603, -1, '', -1)), '606.1a-1', None)
    >>> [parse_number(q)[0] for q in ("CR 603.1", "606-1a", "6 0 3 . 1", "第507条4項")]
    ['603.1', '606.1a', '603.1', '507.4']
    >>> [parse_number(q)[0] for q in ("507,4", "507・4", "507の4", "507章", "第606条1項a")]
    ['507.4', '507.4', '507.4', '507', '606.1a']
    >>> [parse_number(q)[0] for q in ("606.1(a)", "article 507 paragraph 4", "507条の4", "507/4")]
    ['606.1a', '507.4', '507.4', '507.4']
    >>> [parse_number(q)[0] for q in ("第五〇七条", "Rule 507, 4", "section 5", "第606条1項a号")]
    ['507', '507.4', '500', '606.1a']
    >>> [parse_number(q)[0] for q in ("五百七条四項", "rule 507 point 4", "606.1a(1)")]
    ['507.4', '507.4', '606.1a-1']
    >>> [parse_number(q)[0] for q in ("606.1 (a) (1)", "606.1a, item 1", "606.1 item a")]
    ['606.1a-1', '606.1a-1', '606.1a']
    >>> [parse_number(q)[0] for q in ("507番の4", "606.1a – 1")]
    ['507.4', '606.1a-1']
    """
    import unicodedata

    q = _kanji_digits(unicodedata.normalize("NFKC", query).strip().lower())
    if not any(ch.isdigit() for ch in q):
        return None  # every spelling of a number has a digit
    m = _JOU.match(q.replace(" ", ""))
    section = _SECTION.match(q)
    if m:
        group, number, letter, sub = m.group(1), m.group(2), m.group(3), None
    elif section:
        group, number, letter, sub = str(int(section[1] or section[2]) * 100), None, None, None
    else:
        q = _PREFIX.sub("", q, count=1).strip()
        q = _PART.sub(lambda p: f".{p.group(1)}" if p.group(1) else ".", q)
        chunks = q.split()
        if len(chunks) > 2 and all(len(c) == 1 for c in chunks):
            q = "".join(chunks)  # 6 0 3 . 1
        q = _BETWEEN.sub(lambda p: p.group(0).strip()[0], q)
        m = _ID.match(q)
        if not m:
            return None
        group, number, letter, sub = m.groups()
    text = group
    if number is not None:
        text += f".{int(number)}"
        if letter:
            text += letter
            if sub is not None:
                text += f"-{int(sub)}"
    sort = (
        int(group),
        -1 if number is None else int(number),
        letter or "",
        -1 if sub is None else int(sub),
    )
    return text, sort


_TIGHT = r"[.\-" + re.escape(_DASHES) + r"]"
_TIGHT_OR_NO = r"(?:" + _TIGHT + r"|の)"
_LETTER_ITEM = r"(?:" + _TIGHT + r"?[a-z](?![a-z])(?:" + _TIGHT + r"?\d+)?)?"
_CITED = _Lazy(
    r"(?<![0-9a-z.])((?:第|§|#|no\.|rule|r|cr|article|art\.?|ルール|条文|規則)\s*の?\s*)?"
    r"(\d{3,4})((?:" + _TIGHT_OR_NO + r"\d+" + _LETTER_ITEM + r")?)"
    r"(条(?:の?第?\d+項?)?)?(?!\d)"
)
CITED = 97.0
"""An article a question cites among other words (703.4ってロックした札を戻せないってこと？)
is what it asks about: below a number alone, above every other stage."""


def cited_numbers(query: str) -> list[str]:
    """The article ids a longer question cites, in its order: a number with a prefix (§ 111.2,
    r507, 第803条), a separator (606-1a, ７０３．４) or 条; a bare 507 among words is no
    citation (3人, 100枚 are not either); 507の4 is one after a prefix (ルールの507の4) or at
    the start (507の4って何？), and a number in kanji (ルールの五〇七の四, 五百七条) is read as
    digits."""
    import unicodedata

    q = unicodedata.normalize("NFKC", query).lower()
    found: list[str] = []
    if "〇" in q or "百" in q:  # a number in kanji, not 一 of 一番
        q = _kanji_digits(q)
    if not any(ch.isdigit() for ch in q):
        return found
    for m in _CITED.finditer(q):
        prefix, _group, rest, jou = m.groups()
        if not (prefix or rest or jou):
            continue
        if rest.startswith("の") and not (prefix or jou or m.start() == 0):
            continue  # 507の4 cites when it opens the question or follows a prefix
        parsed = parse_number(m.group(0).strip())
        if parsed is not None and parsed[0] not in found:
            found.append(parsed[0])
    return found


def nearest_ids(index: dict, sort: tuple, n: int = 3) -> list[str]:
    """The ids around where ``sort`` would stand in document order, closest first."""
    import bisect

    order = index["order"]
    keys = [tuple(index["nodes"][i]["sort"]) for i in order]
    pos = bisect.bisect_left(keys, sort)
    window = order[max(0, pos - n) : pos + n]

    def shared(aid: str) -> int:
        s = 0
        for a, b in zip(sort, index["nodes"][aid]["sort"], strict=True):
            if a != b:
                break
            s += 1
        return s

    return sorted(window, key=lambda a: (-shared(a), abs(order.index(a) - pos)))[:n]


# -- questions --------------------------------------------------------------------------------
# Question words around a term: 到達って何だっけ, 到達とは？, what is reach, define reach.
_JA_TAIL = _Lazy(
    r"(?:(?:した|された|する|される|の)?(?:とき|時|場合|ら))?"
    r"(?:って|とは|は|の|では|で)?"
    r"(?:何|なに|なん|どういう|どんな|どう|どこ|いつ)?"
    r"(?:意味|こと|事|もの|する|をする|やる|なる|すれば|すればいい|したらいい|にある)?"
    r"(?:の|ん)?(?:ですか|でしたっけ|だっけ|っけ|だ|か|なの|です)?[?？!！。．.\s]*$"
)
_EN_HEAD = _Lazy(
    r"^(?:what(?:'s| is| are| does| do)?|define|definition of|meaning of|explain|rule for|"
    r"rules for)\s+(?:the |a |an )?",
    re.IGNORECASE,
)
_EN_TAIL = _Lazy(r"\s*(?:mean|means|meaning)?\s*[?!.]*$", re.IGNORECASE)


_MARKS = re.compile(r"[?？!！。．]")
"""Question and full stop marks: no sound, so a reading is compared without them."""


def strip_question(query: str) -> str:
    """The term inside a short question, or the query itself.

    >>> strip_question("到達って何だっけ"), strip_question("what is a forced move?")
    ('到達', 'forced move')
    >>> strip_question("接触したとき"), strip_question("強制移動されたらどうなる？")
    ('接触', '強制移動')
    """
    q = query.strip()
    ja = has_japanese(q)
    stripped = _JA_TAIL.sub("", q) if ja else _EN_TAIL.sub("", _EN_HEAD.sub("", q))
    return stripped.strip() or q


# -- the pipeline -----------------------------------------------------------------------------
class _Results:
    def __init__(self, index: dict) -> None:
        self.index = index
        self.best: dict[str, Match] = {}

    def add(self, m: Match) -> None:
        old = self.best.get(m.id)
        if old is None or m.score > old.score:
            self.best[m.id] = m

    def add_entry(self, i: int, base: float, via: str, key: str, how: str) -> None:
        """An entry's targets: the first at ``base``, each next one a point lower."""
        entry = self.index["entries"][i]
        targets = list(entry["targets"])
        if entry["kind"] == "glossary" and not entry.get("has_targets", True):
            targets.insert(0, entry["id"])  # a note-only entry (無作為) is itself the answer
        for n, target in enumerate(targets):
            card = entry["kind"] == "card"
            if card or target in self.index["nodes"] or target.startswith("1000「"):
                m = Match(
                    target,
                    base - n,
                    via,
                    key=entry["term"] if via != "reading" else key,
                    how=how,
                    entry=i,
                    lang=entry["lang"],
                )
                m.kind = (
                    "card" if card else "glossary" if target.startswith("1000「") else "article"
                )
                self.add(m)


def _exact(res: _Results, k: str, drop: float, how: str) -> None:
    for i, via, base in res.index["surfaces"].get(k, ()):
        res.add_entry(i, base - drop, via, k, how)


def _readings(res: _Results, pk: str, drop: float, how: str, shown: str) -> None:
    for i, via, base in res.index["readings"].get(pk, ()):
        res.add_entry(i, base - drop, via, shown, how)


def _prefix(res: _Results, k: str) -> None:
    """Terms the query begins: 到 → 到達, 到達効果; ロックエリア使用可能 → …表示."""
    longest = res.index.get("_longest_surface")
    if longest is None:
        longest = res.index["_longest_surface"] = max(map(len, res.index["surfaces"]), default=0)
    if len(k) >= longest:
        return  # no term is longer than the query
    for surface, refs in res.index["surfaces"].items():
        if surface != k and surface.startswith(k):
            frac = len(k) / len(surface)
            for i, via, base in refs:
                res.add_entry(i, base * (0.55 + 0.33 * frac), via, k, "prefix")


def _fuzzy(res: _Results, k: str, pk: str | None) -> None:
    """Near spellings of terms (typos, a wrong kanji) and of readings (toutasu)."""
    from rapidfuzz import fuzz, process

    surfaces = res.index["surfaces"]
    for surface, ratio, _ in process.extract(
        k, list(surfaces), scorer=fuzz.ratio, limit=8, score_cutoff=FUZZY_CUTOFF
    ):
        for i, _via, base in surfaces[surface]:
            # A near spelling of a whole term (one wrong kanji in four) is better evidence
            # than a few of its characters found in some article.
            res.add_entry(i, base - (100 - ratio) / 2 - 8, "fuzzy", k, "fuzzy")
    if pk and len(pk) >= 4:
        readings = res.index["readings"]
        for sound, ratio, _ in process.extract(
            pk, list(readings), scorer=fuzz.ratio, limit=5, score_cutoff=FUZZY_CUTOFF + 8
        ):
            for i, _via, base in readings[sound]:
                res.add_entry(i, base - (100 - ratio) / 2 - 10, "fuzzy", sound, "fuzzy")


INFORMATIVE = 1.5
"""A word found in fewer than about a fifth of the articles tells which one is meant
(idf ≥ 1.5); カード or "card" does not."""
IDF_POWER = 1.25
"""In a long question (:data:`LONG_QUERY` words or more) a word weighs its idf to this power
in the words stage: the few rare words that decide it (face-down, flip, arrival) outweigh
the many common ones around them (card, piece, effect, turn). A short question's words all
count: there the common ones are few and still say something."""
LONG_QUERY = 6


def _bm25(
    table: dict, tokens: list[str], telling: dict | None = None, weak: frozenset = frozenset()
) -> tuple:
    """BM25 over one full-text table: per document its score and the idf-weighted share of
    the query's words it holds; and the query's total weight. ``telling`` receives per
    document the number of informative words of the query it holds. A document that holds
    only ``weak`` words of the query (single kanji cut from a word the rules do not have: 燃
    of 燃料) is no match."""
    telling = {} if telling is None else telling
    post, idf, lengths, avg = table["post"], table["idf"], table["len"], table["avg"]
    max_idf = table["max_idf"]
    raw = {t: idf.get(t, max_idf) for t in dict.fromkeys(tokens)}
    power = IDF_POWER if sum("+" not in t for t in raw) >= LONG_QUERY else 1.0
    weights = {t: w**power for t, w in raw.items()}
    # A pair of neighbouring words (forc+mov) counts half.
    # A pair the rules hold somewhere is a phrase of the rules: the query's weight includes
    # half of it, so an article that says the phrase beats one that has its words apart.
    total = sum(w for t, w in weights.items() if "+" not in t)
    total = (total + sum(w / 2 for t, w in weights.items() if "+" in t and t in post)) or 1.0
    covered: dict[int, float] = {}
    bm25: dict[int, float] = {}
    k1, b = 1.2, 0.75
    for t, w in weights.items():
        share = w / 2 if "+" in t else w
        informative = "+" not in t and raw[t] >= INFORMATIVE
        for doc, tf in post.get(t, ()):
            # A word counts by its weight there, at most once: one found only in a summary
            # (an item pointing to the article that decides it) counts half.
            covered[doc] = min(covered.get(doc, 0.0) + share * min(tf, 1.0), total)
            if informative:
                telling[doc] = telling.get(doc, 0) + 1
            norm = tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[doc] / avg))
            bm25[doc] = bm25.get(doc, 0.0) + w * norm
    if weak:
        strong = {doc for t in weights if t not in weak for doc, _tf in post.get(t, ())}
        bm25 = {doc: s for doc, s in bm25.items() if doc in strong}
    return bm25, covered, total


def _fulltext(
    res: _Results,
    table: dict,
    tokens: list[str],
    shown: str,
    cap: float = 0,
    weak: frozenset = frozenset(),
) -> None:
    """BM25 over one full-text table; the score grows with how much of the query an
    article holds (idf-weighted coverage), so a whole question found in one article
    scores near :data:`FULLTEXT_MAX`."""
    if not tokens:
        return
    telling: dict[int, int] = {}
    bm25, covered, total = _bm25(table, tokens, telling, weak)
    if not bm25:
        return
    top = max(bm25.values())
    ids = table["ids"]
    for doc, s in bm25.items():
        coverage = covered[doc] / total
        score = 45 + (FULLTEXT_MAX - 45) * (0.8 * coverage + 0.2 * s / top)
        if score >= CUTOFF:
            # A capped pass (a slip's correction) is shifted down, not cut: its order stays.
            score = min(score, FULLTEXT_MAX) - (FULLTEXT_MAX - cap if cap else 0)
            m = Match(ids[doc], score, "fulltext", key=shown, how="words")
            m.evidence = telling.get(doc, 0)
            res.add(m)


QUESTION_BASE, QUESTION_SHARE, QUESTION_TEXT = 45.0, 44.0, 4.0
"""A question stage score: the base, plus the share of the query a question says times the
second, plus the article's own words score above 45 (of 45) times the third."""
QUESTION_MAX = 93.0
"""A player's question that says what an example question of an article says is strong
evidence: above a whole question found in an article's text, below an exact term."""


def _questions(res: _Results, table: dict, tokens: list[str], shown: str, cap: float = 0) -> None:
    """The example questions (rules/players/questions.yaml): how much the words a query and
    a question share weigh, the smaller of their idf share of the query and of the question,
    each article its best. A capped pass (a slip's correction) is shifted down as the words
    stage's is: 等達効果 read as 到達効果 is the term 604 first, not a question of 604.1."""
    if not tokens:
        return
    idf, max_idf, post = table["idf"], table["max_idf"], table["post"]
    # Words only: a pair of neighbouring English words (forc+mov) is an exact phrase that
    # a question rarely repeats word for word.
    q = {t: idf.get(t, max_idf) for t in dict.fromkeys(tokens) if "+" not in t}
    total = sum(q.values()) or 1.0
    shared: dict[int, float] = {}
    telling: dict[int, int] = {}
    for t, w in q.items():
        # Each question counts a word once: its postings are its questions' numbers, packed.
        for doc in unpack(post.get(t, b"")):
            shared[doc] = shared.get(doc, 0.0) + w
            if w >= INFORMATIVE:
                telling[doc] = telling.get(doc, 0) + 1
    if not shared:
        return
    sizes = table["weight"]
    ids = table["ids"]
    # A question sharing less of the query than this cannot reach the cutoff, whatever the
    # text found: most of the thousands that share a common word (カード) are passed over.
    least = total * (CUTOFF - QUESTION_BASE - QUESTION_TEXT) / QUESTION_SHARE
    for doc, w in shared.items():
        if w < least:
            continue
        share = min(1.0, w / total, w / sizes[doc])
        # Two questions said alike: the article whose text holds more of the query first.
        text = res.best.get(ids[doc])
        found = (text.score - 45) / 45 if text is not None and text.via == "fulltext" else 0.0
        score = QUESTION_BASE + QUESTION_SHARE * share + QUESTION_TEXT * max(0.0, min(found, 1.0))
        if score >= CUTOFF:
            evidence = telling.get(doc, 0)
            # One shared word (移動 of 移動ってなに？) is no question said alike.
            top = QUESTION_MAX if evidence >= 2 else FULLTEXT_MAX - 2
            score = min(score, top) - (FULLTEXT_MAX - cap if cap else 0)
            m = Match(ids[doc], score, "fulltext", key=shown, how="question")
            m.evidence = evidence
            res.add(m)


CARD_NAMED = 91.0
"""A question that names a card (ジャンプ台って手札に入る？) is about that card: its text
comes first, the articles follow."""


def _cards_named(res: _Results, k: str) -> None:
    """Cards whose name (or a part of a long name, three characters or more) the query
    holds among other words."""
    index = res.index
    for surface, refs in index.get("card_keys", {}).items():
        if surface != k and surface in k:
            for i in refs:
                res.add_entry(i, CARD_NAMED, "term", surface, "within")


CARD_FOLLOWS = 1.5
"""How many times more of a question's other words (by idf) an article must hold than the
card it names (its printed text and official notes) for the article to lead."""


def _card_follows(index: dict, q: str, ranked: list[Match]) -> list[Match]:
    """A question that names one card (ギャンブルで手札全部捨てるとき…, Space Swap: if I swap
    onto a face-down card…) is about that card: its text and notes lead, the articles follow,
    unless the best article holds clearly more (:data:`CARD_FOLLOWS` times, by idf) of the
    query's other words than the card's printed text and official notes do: then the
    question is about the rules the card meets (白の意思の覚醒で全部消えて移動も接触も無理、
    どうする？), and the card follows that article. Two cards named together follow the
    best article too: how they meet is the rules'."""
    if len(ranked) < 2 or ranked[0].how != "within":
        return ranked
    card = ranked[0]
    article = next((m for m in ranked if m.via == "fulltext"), None)
    if article is None:
        return ranked
    # Two cards named (カウンターロックの処理中にゴメンナサイッ！): how they meet is the rules'.
    several = len({m.id for m in ranked if m.how == "within"}) > 1
    name = "en" if query_lang(q) == "en" else "ja"
    if name not in index["fulltext"] or f"cards_{name}" not in index["fulltext"]:
        return ranked
    data = part(index, "cards").get(card.id)
    if data is None:
        return ranked
    table = part(index, "fulltext", name)
    idf = table["idf"]
    own = set(_cut(index, name, " ".join(data["name"].values())))
    rest = {t for t in _cut(index, name, q) if t not in own and t in idf}
    own_table = part(index, "fulltext", f"cards_{name}")
    mine = _doc(own_table, card.id)
    # The cards' table writes numbers as digits (thre → 3, 三 → 3): looked up so.
    text = {t for t in rest if _holds(own_table, CARD_NUMBERS.get(t, t), mine)}
    doc = _doc(table, article.id)
    held = {t for t in rest if _holds(table, t, doc)}
    held -= _own_text_words(index, name)  # ジャンプ台の効果, when can I play So Sorry
    # Rounded: the same words summed in another order must not break a tie either way.
    in_card, in_article = (round(sum(idf[t] for t in words), 6) for words in (text, held))
    if (
        not several
        and in_card * CARD_FOLLOWS >= in_article
        and not _asked_of(index, q, article, held - _printed(index, name, data, held))
    ):
        return ranked
    cards = [m for m in ranked[: ranked.index(article)] if m.how == "within"] if several else [card]
    out = [m for m in ranked if m not in cards]
    for m in reversed(cards):
        m.score = min(m.score, article.score)
        out.insert(out.index(article) + 1, m)
    return out


def _printed(index: dict, name: str, data: dict, words: set[str]) -> set[str]:
    """Those of ``words`` that the card's printed lines say (２マス先に一気に移動する):
    asked of the card."""
    says = set(_cut(index, name, " ".join(data.get("text", {}).get(name, {}).values())))
    return {t for t in words if CARD_NUMBERS.get(t, t) in says}


CARD_FOLLOWS_MODEL = 0.999
"""The probability from which the article the model of what players ask gives most, when
the words found it first among the articles and it holds a word of the question beyond the
card's name, its printed text and what is asked of a card's own text, leads a question that
names a card."""


def _asked_of(index: dict, q: str, article: Match, held: set[str]) -> bool:
    """Whether a question naming a card asks what ``article`` decides, by the model of what
    players ask: all but certain of it (:data:`CARD_FOLLOWS_MODEL`), and the article holds
    more of the question (``held``) than the card's name, its printed text and what is asked
    of a card's own text (what does Counter Lock do, ジャンプ台 何マス stay the card's).
    Players ask about the rules a card meets in words that the card's text shares, and one
    that only the rules say (Joint Construction says 'empty space': is a square with a
    face-down card empty?), and the model has learnt those questions from the articles."""
    if not held:
        return False
    best, sure = _best(_model_posterior(index, q))
    return best == article.id and sure >= CARD_FOLLOWS_MODEL


OWN_TEXT = {
    "ja": "効果 コスト 使える 何回 何 どんな いつ カード",
    "en": "what do does effect cost when use play work how many times card",
}
"""What a question asks of a card's own text (its effect, its cost, when it is used, the
card itself): words that an article holding them does not make the question one about the
rules."""


def _own_text_words(index: dict, name: str) -> set[str]:
    """The words of :data:`OWN_TEXT` as the full-text table ``name`` holds them."""
    cache = index.setdefault("_own_text", {})
    if name not in cache:
        cache[name] = set(_cut(index, name, OWN_TEXT[name]))
    return cache[name]


CARD_WORDS = re.compile(
    r"(?:の)?(?:カード|札)$|^(?:the\s+)?cards?\s+|\s+cards?$|^the\s+(?!cards?\b)", re.IGNORECASE
)
"""A card's name said with the word card or the (なないろの欠片のカード, Prism Shard card,
the green eternal)."""


def _bare_card(index: dict, q: str) -> str | None:
    """The card a query names and says nothing else of (なないろの欠片, Prism Shard card,
    ますちぇんじ): its name, reading or a part of a long name, with or without the word
    card and question words; None otherwise."""
    stripped = strip_question(q)
    for text in dict.fromkeys((q, stripped, CARD_WORDS.sub("", stripped).strip())):
        k = key(text)
        refs = index["surfaces"].get(k, ()) if k else ()
        # A part of a name that is a word of the rules too (jump of Jump Pad) is the word.
        shared = any(index["entries"][i]["kind"] != "card" for i, _via, _base in refs)
        for i, _via, _base in refs:
            e = index["entries"][i]
            if e["kind"] == "card" and (not shared or key(e["term"]) == k):
                return e["id"]
        pk = phonetic_key(_MARKS.sub("", text)) if k else None
        for i, _via, _base in index["readings"].get(pk, ()) if pk else ():
            if index["entries"][i]["kind"] == "card":
                return index["entries"][i]["id"]
    return None


def _card_match(ranked: list[Match], cid: str, q: str, via: str, how: str) -> Match:
    """The match of card ``cid`` among ``ranked``, or a new one scoring as the first."""
    card = next((m for m in ranked if m.id == cid), None)
    if card is None:
        card = Match(cid, ranked[0].score, via, key=q, how=how, lang=query_lang(q))
        card.kind = "card"
    return card


def _card_first(index: dict, q: str, ranked: list[Match]) -> list[Match]:
    """A card's name alone gives the card first, even when the same words are a rules term
    (なないろの欠片 is both): the articles that quote it follow. A near spelling of a name
    (prizm shard) does too when the card's name is as near as the best term's."""
    if not ranked or ranked[0].kind == "card" or ranked[0].via == "number":
        return ranked
    cid = _bare_card(index, q)
    card = None
    if cid is not None:
        card = _card_match(ranked, cid, q, "term", "exact")
    elif ranked[0].how == "fuzzy":
        card = next(
            (
                m
                for m in ranked[1:4]
                if m.kind == "card" and m.how == "fuzzy" and m.score >= ranked[0].score - 3
            ),
            None,
        )
    if card is None:
        return ranked
    out = [m for m in ranked if m is not card]
    card.score = max(card.score, out[0].score)
    return [card, *out]


_NOT_DONE_BY = r"(?! (?:i|you|we|they|he|she|my|your)\b)"
_NOT_ONE_IN_PLAY = (
    r"(?! (?:do|does|did|should|can|could|would|will|must|is|are|was|were|has|have|goes?"
    r"|comes?|stays?|ends?|counts?|remains?)\b)"
)
"""Which card said of one in play: which card do I take, which card does an effect target,
what card goes on top."""
# The patterns below are compiled on first use (re caches them): a lookup of a term never
# reads them, and compiling them costs a cold start about a millisecond and a half.
_REQUEST_JA = (
    r"(?<![たのだ])(?:カード|(?<![\u3400-\u9fffて])札)(?:って|は|の)?(?:ある|どれ|何|なに|なん|名前)?"
    r"(?:ですか|だっけ|っけ|か|の)?[?？!！。\s]*$|(?:どの|何の|なんの)(?:カード|札)(?!を)"
    r"|(?:なんて|何て|なんという|何という)名前"
    r"|名前(?:って|は)?(?:何|なん)(?:だっけ|っけ|ですか|だ|か)?[?？!！。\s]*$|名前(?:忘れ|わすれ)"
    r"|[るうくぐすつぬぶむい]やつ(?:って|は)?(?:どれ|何|なに|なん)(?:だっけ|っけ|ですか|だ|か)?"
    r"[?？!！。\s]*$|[るうくぐすつぬぶむい]やつ(?:なんだっけ|だっけ|っけ)[?？!！。\s]*$"
)
"""A Japanese question asking for a card: …するカード(って何/どれ), どの札, its name
(…使える紫のやつ、なんて名前だっけ, 名前なんだっけ), or a thing said by what it does or how it
looks (2マス先に飛ぶやつってどれ, 赤いやつなんだっけ); not 表向きのやつだっけ (a card in play), nor
カードの名前は何でもいいの, nor a question ending on 手札 or 捨て札."""
_COLOUR_WORDS = "red orange yellow green blue pink purple rainbow white black eternal"
"""The colours (and the one kind) a card is asked for by in English: the orange one that…"""
_REQUEST_EN = (
    r"\b(?:which|what) card\b"
    + _NOT_ONE_IN_PLAY
    + r"|\bcard (?:(?:that|which|whose|to)\b"
    + _NOT_DONE_BY
    + r"|where\b)|\bis there (?:a|any) card\b"
    + rf"|\b(?:{'|'.join(_COLOUR_WORDS.split())}) one"
    + r" (?:(?:that|which|whose)\b"
    + _NOT_DONE_BY
    + r"|where\b)"
)
"""An English request for a card: which card…, (the) card that/where…, is there a card, the
orange one that/where… (a colour or kind said: not the one that was locked); not cards in
the plural (which cards are colorless, cards that say usable anytime: a kind of card, the
rules')."""
_ASKS_EN = (
    r"\b(?:which|what) card\b"
    + _NOT_ONE_IN_PLAY
    + r"|\bcard (?:that|which|where|whose|to|lets?|letting|allowing|makes?|making|with)\b"
    + _NOT_DONE_BY
)
"""An English question asking for a card wherever in the sentence, a card said with a verb of
its own too (card lets me…, a card with…): a request, or one in play."""
_ENGLISH = re.IGNORECASE | re.ASCII
_ASKING_WORDS = (
    "so hey hi ok okay um uh and but also btw wait quick question do you know does anyone "
    "what what's whats is are there there's theres name of looking for i need a an any the "
    f"that {_COLOUR_WORDS} first"
)
_ASKING = frozenset(_ASKING_WORDS.split())
"""The words that may come before an English request for a card in its clause (hey, what's
the blue card where…): any other word makes it a card in play said inside a sentence (a card
that also says everyone draws, the cheat-sheet cards that came in the box)."""
_CLAUSE = re.compile(r"[.?!,;:]")
_LATIN_WORD = re.compile(r"[a-z']+")


_REQUEST_TAIL = 8
"""The most characters :data:`_REQUEST_JA` lets follow カード or 札 at the end of a question
(って, 何, だっけ: 7), with one to spare."""


def _may_request_ja(q: str) -> bool:
    """Whether ``q`` holds what every Japanese request for a card holds (名前, やつ, どの札, or
    カード or 札 a few characters from the end): the long pattern is compiled only then."""
    if "名前" in q or "やつ" in q:
        return True
    tail = q.rstrip("?？!！。 \t\n\u3000")
    for w in ("カード", "札"):
        at = tail.rfind(w)
        if at >= 0 and (
            len(tail) - at - len(w) <= _REQUEST_TAIL
            or any(p + w in q for p in ("どの", "何の", "なんの"))
        ):
            return True
    return False


def requests_card(q: str) -> bool:
    """Whether ``q`` can only ask for a card: a Japanese one (…するカードどれ), or an English
    request said where its clause begins (the card that swaps places; hey, what's the card
    where…), not a card in play (which card do I take, a card that also says…).

    >>> [requests_card(q) for q in ("the card that swaps places", "which card do I take")]
    [True, False]
    >>> requests_card("do the cheat-sheet cards that came in the box go into the deck?")
    False
    """
    # Each pattern is compiled only for a question that can match it: a Japanese request
    # is Japanese, an English one says card or a colour's one.
    if _may_request_ja(q) and re.search(_REQUEST_JA, q):
        return True
    low = q.lower()
    if "card" not in low and " one" not in low:
        return False
    for m in re.finditer(_REQUEST_EN, q, _ENGLISH):
        if m.group().lower().startswith("is there"):
            return True
        clause = _CLAUSE.split(q[: m.start()])[-1].lower().replace("’", "'")
        if all(w in _ASKING for w in _LATIN_WORD.findall(clause)):
            return True
    return False


def asks_for_card(q: str) -> bool:
    """Whether ``q`` asks for a card by what it does (相手と場所を入れ替えるカード, the card
    that swaps places, which card nullifies a contact, card lets me…), wherever in the
    sentence; not a card in play said by what was done with it (ロックエリアに置いたカード,
    表向きのカード, the card that I reached, どのカードを捨てる, which card do I take).

    >>> asks_for_card("card lets me move twice?"), asks_for_card("ロックエリアに置いたカード")
    (True, False)
    """
    if requests_card(q):
        return True
    return "card" in q.lower() and re.search(_ASKS_EN, q, _ENGLISH) is not None


CARD_TEXT_LEAD = 0.6
"""The share of a question's words (by idf among the cards) a card's own text must hold to
lead when the question asks for a card."""
CARD_TEXT_SHOWN = 0.5
"""The share that shows a card among the first three of a question asking for a card."""
CARD_TEXT_ALONE = 0.85
"""The share it must hold to lead a question that does not ask for a card: only a card
described nearly word for word is meant rather than the rules."""
CARD_TEXT_MARGIN = 10.0
"""How much more than the best article a card's text must score (as the full text scores,
45 + 45 × its share) to lead a question that does not ask for a card."""
CARD_TEXT_RIVAL = 0.85
"""A description that another card's text holds nearly as well (the text every eternal card
shares) names neither."""


ABSENT = {"ja": 1.5, "en": 1.0}
"""The weight of a question's word that no card's text holds: a player's own verb (lets,
奪う) as often as a sign that the question is about something else. An English word left
after the stop words is more often a light verb (let, make, get) than a Japanese word the
vocabulary cut out."""


def _described_cards(index: dict, q: str) -> list[tuple[str, float, int]]:
    """The cards whose own text (printed lines and official notes, in the query's language)
    holds the query's words best, each with the share it holds (a word only its notes hold
    counts half) and how many informative words: one card, or two that hold them about as
    well (two cards that both move two squares at once); none when more do."""
    name = "en" if query_lang(q) == "en" else "ja"
    if f"cards_{name}" not in index["fulltext"] or (name == "ja" and not has_japanese(q)):
        return []
    table = part(index, "fulltext", f"cards_{name}")
    post, idf = table["post"], table["idf"]
    weights = {}
    for t in dict.fromkeys(card_words(_cut(index, name, q))):
        if "+" in t:
            if t in post:
                weights[t] = idf[t] / 2  # a phrase of some card's text
        else:
            weights[t] = idf[t] if t in post else ABSENT[name]
    total = sum(weights.values()) or 1.0
    covered: dict[int, float] = {}
    telling: dict[int, int] = {}
    for t, w in weights.items():
        for doc, tf in post.get(t, ()):
            covered[doc] = covered.get(doc, 0.0) + w * min(tf, 1.0)
            if idf[t] >= INFORMATIVE:  # a word, or a phrase, that few cards say
                telling[doc] = telling.get(doc, 0) + 1
    ranked = sorted(((w, d) for d, w in covered.items()), reverse=True)
    near = [(w, d) for w, d in ranked if w >= CARD_TEXT_RIVAL * ranked[0][0]]
    if not near or len(near) > 2:
        return []
    return [(table["ids"][d], min(w / total, 1.0), telling.get(d, 0)) for w, d in near]


def _card_described(index: dict, q: str, ranked: list[Match]) -> list[Match]:
    """A question that describes what a card does (the card that swaps places) gives that
    card first; a rules question whose words a card's text happens to share keeps the
    article that decides it first: a question that does not ask for a card leads with one
    only when two of its telling words, nearly all of its words, are the card's, and no
    article holds it about as well."""
    if not ranked or ranked[0].kind == "card" or ranked[0].via != "fulltext":
        return ranked  # a card, a number, a term, an alias or a reading says what is meant
    asks = asks_for_card(q)
    lead, shown = [], []
    shares: dict[str, float] = {}  # the idf share of the query each card's text holds
    for cid, share, evidence in _described_cards(index, q):
        if evidence < (1 if asks else 2):
            continue
        if not asks and 45 + (FULLTEXT_MAX - 45) * share < ranked[0].score + CARD_TEXT_MARGIN:
            continue  # not clearly stronger than the article's match
        if share >= (CARD_TEXT_LEAD if asks else CARD_TEXT_ALONE):
            at = lead
        elif asks and share >= CARD_TEXT_SHOWN and not shown:
            at = shown
        else:
            continue
        card = _card_match(ranked, cid, q, "fulltext", "words")
        card.evidence = evidence
        shares[cid] = share
        at.append(card)
    after = 2  # a weak match: among the first three, after the two best articles
    if ranked[0].score >= FULLTEXT_MAX - 0.5 and any(c.evidence < 2 for c in lead):
        # An article holds the whole question too, and the card but one telling word of it
        # (ロックできないカード): the rules first, the card next.
        shown, lead, after = lead[:1], [], 1
    out = [m for m in ranked if m not in lead and m not in shown]
    for card in lead:
        # As sure as the share of the question its text holds (the card that swaps places:
        # all of it), and never below the article it displaces.
        card.score = max(card.score, ranked[0].score, 45 + (FULLTEXT_MAX - 45) * shares[card.id])
    for card in shown:
        card.score = min(card.score, out[min(after, len(out)) - 1].score)
        out.insert(min(after, len(out)), card)
    return [*lead, *out]


CARD_MODEL_SURE = 0.9
"""The probability the model of the cards' questions must give a card for a question asking
for a card to lead with it. Below it the model is often wrong between cards that do alike
(4枚ドローして公開する: two cards draw and reveal), and a rules question said with "which
card" (which card does an effect target) would lose its article."""


def _card_asked(index: dict, q: str, ranked: list[Match]) -> list[Match]:
    """A question that asks for a card (:func:`requests_card`) in players' words rather than
    the printed ones (ロックした札を奪うカード, which card makes everyone dump their hand)
    leads with the card the model of the questions asked about each card is sure of
    (:data:`CARD_MODEL_SURE`): before an article, and before a card whose printed text holds
    the question's words (the model weighs that text too, and how players say it)."""
    if not ranked or ranked[0].via != "fulltext":
        return ranked
    if ranked[0].kind == "card" and ranked[0].how != "words":
        return ranked  # a card named in the question
    if not requests_card(q):
        return ranked
    best, sure = _best(_model_posterior(index, q, "cards_"))
    if best is None or sure < CARD_MODEL_SURE:
        return ranked
    card = _card_match(ranked, best, q, "fulltext", "asked")
    card.how = "asked"
    return _lead(ranked, card)


def _ja_text(res: _Results, index: dict, text: str, cap: float = 0) -> None:
    """The Japanese full text and example questions searched for the words of ``text`` (the
    query, or the query with its kana terms or its slips written in)."""
    from judge_cli.lookup.words import is_kanji

    words = _cut(index, "ja", text)
    vocab = part(index, "vocab")["words"]
    weak = frozenset(w for w in words if len(w) == 1 and is_kanji(w) and w not in vocab)
    _fulltext(res, part(index, "fulltext", "ja"), words, text, cap, weak)
    _questions(res, part(index, "fulltext", "ja_q"), words, text, cap)


def _cut(index: dict, name: str, text: str) -> list[str]:
    """The words of ``text`` as the full-text table ``name`` (ja or en) holds them."""
    from judge_cli.lookup.words import en_rewrite, ja_words

    if name == "en":
        return en_rewrite(en_words(text), part(index, "phrases"))
    return ja_words(text, part(index, "vocab"))


def _slips(index: dict, q: str) -> str | None:
    """``q`` with each kanji word that is no word of the rules replaced by the term that
    sounds the same (共生移動 → 強制移動: a right reading, a wrong kanji), or None.

    Each kanji is read by the table of kanji readings (every reading, with the small っ a
    reading takes before k, s, t, p); a word is replaced when one of its readings is the
    reading of exactly one term, alias or title."""
    from judge_cli.lookup.words import is_kanji, prefold

    vocab = part(index, "vocab")["words"]
    kanji = None  # the table is unpacked only when a kanji word is unknown
    t = prefold(q)
    out, i, changed = [], 0, False
    while i < len(t):
        if not is_kanji(t[i]):
            out.append(t[i])
            i += 1
            continue
        j = i
        while j < len(t) and is_kanji(t[j]):
            j += 1
        run = t[i:j]
        term = None
        if run not in vocab and 2 <= len(run) <= 6:
            kanji = kanji if kanji is not None else part(index, "kanji")
            term = _sounds_like(index, run, kanji)
        out.append(term or run)
        changed |= term is not None
        i = j
    return "".join(out) if changed else None


_SOKUON = {"つ", "く", "ち", "き"}


def _sounds(run: str, kanji: dict, cap: int = 400) -> list[str]:
    """Every reading of a kanji run, kanji by kanji, with the small っ a reading ending in
    つ, く, ち or き takes before the next one (摂食 → せっしょく); at most ``cap``."""
    readings = [""]
    for ch in run:
        options = kanji.get(ch)
        if not options:
            return []
        nxt = []
        for head in readings:
            for r in options:
                nxt.append(head + r)
                if r[-1] in _SOKUON and len(r) >= 2:
                    nxt.append(head + r[:-1] + "っ")
        readings = nxt[:cap]
    return readings


def _terms_sounding(index: dict, sounds: list[str]) -> dict[str, int]:
    """The Japanese terms, aliases and titles whose reading is one of ``sounds``."""
    found: dict[str, int] = {}
    for sound in sounds:
        pk = phonetic_key(sound)
        for i, _via, _base in index["readings"].get(pk, ()) if pk else ():
            entry = index["entries"][i]
            if entry["lang"] == "ja" and entry["kind"] != "card":
                found.setdefault(entry["term"], i)
    return found


def _sounds_like(index: dict, run: str, kanji: dict) -> str | None:
    """The one term that a kanji run sounds like, written as the run stands for it: the
    term, or the alias of the same number of kanji when the term is longer (信仰 sounds like
    侵攻, an alias of 相手ゲート侵攻: 相手ゲート信仰ボーナス is 相手ゲート侵攻ボーナス, not
    相手ゲート相手ゲート侵攻ボーナス)."""
    from judge_cli.lookup.words import is_kanji

    found = _terms_sounding(index, _sounds(run, kanji))
    if len(found) != 1:
        return None
    term, i = next(iter(found.items()))
    if len(term) == len(run) and all(map(is_kanji, term)):
        return term
    for surface, refs in index["surfaces"].items():
        same = len(surface) == len(run) and all(map(is_kanji, surface))
        if same and any(ref[0] == i for ref in refs):
            return surface
    return term


KANA_TERM = (3, 12)
"""The shortest and longest run of kana read as a term inside a question in kana alone."""


def _kana_terms(index: dict, kana: str) -> str | None:
    """A question with the terms its runs of hiragana spell written in, longest first, or
    None: やまふだってどこにおく → 山札ってどこにおく (a question in kana alone, or romaji, is
    read whole). A run that sounds like several terms is left as it is."""
    from judge_cli.lookup.words import PARTICLES, is_hiragana

    def kana_at(j: int) -> bool:
        return is_hiragana(kana[j]) or kana[j] == "ー"

    shortest, longest = KANA_TERM
    out, i, changed = [], 0, False
    while i < len(kana):
        run = i
        # A word starts after a character that is not kana or after a particle.
        if i == 0 or not kana_at(i - 1) or kana[i - 1] in PARTICLES:
            while run < len(kana) and run - i < longest and kana_at(run):
                run += 1
        for size in range(run - i, shortest - 1, -1):
            if kana[i + size - 1] == "っ":
                continue  # no word ends in a small っ: やまふだって is 山札 + って
            found = _terms_sounding(index, [kana[i : i + size]])
            if len(found) == 1:
                out.append(next(iter(found)))
                i += size
                changed = True
                break
        else:
            out.append(kana[i])
            i += 1
    spelt = "".join(out)
    return spelt if changed and len(out) > 1 else None


def _slip_whole(res: _Results, q: str) -> None:
    """The whole query read aloud (its kanji by the table, its kana as written) sounds like
    a term: 進行ボーナス → しんこうぼーなす → 侵攻ボーナス."""
    from judge_cli.lookup.words import is_kanji, kana_fold, prefold

    index = res.index
    kanji = part(index, "kanji")
    t = kana_fold(prefold(q))
    pieces: list[list[str]] = []
    i = 0
    while i < len(t):
        j = i
        if is_kanji(t[i]):
            while j < len(t) and is_kanji(t[j]):
                j += 1
            options = _sounds(t[i:j], kanji, 60)
            if not options:
                return
            # A reading that holds its okurigana (捨 → すて) before that kana written out
            # (捨て葉) is read without it: すて + て would say すてて.
            if j < len(t):
                options += [o[:-1] for o in options if len(o) > 1 and o[-1] == t[j]]
            pieces.append(options)
        else:
            while j < len(t) and not is_kanji(t[j]):
                j += 1
            pieces.append([t[i:j]])
        i = j
    sounds = [""]
    for options in pieces:
        sounds = [a + b for a in sounds for b in options][:150]
    for term, entry in _terms_sounding(index, sounds).items():
        res.add_entry(entry, 100 - SLIP_DROP - READING_DROP_SLIP, "reading", term, "slip")


POINTER_YIELD = 6.0
"""How close an article that another one points to (612.1 says 処理順は113による) must score
to be shown before it: the article that decides, not the one that sends the reader there."""


def _within(aid: str, target: str) -> bool:
    """Whether article ``aid`` is ``target`` or inside it (113.1 in 113, 606.1a-1 in 606.1a)."""
    return aid == target or (
        aid.startswith(target) and not aid[len(target)].isdigit() and aid[len(target)] != "「"
    )


POINTER_ONLY_YIELD = 15.0
"""The same for an article that is nothing but its pointer (処理順は113による。): the words
that found it are a question for the article it names, which need only be among the
candidates."""


def _first_within(ranked: list[Match], reach: float, fits) -> Match | None:
    """The first article found by its words, after the best, that scores within ``reach`` of
    it and ``fits``; None when there is none."""
    top = ranked[0]
    for m in ranked[1:]:
        if m.score < top.score - reach:
            return None
        if m.via == "fulltext" and m.kind == "article" and fits(m):
            return m
    return None


def _lead(ranked: list[Match], m: Match) -> list[Match]:
    """``ranked`` with ``m`` first, at the best score."""
    m.score = max(m.score, ranked[0].score)
    return [m, *(x for x in ranked if x is not m)]


def _pointer_yields(index: dict, ranked: list[Match]) -> list[Match]:
    """The best article found by its words that says another article decides (（→807.3）,
    113による, 508を適用する) gives way to that article when it scores within
    :data:`POINTER_YIELD`: the words that found the pointer are the decider's too. Articles
    that point to each other (304.1a, 703.1) stay as found."""
    if len(ranked) < 2 or ranked[0].via != "fulltext" or ranked[0].kind != "article":
        return ranked
    top = ranked[0]
    node = index["nodes"].get(top.id, {})
    points = node.get("points")
    if not points:
        return ranked
    reach = POINTER_ONLY_YIELD if node.get("hands_over") else POINTER_YIELD
    m = _first_within(ranked, reach, lambda m: any(_within(m.id, p) for p in points))
    if m is None:
        return ranked
    back = index["nodes"].get(m.id, {}).get("points", ())
    return ranked if any(_within(top.id, p) for p in back) else _lead(ranked, m)


EXAMPLE_YIELD = 15.0
"""How close the rule an example shows (803.1 of 803.2 例：相手の手札が5枚なら…) must score to
be shown before it."""


def _example_yields(index: dict, ranked: list[Match]) -> list[Match]:
    """An example found by its words (an article that begins 例：, a situation told in full)
    shows how a rule before it in its section applies: that rule, the nearest one before it
    among the candidates within :data:`EXAMPLE_YIELD`, comes first and the example next."""
    if len(ranked) < 2 or ranked[0].via != "fulltext":
        return ranked
    nodes = index["nodes"]
    node = nodes.get(ranked[0].id, {})
    if not node.get("example"):
        return ranked

    def rule(m: Match) -> bool:
        other = nodes.get(m.id)
        before = other is not None and other["pos"] < node["pos"]
        return before and other["parent"] == node["parent"]

    m = _first_within(ranked, EXAMPLE_YIELD, rule)
    return ranked if m is None else _lead(ranked, m)


def _model_features(index: dict, q: str) -> tuple[str, list[str]]:
    """The language of ``q`` and its features for :mod:`judge_cli.lookup.model`."""
    from judge_cli.lookup.model import features
    from judge_cli.lookup.text import en_grams

    if has_japanese(q):
        return "ja", features(_cut(index, "ja", q), ja_grams(q))
    words = _cut(index, "en", q)
    return "en", features(words + [f"{a}+{b}" for a, b in pairwise(words)], en_grams(q))


def _model_posterior(index: dict, q: str, of: str = "") -> dict[str, float]:
    """What :mod:`judge_cli.lookup.model` says of ``q``: each article's probability, or with
    ``of="cards_"`` each card's; memoised for the query being searched."""
    from judge_cli.lookup import model

    memo = index.setdefault("_posterior", {})
    if (of, q) not in memo:
        if any(k[1] != q for k in memo):
            memo.clear()
        lang, feats = _model_features(index, q)
        name = f"{of}{lang}_model"
        table = part(index, "fulltext", name) if name in index["fulltext"] else None
        memo[of, q] = model.posterior(table, feats) if table else {}
    return memo[of, q]


def _best(p: dict[str, float]) -> tuple[str | None, float]:
    """The id a posterior gives most (the first of equals) and its probability."""
    best = max(p, key=p.__getitem__) if p else None
    return best, (p[best] if best is not None else 0.0)


def _model_reorders(index: dict, q: str, ranked: list[Match]) -> list[Match]:
    """When words found the best candidate, the articles found by words about as well as it
    (within :data:`judge_cli.lookup.model.REACH`) are put in the order of their words score
    plus the log-probability the model gives them: near-ties between neighbouring articles
    (505.1 moving and 505.2 moving then contacting) are decided by what questions asked
    about each say. Their scores stay in order: the places change, not the scores."""
    from judge_cli.lookup import model

    top = ranked[0]
    if len(ranked) < 2 or not _by_words(top):
        return ranked
    slots = [
        n
        for n, m in enumerate(ranked[: model.DEPTH])
        if _by_words(m) and m.score >= top.score - model.REACH
    ]
    if len(slots) < 2:
        return ranked
    p = _model_posterior(index, q)
    if not p:
        return ranked
    cands = [ranked[n] for n in slots]
    scores = [m.score for m in cands]
    order = sorted(
        cands,
        key=lambda m: -(m.score + model.WEIGHT * math.log(max(p.get(m.id, 0.0), model.FLOOR))),
    )
    out = list(ranked)
    for n, m, score in zip(slots, order, scores, strict=True):
        m.score = score
        out[n] = m
    return out


MODEL_HOWS = ("words", "question")
"""The candidates the model reorders: those found by the words of the question."""


def _by_words(m: Match) -> bool:
    """An article (not a card) found by the words of the question: what the model weighs."""
    return m.via == "fulltext" and m.how in MODEL_HOWS and m.kind != "card"


MODEL_SURE = 0.9
"""An answer found by words that the model gives this probability or more is sure."""
MODEL_SHOWN = 0.9
"""An article the model gives this probability or more is shown in the top three."""


def _model_shows(index: dict, q: str, ranked: list[Match]) -> list[Match]:
    """When words found the best candidate, or the question names a card that leads, the
    article the model is sure of (:data:`MODEL_SHOWN`) is shown third if it is not in the top
    three: the words may have missed how a player says it, or what a player asks of the
    rules a card meets. A question asking for a card that the first three show keeps it."""
    if not (_by_words(ranked[0]) or ranked[0].how == "within"):
        return ranked
    if requests_card(q) and any(m.kind == "card" for m in ranked[:3]):
        return ranked  # a card asked for (一番ロックが少ないとドローできるカード) stays shown
    best, sure = _best(_model_posterior(index, q))
    if best is None or sure < MODEL_SHOWN or any(m.id == best for m in ranked[:3]):
        return ranked
    m = next((m for m in ranked if m.id == best), None)
    place = min(2, len(ranked))
    score = ranked[place].score if place < len(ranked) else ranked[-1].score
    if m is None:
        m = Match(best, score, "fulltext", key=q, how="model")
        m.kind = "glossary" if best.startswith("1000「") else "article"
    m.score = max(m.score, score)
    rest = [x for x in ranked if x is not m]
    return [*rest[:place], m, *rest[place:]]


MODEL_LEADS = 0.99
"""The probability from which the article the model gives most leads a weak words answer."""
WORDS_WEAK = 85.0
"""A words answer below this score is weak: its words are few, or other articles hold them
too, and what questions asked about each article say decides better."""


def _model_leads(index: dict, q: str, ranked: list[Match]) -> list[Match]:
    """When words found the best candidate but weakly (below :data:`WORDS_WEAK`), the
    article the model is all but certain of (:data:`MODEL_LEADS`) leads, unless it is an
    example (803.2 of 803.1: the rule decides, and the words or _example_yields put it
    first): さっきロックしたやつ手札に戻したい holds words of many articles (ロック, 手札, 戻す)
    as well as of the one about taking back a lock, and the questions asked about that one
    say it as players do."""
    if not _by_words(ranked[0]) or ranked[0].score >= WORDS_WEAK:
        return ranked
    best, sure = _best(_model_posterior(index, q))
    if best is None or sure < MODEL_LEADS or ranked[0].id == best:
        return ranked
    if index["nodes"].get(best, {}).get("example"):
        return ranked  # an example shows how a rule applies; the model never leads with one
    m = next((m for m in ranked if m.id == best), None)
    return ranked if m is None else _lead(ranked, m)


READING_DROP_SLIP = 0
"""A slip found by the sound of the whole query is weaker than one kanji word replaced."""


def _contrast(index: dict, q: str, ranked: list[Match]) -> list[Match]:
    """A contrasting neighbour never stands alone at the top: when the best article has
    one (移動 / 強制移動), the side the query names comes first, and the other is shown too
    unless the query names the first side alone and it was first already."""
    if not ranked or not index.get("contrasts"):
        return ranked
    best = ranked[0]
    for sides in index["contrasts"]:
        where = [n for n, side in enumerate(sides) if _in_side(best.id, side["articles"])]
        if not where:
            continue
        negated: set[int] = set()
        named = _named_sides(q, sides, negated)
        if not named:
            return ranked  # the question names neither side: nothing to contrast
        asked = named[0]
        other = 1 - asked
        out = list(ranked)
        moved = False
        # A term, reading or number says which article is meant; only words are reordered,
        # and only on specific evidence: a best article whose own text holds a word of the
        # side asked about (507.5 says 接触 too) is about that word as well and stays.
        if (
            best.via == "fulltext"
            and not _in_side(out[0].id, sides[asked]["articles"])
            and (
                other in negated
                or not _holds_side(index, best.id, q, sides[asked]["words"], sides[other]["words"])
            )
        ):
            moved = True
            pick = next((m for m in out if _in_side(m.id, sides[asked]["articles"])), None)
            if pick is None:
                pick = Match(
                    sides[asked]["articles"][0], best.score, "fulltext", key=q, how="contrast"
                )
            else:
                out.remove(pick)
            out.insert(0, pick)
        settled = named == [asked] and not moved
        if not _in_side(out[0].id, sides[asked]["articles"]):
            # The best article stayed on the other side: the side asked about is shown next.
            asked, other, settled = other, asked, False
        if not settled and not any(_in_side(m.id, sides[other]["articles"]) for m in out[:3]):
            mate = next((m for m in out if _in_side(m.id, sides[other]["articles"])), None)
            if mate is None:
                mate = Match(
                    sides[other]["articles"][0], out[0].score - 1, "fulltext", key=q, how="contrast"
                )
            else:
                out.remove(mate)
            out.insert(min(2, len(out)), mate)
        return out
    return ranked


def _named_sides(q: str, sides: list[dict], negated: set | None = None) -> list[int]:
    """The sides whose words the query names, the first named first; a word inside a longer
    word of the other side does not count (移動 in 強制移動). English is compared by stems
    (placing names place). ``negated`` receives the sides the query says are not meant."""

    def form(text: str, english: bool) -> str:
        return " " + " ".join(en_words(text)) + " " if english else key(text)

    english = query_lang(q) == "en"
    folded = form(q, english)
    spans = []
    for n, side in enumerate(sides):
        for w in side["words"]:
            if w.isascii() != english:
                continue
            kw = f" {form(w, True).strip()} " if english else form(w, False)
            start = folded.find(kw) if kw.strip() else -1
            while start >= 0:
                spans.append((start, start + len(kw), n))
                start = folded.find(kw, start + 1)
    first: dict[int, int] = {}
    for a, b, n in spans:
        if not any(c <= a and b <= d and (d - c) > (b - a) and m != n for c, d, m in spans):
            # A side said not to be meant, with more said after it (強制移動じゃない普通の
            # 移動), is no topic: it counts as named last. At the end (強制移動じゃない？)
            # the negation asks for a yes: the side stays the topic.
            neg = _NOT_THIS.match(folded, b)
            at = a + len(folded) if neg and _has_content(folded, neg.end()) else a
            first[n] = min(first.get(n, at), at)
    order = sorted(first, key=first.get)
    if negated is not None:
        negated.update(n for n in order if first[n] >= len(folded))
    return order


_NOT_THIS = re.compile(r"(?:じゃ|では|でわ|で)な(?:い|く)")
"""What says a word of the question is not what is meant (強制移動じゃない…)."""


def _has_content(text: str, start: int) -> bool:
    """A content word after ``start``: a kanji, a latin letter or a digit (katakana is
    folded). A function, not a character class: compiling a class with the kanji range
    costs a cold lookup 3–4 ms."""
    return any(
        "\u3400" <= c <= "\u9fff" or "a" <= c <= "z" or "0" <= c <= "9" for c in text[start:]
    )


def _holds_side(index: dict, aid: str, q: str, words: list[str], others: list[str]) -> bool:
    """Whether article ``aid``'s own text holds every word of one of ``words`` (those
    written in the query's language), as the full-text index cut them; a word that the other
    side's words hold too (移動 of 強制移動) tells nothing."""
    english = query_lang(q) == "en"
    name = "en" if english else "ja"
    if name not in index["fulltext"]:
        return False
    table = part(index, "fulltext", name)
    doc = _doc(table, aid)
    if doc is None:
        return False
    theirs = {t for w in others if w.isascii() == english for t in _cut(index, name, w)}
    for w in words:
        if w.isascii() != english:
            continue
        tokens = _cut(index, name, w)
        if set(tokens) <= theirs:
            continue
        if tokens and all(_holds(table, t, doc) for t in tokens):
            return True
    return False


def _holds(table: dict, word: str, doc: int | None) -> bool:
    """Whether document ``doc`` of a full-text table holds ``word``."""
    return any(d == doc for d, _tf in table["post"].get(word, ()))


def _doc(table: dict, aid: str) -> int | None:
    """The document number of article ``aid`` in a full-text table."""
    docs = table.get("_doc")
    if docs is None:
        docs = table["_doc"] = {i: n for n, i in enumerate(table["ids"])}
    return docs.get(aid)


def _in_side(aid: str, articles: list[str]) -> bool:
    return any(aid == a or aid.startswith(a + ".") for a in articles)


CLOSE_CALL = 2.0
"""A full-text answer whose runner-up scores within this much is a guess between the two."""
STRONG_FULLTEXT = 82.0
"""A full-text or question match at least this strong is an answer, not a guess."""


def _confidence(m: Match) -> str:
    if m.how == "asked":  # a card asked for, that the questions asked about it are sure of
        return "high"
    exact = ("exact", "stripped", "slip", "within", "cited")
    if m.via in ("number", "term", "alias", "reading") and m.how in exact:
        return "high"
    if m.via == "fulltext" and m.how in ("words", "question") and m.score >= STRONG_FULLTEXT:
        return "high" if m.evidence >= 2 else "low"
    return "low"


def _sure(m: Match) -> bool:
    """A candidate that no near spelling could beat: an exact term or number, or a strong
    full-text match on two telling words."""
    if m.via in ("number", "term", "alias", "reading"):
        return m.how in ("exact", "stripped", "within", "cited") and m.score >= 90
    return m.via == "fulltext" and m.score >= 88 and m.evidence >= 2


def query_lang(query: str) -> str:
    """The language a query is written in: ja for kana, kanji and romaji, else en.

    >>> query_lang("到達"), query_lang("toutatsu"), query_lang("can I lock a rainbow card")
    ('ja', 'ja', 'en')
    """
    if has_japanese(query) or not re.search(r"[a-zA-Z]", query):
        return "ja"
    return "ja" if phonetic_key(query) else "en"


LATIN_WORD = re.compile(r"(?<![a-z])(?!w+(?![a-z]))[a-z]{2,}")
"""A word in latin letters, which the English stage reads: two letters or more, and not the
ｗ (or ｗｗｗ) of a laugh after a Japanese sentence."""


def search(index: dict, query: str, *, limit: int | None = None) -> list[Match]:
    """Every candidate for ``query``, best first (all of them when ``limit`` is None).

    Raises :class:`LookupFailed` when nothing scores above :data:`CUTOFF`, naming the
    closest terms, and :class:`InputError` for an empty or oversized query.
    """
    from judge_cli.lookup.words import prefold as prefold_query

    q = clean(query)
    if not q:
        raise InputError("the query is empty", hint="try: seven judge 到達")
    res = _Results(index)
    missing_id = None
    fixed = None  # the query with its IME slips corrected, if any

    number = parse_number(q)
    if number is not None:
        aid, sort = number
        if aid in index["nodes"]:
            res.add(Match(aid, 100.0, "number", key=aid))
        else:
            missing_id = (aid, sort)
    else:
        cited = [aid for aid in cited_numbers(q) if aid in index["nodes"]]
        for n, aid in enumerate(cited):
            res.add(Match(aid, CITED - n, "number", key=aid, how="cited"))

    k = key(q)
    stripped = strip_question(q)
    ks = key(stripped)
    _exact(res, k, 0, "exact")
    if ks != k and ks:
        _exact(res, ks, STRIPPED_DROP, "stripped")

    # Readings: kana in any form, or romaji (an English word is not romaji and gets None).
    pk = phonetic_key(_MARKS.sub("", q)) if k else None
    if pk:
        _readings(res, pk, 0, "exact", q)
    pks = phonetic_key(stripped) if ks != k and ks else None
    if pks:
        _readings(res, pks, STRIPPED_DROP, "stripped", stripped)

    # Two kanji that are no term may be a slip for one (摂食 → 接触).
    exact_found = any(m.how == "exact" for m in res.best.values())
    if 2 <= len(k) <= SHORT and has_japanese(q) and not exact_found:
        _slip_whole(res, stripped)
    if 0 < len(k) <= SHORT:
        _prefix(res, k)
    elif len(k) > SHORT:
        _prefix(res, k)
        hiragana_only = all("\u3041" <= c <= "\u309f" or c == "ー" or not c.isalnum() for c in q)
        if (has_japanese(q) or (number is None and not q.isascii())) and not hiragana_only:
            # A question in hiragana alone (やまふだがなくなったら) has no word boundaries
            # to find: its sound is searched in the readings below instead.
            _ja_text(res, index, q)
            exact = any(m.how in ("exact", "stripped") for m in res.best.values())
            if len(stripped) <= 12 and not exact:
                _slip_whole(res, stripped)
            # A term typed in kana among other words (やまふだってどこに置く) is read too.
            spelt = _kana_terms(index, prefold_query(q))
            if spelt is not None:
                _ja_text(res, index, spelt)
            fixed = _slips(index, stripped)
            if fixed is not None:
                _exact(res, key(fixed), SLIP_DROP, "slip")
                _ja_text(res, index, fixed, SLIP_MAX)
        elif hiragana_only:
            # Its players' words in hiragana (ぶつかる, できない) still say what it asks: they
            # are matched against the example questions, as a question in kanji would be.
            _questions(res, part(index, "fulltext", "ja_q"), _cut(index, "ja", q), q)
        kana = to_hiragana(q) if pk and has_japanese(q) else romaji_to_kana(q) if pk else None
        if kana and "kana" in index["fulltext"]:
            _fulltext(res, part(index, "fulltext", "kana"), ja_grams(kana), kana)
        spelt = _kana_terms(index, kana) if kana else None
        if spelt is not None:
            _ja_text(res, index, spelt)
        if "en" in index["fulltext"] and LATIN_WORD.search(fold(q)):
            words = _cut(index, "en", q)
            tokens = words + [f"{a}+{b}" for a, b in pairwise(words)]
            _fulltext(res, part(index, "fulltext", "en"), tokens, q)
            _questions(res, part(index, "fulltext", "en_q"), tokens, q)

    if len(k) > SHORT:
        _cards_named(res, k)
        # Near spellings last, and only when nothing sure was found: importing the fuzzy
        # scorer costs a cold start more than the rest of a lookup.
        if not any(_sure(m) for m in res.best.values()):
            _fuzzy(res, k, pk)

    pos = index.get("_pos")
    if pos is None:
        pos = index["_pos"] = {aid: n["pos"] for aid, n in index["nodes"].items()}
    ranked = sorted(
        (m for m in res.best.values() if m.score >= CUTOFF),
        key=lambda m: (-round(m.score, 6), VIAS.index(m.via), pos.get(m.id, math.inf)),
    )
    if not ranked:
        raise _nothing_found(index, q, k, missing_id)
    # The model reads the question as the slips' correction says it (後悔 → 公開), as the
    # contrast pass does.
    ranked = _model_reorders(index, fixed or q, ranked)
    ranked = _pointer_yields(index, ranked)
    ranked = _example_yields(index, ranked)
    ranked = _card_follows(index, q, ranked)
    ranked = _card_first(index, q, ranked)
    ranked = _card_described(index, q, ranked)
    ranked = _card_asked(index, fixed or q, ranked)
    ranked = _model_shows(index, fixed or q, ranked)
    words_first = ranked[0]
    ranked = _model_leads(index, fixed or q, ranked)
    model_led = ranked[0] if ranked[0] is not words_first else None
    # The side a question names is read from what it means: 共生移動 names 強制移動.
    ranked = _contrast(index, fixed or q, ranked)
    for m in ranked:
        m.confidence = _confidence(m)
    # Words that two articles hold about as well do not tell which of them is meant.
    first = ranked[0]
    if (
        len(ranked) > 1
        and first.via == "fulltext"
        and first.confidence == "high"
        and first.how != "asked"
        and ranked[1].how != "within"
        and ranked[1].score > first.score - CLOSE_CALL
    ):
        first.confidence = "low"
    # What questions asked about the article say is sure of it, even where its words are
    # few or another article holds them as well.
    if (
        _by_words(first)
        and first.confidence == "low"
        and _model_posterior(index, fixed or q).get(first.id, 0.0) >= MODEL_SURE
    ):
        first.confidence = "high"
    # The model against the words: right about two times in three, no sure answer.
    if first is model_led:
        first.confidence = "low"
    # A card named in a question that an article answers about as well: the question may
    # be about the rules the card meets (the order of interrupts), not about the card.
    article = next((m for m in ranked[1:] if m.kind == "article"), None)
    if first.how == "within" and article and article.score > first.score - CLOSE_CALL:
        first.confidence = "low"
    return ranked[:limit] if limit else ranked


SLIP_DROP = 8
"""A term found through the sound of a wrongly converted word scores this much less."""
SLIP_MAX = 84.0


def closest_terms(index: dict, k: str, n: int = 5) -> list[str]:
    """Terms written most like ``k`` (for the message when nothing is found)."""
    terms: dict[str, str] = {}
    for e in index["entries"]:
        terms.setdefault(key(e["term"]), e["term"])
    if not k:
        return []
    if len(k) <= SHORT:
        near = [s for s in terms if any(c in s for c in k)]
        return [terms[s] for s in sorted(near, key=len)[:n]]
    from rapidfuzz import fuzz, process

    found = process.extract(k, list(terms), scorer=fuzz.WRatio, limit=n, score_cutoff=40)
    return [terms[s] for s, _, _ in found]


def _nothing_found(index: dict, q: str, k: str, missing_id: tuple | None) -> LookupFailed:
    if missing_id is not None:
        aid, sort = missing_id
        near = ", ".join(nearest_ids(index, sort))
        return LookupFailed(f"no article {aid!r} in the rules", hint=f"nearest: {near}")
    near = closest_terms(index, k)
    sep = "、" if has_japanese(q) else ", "
    hint = f"closest terms: {sep.join(near)}" if near else "try a term, an article number or"
    if not near:
        hint += " a few words of the rule"
    return LookupFailed(f"nothing in the rules matches {q!r}", hint=hint)

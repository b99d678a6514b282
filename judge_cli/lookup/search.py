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

from judge_cli.errors import InputError, LookupFailed
from judge_cli.lookup.index import part
from judge_cli.lookup.normalize import clean, fold, has_japanese, key, to_hiragana
from judge_cli.lookup.romaji import phonetic_key, romaji_to_kana
from judge_cli.lookup.text import en_tokens, ja_grams

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

    __slots__ = ("entry", "how", "id", "key", "lang", "score", "via")

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

    def __repr__(self) -> str:
        return f"Match({self.id!r}, {self.score:.1f}, {self.via!r}, key={self.key!r})"


# -- numbers ----------------------------------------------------------------------------------
_DASHES = "-‐‑‒–—―−ー－﹣"
_ID = re.compile(
    r"^(?:第|§|#|no\.?|rule|cr|article|art\.?)?\s*"
    r"(\d{3,4})(?:\.(\d+)(?:([a-z])(?:[" + re.escape(_DASHES) + r"](\d+))?)?)?"
    r"\s*(?:条|項|番)?$"
)


def parse_number(query: str) -> tuple[str, tuple] | None:
    """The article id a query names (``第603条``, ``６０３．１``, ``606.1A–1``), or None.

    Returns the id as :class:`judge_cli.corpus.ids.ArticleId` writes it and its sort key;
    the grammar is the same (digits, dot, letter, dash and number).

    >>> parse_number("第603条"), parse_number("606.1A–1")[0], parse_number("到達")
    (('603', (603, -1, '', -1)), '606.1a-1', None)
    """
    import unicodedata

    q = unicodedata.normalize("NFKC", query).strip().lower()
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
_JA_TAIL = re.compile(
    r"(?:って|とは|は|の)?(?:何|なに|なん|どういう|どんな)?(?:意味|こと|事|もの)?"
    r"(?:ですか|でしたっけ|だっけ|っけ|だ|か|なの|です)?[?？!！。．.\s]*$"
)
_EN_HEAD = re.compile(
    r"^(?:what(?:'s| is| are| does| do)?|define|definition of|meaning of|explain|rule for|"
    r"rules for)\s+(?:the |a |an )?",
    re.IGNORECASE,
)
_EN_TAIL = re.compile(r"\s*(?:mean|means|meaning)?\s*[?!.]*$", re.IGNORECASE)


def strip_question(query: str) -> str:
    """The term inside a short question, or the query itself.

    >>> strip_question("到達って何だっけ"), strip_question("what is a forced move?")
    ('到達', 'forced move')
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
            if target in self.index["nodes"] or target.startswith("1000「"):
                self.add(
                    Match(
                        target,
                        base - n,
                        via,
                        key=entry["term"] if via != "reading" else key,
                        how=how,
                        entry=i,
                        lang=entry["lang"],
                    )
                )


def _exact(res: _Results, k: str, drop: float, how: str) -> None:
    for i, via, base in res.index["surfaces"].get(k, ()):
        res.add_entry(i, base - drop, via, k, how)


def _readings(res: _Results, pk: str, drop: float, how: str, shown: str) -> None:
    for i, via, base in res.index["readings"].get(pk, ()):
        res.add_entry(i, base - drop, via, shown, how)


def _prefix(res: _Results, k: str) -> None:
    """Terms the query begins: 到 → 到達, 到達効果; ロックエリア使用可能 → …表示."""
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


def _fulltext(res: _Results, table: dict, tokens: list[str], shown: str) -> None:
    """BM25 over one full-text table; the score grows with how much of the query an
    article holds (idf-weighted coverage), so a whole question found in one article
    scores near :data:`FULLTEXT_MAX`."""
    if not tokens:
        return
    post, idf, lengths, avg = table["post"], table["idf"], table["len"], table["avg"]
    max_idf = table["max_idf"]
    weights = {t: idf.get(t, max_idf) for t in dict.fromkeys(tokens)}
    total = sum(weights.values())
    covered: dict[int, float] = {}
    bm25: dict[int, float] = {}
    k1, b = 1.2, 0.75
    for t, w in weights.items():
        for doc, tf in post.get(t, ()):
            covered[doc] = covered.get(doc, 0.0) + w
            norm = tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[doc] / avg))
            bm25[doc] = bm25.get(doc, 0.0) + w * norm
    if not bm25:
        return
    top = max(bm25.values())
    ids = table["ids"]
    for doc, s in bm25.items():
        coverage = covered[doc] / total
        score = 45 + 40 * coverage + 5 * s / top
        if score >= CUTOFF:
            res.add(Match(ids[doc], min(score, FULLTEXT_MAX), "fulltext", key=shown, how="words"))


def search(index: dict, query: str, *, limit: int | None = None) -> list[Match]:
    """Every candidate for ``query``, best first (all of them when ``limit`` is None).

    Raises :class:`LookupFailed` when nothing scores above :data:`CUTOFF`, naming the
    closest terms, and :class:`InputError` for an empty or oversized query.
    """
    q = clean(query)
    if not q:
        raise InputError("the query is empty", hint="try: seven judge 到達")
    res = _Results(index)
    missing_id = None

    number = parse_number(q)
    if number is not None:
        aid, sort = number
        if aid in index["nodes"]:
            res.add(Match(aid, 100.0, "number", key=aid))
        else:
            missing_id = (aid, sort)

    k = key(q)
    stripped = strip_question(q)
    ks = key(stripped)
    _exact(res, k, 0, "exact")
    if ks != k and ks:
        _exact(res, ks, STRIPPED_DROP, "stripped")

    # Readings: kana in any form, or romaji (an English word is not romaji and gets None).
    pk = phonetic_key(q) if k else None
    if pk:
        _readings(res, pk, 0, "exact", q)
    pks = phonetic_key(stripped) if ks != k and ks else None
    if pks:
        _readings(res, pks, STRIPPED_DROP, "stripped", stripped)

    if 0 < len(k) <= SHORT:
        _prefix(res, k)
    elif len(k) > SHORT:
        _prefix(res, k)
        _fuzzy(res, k, pk)
        if has_japanese(q) or (number is None and not q.isascii()):
            _fulltext(res, part(index, "fulltext", "ja"), ja_grams(q), q)
        kana = to_hiragana(q) if pk and has_japanese(q) else romaji_to_kana(q) if pk else None
        if kana and "kana" in index["fulltext"]:
            _fulltext(res, part(index, "fulltext", "kana"), ja_grams(kana), kana)
        if "en" in index["fulltext"] and re.search(r"[a-z]", fold(q)):
            _fulltext(res, part(index, "fulltext", "en"), en_tokens(q), q)

    pos = {aid: n["pos"] for aid, n in index["nodes"].items()}
    ranked = sorted(
        (m for m in res.best.values() if m.score >= CUTOFF),
        key=lambda m: (-round(m.score, 6), VIAS.index(m.via), pos.get(m.id, math.inf)),
    )
    if not ranked:
        raise _nothing_found(index, q, k, missing_id)
    return ranked[:limit] if limit else ranked


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

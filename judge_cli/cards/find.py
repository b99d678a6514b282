"""Finding a real card by what a player types: its name, its reading, its id or a fragment.

One pipeline, first stage that answers wins:

1. ``id``: the publisher's id (``red-jump-pad``);
2. ``name``: the Japanese or the English name, folded as lookup folds queries (width, kana,
   case, punctuation: ``ｶｳﾝﾀｰﾛｯｸ``, ``counter lock``);
3. ``reading``: the full reading of the Japanese name in kana or romaji, by sound
   (``じゃんぷだい``, ``janpudai``, ``jampudai``; judge_cli/cards/readings.py);
4. ``fragment``: a part of a name, a reading or an id (``ジャンプ``, ``phoenix``, ``ふぇにっくす``);
5. ``fuzzy``: the nearest name, reading or part of a name by similarity (typos: ``ジャンプ代``,
   ``Jupm Pad``).

A stage that finds several designs answers with all of them (ambiguous: ``キューブ``);
nothing found raises :class:`CardNotFound` naming the closest cards.

>>> [find_design(q).ids for q in ("red-jump-pad", "ジャンプ台", "jump pad", "janpudai")]
[('red-jump-pad',), ('red-jump-pad',), ('red-jump-pad',), ('red-jump-pad',)]
>>> find_design("ジャンプ代").via, find_design("キューブ").ids[:2]
('fuzzy', ('first-red', 'first-orange'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from judge_cli.errors import InputError, JudgeError
from judge_cli.lookup.normalize import clean, key
from judge_cli.lookup.romaji import phonetic_key

FUZZY_CUTOFF = 75.0
"""The least similarity (0–100) a fuzzy match needs."""
FUZZY_MARGIN = 8.0
"""A fuzzy match is the answer when no other design comes within this many points of it."""
CLOSEST = 5
"""How many names a failed search suggests."""

_PARTS = re.compile(r"[ 　,:：]+")


class CardNotFound(JudgeError):
    """No design matches the query; ``closest`` are the ids of the nearest designs."""

    def __init__(self, message: str, closest: tuple[str, ...], hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.closest = closest


@dataclass(frozen=True)
class Match:
    """One design found for a query."""

    id: str
    """The publisher's design id."""
    via: str
    """The stage that found it: ``id``, ``name``, ``reading``, ``fragment`` or ``fuzzy``."""
    score: float
    """100 for an exact match; the similarity for a fuzzy one."""
    matched: str
    """What matched: the name, the reading, the id or the part of a name."""


@dataclass(frozen=True)
class Found:
    """The designs a query found: one, or several when it is ambiguous."""

    query: str
    matches: tuple[Match, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.matches)

    @property
    def via(self) -> str:
        return self.matches[0].via

    @property
    def ambiguous(self) -> bool:
        return len(self.matches) > 1


@dataclass(frozen=True)
class _Entry:
    id: str
    order: int
    labels: tuple[tuple[str, str], ...]
    """(what is shown, its key): the names, the reading and the id."""
    phonetic: str | None
    """The reading by sound (romaji, vowel length folded)."""
    parts: tuple[tuple[str, str], ...]
    """The words of the names (``フェニックス``, ``Phoenix``), for fuzzy matching."""


@cache
def _entries() -> tuple[_Entry, ...]:
    from judge_cli.cards.index import card_index

    out = []
    for i, (did, d) in enumerate(card_index()["designs"].items()):
        reading = d["reading"]
        ja, en = d["name"]["ja"], d["name"]["en"]
        labels = (
            (ja, key(ja)),
            (en, key(en)),
            (reading, key(reading)),
            (did, key(did)),
        )
        words = {w for name in (ja, en, reading) for w in _PARTS.split(name)}
        parts = tuple((w, key(w)) for w in sorted(words) if key(w))
        out.append(_Entry(did, i, labels, phonetic_key(key(reading)), parts))
    return tuple(out)


def _exact(entries: tuple[_Entry, ...], q: str, qk: str, qphon: str | None) -> list[Match]:
    low = q.strip().lower()
    found = [Match(e.id, "id", 100.0, e.id) for e in entries if e.id == low]
    if found:
        return found
    found = [
        Match(e.id, "name", 100.0, label) for e in entries for label, k in e.labels[:2] if k == qk
    ]
    if found:
        return found
    return [
        Match(e.id, "reading", 100.0, e.labels[2][0])
        for e in entries
        if e.labels[2][1] == qk or (qphon is not None and qphon == e.phonetic)
    ]


def _fragment(entries: tuple[_Entry, ...], qk: str, qphon: str | None) -> list[Match]:
    found = []
    for e in entries:
        label = next((lb for lb, k in e.labels if qk in k), None)
        if label is None and qphon and e.phonetic and len(qphon) >= 3 and qphon in e.phonetic:
            label = e.labels[2][0]
        if label is not None:
            found.append(Match(e.id, "fragment", 100.0, label))
    return found


def _similarities(entries: tuple[_Entry, ...], qk: str, qphon: str | None) -> list[Match]:
    """Every design with its best similarity to the query, best first."""
    from rapidfuzz import fuzz

    scored = []
    for e in entries:
        best, label = 0.0, e.labels[0][0]
        for shown, k in (*e.labels, *e.parts):
            score = fuzz.ratio(qk, k)
            if score > best:
                best, label = score, shown
        if qphon and e.phonetic:
            score = fuzz.ratio(qphon, e.phonetic)
            if score > best:
                best, label = score, e.labels[2][0]
        scored.append((best, -e.order, Match(e.id, "fuzzy", round(best, 1), label)))
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [m for _, _, m in scored]


def find_design(query: str) -> Found:
    """The design(s) ``query`` names; raises :class:`CardNotFound` when none comes close."""
    q = clean(query)
    qk = key(q)
    if not qk:
        raise InputError(
            f"{query!r} names no card",
            hint="type a card's name, reading or id: seven card ジャンプ台",
        )
    qphon = phonetic_key(qk)
    entries = _entries()
    found = _exact(entries, q, qk, qphon) or _fragment(entries, qk, qphon)
    if found:
        return Found(q, tuple(found))
    ranked = _similarities(entries, qk, qphon)
    best = ranked[0].score
    if best >= FUZZY_CUTOFF:
        near = [m for m in ranked if m.score >= max(FUZZY_CUTOFF, best - FUZZY_MARGIN)]
        return Found(q, tuple(near))
    closest = tuple(m.id for m in ranked[:CLOSEST])
    from judge_cli.cards.index import card_index

    designs = card_index()["designs"]
    names = ", ".join(f"{designs[i]['name']['ja']} ({designs[i]['name']['en']})" for i in closest)
    raise CardNotFound(
        f"no card matches {q!r}",
        closest,
        hint=f"the closest: {names}; seven card --all lists every card",
    )

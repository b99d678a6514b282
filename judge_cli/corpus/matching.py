"""Which article of one edition is which article of the next: kept, edited, or renumbered.

A new edition may insert an article and shift the numbers after it (105.3 → 105.4), remove
one, or move a whole group. Pairing articles by number would then report every shifted
article as rewritten; pairing them by text finds where each one went. ``seven diff`` reports
the pairs, and the importer carries our editorial data along them.

The pairing, in order:

1. identical texts pair up (the same number first, else the nearest in document order);
2. what is left pairs best-first by similarity (rapidfuzz's normalised Indel similarity of
   the two texts): a pair under another number needs at least :data:`MOVE_THRESHOLD`,
   and the same number or the same group tips a near tie;
3. an article whose number exists in both editions and found no better partner is that
   number's article, edited (however much);
4. the rest were removed (old) or added (new).

>>> m = match_articles(
...     {ArticleId.parse("105.3"): "甲。", ArticleId.parse("105.4"): "乙の文。"},
...     {ArticleId.parse("105.3"): "新しい。", ArticleId.parse("105.4"): "甲。",
...      ArticleId.parse("105.5"): "乙の文です。"},
... )
>>> [(str(p.old), str(p.new)) for p in m.renumbered], [str(a) for a in m.added]
([('105.3', '105.4'), ('105.4', '105.5')], ['105.3'])
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Generic, TypeVar

from rapidfuzz import fuzz

from judge_cli.corpus.ids import ArticleId

MOVE_THRESHOLD = 0.6
"""The least similarity for a text found under another number to count as the same article.

Distinct articles of the published rules are at most 0.90 alike (309.2 and 608.6 say the same
thing twice), and that pair is never both unpaired unless both changed; an edited article
that also moved keeps well above 0.6 of its text.
"""
SAME_ID_PRIOR = 0.15
SAME_GROUP_PRIOR = 0.05

K = TypeVar("K", bound=Hashable)


def similarity(a: str, b: str, cutoff: float = 0.0) -> float:
    """How alike two texts are, 0.0 to 1.0 (1.0: identical), character by character."""
    return fuzz.ratio(a, b, score_cutoff=cutoff * 100) / 100


@dataclass
class Pairing(Generic[K]):
    """The outcome of :func:`pair_up`: pairs (old key, new key, similarity) and leftovers."""

    pairs: list[tuple[K, K, float]] = field(default_factory=list)
    removed: list[K] = field(default_factory=list)
    added: list[K] = field(default_factory=list)


def pair_up(
    old: Sequence[tuple[K, str]],
    new: Sequence[tuple[K, str]],
    *,
    prior: Callable[[K, K], float] = lambda o, n: 0.0,
    always: Callable[[K, K], bool] = lambda o, n: False,
    threshold: float = MOVE_THRESHOLD,
) -> Pairing[K]:
    """Pair two ordered lists of (key, text) by text, as the module docstring describes.

    ``prior(o, n)`` is added to the similarity when ranking candidate pairs; ``always(o, n)``
    makes a pair eligible whatever its similarity (the same article number).
    """
    old_pos = {k: i for i, (k, _) in enumerate(old)}
    new_pos = {k: i for i, (k, _) in enumerate(new)}
    old_left = dict(old)
    new_left = dict(new)
    result: Pairing[K] = Pairing()

    def distance(o: K, n: K) -> float:
        return abs(old_pos[o] / max(len(old), 1) - new_pos[n] / max(len(new), 1))

    by_text: dict[str, list[K]] = {}
    for k, text in new:
        by_text.setdefault(text, []).append(k)
    for o, text in old:
        candidates = [n for n in by_text.get(text, ()) if n in new_left]
        if not candidates:
            continue
        n = o if o in candidates else min(candidates, key=lambda n: distance(o, n))
        result.pairs.append((o, n, 1.0))
        del old_left[o], new_left[n]

    ranked: list[tuple[float, float, int, int, K, K, float]] = []
    for o, otext in old_left.items():
        for n, ntext in new_left.items():
            forced = always(o, n)
            s = similarity(otext, ntext, 0.0 if forced else threshold)
            if not forced and s < threshold:
                continue
            ranked.append((-(s + prior(o, n)), distance(o, n), old_pos[o], new_pos[n], o, n, s))
    ranked.sort(key=lambda r: r[:4])
    for *_, o, n, s in ranked:
        if o in old_left and n in new_left:
            result.pairs.append((o, n, s))
            del old_left[o], new_left[n]
    result.pairs.sort(key=lambda p: new_pos[p[1]])
    result.removed = list(old_left)
    result.added = list(new_left)
    return result


@dataclass(frozen=True)
class Pair:
    """An article of the old edition and the one it became in the new edition."""

    old: ArticleId
    new: ArticleId
    similarity: float
    """1.0 when the text is unchanged."""

    @property
    def renumbered(self) -> bool:
        return self.old != self.new

    @property
    def edited(self) -> bool:
        return self.similarity < 1.0


@dataclass
class Matching:
    """How the numbered articles of two editions correspond."""

    pairs: list[Pair]
    """Every article present in both editions, in the new edition's order."""
    removed: list[ArticleId]
    """Old ids whose text is in no article of the new edition."""
    added: list[ArticleId]
    """New ids whose text was in no article of the old edition."""

    @property
    def renumbered(self) -> list[Pair]:
        return [p for p in self.pairs if p.renumbered]

    @property
    def changed(self) -> list[Pair]:
        """Articles that kept their number and whose text changed."""
        return [p for p in self.pairs if not p.renumbered and p.edited]

    @cached_property
    def new_of(self) -> dict[ArticleId, ArticleId]:
        return {p.old: p.new for p in self.pairs}

    @cached_property
    def old_of(self) -> dict[ArticleId, ArticleId]:
        return {p.new: p.old for p in self.pairs}

    @cached_property
    def group_map(self) -> dict[int, int]:
        """Groups whose articles moved, in majority, to another group: {611: 612}."""
        votes: dict[int, Counter[int]] = {}
        for p in self.pairs:
            votes.setdefault(p.old.group, Counter())[p.new.group] += 1
        out = {}
        for group, counter in votes.items():
            target, count = counter.most_common(1)[0]
            if target != group and count * 2 > sum(counter.values()):
                out[group] = target
        return out

    @cached_property
    def id_map(self) -> dict[str, str]:
        """Old id → new id for every renumbered article and moved group."""
        out = {str(p.old): str(p.new) for p in self.renumbered}
        out.update({str(g): str(t) for g, t in self.group_map.items()})
        return out


def match_articles(old: Mapping[ArticleId, str], new: Mapping[ArticleId, str]) -> Matching:
    """Pair the numbered articles (id → text) of two editions; see the module docstring."""

    def prior(o: ArticleId, n: ArticleId) -> float:
        if o == n:
            return SAME_ID_PRIOR
        return SAME_GROUP_PRIOR if o.group == n.group else 0.0

    ordered_old = sorted(old.items(), key=lambda kv: kv[0].sort_key)
    ordered_new = sorted(new.items(), key=lambda kv: kv[0].sort_key)
    pairing = pair_up(ordered_old, ordered_new, prior=prior, always=lambda o, n: o == n)
    return Matching([Pair(o, n, s) for o, n, s in pairing.pairs], pairing.removed, pairing.added)


# An id written in a text: dotted (606.1a-1) anywhere; a bare group (113) only after → or
# before a particle, as refs.py reads them (112枚 is a count, 113による a reference). The
# last alternative, any other bare number, is an id only when the caller knows the text
# cites it (an English text: "follows 113." but "112 cards").
_ID_IN_TEXT = re.compile(
    r"(?<![\d.])(\d{3,4}\.\d+(?:[a-z](?:-\d+)?)?(?![\d]))"
    r"|(?:(?<=→)|(?<=→ ))(\d{3,4})(?![\d.])"
    r"|(?<![\d.→０-９])(\d{3})(?=による|により|に|を|で|は|が|と|の|、|）)"
    r"|(?<![\d.０-９])(\d{3,4})(?![\d０-９]|\.\d)"
)


def remap_ids(text: str, id_map: Mapping[str, str], cited: Collection[str] = ()) -> str:
    """``text`` with each id it writes replaced through ``id_map`` (all at once).

    ``cited`` are the ids the text is known to cite (its recorded references): a bare number
    that is one of them is an id wherever it stands.

    >>> remap_ids("（→605.1）と605.2、113による。112枚。", {"605.1": "606.1", "605.2": "605.1",
    ...     "113": "114", "112": "999"})
    '（→606.1）と605.1、114による。112枚。'
    >>> remap_ids("It follows 113 (→ 605); 112 cards.", {"113": "114", "605": "606", "112": "9"},
    ...     cited=["113", "605"])
    'It follows 114 (→ 606); 112 cards.'
    """
    if not id_map:
        return text

    def swap(m: re.Match[str]) -> str:
        token = m.group(0)
        if m.group(4) is not None and token not in cited:
            return token
        return id_map.get(token, token)

    return _ID_IN_TEXT.sub(swap, text)


def ids_in_text(text: str) -> list[str]:
    """The ids ``text`` writes, as :func:`remap_ids` sees them, in order, without repeats.

    >>> ids_in_text("507.1の3（→609.2）、113による。合計112枚。507.1a")
    ['507.1', '609.2', '113', '507.1a']
    """
    found = (m.group(0) for m in _ID_IN_TEXT.finditer(text) if m.group(4) is None)
    return list(dict.fromkeys(found))


def remap_ref(ref: str, id_map: Mapping[str, str]) -> str:
    """A recorded reference (an id or ``1000「語」``) through ``id_map``."""
    return id_map.get(ref, ref)

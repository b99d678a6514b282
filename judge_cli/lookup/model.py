"""Which article a question is about, as a model learnt from the example questions.

A naive Bayes model over the articles: each example question of rules/players/questions.yaml
and each article's own text is one sample of its article; the features of a text are its
words (as the full text cuts them) and its character n-grams, marked with ``~`` so that
one never collides with a word: in Japanese the pairs of neighbouring characters of its runs
of letters (:func:`judge_cli.lookup.text.ja_grams`), which carry what the words leave out,
the endings and hiragana verbs of colloquial Japanese (乗っかれる, もらえる, 飛ばす) that the
words stage drops as grammar; in English the trigrams of each word
(:func:`judge_cli.lookup.text.en_grams`), which a misspelt word still shares.

The model is counted, not trained: per article the number of its samples and, per feature,
the number of its samples that have it, so that the index build computes it in one pass and
the site's JavaScript reads the same counts. It does not find articles on its own: among the
articles the words stage found about as well as the best (:data:`REACH`), it tells which
one the question is about (:func:`judge_cli.lookup.search._model_reorders`).

>>> t = model_table([("a", ["x", "y"]), ("a", ["x"]), ("b", ["z"])], min_samples=1)
>>> t["ids"], t["samples"], t["len"], t["vocab"]
(['a', 'b'], [2, 1], [3, 1], 3)
>>> p = posterior(t, ["x"])
>>> p["a"] > 0.5 > p["b"]
True
"""

from __future__ import annotations

import math

from judge_cli.lookup.index import pack, unpack

ALPHA = 0.3
"""Additive smoothing of the counts: a feature an article's samples never have still has
some chance there."""
WEIGHT = 1.0
"""How much the model's log-probability of an article adds to its words score when the
candidates are reordered: a candidate 1 point behind the best needs e (2.7) times its
probability to take its place."""
REACH = 5.0
"""Only the candidates found by their words within this many points of the best are
reordered: further down, the words stage has told them apart."""
DEPTH = 8
"""At most this many of the first candidates are considered."""
FLOOR = 0.01
"""A probability below this counts as this: the model knows nothing of many phrasings, and
its near-certainty against an article must not outweigh the words that found it."""


MIN_SAMPLES = 10
"""A feature counts only when at least this many samples have it: one that a few samples
say is how those few were worded, not how the questions to come will be."""


def features(words: list[str], grams: list[str] | None = None) -> list[str]:
    """A text's features: its words, and its character pairs marked with ``~`` (Japanese).

    >>> features(["駒", "移動"], ["こま", "まを"])
    ['駒', '移動', '~こま', '~まを']
    """
    out = dict.fromkeys(words)
    for g in grams or ():
        out.setdefault("~" + g)
    return list(out)


def model_table(samples: list[tuple[str, list[str]]], min_samples: int = MIN_SAMPLES) -> dict:
    """The counts of the model: ``ids`` (the articles), ``samples`` (how many samples each
    has), ``len`` (the sum of its feature counts), ``post`` (feature → its postings, packed:
    :func:`postings` reads them as ((article, count), …), in how many of its samples the
    feature is), ``vocab`` (the number of features).

    Each sample counts a feature once, however often it says it."""
    ids: list[str] = []
    where: dict[str, int] = {}
    counts: dict[str, dict[int, int]] = {}
    n_samples: list[int] = []
    for aid, feats in samples:
        c = where.get(aid)
        if c is None:
            c = where[aid] = len(ids)
            ids.append(aid)
            n_samples.append(0)
        n_samples[c] += 1
        for f in dict.fromkeys(feats):
            per = counts.setdefault(f, {})
            per[c] = per.get(c, 0) + 1
    # A feature fewer than ``min_samples`` samples have tells nothing of the questions to
    # come: left out.
    counts = {f: per for f, per in counts.items() if sum(per.values()) >= min_samples}
    lengths = [0] * len(ids)
    for per in counts.values():
        for c, n in per.items():
            lengths[c] += n
    return {
        "ids": ids,
        "samples": n_samples,
        "len": lengths,
        "vocab": len(counts),
        "post": {
            f: pack([x for c in sorted(per) for x in (c, per[c])]) for f, per in counts.items()
        },
    }


def postings(packed: bytes) -> list[tuple[int, int]]:
    """A feature's postings as (article, count) pairs.

    >>> postings(pack([0, 2, 5, 1]))
    [(0, 2), (5, 1)]
    """
    numbers = unpack(packed)
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def posterior(table: dict, feats: list[str]) -> dict[str, float]:
    """The probability of each article given ``feats`` (features the model never saw do not
    count); empty when it knows none of them."""
    post = table["post"]
    known = [f for f in dict.fromkeys(feats) if f in post]
    if not known:
        return {}
    base = table.get("_base")
    if base is None:
        total = sum(table["samples"])
        v = ALPHA * table["vocab"]
        base = table["_base"] = [
            (math.log(s / total), math.log(n + v))
            for s, n in zip(table["samples"], table["len"], strict=True)
        ]
    k = len(known)
    log_alpha = math.log(ALPHA)
    scores = [prior + k * (log_alpha - norm) for prior, norm in base]
    gain = table.setdefault("_gain", {})  # count → its log-odds over an unseen feature
    for f in known:
        for c, n in postings(post[f]):
            g = gain.get(n)
            if g is None:
                g = gain[n] = math.log(n + ALPHA) - log_alpha
            scores[c] += g
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    z = sum(exps)
    return {aid: e / z for aid, e in zip(table["ids"], exps, strict=True)}

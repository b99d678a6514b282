"""A selection of articles as people write it: ``801-808``, ``603,605.1``, ``500``, ``606.1a-1``.

A selection is a list (commas, 、 or spaces) of ids and ranges. An id is an article, group
or section, with everything under it; a range ``A-B`` (also ``A..B``, ``A〜B``, ``A~B``) is
every id from A to the end of B in document order (a group only when all of it lies
inside). The result is the ids that head the
selected parts, in document order, none inside another. Ids that are malformed or not in the
rules are one error naming all of them.

>>> from judge_cli.corpus.store import load_corpus
>>> [str(a) for a in select_articles(load_corpus("ja"), "801-803, 807.3, 603.1, 603")]
['603', '801', '802', '803', '807.3']
"""

from __future__ import annotations

import re
import unicodedata

from judge_cli.corpus.ids import DASHES, ArticleId
from judge_cli.corpus.model import Corpus
from judge_cli.errors import ArticleNotFound, InvalidArticleId

_SPLIT = re.compile(r"[,、，;\s]+")
_RANGE = re.compile(r"\.\.|[〜～~]")
_SPACED = re.compile(r"\s*(\.\.|[〜～~]|[" + re.escape(DASHES) + r"])\s*")


def _parse(corpus: Corpus, text: str) -> ArticleId | None:
    """The id if ``text`` is one and it is in the rules; None otherwise."""
    try:
        aid = ArticleId.parse(text)
    except InvalidArticleId:
        return None
    return aid if aid in corpus.articles else None


def _range(corpus: Corpus, token: str) -> tuple[ArticleId, ArticleId] | None:
    """``A-B`` read as a range. A dash may also belong to an id (606.1a-1), so each dash
    is tried as the separator; the one where both sides are ids in the rules wins."""
    norm = unicodedata.normalize("NFKC", token)
    m = _RANGE.search(norm)
    if m:
        a, b = _parse(corpus, norm[: m.start()]), _parse(corpus, norm[m.end() :])
        return (a, b) if a and b else None
    for i, ch in enumerate(norm):
        if ch in DASHES or ch == "-":
            a, b = _parse(corpus, norm[:i]), _parse(corpus, norm[i + 1 :])
            if a and b:
                return a, b
    return None


def _subtree_end(corpus: Corpus, aid: ArticleId) -> ArticleId:
    return corpus.subtree(aid)[-1].id


def select_articles(corpus: Corpus, spec: str) -> list[ArticleId]:
    """The ids ``spec`` selects (see the module docstring); raises one error for every id
    that is malformed or not in the rules, and for a range that runs backwards."""
    tokens = [t for t in _SPLIT.split(_SPACED.sub(r"\1", spec.strip())) if t]
    if not tokens:
        raise InvalidArticleId(
            f"no articles given: {spec!r}", hint="for example: 801-808, 603, 605.1"
        )
    order = corpus.ids()
    position = {aid: i for i, aid in enumerate(order)}
    chosen: set[ArticleId] = set()
    bad: list[str] = []
    hints: list[str] = []
    for token in tokens:
        single = _parse(corpus, token)
        if single is not None:
            chosen.update(a.id for a in corpus.subtree(single))
            continue
        pair = _range(corpus, token)
        if pair is None:
            bad.append(token)
            hints.extend(_near(corpus, token))
            continue
        first, last = pair
        if position[first] > position[last]:
            raise InvalidArticleId(
                f"the range {token!r} runs backwards", hint=f"write it as {last}-{first}"
            )
        end = position[_subtree_end(corpus, last)]
        span = set(order[position[first] : end + 1])
        # A group or article whose subtree reaches outside the range is not selected as a
        # whole (801.3-802.1 takes 802.1, not all of 802).
        chosen.update(a for a in span if all(d.id in span for d in corpus.subtree(a)))
    if bad:
        listed = ", ".join(repr(b) for b in bad)
        raise ArticleNotFound(
            f"not in the rules: {listed}",
            hint="; ".join(hints) or "article ids look like 603, 603.1, 606.1a-1; ranges 801-808",
        )
    # Heads: the chosen ids whose parent is not chosen, in document order.
    return [a for a in order if a in chosen and (a.parent is None or a.parent not in chosen)]


def _near(corpus: Corpus, token: str) -> list[str]:
    try:
        aid = ArticleId.parse(token)
    except InvalidArticleId:
        return []
    near = ", ".join(str(a) for a in corpus.nearest(aid))
    return [f"nearest to {token}: {near}"] if near else []

"""Cross-references written in the rules text.

Forms found in the publisher's text:

- arrows: ``（→904）``, ``→704.3``, ``→1000「無作為」`` (a glossary entry);
- numbered list items: ``507.1の3``, ``603.1の2`` (recorded as the article, 507.1);
- inline mentions: ``105.3でも``, ``606.1aと606.1a-1は``, ``508を適用する``, ``113による``.

A bare three-digit number is a reference only when a particle follows it and a group of that
number exists (``112枚`` is a count of cards, ``113による`` a reference).

>>> extract_refs("（→704.3）と105.3でも、508を適用し、合計112枚。→1000「無作為」", {508, 112})
['704.3', '105.3', '508', '1000「無作為」']
"""

from __future__ import annotations

import re

from judge_cli.corpus.ids import ArticleId

_ID = r"\d{3,4}(?:\.\d+(?:[a-z](?:-\d+)?)?)?"
_ARROW = re.compile(rf"→\s*({_ID})(「[^」]+」)?")
_DOTTED = re.compile(r"(?<![\d.])(\d{3}\.\d+(?:[a-z](?:-\d+)?)?)")
_BARE = re.compile(r"(?<![\d.→０-９])(\d{3})(?=による|により|に|を|で|は|が|と|の|、|）)")


def glossary_ref(term: str) -> str:
    """The id of a glossary entry, as the rules write it: ``1000「無作為」``."""
    return f"1000「{term}」"


def extract_refs(text: str, groups: set[int] | None = None) -> list[str]:
    """Ids referred to in ``text``, in order of first appearance, without duplicates.

    ``groups`` is the set of group numbers that exist; without it bare numbers are ignored.
    """
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, ref: str) -> None:
        if any(s <= start < e for s, e in taken):
            return
        taken.append((start, end))
        found.append((start, ref))

    for m in _ARROW.finditer(text):
        ref = str(ArticleId.parse(m.group(1)))
        if m.group(2) and ref == "1000":
            ref = glossary_ref(m.group(2)[1:-1])
        add(m.start(1), m.end(), ref)
    for m in _DOTTED.finditer(text):
        add(m.start(1), m.end(1), str(ArticleId.parse(m.group(1))))
    if groups:
        for m in _BARE.finditer(text):
            if int(m.group(1)) in groups:
                add(m.start(1), m.end(1), m.group(1))
    out: list[str] = []
    for _, ref in sorted(found):
        if ref not in out:
            out.append(ref)
    return out

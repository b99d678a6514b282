"""Links inside the rules text: every reference to an article, every glossary term, every
card named, each a link to where it is defined.

The text stays the publisher's, character for character: links only wrap what is there.
References are found where the text writes an id (``→603.1の2``, ``(→ 904)``); glossary
terms (two characters or more, the publisher's and ours) and card names where they occur,
the first time in each article, and never pointing an article at itself.

>>> terms = [Target("到達", "rules/1000.html#1000「到達」", "term")]
>>> html = Linker(["603", "605.1"], terms, lang="ja").html("到達する（→605.1）。", "../")
>>> print(str(html).replace("</a>", "</a>\\n"))
<a class="term" href="../rules/1000.html#1000「到達」">到達</a>
する（→<a class="ref" href="../rules/600.html#605.1">605.1</a>
）。
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup, escape

from judge_cli.site.urls import article_href

_ID = re.compile(r"(?<![\d.])(\d{3,4}(?:\.\d+(?:[a-z](?:-\d+)?)?)?)(?![\d])")
_GLOSSARY_REF = re.compile(r"1000「[^」]+」")


@dataclass(frozen=True)
class Target:
    """Words to link and where to: a glossary term or a card's name."""

    words: str
    href: str
    kind: str
    """``term`` or ``card``: the link's class."""
    own: frozenset[str] = frozenset()
    """Ids whose text this is defined by: no link there (an article does not link itself)."""


def _self_and_ancestors(aid: str) -> set[str]:
    """An article and the groups above it: a term defined by 603 is not linked in 603.1."""
    from judge_cli.corpus.ids import ArticleId

    if not ArticleId.is_valid(aid):
        return {aid}
    parsed = ArticleId.parse(aid)
    return {aid, *(str(a) for a in parsed.ancestors())}


class Linker:
    """Links the texts of one language: ids that exist, terms and card names."""

    def __init__(self, ids: Iterable[str], targets: Iterable[Target], *, lang: str) -> None:
        self.ids = set(ids)
        self.lang = lang
        targets = sorted(targets, key=lambda t: -len(t.words))
        self.targets = [t for t in targets if len(t.words) >= 2]
        flags = re.IGNORECASE if lang == "en" else 0
        self._patterns = [
            re.compile(
                rf"(?<![A-Za-z]){re.escape(t.words)}(?![A-Za-z])"
                if lang == "en"
                else re.escape(t.words),
                flags,
            )
            for t in self.targets
        ]

    def spans(self, text: str, here: str, seen: set[str]) -> list[tuple[int, int, str, str]]:
        """(start, end, href, class) of every link in ``text``, not overlapping."""
        found: list[tuple[int, int, str, str]] = []
        for m in _GLOSSARY_REF.finditer(text):
            if m.group(0) in self.ids:
                found.append((m.start(), m.end(), article_href(m.group(0)), "ref"))
        for m in _ID.finditer(text):
            if m.group(1) in self.ids and m.group(1) != here:
                found.append((m.start(1), m.end(1), article_href(m.group(1)), "ref"))
        taken = [(s, e) for s, e, _, _ in found]
        inside = _self_and_ancestors(here)
        for target, pattern in zip(self.targets, self._patterns, strict=True):
            if target.href in seen or inside & target.own:
                continue
            for m in pattern.finditer(text):
                s, e = m.span()
                if any(s < te and ts < e for ts, te in taken):
                    continue
                found.append((s, e, target.href, target.kind))
                taken.append((s, e))
                seen.add(target.href)
                break
        return sorted(found)

    def html(self, text: str, root: str, *, here: str = "", seen: set[str] | None = None) -> Markup:
        """``text`` escaped, with its links (hrefs relative to the page through ``root``)."""
        seen = set() if seen is None else seen
        out: list[str] = []
        pos = 0
        for start, end, href, cls in self.spans(text, here, seen):
            if start < pos:
                continue
            out.append(escape(text[pos:start]))
            out.append(
                Markup('<a class="{}" href="{}">{}</a>').format(cls, root + href, text[start:end])
            )
            pos = end
        out.append(escape(text[pos:]))
        return Markup("").join(out)

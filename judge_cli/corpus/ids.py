"""Article ids: ``600`` (section) > ``606`` (group) > ``606.1`` > ``606.1a`` > ``606.1a-1``.

Sections are the hundreds (100, 200, … 900) and 1000, the glossary. A section's own
articles (``300.1``) sit beside its groups (``301``): both are children of ``300``.

>>> ArticleId.parse("606.1a-1")
ArticleId.parse('606.1a-1')
>>> str(ArticleId.parse("606.1a-1").parent)
'606.1a'
>>> [str(a) for a in ArticleId.parse("606.1a-1").ancestors()]
['606.1a', '606.1', '606', '600']
>>> [str(a) for a in sorted(ArticleId.parse(s) for s in ["606.2", "606.1a-1", "606", "606.1b"])]
['606', '606.1a-1', '606.1b', '606.2']
>>> ArticleId.parse("８０７．３").kind
'article'
>>> ArticleId.parse("800").kind, ArticleId.parse("801").kind
('section', 'group')
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from judge_cli.errors import InvalidArticleId

# Hyphens people type or paste for the "-1" of 606.1a-1: ASCII, Unicode dashes, minus,
# the katakana prolonged sound mark and the full-width hyphen (NFKC maps some of these).
DASHES = "-‐‑‒–—―−ー－"
_DASH_RE = re.compile(f"[{re.escape(DASHES)}]")
ID_RE = re.compile(r"^(\d{3,4})(?:\.(\d+)(?:([a-z])(?:-(\d+))?)?)?$")


@dataclass(frozen=True, slots=True)
class ArticleId:
    """The number of a section, group or article of the comprehensive rules."""

    group: int
    """The three- or four-digit part: 606 (a section when a multiple of 100)."""
    number: int | None = None
    """The part after the dot: the 1 of 606.1."""
    letter: str | None = None
    """The sub-article letter: the a of 606.1a."""
    sub: int | None = None
    """The second-level sub-article: the 1 of 606.1a-1."""

    @classmethod
    def parse(cls, text: str) -> ArticleId:
        """Parse ``606.1a-1``; full-width digits and any dash are accepted."""
        norm = _DASH_RE.sub("-", unicodedata.normalize("NFKC", str(text)).strip()).lower()
        m = ID_RE.match(norm)
        if not m:
            raise InvalidArticleId(
                f"not an article id: {text!r}",
                hint="article ids look like 603, 603.1, 606.1a or 606.1a-1",
            )
        group, number, letter, sub = m.groups()
        return cls(
            int(group),
            int(number) if number is not None else None,
            letter,
            int(sub) if sub is not None else None,
        )

    @classmethod
    def is_valid(cls, text: str) -> bool:
        try:
            cls.parse(text)
        except InvalidArticleId:
            return False
        return True

    def __str__(self) -> str:
        s = str(self.group)
        if self.number is not None:
            s += f".{self.number}"
            if self.letter:
                s += self.letter
                if self.sub is not None:
                    s += f"-{self.sub}"
        return s

    def __repr__(self) -> str:
        return f"ArticleId.parse({str(self)!r})"

    @property
    def sort_key(self) -> tuple[int, int, str, int]:
        return (
            self.group,
            -1 if self.number is None else self.number,
            self.letter or "",
            -1 if self.sub is None else self.sub,
        )

    def __lt__(self, other: ArticleId) -> bool:
        return self.sort_key < other.sort_key

    def __le__(self, other: ArticleId) -> bool:
        return self.sort_key <= other.sort_key

    def __gt__(self, other: ArticleId) -> bool:
        return self.sort_key > other.sort_key

    def __ge__(self, other: ArticleId) -> bool:
        return self.sort_key >= other.sort_key

    @property
    def kind(self) -> str:
        """``section`` (600), ``group`` (606) or ``article`` (606.1, 606.1a, 606.1a-1)."""
        if self.number is None:
            return "section" if self.group % 100 == 0 else "group"
        return "article"

    @property
    def section(self) -> int:
        """The section this id belongs to: 606.1a → 600; 1000 → 1000."""
        return self.group // 100 * 100

    @property
    def parent(self) -> ArticleId | None:
        """606.1a-1 → 606.1a → 606.1 → 606 → 600 → None; 300.1 → 300."""
        if self.sub is not None:
            return ArticleId(self.group, self.number, self.letter)
        if self.letter is not None:
            return ArticleId(self.group, self.number)
        if self.number is not None:
            return ArticleId(self.group)
        if self.group % 100:
            return ArticleId(self.section)
        return None

    def ancestors(self) -> list[ArticleId]:
        """Parent, grandparent, … up to the section."""
        out: list[ArticleId] = []
        node = self.parent
        while node is not None:
            out.append(node)
            node = node.parent
        return out

    def contains(self, other: ArticleId) -> bool:
        """True when ``other`` is this id or one of its descendants."""
        return other == self or self in other.ancestors()

    def successors(self) -> list[ArticleId]:
        """The ids that may follow this one immediately in a document, nearest first.

        Used to read numbers glued to text: after 105.4 the line ``105.5105.3でも`` can only
        be 105.5, and after 612.1 ``612.21人分`` can only be 612.2.

        >>> [str(a) for a in ArticleId.parse("606.1a").successors()]
        ['606.1a-1', '606.1b', '606.2']
        """
        out: list[ArticleId] = []
        g, n, letter, sub = self.group, self.number, self.letter, self.sub
        if n is None:
            return [ArticleId(g, 1)]
        if letter is not None and sub is not None:
            out.append(ArticleId(g, n, letter, sub + 1))
        if letter is not None and sub is None:
            out.append(ArticleId(g, n, letter, 1))
        if letter is not None:
            out.append(ArticleId(g, n, chr(ord(letter) + 1)))
        else:
            out.append(ArticleId(g, n, "a"))
        out.append(ArticleId(g, n + 1))
        return out

    def may_follow(self, previous: ArticleId | None) -> bool:
        """True when this id can come right after ``previous`` in the document.

        The first article of a later group (…, 105.5 → 111.1) may follow any article.
        """
        if previous is None:
            return self.number == 1 and self.letter is None
        if self in previous.successors():
            return True
        return self.group > previous.group and self.number == 1 and self.letter is None

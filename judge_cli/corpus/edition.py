"""The edition a corpus holds: what every answer that cites an article names.

Rules are updated after publication, and a ruling is only as good as the text it quotes, so
every view of an article says which edition it comes from: ``seven rule`` (its source line),
``seven dump`` and ``seven rule --json`` (an ``edition`` key), and the other commands and
sheets through :func:`edition_of`.

>>> e = Edition.from_meta({"title": "総合ルール", "edition": "2027-03", "date": "2027-03-01"})
>>> e.label()
'総合ルール (2027-03, 2027-03-01)'
>>> Edition.from_meta({"title": "総合ルール", "edition": "copy of 2026-11-29",
...                    "date": "2026-11-29"}).label()
'総合ルール (copy of 2026-11-29)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from judge_cli.corpus.model import Corpus


@dataclass(frozen=True)
class Edition:
    """Which text of the rules a corpus is (from its meta.yaml)."""

    title: str
    """The document: 7 SHADES OF S:EVEN 総合ルール."""
    name: str
    """The edition's name: given at import (``--edition``), else ``copy of YYYY-MM-DD``."""
    date: str | None = None
    date_kind: str | None = None
    """``published`` (the publisher's date), ``copied`` (the day it was copied) or
    ``translated``."""
    lang: str = "ja"
    source_sha256: str | None = None
    """The hash of the imported text in its canonical layout (rules/sources/)."""

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any], lang: str = "ja") -> Edition:
        return cls(
            title=str(meta.get("title", "")),
            name=str(meta.get("edition", "?")),
            date=str(meta["date"]) if meta.get("date") else None,
            date_kind=meta.get("date_kind"),
            lang=str(meta.get("language", lang)),
            source_sha256=meta.get("source_sha256"),
        )

    def label(self) -> str:
        """One line to print under a ruling: title (edition, date)."""
        date = f", {self.date}" if self.date and self.date not in self.name else ""
        return f"{self.title} ({self.name}{date})"

    def data(self) -> dict[str, Any]:
        """JSON-ready, for ``--json`` outputs that describe their edition in full."""
        return asdict(self)


def edition_of(corpus: Corpus) -> Edition:
    """The edition ``corpus`` holds: call this to show what an answer cites."""
    return Edition.from_meta(corpus.meta, corpus.lang)

"""Compare two editions of the rules (``seven diff``): a publisher's text or a corpus
directory on each side.

Articles are paired by :mod:`judge_cli.corpus.matching`: an article that moved to another
number is *renumbered* (with the diff of its text when it was also edited), not removed and
added. Each change carries a character-level diff; a change that only renumbers the ids the
text writes (``611.1は`` → ``611.2は`` after 611.1 moved) is flagged as such. The glossary
table and the unnumbered passages are compared too. The scenarios that cite an affected
article are found above the corpus, beside the rulings (:func:`judge_cli.recheck.
scenarios_citing`).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from judge_cli.corpus.carry import placed_passages
from judge_cli.corpus.files import META_FILE, problems_summary, read_rules_dir
from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.matching import Matching, match_articles, pair_up, remap_ids
from judge_cli.corpus.source import parse_source, read_source
from judge_cli.errors import CorpusError, InputError

Op = tuple[Literal["=", "-", "+"], str]


@dataclass
class Side:
    """One edition, as read from a text file or a corpus directory."""

    path: str
    kind: Literal["text", "corpus"]
    edition: str | None
    articles: dict[ArticleId, str]
    glossary: dict[str, str]
    """Term → its cell: the article ids joined by ・, or the ※ note."""
    passages: list[tuple[str, str]]
    """(id, text) in document order."""


def _read_corpus(directory: Path, shown: str) -> Side:
    files = read_rules_dir(directory, "ja", display_root=directory.parent.parent)
    if files.problems:
        raise CorpusError(
            f"{shown} has problems:\n  {problems_summary(files.problems)}",
            hint="`seven check` validates a corpus",
        )
    return Side(
        shown,
        "corpus",
        files.meta.get("edition"),
        {a.id: a.text for a in files.articles if a.text is not None},
        {g.term: g.note or "・".join(g.targets) for g in files.glossary if not g.editorial},
        [(p.id, p.text) for p in files.passages if not p.editorial],
    )


def load_side(path: Path) -> Side:
    """Read ``path``: a corpus directory (rules/ja, or a rules/ holding ja/) or a text file."""
    shown = str(path)
    if path.is_dir():
        if (path / META_FILE).is_file():
            return _read_corpus(path, shown)
        if (path / "ja").is_dir():
            return _read_corpus(path / "ja", str(path / "ja"))
        if any(p.name[:1].isdigit() for p in path.glob("*.yaml")):
            return _read_corpus(path, shown)  # section files without meta.yaml: say so
        raise InputError(
            "is a directory but not a corpus (no meta.yaml, no section files)",
            file=shown,
            hint="give a rules/ja directory or a copy of the published text",
        )
    doc = parse_source(read_source(path), name=shown)
    gloss = doc.glossary
    return Side(
        shown,
        "text",
        None,
        {sa.id: sa.text for sa in doc.articles},
        {e.term: e.note or "・".join(e.targets) for e in (gloss.entries if gloss else [])},
        [(p.id, p.text) for p in placed_passages(doc)],
    )


def char_diff(old: str, new: str) -> list[Op]:
    """The edits from ``old`` to ``new``, character by character, readable as text.

    A single unchanged character between two edits (a particle like の) is folded into the
    edits, so that a rewritten phrase reads as one deletion and one insertion.

    >>> char_diff("到達は瞬間であり", "到達は一瞬であり")
    [('=', '到達は'), ('-', '瞬間'), ('+', '一瞬'), ('=', 'であり')]
    """
    sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
    raw: list[Op] = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            raw.append(("=", old[i1:i2]))
            continue
        if i2 > i1:
            raw.append(("-", old[i1:i2]))
        if j2 > j1:
            raw.append(("+", new[j1:j2]))
    # Fold one-character equalities between edits into the edits around them.
    folded: list[Op] = []
    for i, (op, text) in enumerate(raw):
        between = 0 < i < len(raw) - 1 and raw[i - 1][0] != "=" and raw[i + 1][0] != "="
        if op == "=" and len(text) == 1 and between:
            folded += [("-", text), ("+", text)]
        else:
            folded.append((op, text))
    # Within a run of edits, all deletions first, then all insertions.
    out: list[Op] = []
    run_del, run_ins = "", ""
    for op, text in [*folded, ("=", "")]:
        if op == "-":
            run_del += text
        elif op == "+":
            run_ins += text
        else:
            if run_del:
                out.append(("-", run_del))
            if run_ins:
                out.append(("+", run_ins))
            run_del = run_ins = ""
            if text:
                out.append(("=", text))
    return out


@dataclass
class ArticleChange:
    """One article that is not the same in both editions."""

    status: Literal["added", "removed", "changed", "renumbered"]
    old: ArticleId | None
    new: ArticleId | None
    old_text: str | None
    new_text: str | None
    similarity: float | None = None
    diff: list[Op] = field(default_factory=list)
    refs_only: bool = False
    """The text changed only in the ids it writes, renumbered along with their articles."""

    @property
    def edited(self) -> bool:
        return (
            self.old_text is not None
            and self.new_text is not None
            and self.old_text != self.new_text
        )


@dataclass
class Citations:
    """Scenario files (relative to their root's parent) → the affected ids each cites, and
    what could not be read; filled in above the corpus (judge_cli/recheck.py)."""

    by_file: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


@dataclass
class EditionDiff:
    old: Side
    new: Side
    matching: Matching
    articles: list[ArticleChange]
    glossary_added: list[str] = field(default_factory=list)
    glossary_removed: list[str] = field(default_factory=list)
    glossary_changed: list[tuple[str, str, str]] = field(default_factory=list)
    """(term, old cell, new cell)."""
    passages_added: list[tuple[str, str]] = field(default_factory=list)
    passages_removed: list[tuple[str, str]] = field(default_factory=list)
    passages_changed: list[tuple[str, str, list[Op]]] = field(default_factory=list)
    """(old id, new id, diff)."""
    scenarios: Citations = field(default_factory=Citations)

    def ids(self, status: str) -> list[str]:
        return [
            str(c.new if c.new is not None else c.old) for c in self.articles if c.status == status
        ]

    @property
    def added(self) -> list[str]:
        return self.ids("added")

    @property
    def removed(self) -> list[str]:
        return [str(c.old) for c in self.articles if c.status == "removed"]

    @property
    def changed(self) -> list[str]:
        return self.ids("changed")

    @property
    def renumbered(self) -> list[tuple[str, str]]:
        return [(str(c.old), str(c.new)) for c in self.articles if c.status == "renumbered"]

    @property
    def affected(self) -> dict[str, str]:
        """Old ids a scenario may cite → what happened to them."""
        out = {}
        for c in self.articles:
            if c.old is None:
                continue
            if c.status == "renumbered":
                out[str(c.old)] = f"renumbered to {c.new}" + (", edited" if c.edited else "")
            else:
                out[str(c.old)] = c.status
        for old, new in self.matching.group_map.items():
            out.setdefault(str(old), f"renumbered to {new}")
        return out

    def why_affected(self, cited: str) -> str:
        """What happened to an article a scenario cites (or to one inside it)."""
        affected = self.affected
        if cited in affected:
            return affected[cited]
        cid = ArticleId.parse(cited)
        inside = [
            f"{a} {why}"
            for a, why in affected.items()
            if cid.contains(ArticleId.parse(a)) or ArticleId.parse(a).contains(cid)
        ]
        return "; ".join(inside)

    @property
    def empty(self) -> bool:
        return not (
            self.articles
            or self.glossary_added
            or self.glossary_removed
            or self.glossary_changed
            or self.passages_added
            or self.passages_removed
            or self.passages_changed
        )


def _sort_key(c: ArticleChange) -> tuple:
    aid = c.new if c.new is not None else c.old
    assert aid is not None
    return (aid.sort_key, c.status != "removed")


def diff_editions(old: Side, new: Side) -> EditionDiff:
    """Everything that differs from ``old`` to ``new``."""
    matching = match_articles(old.articles, new.articles)
    id_map = matching.id_map
    changes: list[ArticleChange] = []
    for p in matching.pairs:
        if not p.renumbered and not p.edited:
            continue
        a, b = old.articles[p.old], new.articles[p.new]
        changes.append(
            ArticleChange(
                "renumbered" if p.renumbered else "changed",
                p.old,
                p.new,
                a,
                b,
                p.similarity,
                char_diff(a, b) if a != b else [],
                refs_only=a != b and remap_ids(a, id_map) == b,
            )
        )
    for aid in matching.removed:
        changes.append(ArticleChange("removed", aid, None, old.articles[aid], None))
    for aid in matching.added:
        changes.append(ArticleChange("added", None, aid, None, new.articles[aid]))
    changes.sort(key=_sort_key)
    result = EditionDiff(old, new, matching, changes)

    for term, cell in new.glossary.items():
        if term not in old.glossary:
            result.glossary_added.append(term)
        else:
            before = old.glossary[term]
            if before != cell:
                result.glossary_changed.append((term, before, cell))
    result.glossary_removed = [t for t in old.glossary if t not in new.glossary]

    pairing = pair_up(old.passages, new.passages, always=lambda o, n: o == n)
    old_p, new_p = dict(old.passages), dict(new.passages)
    result.passages_added = [(n, new_p[n]) for n in pairing.added]
    result.passages_removed = [(o, old_p[o]) for o in pairing.removed]
    result.passages_changed = [
        (o, n, char_diff(old_p[o], new_p[n])) for o, n, s in pairing.pairs if s < 1.0
    ]
    return result

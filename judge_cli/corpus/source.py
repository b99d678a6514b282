"""Read the publisher's text format into blocks: articles, unnumbered passages, the glossary.

The text is what a copy of the publisher's web page gives: one article a line with its number
glued to the text (``105.5105.3でも…`` is article 105.5), lines broken where an icon image was
(``到達効果（`` / ``）・手札効果（`` / ``）の3種類…``), unnumbered passages between articles
and the glossary as a ``| 用語 | 条文 |`` table.

Numbers are told apart from the text by the sequence of numbers: of every way to cut the
digits, the one that follows the previous article (105.4 → 105.5, 612.1 → 612.2) wins; a
greedy pattern would read 105.5105 and 612.21.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge_cli.corpus.ids import DASHES, ArticleId
from judge_cli.errors import ImportFailure

GLOSSARY_SECTION = "1000"

# Characters allowed in the number prefix, and their ASCII equivalents (full-width digits,
# full-width dot, full-width letters, dashes).
_PREFIX_MAP = str.maketrans(
    {
        **{chr(0xFF10 + i): str(i) for i in range(10)},
        **{chr(0xFF41 + i): chr(0x61 + i) for i in range(26)},
        "．": ".",
        **dict.fromkeys(DASHES, "-"),
    }
)
_PREFIX_RE = re.compile(
    rf"^[0-9０-９]{{3,4}}[.．][0-9０-９]+(?:[a-zａ-ｚ](?:[{DASHES}][0-9０-９]+)?)?"
)
_LOOKS_NUMBERED = re.compile(r"^[0-9０-９]{3,4}[.．][0-9０-９]")
# A line that ends like this closes its sentence; an unnumbered line after anything else
# continues the same article (a line broken inside a sentence, or around a lost icon).
_SENTENCE_END = ("。", "」", "）", "！", "？", ")", "!", "?")
_TRAILING_SPACE = " \t\u3000"


@dataclass
class SourceArticle:
    id: ArticleId
    text: str
    line: int
    icon_slots: list[int] = field(default_factory=list)
    """Offsets in ``text`` where the copy lost an icon image: the line broke between
    ``（`` and ``）``."""


@dataclass
class SourcePassage:
    text: str
    line: int


@dataclass
class SourceGlossaryEntry:
    term: str
    cell: str
    """The right-hand cell verbatim: ``506.4・609.1`` or a ``※`` note."""
    line: int

    @property
    def targets(self) -> list[str]:
        """Article ids the cell points to; empty when the cell is a note (``※…``)."""
        if self.cell.startswith("※"):
            return []
        return [str(ArticleId.parse(part)) for part in self.cell.split("・")]

    @property
    def note(self) -> str | None:
        return self.cell if self.cell.startswith("※") else None


@dataclass
class SourceGlossary:
    header: list[str]
    entries: list[SourceGlossaryEntry]
    line: int


Block = SourceArticle | SourcePassage | SourceGlossary


@dataclass
class SourceDocument:
    blocks: list[Block]
    warnings: list[str] = field(default_factory=list)

    @property
    def articles(self) -> list[SourceArticle]:
        return [b for b in self.blocks if isinstance(b, SourceArticle)]

    @property
    def passages(self) -> list[SourcePassage]:
        return [b for b in self.blocks if isinstance(b, SourcePassage)]

    @property
    def glossary(self) -> SourceGlossary | None:
        return next((b for b in self.blocks if isinstance(b, SourceGlossary)), None)


def split_lines(raw: str) -> list[str]:
    """Lines of the text whatever its line endings (LF, CRLF, CR), without a BOM."""
    raw = raw.removeprefix("\ufeff")
    return re.split(r"\r\n|\r|\n", raw)


def split_number(line: str, previous: ArticleId | None) -> tuple[ArticleId, str]:
    """Cut ``line`` into its article number and text, given the previous article's number.

    >>> split_number("105.5105.3でも決まらない", ArticleId.parse("105.4"))
    (ArticleId.parse('105.5'), '105.3でも決まらない')
    >>> split_number("612.21人分の処理", ArticleId.parse("612.1"))
    (ArticleId.parse('612.2'), '1人分の処理')
    >>> split_number("606.1a-2606.1aと", ArticleId.parse("606.1a-1"))
    (ArticleId.parse('606.1a-2'), '606.1aと')
    >>> split_number("１０５．５テキスト", ArticleId.parse("105.4"))
    (ArticleId.parse('105.5'), 'テキスト')
    """
    m = _PREFIX_RE.match(line)
    if not m:
        raise ValueError(f"no article number at the start of {line[:30]!r}")
    prefix = m.group(0).translate(_PREFIX_MAP)
    candidates: list[tuple[ArticleId, int]] = []
    # Every cut of the prefix into group.number[letter[-sub]]; the rest is text. The cut
    # positions are counted in the prefix, which has the same length as the original.
    gm = re.match(r"(\d{3,4})\.", prefix)
    assert gm
    group = int(gm.group(1))
    pos = gm.end()
    digits = re.match(r"\d+", prefix[pos:]).group(0)  # type: ignore[union-attr]
    for i in range(1, len(digits) + 1):
        number = int(digits[:i])
        end = pos + i
        candidates.append((ArticleId(group, number), end))
        if i == len(digits) and end < len(prefix) and prefix[end].isalpha():
            letter = prefix[end]
            candidates.append((ArticleId(group, number, letter), end + 1))
            rest = prefix[end + 1 :]
            if rest.startswith("-"):
                sub_digits = rest[1:]
                for j in range(1, len(sub_digits) + 1):
                    candidates.append(
                        (ArticleId(group, number, letter, int(sub_digits[:j])), end + 2 + j)
                    )
    # Digits glued to text must never start with 0 (105.05 is not a number we print).
    candidates = [
        (c, e) for c, e in candidates if not re.search(r"\.0\d|-0\d", str(c)) and c.number
    ]
    immediate = previous.successors() if previous else [ArticleId(group, 1)]
    for succ in immediate:
        for cand, end in candidates:
            if cand == succ:
                return cand, line[end:]
    if previous is None:
        later = candidates
    else:
        later = [(c, e) for c, e in candidates if c.may_follow(previous)]
        later = later or [(c, e) for c, e in candidates if c > previous]
    if not later:
        shown = ", ".join(str(c) for c, _ in candidates)
        after = f" after {previous}" if previous else ""
        raise ValueError(f"no reading of the number fits the sequence{after} (tried {shown})")
    cand, end = min(later, key=lambda ce: ce[0].sort_key)
    return cand, line[end:]


def _table_cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def parse_source(raw: str, *, name: str = "<text>") -> SourceDocument:
    """Parse the publisher's text; raise :class:`ImportFailure` naming the line on failure."""
    if "\x00" in raw:
        line_no = raw[: raw.index("\x00")].count("\n") + 1
        raise ImportFailure("the text contains a NUL byte", file=name, line=line_no)
    blocks: list[Block] = []
    warnings: list[str] = []
    previous: ArticleId | None = None
    for line_no, line in enumerate(split_lines(raw), start=1):
        line = line.rstrip(_TRAILING_SPACE)
        if not line.strip():
            if blocks and isinstance(blocks[-1], SourcePassage):
                blocks.append(SourcePassage("", line_no))  # a blank line ends a passage
            continue
        last = blocks[-1] if blocks else None
        if line.lstrip().startswith("|"):
            cells = _table_cells(line)
            if len(cells) != 2:
                raise ImportFailure(
                    f"a glossary row must have two cells (term | articles), got {len(cells)}: "
                    f"{line!r}",
                    file=name,
                    line=line_no,
                )
            if isinstance(last, SourceGlossary):
                entry = SourceGlossaryEntry(cells[0], cells[1], line_no)
                try:
                    entry.targets  # noqa: B018 - validates the cell
                except Exception as exc:
                    raise ImportFailure(
                        f"glossary entry {cells[0]!r} points to {cells[1]!r}, which is neither "
                        "article numbers joined by ・ nor a ※ note",
                        file=name,
                        line=line_no,
                    ) from exc
                last.entries.append(entry)
            else:
                blocks.append(SourceGlossary(cells, [], line_no))
            continue
        if _LOOKS_NUMBERED.match(line):
            try:
                article_id, text = split_number(line, previous)
            except ValueError as exc:
                raise ImportFailure(f"{exc}: {line[:40]!r}", file=name, line=line_no) from exc
            if previous is not None and not article_id.may_follow(previous):
                warnings.append(f"line {line_no}: numbering jumps from {previous} to {article_id}")
            blocks.append(SourceArticle(article_id, text, line_no))
            previous = article_id
            continue
        # An unnumbered line: the rest of a broken article line, or a passage.
        if isinstance(last, SourceArticle) and not last.text.endswith(_SENTENCE_END):
            if last.text.endswith("（") and line.startswith("）"):
                last.icon_slots.append(len(last.text))
            last.text += line.lstrip(_TRAILING_SPACE)
            continue
        if isinstance(last, SourcePassage) and last.text:
            last.text += "\n" + line
            continue
        if isinstance(last, SourcePassage):
            blocks.pop()  # the blank marker
        blocks.append(SourcePassage(line, line_no))
    blocks = [b for b in blocks if not (isinstance(b, SourcePassage) and not b.text)]
    if not any(isinstance(b, SourceArticle) for b in blocks):
        raise ImportFailure(
            "no numbered article found: is this the comprehensive rules?", file=name
        )
    return SourceDocument(blocks, warnings)

"""Read the publisher's text format into blocks: articles, unnumbered passages, the glossary.

The text is what a copy of the publisher's web page gives: one article a line with its number
glued to the text (``105.5105.3でも…`` is article 105.5), lines broken where an icon image was
(``到達効果（`` / ``）・手札効果（`` / ``）の3種類…``), unnumbered passages between articles
and the glossary as a ``| 用語 | 条文 |`` table.

Numbers are told apart from the text by the sequence of numbers: of every way to cut the
digits, the one that follows the previous article (105.4 → 105.5, 612.1 → 612.2) wins; a
greedy pattern would read 105.5105 and 612.21.

What a copy adds in transit is tolerated: CRLF or CR line endings, a BOM, UTF-16, spaces and
tabs at either end of a line, full-width digits in a number, a space or tab between a number
and its text, an article broken over two lines, a Markdown separator row or tab-separated
cells in the glossary table. Anything else that cannot be read is refused with its line.

:func:`canonical_text` writes a parsed document back in the layout of the published copy (one
article a line, ASCII numbers, LF); it is what rules/sources keeps and what the edition's
``source_sha256`` is computed from, so the same text in any transport form is one edition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judge_cli.corpus.ids import DASHES, ArticleId
from judge_cli.errors import ImportFailure, InvalidArticleId

GLOSSARY_SECTION = "1000"
DEFAULT_GLOSSARY_HEADER = ["用語", "条文"]

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
# Blanks a copy adds at either end of a line: spaces, tabs, the ideographic space, no-break
# and zero-width spaces, a stray BOM where two copies were pasted together.
_BLANKS = " \t\u3000\u00a0\u200b\ufeff"
_PIPES = "|｜"
_MARKDOWN_RULE = re.compile(r"^:?-{3,}:?$")
# Separators between the article numbers of a glossary cell: ・ as published; 、 , / as a
# copy or a hand edit may write them.
_CELL_SEPARATORS = re.compile(r"[・、,，/／\s]+")
# Invisible characters a copy can carry inside a line (zero-width spaces and joiners, a soft
# hyphen, direction marks and overrides, control characters): never part of the published
# text, and inside an article number they would hide the number. They are removed, with a
# warning naming the line.
_INVISIBLE = re.compile(
    "[\x01-\x08\x0b-\x1f\x7f-\x9f]|"
    "[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
)


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
        return [str(ArticleId.parse(part)) for part in _CELL_SEPARATORS.split(self.cell) if part]

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


def decode_source(raw: bytes, name: str = "<text>") -> str:
    """The text of a copy: UTF-8 (with or without a BOM) or UTF-16 with its BOM.

    Anything else is refused with the line of the first byte that is not UTF-8; when the bytes
    read as Shift_JIS the hint says so and how to convert them.
    """
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16").removeprefix("\ufeff")
        except UnicodeDecodeError as exc:
            raise ImportFailure(
                f"the text starts with a UTF-16 mark but is not UTF-16 (offset {exc.start})",
                file=name,
            ) from None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        hint = "save the text as UTF-8"
        try:
            raw.decode("cp932")
        except UnicodeDecodeError:
            pass
        else:
            hint = f"it reads as Shift_JIS: convert it with `iconv -f CP932 -t UTF-8 {name}`"
        raise ImportFailure(
            f"the text is not UTF-8 (byte {raw[exc.start]:#04x})", file=name, line=line, hint=hint
        ) from None


MAX_SOURCE_BYTES = 16 * 1024 * 1024
"""Far more than any edition of the rules (the published text is a few hundred KiB)."""


def read_source(path: Path) -> str:
    """Read a copy of the publisher's text from ``path`` (see :func:`decode_source`)."""
    from judge_cli.fileio import read_regular

    try:
        raw = read_regular(path, MAX_SOURCE_BYTES)
    except FileNotFoundError:
        raise ImportFailure("no such file", file=str(path)) from None
    except IsADirectoryError:
        raise ImportFailure("is a directory, not a text file", file=str(path)) from None
    except ValueError as exc:
        raise ImportFailure(str(exc), file=str(path)) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ImportFailure(f"cannot read the file: {reason}", file=str(path)) from None
    return decode_source(raw, str(path))


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
    >>> split_number("612.2 1人分", ArticleId.parse("612.1"))
    (ArticleId.parse('612.2'), '1人分')
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
    # A number never starts with 0 (603.0 and 105.05 are not numbers the rules print).
    for i in range(1, len(digits) + 1) if not digits.startswith("0") else ():
        number = int(digits[:i])
        end = pos + i
        candidates.append((ArticleId(group, number), end))
        if i == len(digits) and end < len(prefix) and prefix[end].isalpha():
            letter = prefix[end]
            candidates.append((ArticleId(group, number, letter), end + 1))
            rest = prefix[end + 1 :]
            if rest.startswith("-") and not rest[1:].startswith("0"):
                sub_digits = rest[1:]
                for j in range(1, len(sub_digits) + 1):
                    candidates.append(
                        (ArticleId(group, number, letter, int(sub_digits[:j])), end + 2 + j)
                    )
    immediate = previous.successors() if previous else [ArticleId(group, 1)]
    chosen: tuple[ArticleId, int] | None = None
    for succ in immediate:
        chosen = next(((c, e) for c, e in candidates if c == succ), None)
        if chosen:
            break
    if chosen is None:
        if previous is None:
            later = candidates
        else:
            later = [(c, e) for c, e in candidates if c.may_follow(previous)]
            later = later or [(c, e) for c, e in candidates if c > previous]
        if not later:
            shown = ", ".join(str(c) for c, _ in candidates) or "none: a number never starts with 0"
            after = f" after {previous}" if previous else ""
            raise ValueError(
                f"no reading of {m.group(0)!r} fits the sequence{after} (readings: {shown})"
            )
        chosen = min(later, key=lambda ce: ce[0].sort_key)
    cand, end = chosen
    # A space or tab after the number separates it (a copy of a two-column layout).
    return cand, line[end:].lstrip(_BLANKS)


def _table_cells(line: str, in_table: bool) -> list[str] | None:
    """The cells of a table row (``| a | b |`` or ``a<TAB>b``), or None if it is not one.

    A tab-separated line opens the table only when it is the usual header or already an
    entry, so that a passage with a tab in it is not taken for the glossary.
    """
    stripped = line.strip(_BLANKS)
    if stripped[:1] and stripped[:1] in _PIPES:
        body = stripped[1:]
        if body[-1:] and body[-1:] in _PIPES:
            body = body[:-1]
        return [c.strip(_BLANKS) for c in re.split(r"[|｜]", body)]
    if "\t" in stripped:
        cells = [c.strip(_BLANKS) for c in stripped.split("\t") if c.strip(_BLANKS)]
        if len(cells) == 2 and (in_table or cells == DEFAULT_GLOSSARY_HEADER or _is_entry(cells)):
            return cells
    return None


def _is_entry(cells: list[str]) -> bool:
    """True when a first table row is already an entry (the copy lost the header row)."""
    if cells[1].startswith("※"):
        return True
    try:
        SourceGlossaryEntry(cells[0], cells[1], 0).targets  # noqa: B018 - parses the cell
    except InvalidArticleId:
        return False
    return True


def parse_source(raw: str, *, name: str = "<text>") -> SourceDocument:
    """Parse the publisher's text; raise :class:`ImportFailure` naming the line on failure."""
    if "\x00" in raw:
        line_no = raw[: raw.index("\x00")].count("\n") + 1
        raise ImportFailure("the text contains a NUL byte", file=name, line=line_no)
    blocks: list[Block] = []
    warnings: list[str] = []
    previous: ArticleId | None = None
    glossary: SourceGlossary | None = None
    terms: dict[str, int] = {}
    for line_no, line in enumerate(split_lines(raw), start=1):
        line = line.rstrip(_BLANKS)
        invisible = sorted(set(_INVISIBLE.findall(line.lstrip(_BLANKS))))
        if invisible:
            line = _INVISIBLE.sub("", line)
            codes = ", ".join(f"U+{ord(c):04X}" for c in invisible)
            warnings.append(f"line {line_no}: removed invisible characters ({codes})")
        if not line.strip(_BLANKS):
            if blocks and isinstance(blocks[-1], SourcePassage):
                blocks.append(SourcePassage("", line_no))  # a blank line ends a passage
            continue
        last = blocks[-1] if blocks else None
        stripped = line.lstrip(_BLANKS)
        numbered = _LOOKS_NUMBERED.match(stripped)
        cells = None if numbered else _table_cells(line, glossary is not None)
        if cells is not None:
            if len(cells) != 2:
                raise ImportFailure(
                    f"a glossary row must have two cells (term | articles), got {len(cells)}: "
                    f"{line!r}",
                    file=name,
                    line=line_no,
                )
            if all(_MARKDOWN_RULE.match(c) for c in cells):
                continue  # | --- | --- | under the header
            if glossary is not None and last is not glossary:
                raise ImportFailure(
                    f"a second table starts here, but the rules have one glossary table "
                    f"(it began at line {glossary.line}): {line!r}",
                    file=name,
                    line=line_no,
                    hint="join the two tables, or remove the lines between them",
                )
            if glossary is None:
                glossary = SourceGlossary(list(DEFAULT_GLOSSARY_HEADER), [], line_no)
                blocks.append(glossary)
                if not _is_entry(cells):
                    glossary.header = cells
                    continue
                warnings.append(f"line {line_no}: the glossary table has no header row")
            entry = SourceGlossaryEntry(cells[0], cells[1], line_no)
            try:
                entry.targets  # noqa: B018 - validates the cell
            except InvalidArticleId as exc:
                raise ImportFailure(
                    f"glossary entry {cells[0]!r} points to {cells[1]!r}, which is neither "
                    "article numbers joined by ・ nor a ※ note",
                    file=name,
                    line=line_no,
                ) from exc
            if not entry.term or not (entry.targets or entry.note):
                raise ImportFailure(
                    f"a glossary row needs a term and its articles (or a ※ note): {line!r}",
                    file=name,
                    line=line_no,
                )
            if entry.term in terms:
                raise ImportFailure(
                    f"glossary term {entry.term!r} appears twice (first at line "
                    f"{terms[entry.term]})",
                    file=name,
                    line=line_no,
                )
            terms[entry.term] = line_no
            glossary.entries.append(entry)
            continue
        unfinished = isinstance(last, SourceArticle) and not last.text.endswith(_SENTENCE_END)
        if numbered:
            try:
                article_id, text = split_number(stripped, previous)
            except ValueError as exc:
                if unfinished:
                    article_id, text = None, ""
                else:
                    raise ImportFailure(
                        f"{exc}: {stripped[:40]!r}", file=name, line=line_no
                    ) from exc
            if unfinished and (article_id is None or not article_id.may_follow(previous)):
                # A sentence broken before a number it cites (「…は」 / 「609.2による。」):
                # the number does not continue the sequence, so the line continues the text.
                assert isinstance(last, SourceArticle)
                warnings.append(
                    f"line {line_no}: read as the rest of {last.id}, whose sentence is "
                    f"unfinished ({stripped[:12]!r} does not continue the numbering)"
                )
                last.text += stripped
                continue
            assert article_id is not None
            if not text:
                raise ImportFailure(
                    f"article {article_id} has no text: {stripped!r}", file=name, line=line_no
                )
            if previous is not None and not article_id.may_follow(previous):
                warnings.append(f"line {line_no}: numbering jumps from {previous} to {article_id}")
            blocks.append(SourceArticle(article_id, text, line_no))
            previous = article_id
            continue
        # An unnumbered line: the rest of a broken article line, or a passage.
        if isinstance(last, SourceArticle) and not last.text.endswith(_SENTENCE_END):
            if last.text.endswith("（") and stripped.startswith("）"):
                last.icon_slots.append(len(last.text))
            last.text += stripped
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


def canonical_text(doc: SourceDocument) -> str:
    """The document in the published copy's layout: parsing it again gives the same blocks.

    One article a line with its ASCII number, a line break inside each ``（）`` that lost an
    icon (as the copy has it), passages as they were (a blank line between two passages that
    follow each other), the glossary as a ``| 用語 | 条文 |`` table; LF, no final newline.
    """
    lines: list[str] = []
    prev: Block | None = None
    for block in doc.blocks:
        if isinstance(block, SourceArticle):
            text = block.text
            for slot in sorted(block.icon_slots, reverse=True):
                text = text[:slot] + "\n" + text[slot:]
            lines.extend(f"{block.id}{text}".split("\n"))
        elif isinstance(block, SourcePassage):
            if isinstance(prev, SourcePassage):
                lines.append("")
            lines.extend(block.text.split("\n"))
        else:
            lines.append(f"| {' | '.join(block.header)} |")
            lines.extend(f"| {e.term} | {e.note or '・'.join(e.targets)} |" for e in block.entries)
        prev = block
    return "\n".join(lines)

"""PDF files joined into one, written as they are read: the memory holds one of them.

A PDF library that joins documents (pypdf, pikepdf) builds the whole output in memory
and writes it at the end: each part's pages with their content and fonts, about as much
memory as the parts' streams decoded (0.7 MB a ruling sheet). Here each part is opened in
turn (pikepdf reads it), its objects that its pages, bookmarks and named destinations
reach are written straight to the output with new numbers, and it is closed. What stays
in memory to the end is a few numbers a page and an object (the cross-reference table, the
page list), the parts' named destinations and their top bookmarks' numbers: kilobytes a
part.

Stream data is copied as it is stored (still compressed), never decoded. Each part's
catalogue keeps only what joins: its pages, bookmarks (``/Outlines``) and named
destinations (``/Names /Dests``); the document information is the first part's, with the
given title.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Callable, Iterable
from decimal import Decimal
from pathlib import Path
from typing import BinaryIO

_HEADER = b"%%PDF-%s\n%%\xe2\xe3\xcf\xd3\n"


class DuplicateDestination(ValueError):
    """Two parts name a link target alike: one of them would lead into the wrong part."""


class Joiner:
    """Writes the output to ``out`` while :meth:`add` is given the parts in order;
    :meth:`close` writes the page tree, bookmarks, destinations and trailer."""

    def __init__(self, pikepdf, out: BinaryIO) -> None:
        self.pikepdf = pikepdf
        self.out = out
        self.offsets = array("q", [0])  # by object number; 0 is the free head
        self.pages: list[int] = []
        self.dests: dict[bytes, bytes] = {}
        self.outline_count = 0
        self.outline_first = 0
        self.outline_last = 0
        self._pending: tuple[int, bytes] | None = None  # the last top bookmark, its /Next unknown
        self.info: dict[str, object] | None = None
        self._names: dict[str, bytes] = {}
        self._pos = 0  # the header is written with the first part, which gives the version
        self.version = self._first_version = ""
        self.catalog = self._number()
        self.page_tree = self._number()
        self.outline = self._number()

    # -- output --------------------------------------------------------------------------
    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self._pos += len(data)

    def _number(self) -> int:
        self.offsets.append(0)
        return len(self.offsets) - 1

    def _object(self, number: int, body: bytes) -> None:
        self.offsets[number] = self._pos
        self._write(b"%d 0 obj\n%s\nendobj\n" % (number, body))

    # -- one part ------------------------------------------------------------------------
    def add(self, part) -> int:
        """Write ``part`` (an open pikepdf.Pdf) after those before; return its pages."""
        pikepdf = self.pikepdf
        if self._pos == 0:
            self.version = self._first_version = part.pdf_version
            self._write(_HEADER % self.version.encode("ascii"))
        self.version = max(self.version, part.pdf_version)
        numbers: dict[tuple[int, int], int] = {}
        queue: list = []
        root = part.Root
        # The part's bookmark root is the output's. (Its page tree is not written: each
        # page gets the output's as its /Parent, and pikepdf has already copied down to the
        # pages what they inherit from it.)
        outlines = root.get("/Outlines")
        if outlines is not None and outlines.is_indirect:
            numbers[outlines.objgen] = self.outline
        tops = _top_bookmarks(outlines)
        for item in tops:  # written by _bookmarks, which links them to the other parts'
            numbers[item.objgen] = self._number()

        def ref(obj) -> int:
            key = obj.objgen
            number = numbers.get(key)
            if number is None:
                number = numbers[key] = self._number()
                queue.append((number, obj))
            return number

        def value(obj, top: bool = False) -> bytes:
            if obj is None:
                return b"null"
            if obj is True or obj is False:
                return b"true" if obj else b"false"
            if isinstance(obj, int):
                return b"%d" % obj
            if isinstance(obj, Decimal | float):
                return _real(obj)
            if not top and obj.is_indirect:
                return b"%d 0 R" % ref(obj)
            if isinstance(obj, pikepdf.Dictionary):
                return self._dictionary(obj.items(), value)
            if isinstance(obj, pikepdf.Array):
                return b"[" + b" ".join(value(item) for item in obj) + b"]"
            return obj.unparse()  # a name, a string

        pages = set()
        for page in part.pages:
            self.pages.append(ref(page.obj))
            pages.add(page.obj.objgen)
        self._bookmarks(outlines, [numbers[item.objgen] for item in tops], tops, value)
        self._destinations(root, value)
        while queue:
            number, obj = queue.pop()
            if isinstance(obj, pikepdf.Stream):
                raw = obj.read_raw_bytes()  # as stored: still compressed
                items = [(k, v) for k, v in obj.items() if k != "/Length"]
                items.append(("/Length", len(raw)))
                head = self._dictionary(items, value)
                self.offsets[number] = self._pos
                self._write(b"%d 0 obj\n%s\nstream\n" % (number, head))
                self._write(raw)
                self._write(b"\nendstream\nendobj\n")
            elif obj.objgen in pages:  # a page hangs from the output's page tree
                items = [(k, v) for k, v in obj.items() if k != "/Parent"]
                body = self._dictionary(items, value)
                self._object(number, _first(body, b"/Parent %d 0 R" % self.page_tree))
            else:
                self._object(number, value(obj, top=True))
        if self.info is None:
            self.info = {k: v for k, v in part.docinfo.items() if isinstance(v, pikepdf.String)}
        return len(part.pages)

    def _dictionary(self, items: Iterable, value: Callable) -> bytes:
        names = self._names
        out = [b"<<"]
        for key, item in items:
            name = names.get(key)
            if name is None:
                name = names[key] = self.pikepdf.Name(key).unparse()
            out.append(name + b" " + value(item))
        out.append(b">>")
        return b" ".join(out)

    def _bookmarks(self, outlines, numbers: list[int], tops: list, value: Callable) -> None:
        """The part's top bookmarks (with all below them, through ``value``) appended to
        the output's: the first follows the last of the part before."""
        if not tops:
            return
        if self._pending is not None:  # the part before's last: its /Next is known now
            number, body = self._pending
            self._object(number, _first(body, b"/Next %d 0 R" % numbers[0]))
            self._pending = None
        else:
            self.outline_first = numbers[0]
        for n, (number, item) in enumerate(zip(numbers, tops, strict=True)):
            items = [(k, v) for k, v in item.items() if k not in ("/Prev", "/Next")]
            body = self._dictionary(items, value)
            if n > 0 or self.outline_last:
                body = _first(body, b"/Prev %d 0 R" % (numbers[n - 1] if n else self.outline_last))
            if n + 1 < len(numbers):
                self._object(number, _first(body, b"/Next %d 0 R" % numbers[n + 1]))
            else:
                self._pending = (number, body)
        self.outline_last = numbers[-1]
        self.outline_count += int(outlines.get("/Count", 0))

    def _destinations(self, root, value: Callable) -> None:
        names = root.get("/Names")
        tree = names.get("/Dests") if names is not None else None
        if tree is None:
            return
        for name, dest in self.pikepdf.NameTree(tree).items():
            key = bytes(self.pikepdf.String(name))
            if key in self.dests:
                raise DuplicateDestination(name)
            self.dests[key] = value(dest)

    # -- the end -------------------------------------------------------------------------
    def close(self, title: str) -> int:
        """Write what joins the parts and the trailer; return the number of pages."""
        pikepdf = self.pikepdf
        if not self.version:  # no part
            self.version = self._first_version = "1.7"
            self._write(_HEADER % b"1.7")
        if self._pending is not None:
            self._object(*self._pending)
            self._pending = None
        kids = b" ".join(b"%d 0 R" % n for n in self.pages)
        self._object(
            self.page_tree, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(self.pages))
        )
        catalog = [b"/Type /Catalog /Pages %d 0 R" % self.page_tree]
        if self.version != self._first_version:  # a later part's is higher than the header's
            catalog.append(b"/Version /%s" % self.version.encode("ascii"))
        self._object(
            self.outline,
            b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>"
            % (self.outline_first, self.outline_last, self.outline_count)
            if self.outline_first
            else b"<< /Type /Outlines /Count 0 >>",
        )
        if self.outline_first:
            catalog.append(b"/Outlines %d 0 R" % self.outline)
        if self.dests:
            catalog.append(b"/Names << /Dests %d 0 R >>" % self._name_tree())
        self._object(self.catalog, b"<< " + b" ".join(catalog) + b" >>")
        info = dict(self.info or {})
        info["/Title"] = pikepdf.String(title)
        info_number = self._number()
        self._object(info_number, self._dictionary(info.items(), lambda v: v.unparse()))
        xref = self._pos
        size = len(self.offsets)
        self._write(b"xref\n0 %d\n0000000000 65535 f \n" % size)
        self._write(b"".join(b"%010d 00000 n \n" % self.offsets[n] for n in range(1, size)))
        digest = hashlib.md5(b"%d %d %s" % (size, xref, title.encode())).hexdigest().encode()
        self._write(
            b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%s> <%s>] >>\n"
            b"startxref\n%d\n%%%%EOF\n" % (size, self.catalog, info_number, digest, digest, xref)
        )
        return len(self.pages)

    def _name_tree(self, leaf: int = 128) -> int:
        """The named destinations as a name tree (its leaves ``leaf`` names each, in the
        order of their bytes); return its root's number."""
        keys = sorted(self.dests)
        kids = []
        for start in range(0, len(keys), leaf):
            chunk = keys[start : start + leaf]
            number = self._number()
            pairs = b" ".join(
                self.pikepdf.String(k).unparse() + b" " + self.dests[k] for k in chunk
            )
            limits = self.pikepdf.Array(
                [self.pikepdf.String(chunk[0]), self.pikepdf.String(chunk[-1])]
            )
            self._object(number, b"<< /Limits %s /Names [%s] >>" % (limits.unparse(), pairs))
            kids.append(number)
        root = self._number()
        self._object(root, b"<< /Kids [%s] >>" % b" ".join(b"%d 0 R" % k for k in kids))
        return root


def _first(body: bytes, entry: bytes) -> bytes:
    """A written dictionary ``body`` with ``entry`` (a key and its value) added first."""
    return body.replace(b"<<", b"<< " + entry, 1)


def _real(number: Decimal | float) -> bytes:
    text = format(Decimal(number), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return (text if text not in ("", "-0") else "0").encode("ascii")


def join(
    pikepdf,
    parts: list[Path],
    out: BinaryIO,
    title: str,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Join the PDF files ``parts`` into ``out``; return the number of pages written."""
    joiner = Joiner(pikepdf, out)
    for n, path in enumerate(parts, 1):
        with pikepdf.open(path) as part:
            joiner.add(part)
        if progress:
            progress(n)
    return joiner.close(title)


def _top_bookmarks(outlines) -> list:
    """The items at the top of a bookmark tree, in order."""
    if outlines is None or "/First" not in outlines:
        return []
    tops, item, seen = [], outlines.First, set()
    while item.objgen not in seen:  # a loop in a broken file ends here
        seen.add(item.objgen)
        tops.append(item)
        if "/Next" not in item:
            break
        item = item.Next
    return tops

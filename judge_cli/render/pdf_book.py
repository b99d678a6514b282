"""Many ruling sheets in one PDF, in memory that does not grow with the number of sheets.

WeasyPrint lays out a whole document before it writes a byte: four hundred pages of sheets
in one HTML document held every page's boxes at once. So each sheet is printed on its own
(:func:`judge_cli.render.sheet_pdf.pdf_bytes`, with its font checks) and written to a part
file in a temporary folder beside the output. :func:`judge_cli.render.pdf_join.join` then
copies the parts into the output one at a time (a PDF library would hold them all until it
writes), with each sheet's bookmarks (its headings) and named destinations (the links
from a step to the article it cites, ``#s2-a-507.4``: unique to their sheet). Each sheet
numbers its own pages (``1 / 2``), as a sheet handed out alone does.

The output is written whole or not at all (:class:`judge_cli.fileio.AtomicFile`): a
failure anywhere leaves the old file, or none, and no part files.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from judge_cli.errors import PrintError
from judge_cli.fileio import AtomicFile
from judge_cli.render.pdf_join import DuplicateDestination, join
from judge_cli.render.sheet_pdf import INSTALL_EXTRA, Fonts, pdf_bytes


def _pikepdf():
    try:
        import pikepdf
    except ImportError:
        raise PrintError(
            "PDF output needs pikepdf (it writes the printed sheets into the file), which is "
            "not installed",
            hint=f"{INSTALL_EXTRA}; or write -o FILE.html and print it from a browser",
        ) from None
    return pikepdf


class Book:
    """The PDF being made at ``output``: :meth:`add` prints one sheet's HTML into a part,
    :meth:`finish` joins the parts and puts the result in place. Use it as a context
    manager: leaving it without :meth:`finish` (an error) removes every part."""

    def __init__(self, output: Path, title: str = "") -> None:
        self.output = output
        self.title = title
        """The document's title, set before :meth:`finish` (known once the sheets are)."""
        self.parts: list[Path] = []
        self.pages = 0
        self._folder: Path | None = None
        self._fonts = Fonts()  # one for every sheet: WeasyPrint's font caches do not pile up

    def __enter__(self) -> Book:
        _pikepdf()  # refuse before printing anything
        self.output.parent.mkdir(parents=True, exist_ok=True)
        self._folder = Path(
            tempfile.mkdtemp(prefix=f".{self.output.name}-parts-", dir=self.output.parent)
        )
        return self

    def __exit__(self, *exc: object) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def add(self, html: str) -> int:
        """Print one sheet (or a few) into a part; return its number of pages."""
        assert self._folder is not None, "use Book in a with block"
        data, pages, _ = pdf_bytes(html, self._fonts)
        part = self._folder / f"{len(self.parts):05d}.pdf"
        part.write_bytes(data)
        self.parts.append(part)
        self.pages += pages
        return pages

    def finish(self, progress: Callable[[int], None] | None = None) -> int:
        """Join the parts into the output; return its number of pages. ``progress`` is
        called after each part with how many are joined."""
        assert self._folder is not None, "use Book in a with block"
        pikepdf = _pikepdf()
        with AtomicFile(self.output) as out:
            try:
                pages = join(pikepdf, self.parts, out, self.title, progress)
            except DuplicateDestination as exc:
                raise PrintError(
                    f"two sheets have a link target named {exc.args[0]!r}; nothing was written",
                    file=str(self.output),
                ) from None
            if pages != self.pages:
                raise PrintError(
                    f"joining the sheets gave {pages} pages instead of {self.pages}; "
                    "nothing was written",
                    file=str(self.output),
                )
        return self.pages

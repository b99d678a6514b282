"""Ruling sheets as PDF: the HTML sheet printed by WeasyPrint (the optional ``print`` extra).

WeasyPrint draws a character that no installed font has as an empty box (.notdef) and only
logs it. A Japanese sheet without a Japanese font would print as rows of boxes, so:

- before printing, fontconfig (which WeasyPrint finds fonts with) is asked, as
  ``fc-list :lang=ja`` would be, whether any font covers Japanese when the sheet has
  Japanese text (and whether there is any font at all: with none, Pango crashes);
- while printing, WeasyPrint's warning for each character drawn as a box is collected, and
  afterwards each embedded font's own list of glyphs it lacked is read.

Either way the PDF is not written, and the message names the characters and the fonts to
install.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import re

from judge_cli.errors import PrintError

INSTALL_EXTRA = "pip install 'seven-judge[print]' (in a checkout: pip install -e '.[print]')"
INSTALL_FONT = (
    "install a Japanese font, e.g. on Debian/Ubuntu: sudo apt-get install fonts-ipaexfont "
    "(or fonts-noto-cjk)"
)
_NOTDEF = re.compile(r"\.notdef glyph rendered for Unicode string unsupported by fonts")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


class _FontSet(ctypes.Structure):
    _fields_ = [("nfont", ctypes.c_int), ("sfont", ctypes.c_int), ("fonts", ctypes.c_void_p)]


def count_fonts(pattern: str = "") -> int | None:
    """How many installed fonts match a fontconfig pattern (``:lang=ja``, as ``fc-list``
    takes it), or None when fontconfig cannot be asked (then only the check after printing
    applies)."""
    fc = None
    for name in ("libfontconfig.so.1", ctypes.util.find_library("fontconfig")):
        if not name:
            continue
        try:
            fc = ctypes.CDLL(name)
            break
        except OSError:
            continue
    if fc is None:
        return None
    fc.FcNameParse.restype = ctypes.c_void_p
    fc.FcNameParse.argtypes = [ctypes.c_char_p]
    fc.FcObjectSetBuild.restype = ctypes.c_void_p
    fc.FcFontList.restype = ctypes.POINTER(_FontSet)
    fc.FcFontList.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    fc.FcFontSetDestroy.argtypes = [ctypes.POINTER(_FontSet)]
    fc.FcPatternDestroy.argtypes = [ctypes.c_void_p]
    fc.FcObjectSetDestroy.argtypes = [ctypes.c_void_p]
    pat = fc.FcNameParse(pattern.encode())
    objects = fc.FcObjectSetBuild(b"family", None)
    fonts = fc.FcFontList(None, pat, objects)
    try:
        return fonts.contents.nfont if fonts else 0
    finally:
        if fonts:
            fc.FcFontSetDestroy(fonts)
        fc.FcObjectSetDestroy(objects)
        fc.FcPatternDestroy(pat)


def check_fonts(html: str) -> None:
    """Refuse before printing when fontconfig has no font for the sheet's Japanese text
    (or no font at all)."""
    if count_fonts() == 0:
        raise PrintError("no fonts are installed; the PDF cannot be printed", hint=INSTALL_FONT)
    japanese = _JAPANESE.search(html)
    if japanese and count_fonts(":lang=ja") == 0:
        raise PrintError(
            f"the sheet has Japanese text ({japanese.group()}…) and no installed font "
            "covers Japanese; the PDF would print it as empty boxes, so nothing was written",
            hint=INSTALL_FONT,
        )


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.missing: list[str] = []
        self.warnings: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if _NOTDEF.search(message):
            args = record.args if isinstance(record.args, tuple) else ()
            self.missing.append(str(args[0]) if args else message)
        else:
            self.warnings.append(message)


def _weasyprint_installed() -> None:
    import importlib.util

    try:
        found = importlib.util.find_spec("weasyprint") is not None
    except (ImportError, ValueError):  # a stand-in module without a spec
        found = False
    if not found:
        raise PrintError(
            "PDF output needs WeasyPrint, which is not installed",
            hint=f"{INSTALL_EXTRA}; or write -o FILE.html and print it from a browser",
        )


def _weasyprint():
    try:
        import weasyprint
    except ImportError:
        raise PrintError(
            "PDF output needs WeasyPrint, which is not installed",
            hint=f"{INSTALL_EXTRA}; or write -o FILE.html and print it from a browser",
        ) from None
    except OSError as exc:  # WeasyPrint is there, the Pango it draws text with is not
        raise PrintError(
            f"WeasyPrint cannot load its system libraries: {exc}",
            hint="on Debian/Ubuntu: sudo apt-get install libpango-1.0-0 libpangoft2-1.0-0",
        ) from None
    return weasyprint


class Fonts:
    """One font configuration for many documents: WeasyPrint otherwise makes one for each
    (fontconfig's list of fonts loaded again, a new Pango font map and its caches, freed
    only when the garbage collector finds them), and a book of sheets grows with them."""

    def __init__(self) -> None:
        self.config = None


def pdf_bytes(html: str, fonts: Fonts | None = None) -> tuple[bytes, int, list[str]]:
    """The PDF of ``html``, its number of pages, and WeasyPrint's other warnings (CSS it
    did not understand). ``fonts``: shared with the other documents printed with it.

    Raises :class:`PrintError` when a character would print as an empty box."""
    _weasyprint_installed()
    check_fonts(html)  # before WeasyPrint starts Pango, which crashes without any font
    weasyprint = _weasyprint()
    config = None
    if fonts is not None:
        if fonts.config is None:
            from weasyprint.text.fonts import FontConfiguration

            fonts.config = FontConfiguration()
        config = fonts.config
    logger = logging.getLogger("weasyprint")
    handler = _Collect()
    logger.addHandler(handler)
    try:
        document = weasyprint.HTML(string=html, base_url=".").render(font_config=config)
        data = document.write_pdf()
    finally:
        logger.removeHandler(handler)
    missing = list(dict.fromkeys(handler.missing))
    # The same in the fonts' own terms: glyphs a font was asked for and does not have.
    for font in getattr(document, "fonts", {}).values():
        for codepoint in getattr(font, "missing", {}) or {}:
            ch = chr(codepoint) if isinstance(codepoint, int) else str(codepoint)
            if ch not in missing:
                missing.append(ch)
    if missing:
        shown = "".join(missing[:20]) + ("…" if len(missing) > 20 else "")
        raise PrintError(
            f"no installed font has {len(missing)} of the characters on this sheet "
            f"({shown}); the PDF would print them as empty boxes, so nothing was written",
            hint=INSTALL_FONT,
        )
    return data, len(document.pages), list(dict.fromkeys(handler.warnings))

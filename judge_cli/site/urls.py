"""Where each thing lives in the site, as paths relative to the site's root.

Anchors are the ids themselves, so that a link can be written by hand: an article is
``rules/600.html#603.1``, a section or group ``rules/600.html#603``, a glossary entry
``rules/1000.html#1000「到達」`` (the glossary is section 1000), a card design
``cards.html#red-jump-pad`` and a ruling ``rulings/base/507-4-contact-empty-hand.html``.

>>> article_href("603.1"), article_href("1000「無作為」"), article_href("600")
('rules/600.html#603.1', 'rules/1000.html#1000「無作為」', 'rules/600.html#600')
>>> ruling_href("base/507-4-contact-empty-hand"), card_href("red-jump-pad")
('rulings/base/507-4-contact-empty-hand.html', 'cards.html#red-jump-pad')
"""

from __future__ import annotations

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import GLOSSARY_ID


def section_of(aid: str) -> str:
    """The section an id belongs to: ``603.1`` → ``600``; a glossary entry → ``1000``."""
    if aid.startswith(f"{GLOSSARY_ID}「"):
        return GLOSSARY_ID
    return str(ArticleId.parse(aid).section)


def section_page(section: str) -> str:
    return f"rules/{section}.html"


def article_href(aid: str) -> str:
    return f"{section_page(section_of(aid))}#{aid}"


def card_href(design_id: str) -> str:
    return f"cards.html#{design_id}"


def ruling_href(ruling_id: str) -> str:
    return f"rulings/{ruling_id}.html"


def root_of(page: str) -> str:
    """The way back to the site's root from ``page``: ``rules/600.html`` → ``../``."""
    return "../" * page.count("/")

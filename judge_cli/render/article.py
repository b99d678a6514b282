"""Articles as terminal text: the one renderer that ``seven rule`` and ``seven judge`` share.

Editorial parts (our titles, reconstructed items, lost icons, notes) are always marked
(〔編集〕 / [editorial]) and dimmed, never blended into the publisher's text. With several
corpora (``--lang both``) each article shows its texts one under the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge_cli.corpus.edition import edition_of
from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import GLOSSARY_ID, Article, Basis, Corpus, Items
from judge_cli.render.labels import label
from judge_cli.render.style import PLAIN, Style


def basis_text(basis: Basis, lang: str) -> str:
    """Whether a reconstruction is confirmed by the publisher, and where: ``confirmed by the
    rulebook, p. 8``, ``our reading``."""
    return label(f"basis_{basis.kind}", lang).format(page=basis.page)


def item_mark(items: Items, n: int, lang: str) -> str:
    """The marker of reconstructed item ``n``: ``[editorial: confirmed by the rulebook, p. 8]``."""
    return label("item", lang).format(basis_text(items.basis_of(n), lang))


def basis_summary(items: Items, lang: str) -> str:
    """What the items rest on: ``confirmed by the rulebook, p. 8`` when all of them rest on
    the same, else runs of items with the same basis together:
    ``item 1: confirmed by the rulebook, p. 8; item 2: our reading``."""
    runs: list[tuple[int, int, Basis]] = []
    for n in range(1, len(items.items) + 1):
        b = items.basis_of(n)
        if runs and runs[-1][2] == b:
            runs[-1] = (runs[-1][0], n, b)
        else:
            runs.append((n, n, b))
    if len(runs) == 1:
        return basis_text(runs[0][2], lang)
    parts = []
    for first, last, b in runs:
        n = (
            label("basis_items_one", lang).format(first)
            if first == last
            else label("basis_items_many", lang).format(first, last)
        )
        parts.append(label("basis_item", lang).format(n=n, basis=basis_text(b, lang)))
    return ("；" if lang == "ja" else "; ").join(parts)


def text_segments(article: Article, lang: str) -> list[tuple[str, bool]]:
    """The article's text as ``(text, editorial)`` pieces: the publisher's words, with each
    lost icon (editorial, marked) right after its anchor. Every renderer (terminal, HTML,
    Markdown) draws these, so the marking is decided here once."""
    text = article.text or ""
    marks: list[tuple[int, str]] = []
    for icon in article.icons:
        pos = text.find(icon.after)
        if pos < 0:
            continue
        shown = f"{icon.label}{'・' if lang == 'ja' else ' · '}{basis_text(icon.basis, lang)}"
        marks.append((pos + len(icon.after), label("icon", lang).format(shown)))
    out: list[tuple[str, bool]] = []
    start = 0
    for end, mark in sorted(marks, key=lambda m: m[0]):
        if end > start:
            out.append((text[start:end], False))
        out.append((mark, True))
        start = max(start, end)
    if start < len(text) or not out:
        out.append((text[start:], False))
    return out


def text_with_icons(article: Article, lang: str, style: Style = PLAIN) -> str:
    """The article's text with each lost icon shown, marked, right after its anchor."""
    return "".join(
        style(part, "dim", "italic") if editorial else part
        for part, editorial in text_segments(article, lang)
    )


def _title(article: Article, lang: str, style: Style) -> str:
    if not article.title:
        return ""
    title = style(article.title, "bold")
    if article.title_editorial:
        title += " " + style(label("editorial", lang), "dim")
    return title


def _body_lines(article: Article, corpus: Corpus, indent: str, style: Style) -> list[str]:
    lang = corpus.lang
    lines: list[str] = []
    if article.text is not None:
        lines.append(text_with_icons(article, lang, style))
    if article.items:
        for n, item in enumerate(article.items.items, 1):
            mark = item_mark(article.items, n, lang)
            lines.append(style(f"  {n}. {mark} {item}", "dim", "italic"))
    for note in article.notes:
        key = note.kind if note.kind in ("translator", "ruling") else "note"
        lines.append(style(f"{label(key, lang)} {note.text}", "dim", "italic"))
    return [indent + line for line in lines]


def article_lines(
    corpora: Sequence[Corpus],
    aid: ArticleId,
    *,
    children: bool = True,
    evidence: bool = True,
    style: Style = PLAIN,
    _depth: int = 0,
) -> list[str]:
    """An article (and its descendants) as lines of text."""
    first = corpora[0]
    art = first.get(aid)
    pad = "  " * _depth
    head = style(str(aid), "bold", "cyan")
    lines: list[str] = []
    if art.text is None:
        titles = [_title(c.articles[aid], c.lang, style) for c in corpora if aid in c.articles]
        lines.append(f"{pad}{head} " + " / ".join(t for t in titles if t))
    else:
        body_width = len(str(aid)) + 1
        for i, c in enumerate(corpora):
            twin = c.articles.get(aid)
            if twin is None:
                continue
            body = _body_lines(twin, c, "", style)
            # Each language's evidence follows its own text (--lang both shows both).
            if evidence and twin.items:
                body.append(style(f"{label('evidence', c.lang)} {twin.items.evidence}", "dim"))
            for j, line in enumerate(body):
                lead = f"{pad}{head} " if i == 0 and j == 0 else pad + " " * body_width
                lines.append(lead + line)
    if children:
        for child in first.children.get(aid, []):
            lines.extend(
                article_lines(
                    corpora,
                    child,
                    children=True,
                    evidence=evidence,
                    style=style,
                    _depth=_depth + 1,
                )
            )
    return lines


def ref_name(corpus: Corpus, ref: str) -> str:
    """How ``corpus``'s language shows a reference: ids as they are, a glossary entry by its
    term in that language (``1000「到達」``, ``1000 "arrival"``)."""
    if corpus.lang == "ja" or not ref.startswith(f"{GLOSSARY_ID}「"):
        return ref
    entry = next((e for e in corpus.glossary if e.id == ref), None)
    return f'{GLOSSARY_ID} "{entry.term}"' if entry else ref


def _labelled(key: str, langs: Sequence[str]) -> str:
    return " / ".join(dict.fromkeys(label(key, lang) for lang in langs))


@dataclass(frozen=True)
class Links:
    """The links of an article or group, as ids (``ref_name`` shows them per language)."""

    referenced_by: list[str]
    """Ids outside the subtree whose official text points into it."""
    editorial_refs: list[str]
    """The same for our reconstructed items only (not already in ``referenced_by``)."""
    refers_to: list[str]
    """Ids outside the subtree that its text points to, in order of appearance."""
    glossary: list[tuple[str, list[str]]]
    """Per language: the glossary terms that point into the subtree."""


def article_links(corpus: Corpus, aid: ArticleId, translations: Sequence[Corpus] = ()) -> Links:
    inside = {str(a.id) for a in corpus.subtree(aid)}
    referrers = corpus.referrers(aid)
    editorial = [r for r in corpus.referrers(aid, editorial=True) if r not in referrers]
    outgoing: list[str] = []
    for a in corpus.subtree(aid):
        for r in a.refs:
            if r not in inside and r not in outgoing:
                outgoing.append(r)
    glossary = []
    for c in (corpus, *translations):
        terms = [e.term for a in c.subtree(aid) if a.id in c.articles for e in c.glossary_for(a.id)]
        if terms:
            glossary.append((c.lang, list(dict.fromkeys(terms))))
    return Links(referrers, editorial, outgoing, glossary)


def links_lines(
    corpus: Corpus,
    aid: ArticleId,
    style: Style = PLAIN,
    *,
    translations: Sequence[Corpus] = (),
) -> list[str]:
    """Referenced-by, refers-to and glossary lines for an article or group.

    With ``translations`` (``--lang both``) the labels and glossary terms are given in each
    language; ids are the same in all of them.
    """
    langs = [corpus.lang, *(c.lang for c in translations)]
    links = article_links(corpus, aid, translations)
    lines: list[str] = []

    def names(refs: list[str]) -> str:
        return ", ".join(ref_name(corpus, r) for r in refs)

    if links.referenced_by:
        head = style(_labelled("referenced_by", langs), "bold")
        lines.append(f"{head}: {names(links.referenced_by)}")
    if links.editorial_refs:
        text = f"{_labelled('editorial_refs', langs)}: {names(links.editorial_refs)}"
        lines.append(style(text, "dim"))
    if links.refers_to:
        lines.append(f"{style(_labelled('refers_to', langs), 'bold')}: {names(links.refers_to)}")
    per_lang = [("、" if lang == "ja" else ", ").join(terms) for lang, terms in links.glossary]
    if per_lang:
        lines.append(f"{style(_labelled('glossary', langs), 'bold')}: {' / '.join(per_lang)}")
    return lines


def source_line(corpus: Corpus, style: Style = PLAIN) -> str:
    """出典: the title and edition of the rules quoted (:func:`edition_of`)."""
    return style(f"{label('source', corpus.lang)}: {edition_of(corpus).label()}", "dim")


def render_article(
    corpora: Sequence[Corpus],
    aid: ArticleId,
    *,
    children: bool = True,
    style: Style = PLAIN,
) -> str:
    """The full terminal view of ``seven rule ID``."""
    lines = article_lines(corpora, aid, children=children, style=style)
    lines.append("")
    lines.extend(links_lines(corpora[0], aid, style, translations=corpora[1:]))
    lines.extend(source_line(c, style) for c in corpora)
    return "\n".join(lines)

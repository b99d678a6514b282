"""Ruling sheets as a render-neutral model: what a printed sheet shows, built once from a
replay (or an article selection) and the corpora, then drawn as HTML (and PDF from it) or
Markdown by render/sheet_html.py.

A scenario sheet holds the title, the question and the short answer, the cards involved
with their printed text, the board before (after the setup events, for a setup scenario),
the ruling step by step (each event in the words of the replay, with the ids of the
articles it cites), a diagram after each step that changes the board, the board after, the
outcome, the full text of every article cited (editorial parts marked), and a footer with
the rules edition, the ruling's date and the scenario file (docs/sheets.md). A
quick-reference sheet holds articles with their links and rulings.

Texts come from their one source: events from :class:`judge_cli.render.trace.TraceWriter`,
articles from the corpus through :func:`judge_cli.render.article.text_segments` and
:func:`judge_cli.render.article.article_links`, diagrams from :mod:`judge_cli.render.svg`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import GLOSSARY_ID, Corpus
from judge_cli.engine.view import BoardView
from judge_cli.render.article import Links, article_links, item_mark, ref_name, text_segments
from judge_cli.render.labels import label
from judge_cli.render.source_note import source_note
from judge_cli.render.svg import board_svg, changed_squares
from judge_cli.render.words import MISC, PHASES, word

WORDS: dict[str, dict[str, str]] = {
    "ruling_sheet": {"ja": "裁定シート", "en": "Ruling sheet"},
    "quick_reference": {"ja": "条文早見表", "en": "Quick reference"},
    "steps": {"ja": "裁定の手順", "en": "The ruling, step by step"},
    "after_step": {"ja": "手順{n}の後の盤面", "en": "Board after step {n}"},
    "unchanged": {
        "ja": "盤面は開始時から変わらない（手番：{seat}・{phase}）",
        "en": "The board is as before (turn: {seat}, {phase}).",
    },
    "cited": {"ja": "引用条文（全文）", "en": "Articles cited (full text)"},
    "refused": {"ja": "認められない", "en": "refused"},
    "legend": {
        "ja": "盤面はSの席から見たもの。○は駒（席の色）、鳥居はゲート、"
        "×Nはマスの山の枚数（2枚以上のとき）、斜線は裏向きのカード、色付きは表向きのカード。"
        "右はロックエリア（赤〜紫の7か所、F＝ファースト、E＝エターナル、"
        "破線＝効果で置かれたカード）と手札。オレンジの破線は直前の盤面から変わったマス。",
        "en": "The board as seen from the S seat. Circles are pieces (in their seat's color), "
        "the torii marks a gate, ×N is the size of a square's pile (when more than one), "
        "hatched cards are face down, colored cards face up. Right: lock areas (seven places, "
        "red to purple; F = first card, E = eternal card, dashed = placed by an effect, not "
        "locked) and hands. An orange dashed outline marks a square that changed since the "
        "previous board.",
    },
    "footer": {
        "ja": "{rules}・裁定日 {date}・{file}",
        "en": "{rules} · ruling of {date} · {file}",
    },
    "ref_footer": {"ja": "{rules}・{spec}", "en": "{rules} · {spec}"},
    "translation": {
        "ja": "英語の条文は編集による翻訳。日本語の条文が優先する。",
        "en": "The English text is an editorial translation; the Japanese rules decide.",
    },
    "glossary_entry": {"ja": "用語集", "en": "Glossary"},
    "cards": {"ja": "効果を持つカード", "en": "Cards and their printed text"},
    "base": {"ja": "基本効果", "en": "Basic Effect"},
    "reach": {"ja": "到達効果", "en": "Arrival Effect"},
    "hand": {"ja": "手札効果", "en": "Hand Effect"},
}


def say(key: str, lang: str, **fmt: Any) -> str:
    entry = WORDS[key]
    text = entry.get(lang, entry["en"])
    return text.format(**fmt) if fmt else text


# -- articles ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Segment:
    text: str
    editorial: bool = False


@dataclass(frozen=True)
class ArticleText:
    """One language's text of one article (or glossary entry), editorial parts marked."""

    lang: str
    group: str = ""
    """The title of the article's group, as a reader's landmark (〔接触〕)."""
    group_editorial: bool = False
    title: str = ""
    title_editorial: bool = False
    segments: tuple[Segment, ...] = ()
    items: tuple[str, ...] = ()
    """Reconstructed list items (always editorial)."""
    item_marks: tuple[str, ...] = ()
    """Each item's marker: editorial, and confirmed by the publisher or our reading."""
    evidence: str = ""
    notes: tuple[Segment, ...] = ()
    """Our notes, each already prefixed with its marker (〔訳注〕, …)."""


@dataclass(frozen=True)
class ArticleEntry:
    id: str
    depth: int
    texts: tuple[ArticleText, ...]
    name: str = ""
    """How the first language names it, where that differs from the id (1000 "random")."""


@dataclass
class ArticleSection:
    """An article (or selection head) with the rows under it, its links and its rulings."""

    id: str
    entries: list[ArticleEntry]
    links: list[tuple[str, list[str]]] = field(default_factory=list)
    """(label, names) rows: referenced by, refers to, glossary."""
    rulings: list[dict[str, Any]] = field(default_factory=list)


def anchor(aid: str, sheet: int = 0) -> str:
    """An HTML id for an article on a sheet: ``s2-a-507.4`` (each scenario's sheet quotes
    its own articles, so one document holds several 507.4); ``a-507.4`` on a quick reference.
    Characters other than ASCII letters, digits, ``.`` and ``-`` become ``_`` plus their code
    point, so that two glossary entries never share an id."""
    safe = "".join(
        ch if ch.isascii() and (ch.isalnum() or ch in ".-") else f"_{ord(ch):x}" for ch in aid
    )
    return (f"s{sheet}-" if sheet else "") + "a-" + safe


def _article_text(corpus: Corpus, aid: ArticleId, *, with_group: bool) -> ArticleText:
    art = corpus.articles[aid]
    lang = corpus.lang
    group, group_editorial = "", False
    parent = aid.parent
    if with_group and parent is not None and aid.kind == "article":
        g = corpus.articles.get(ArticleId(aid.group))
        if g is not None and g.title:
            group, group_editorial = g.title, g.title_editorial
    notes = []
    for note in art.notes:
        key = note.kind if note.kind in ("translator", "ruling") else "note"
        notes.append(Segment(f"{label(key, lang)} {note.text}", True))
    return ArticleText(
        lang,
        group,
        group_editorial,
        art.title or "",
        art.title_editorial,
        tuple(Segment(t, e) for t, e in text_segments(art, lang)) if art.text is not None else (),
        tuple(art.items.items) if art.items else (),
        evidence=art.items.evidence if art.items else "",
        notes=tuple(notes),
        item_marks=tuple(item_mark(art.items, n, lang) for n in range(1, len(art.items.items) + 1))
        if art.items
        else (),
    )


def _glossary_text(corpus: Corpus, ref: str, *, twin: bool) -> ArticleText | None:
    """A glossary entry: its note, or the articles it points to. The first language names
    the term in the id it shows; a twin (``--lang both``) names its own term."""
    entry = next((e for e in corpus.glossary if e.id == ref), None)
    if entry is None:
        return None
    body = entry.note or "→ " + ", ".join(entry.targets)
    if entry.editorial:
        body = f"{label('editorial', corpus.lang)} {body}"
    group = say("glossary_entry", corpus.lang)
    if twin:
        group += f"「{entry.term}」" if corpus.lang == "ja" else f' "{entry.term}"'
    return ArticleText(corpus.lang, group, segments=(Segment(body, entry.editorial),))


def article_entries(
    corpora: Sequence[Corpus], ref: str, *, children: bool, depth: int = 0
) -> list[ArticleEntry]:
    """The rows of one cited id: the article in each language (its children too when asked,
    or when it has no text of its own); a glossary entry as its term and note."""
    if ref.startswith(f"{GLOSSARY_ID}「"):
        texts = tuple(
            t
            for i, c in enumerate(corpora)
            if (t := _glossary_text(c, ref, twin=i > 0)) is not None
        )
        return [ArticleEntry(ref, depth, texts, ref_name(corpora[0], ref))]
    first = corpora[0]
    aid = first.get(ref).id
    texts = tuple(
        _article_text(c, aid, with_group=depth == 0) for c in corpora if aid in c.articles
    )
    rows = [ArticleEntry(str(aid), depth, texts)]
    if children or first.articles[aid].text is None:
        for child in first.children.get(aid, []):
            rows.extend(article_entries(corpora, str(child), children=True, depth=depth + 1))
    return rows


def link_rows(corpora: Sequence[Corpus], aid: ArticleId) -> list[tuple[str, list[str]]]:
    """Referenced-by, refers-to and glossary rows, labelled in every language shown."""
    corpus = corpora[0]
    langs = [c.lang for c in corpora]
    links: Links = article_links(corpus, aid, corpora[1:])

    def head(key: str) -> str:
        return " / ".join(dict.fromkeys(label(key, lang) for lang in langs))

    rows = []
    if links.referenced_by:
        rows.append((head("referenced_by"), [ref_name(corpus, r) for r in links.referenced_by]))
    if links.editorial_refs:
        rows.append((head("editorial_refs"), [ref_name(corpus, r) for r in links.editorial_refs]))
    if links.refers_to:
        rows.append((head("refers_to"), [ref_name(corpus, r) for r in links.refers_to]))
    for lang, terms in links.glossary:
        rows.append((label("glossary", lang), terms))
    return rows


def _doc_order(corpus: Corpus, refs: Sequence[str]) -> list[str]:
    def key(ref: str) -> tuple:
        if ref.startswith(f"{GLOSSARY_ID}「"):
            return (1, 0, ref)
        return (0, corpus.get(ref).id.sort_key, ref)

    return sorted(dict.fromkeys(refs), key=key)


# -- scenario sheets --------------------------------------------------------------------------
@dataclass(frozen=True)
class CardText:
    """A card the ruling involves, with the text printed on it (a card's effects
    keep their printed text beside the structured form)."""

    id: str
    name: dict[str, str]
    colour: str
    kind: str
    lines: tuple[tuple[str, dict[str, str]], ...]
    """(effect kind: base, reach or hand; {lang: printed text}). A language the card's text
    is not given in is left out, unless it is the only one shown (then the Japanese)."""


def _ids_in(value: Any, known: dict, out: dict[str, None]) -> None:
    if isinstance(value, str):
        for token in value.split():
            if token in known:
                out[token] = None
    elif isinstance(value, dict):
        for v in value.values():
            _ids_in(v, known, out)
    elif isinstance(value, list | tuple):
        for v in value:
            _ids_in(v, known, out)


def card_texts(rp: Any, langs: Sequence[str]) -> list[CardText]:
    """The cards with printed effects that the ruling involves: on the board face up before,
    named in a declaration, or moved, used or taken by an event; in the order first met."""
    cards = rp.loaded.cards
    involved: dict[str, None] = {}
    for sq in rp.before.squares:
        if sq.top is not None and sq.top.face_up:
            involved[sq.top.id] = None
    for st in rp.steps:
        _ids_in(st.declaration, cards, involved)
    for ev in rp.trace:
        _ids_in(ev.data, cards, involved)
    out = []
    for cid in involved:
        card = cards[cid]
        printed = getattr(card.effects, "lines", None)
        lines = []
        for kind, text in printed() if callable(printed) else ():
            given = {"ja": getattr(text, "ja", None) or str(text), "en": getattr(text, "en", None)}
            shown = {lang: given[lang] for lang in langs if given.get(lang)}
            lines.append((kind, shown or {langs[0]: given["ja"]}))
        if not lines:
            continue
        name = {lang: (card.name if lang == "ja" else card.name_en or card.name) for lang in langs}
        colour = card.colour.value if card.colour else ""
        out.append(CardText(cid, name, colour, card.kind.value, tuple(lines)))
    return out


@dataclass(frozen=True)
class EventLine:
    seq: int
    depth: int
    kind: str
    texts: tuple[tuple[str, str], ...]
    """(lang, text) for every language shown."""
    articles: tuple[str, ...]
    shown: tuple[str, ...] = ()
    """The articles as the first language names them (1000 "random" in English)."""


@dataclass(frozen=True)
class Diagram:
    name: str
    """A file-name-safe name: ``before``, ``step-2``, ``after``."""
    captions: tuple[tuple[str, str], ...]
    svg: str


@dataclass
class StepBlock:
    number: int
    line: int | None
    declaration: str
    refused: bool
    events: list[EventLine]
    diagram: Diagram | None = None


@dataclass
class ScenarioSheet:
    index: int
    file: str
    langs: list[str]
    title: dict[str, str]
    question: dict[str, str]
    answer: dict[str, str]
    date: str
    source: str
    setup: list[EventLine]
    before: Diagram
    steps: list[StepBlock]
    after: Diagram | None
    unchanged: dict[str, str]
    """When the board did not change at all: what to say instead of drawing it again."""
    cards: list[CardText]
    outcome: dict[str, str]
    articles: list[ArticleSection]
    footer: dict[str, str]
    notes: list[str]
    """Sheet-wide notes (the English translation's status)."""


def _board_only(view: BoardView) -> tuple:
    """What a diagram shows apart from whose turn and which phase."""
    return (view.squares, view.seats, view.deck, view.discard, view.discard_top, view.eternal)


def _event_lines(
    writer: Any, events: Sequence[Any], corpora: Sequence[Corpus], depth: dict
) -> list:
    out = []
    for ev in events:
        level = depth.get(ev.cause, -1) + 1 if ev.cause is not None else 0
        depth[ev.seq] = level
        texts = tuple((c.lang, writer.describe(ev, c.lang)) for c in corpora)
        shown = tuple(ref_name(corpora[0], a) for a in ev.articles)
        out.append(EventLine(ev.seq, level, ev.kind, texts, tuple(ev.articles), shown))
    return out


def translation_notes(quoted: Sequence[Corpus]) -> list[str]:
    """Where the English rules are quoted, say that they are our translation and that the
    Japanese decides (in English: it is the English reader who needs it)."""
    if not any(c.lang == "en" and "stands_in_for" not in c.meta for c in quoted):
        return []
    return [say("translation", "en")]


def rules_line(corpora: Sequence[Corpus]) -> str:
    """The editions the sheet quotes (:func:`judge_cli.corpus.edition.edition_of`, the one
    way every view names its edition): ``7 SHADES OF S:EVEN 総合ルール (copy of …)``."""
    from judge_cli.corpus.edition import edition_of

    return " / ".join(dict.fromkeys(edition_of(c).label() for c in corpora))


def scenario_sheet(
    rp: Any, corpora: Sequence[Corpus], index: int = 1, *, file: str | None = None
) -> ScenarioSheet:
    """The sheet of one replay. ``corpora`` are the languages shown (ja, en or both)."""
    from judge_cli.render.trace import TraceWriter

    sc = rp.loaded.scenario
    langs = [c.lang for c in corpora]
    lang = langs[0]
    quoted = [c for c in corpora if "stands_in_for" not in c.meta] or list(corpora[:1])
    writer = TraceWriter(corpora, rp.loaded.cards)
    depth: dict[int, int] = {}
    uid = f"s{index}"

    def diagram(name: str, key: str, view: BoardView, changed=frozenset(), **fmt: Any) -> Diagram:
        table = MISC if key in ("before", "after") else WORDS
        captions = tuple((x, table[key].get(x, table[key]["en"]).format(**fmt)) for x in langs)
        svg = board_svg(view, lang, uid=f"{uid}-{name}", changed=changed, caption=captions[0][1])
        return Diagram(name, captions, svg)

    setup = _event_lines(writer, rp.setup_events, corpora, depth)
    before = diagram("before", "before", rp.before)
    changing = []
    previous = rp.before
    for st in rp.steps:
        board = st.board or rp.after
        if _board_only(board) != _board_only(previous):
            changing.append(st.number)
        previous = board
    steps = []
    drawn = rp.before  # the last board drawn: what the next diagram outlines changes from
    for st in rp.steps:
        board = st.board or rp.after
        block = StepBlock(
            st.number,
            st.line,
            st.declaration,
            st.refused is not None,
            _event_lines(writer, st.events, corpora, depth),
        )
        # The last step that changes the board is drawn once, as the board after.
        if st.number in changing and st.number != changing[-1]:
            block.diagram = diagram(
                f"step-{st.number}", "after_step", board, changed_squares(drawn, board), n=st.number
            )
            drawn = board
        steps.append(block)
    after = None
    unchanged: dict[str, str] = {}
    if rp.after != rp.before:
        after = diagram("after", "after", rp.after, changed_squares(drawn, rp.after))
    else:
        for x in langs:
            phase = PHASES[rp.after.phase][x]
            unchanged[x] = say("unchanged", x, seat=rp.after.turn, phase=phase)
    cited = list(rp.loaded.cited_articles())
    for ev in rp.trace:
        cited.extend(ev.articles)
    articles = [
        ArticleSection(ref, article_entries(quoted, ref, children=False))
        for ref in _doc_order(corpora[0], cited)
    ]
    shown = file or rp.loaded.file
    # One footer line, in the first language shown: it names every edition quoted.
    footer = {
        lang: say("footer", lang, rules=rules_line(quoted), date=sc.date.isoformat(), file=shown)
    }
    return ScenarioSheet(
        index=index,
        file=shown,
        langs=langs,
        title={x: getattr(sc.title, x) for x in langs},
        question={x: getattr(sc.question, x) for x in langs},
        answer={x: getattr(sc.answer, x) for x in langs},
        date=sc.date.isoformat(),
        source=source_note(sc.source, langs[0]),
        setup=setup,
        before=before,
        steps=steps,
        after=after,
        unchanged=unchanged,
        cards=card_texts(rp, langs),
        outcome={x: _outcome(rp, x) for x in langs},
        articles=articles,
        footer=footer,
        notes=translation_notes(quoted),
    )


def _outcome(rp: Any, lang: str) -> str:
    if rp.winner:
        text = word(MISC, "winner", lang).format(seat=rp.winner.value)
    else:
        text = word(MISC, "no_winner", lang)
    refused = [f"{st.number} ({', '.join(st.refusal.articles)})" for st in rp.steps if st.refusal]
    if refused:
        text += " · " + word(MISC, "refused_steps", lang).format(steps=", ".join(refused))
    return text


# -- quick reference --------------------------------------------------------------------------
@dataclass
class ReferenceSheet:
    spec: str
    langs: list[str]
    sections: list[ArticleSection]
    footer: dict[str, str]
    notes: list[str]


def reference_sheet(
    corpora: Sequence[Corpus], heads: Sequence[ArticleId], spec: str, rulings: Any = None
) -> ReferenceSheet:
    """Articles with everything under them, their links, and the rulings citing them."""
    from judge_cli.rulings import rulings_for

    langs = [c.lang for c in corpora]
    sections = []
    for aid in heads:
        if aid == ArticleId(int(GLOSSARY_ID)):
            entries = [
                row
                for g in corpora[0].glossary
                for row in article_entries(corpora, g.id, children=False)
            ]
        else:
            entries = article_entries(corpora, str(aid), children=True)
        sections.append(
            ArticleSection(
                str(aid), entries, link_rows(corpora, aid), rulings_for(rulings, str(aid))
            )
        )
    footer = {langs[0]: say("ref_footer", langs[0], rules=rules_line(corpora), spec=spec)}
    return ReferenceSheet(spec, langs, sections, footer, translation_notes(corpora))

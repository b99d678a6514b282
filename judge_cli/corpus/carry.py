"""Carry our editorial data from the current corpus onto a new edition of the published text.

The new text decides every official field: article texts and their references, the passages,
the glossary table, and the group titles the glossary gives. What we added (editorial titles,
reconstructed list items, icon labels, notes, aliases, editorial glossary entries and
passages) follows each article to where :mod:`judge_cli.corpus.matching` found it, so a
renumbering moves it with the text instead of leaving it on a number that now holds another
article. Ids written inside our own additions are renumbered the same way. Whatever has
nowhere to go is reported, never dropped silently, and reconstructed items whose article or
evidence changed are listed for review.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from judge_cli.corpus.files import CorpusFiles
from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.matching import (
    SAME_ID_PRIOR,
    Matching,
    ids_in_text,
    pair_up,
    remap_ids,
    remap_ref,
    similarity,
)
from judge_cli.corpus.model import Article, GlossaryEntry, Icon, Items, Note, Passage
from judge_cli.corpus.refs import extract_refs, glossary_ref
from judge_cli.corpus.source import (
    SourceArticle,
    SourceDocument,
    SourceGlossary,
    SourceGlossaryEntry,
    SourcePassage,
)

LOST_ICON_LABEL = "失われたアイコン"
GLOSSARY = ArticleId(1000)
GLOSSARY_TITLE = "用語集"


@dataclass
class CarryReport:
    """What happened to the editorial data and the unnumbered parts in a merge."""

    carried: list[tuple[str, str]] = field(default_factory=list)
    """(old id, new id) of renumbered articles and groups whose editorial data moved along."""
    dropped: list[str] = field(default_factory=list)
    """Editorial data that had nowhere to go, e.g. ``105.4: reconstructed items``."""
    review: dict[str, list[str]] = field(default_factory=dict)
    """Reconstructed items to read again (new id → reasons)."""
    ids_updated: list[str] = field(default_factory=list)
    """Articles whose items or notes write ids that were renumbered: updated in place."""
    readings_dropped: list[str] = field(default_factory=list)
    """Articles (groups: titles) whose kana ``reading:`` was dropped because their text
    changed."""
    untitled: list[str] = field(default_factory=list)
    """New sections and groups that have no title yet (the glossary names none; we have
    none)."""
    titles_now_editorial: list[str] = field(default_factory=list)
    """Groups whose title the glossary gave and no longer gives: kept, marked editorial."""
    glossary_added: list[str] = field(default_factory=list)
    glossary_removed: list[str] = field(default_factory=list)
    glossary_changed: list[str] = field(default_factory=list)
    glossary_renamed: list[tuple[str, str]] = field(default_factory=list)
    passages_added: list[str] = field(default_factory=list)
    passages_removed: list[str] = field(default_factory=list)
    passages_changed: list[str] = field(default_factory=list)


@dataclass
class Merged:
    """The new edition with our data carried over, and the maps the English follows."""

    articles: list[Article]
    passages: list[Passage]
    glossary: list[GlossaryEntry]
    node_map: dict[ArticleId, ArticleId]
    """Old group or section → the one that took over its title and notes (a moved group
    follows its articles; when two old groups land on one, the one that kept its number)."""
    passage_map: dict[str, str]
    """Old passage id → new passage id."""
    term_map: dict[str, str]
    """Old official glossary term → new term (renamed terms found by their articles)."""
    report: CarryReport


def editorial_parts(a: Article) -> list[str]:
    """The names of our additions on ``a``, for reports."""
    parts = []
    if a.title and a.title_editorial:
        parts.append("editorial title")
    if a.items:
        parts.append("reconstructed items")
    if a.notes:
        parts.append("notes")
    if any(i.label != LOST_ICON_LABEL for i in a.icons):
        parts.append("icon labels")
    return parts


def _icon_anchor(text: str, slot: int) -> str:
    """The words right before a lost icon, back to the previous separator: ``到達効果（``.

    Extended to the left until it occurs once in ``text``, so that it places the icon.
    """
    start = max(text.rfind(sep, 0, slot - 1) for sep in "・、。）")
    start = start + 1 if start >= 0 else 0
    while start > 0 and text.count(text[start:slot]) > 1:
        start -= 1
    return text[start:slot]


def _remap_notes(notes: tuple[Note, ...], id_map: dict[str, str]) -> tuple[Note, ...]:
    return tuple(Note(remap_ids(n.text, id_map), n.kind) for n in notes)


def _cited_by_items(items: Items) -> list[str]:
    cited = list(items.refs)
    for text in (items.evidence, *items.items):
        cited += ids_in_text(text)
    return list(dict.fromkeys(cited))


def _writes_moved_ids(a: Article, id_map: dict[str, str]) -> bool:
    """True when our items or notes on ``a`` write an id that was renumbered."""
    cited = _cited_by_items(a.items) if a.items else []
    for note in a.notes:
        cited += ids_in_text(note.text)
    return any(ref in id_map for ref in cited)


def _item_reasons(prev: Article, matching: Matching, edited: bool) -> list[str]:
    """Why the reconstructed items of ``prev`` (old numbering) need another reading: its own
    text changed, or an article they cite changed or is gone. (A cited article that was only
    renumbered needs no reading: its id is updated in the items.)"""
    assert prev.items is not None
    reasons = ["its text changed"] if edited else []
    removed = {str(i) for i in matching.removed}
    changed = {str(p.old): p for p in matching.pairs if p.edited}
    for ref in _cited_by_items(prev.items):
        if ref == str(prev.id):
            continue
        now = f" (now {matching.id_map[ref]})" if ref in matching.id_map else ""
        if ref in removed:
            reasons.append(f"cites {ref}, which was removed")
        elif ref in changed:
            reasons.append(f"cites {ref}{now}, whose text changed")
    return reasons


def _carry_article(
    sa: SourceArticle,
    prev: Article | None,
    groups: set[int],
    id_map: dict[str, str],
    removed: set[str],
) -> Article:
    """The new article: the official text and references, our data from ``prev``.

    Item references to a removed article are dropped, even when its number now belongs to
    another article (the review list says why)."""
    refs = tuple(r for r in extract_refs(sa.text, groups) if r != str(sa.id))
    old_icons = list(prev.icons) if prev else []
    icons = tuple(
        replace(old_icons[i], after=_icon_anchor(sa.text, slot))
        if i < len(old_icons)
        else Icon(_icon_anchor(sa.text, slot), LOST_ICON_LABEL)
        for i, slot in enumerate(sa.icon_slots)
    )
    if prev is None:
        return Article(id=sa.id, text=sa.text, refs=refs, icons=icons)
    items = prev.items
    if items is not None:
        items = replace(
            items,
            items=tuple(remap_ids(e, id_map) for e in items.items),
            evidence=remap_ids(items.evidence, id_map),
            refs=tuple(dict.fromkeys(remap_ref(r, id_map) for r in items.refs if r not in removed)),
        )
    return replace(
        prev,
        id=sa.id,
        text=sa.text,
        refs=refs,
        icons=icons,
        items=items,
        notes=_remap_notes(prev.notes, id_map),
        # A reading is the kana of the text: it stays only while the text does.
        reading=prev.reading if prev.text == sa.text else None,
        file="",
        line=0,
    )


def _glossary_titles(gloss: SourceGlossary | None) -> dict[ArticleId, str]:
    """Groups the glossary names with a term of their own (「到達」→ 603): official titles."""
    titles: dict[ArticleId, str] = {}
    for e in gloss.entries if gloss else []:
        targets = e.targets
        if len(targets) == 1 and ArticleId.parse(targets[0]).kind != "article":
            titles.setdefault(ArticleId.parse(targets[0]), e.term)
    return titles


def _carry_nodes(
    doc: SourceDocument,
    existing: CorpusFiles,
    matching: Matching,
    report: CarryReport,
) -> tuple[list[Article], dict[ArticleId, ArticleId]]:
    """Sections and groups: the glossary's titles, else ours, following moved groups."""
    new_nodes = {
        anc for sa in doc.articles for anc in sa.id.ancestors() if anc.kind != "article"
    } | {GLOSSARY}
    old_nodes = {a.id: a for a in existing.articles if a.id.kind != "article"}
    node_map: dict[ArticleId, ArticleId] = {}
    for n in old_nodes:
        succ = ArticleId(matching.group_map.get(n.group, n.group)) if n.kind == "group" else n
        if succ in new_nodes:
            node_map[n] = succ
    pred: dict[ArticleId, ArticleId] = {}
    for n, succ in sorted(node_map.items(), key=lambda kv: kv[0].sort_key):
        if succ not in pred or n == succ:
            pred[succ] = n
    titles = _glossary_titles(doc.glossary)
    id_map = matching.id_map
    out: list[Article] = []
    for nid in sorted(new_nodes, key=lambda x: x.sort_key):
        prev = old_nodes.get(pred[nid]) if nid in pred else None
        notes = _remap_notes(prev.notes, id_map) if prev else ()
        if nid in titles:
            # The reading of a title (editorial) stays while the title is unchanged.
            same = prev is not None and prev.title == titles[nid]
            reading = prev.reading if same and prev is not None else None
            if prev is not None and prev.reading and reading is None:
                report.readings_dropped.append(str(nid))
            out.append(Article(id=nid, title=titles[nid], notes=notes, reading=reading))
        elif prev is not None and prev.title:
            if not prev.title_editorial:
                report.titles_now_editorial.append(str(nid))
            out.append(replace(prev, id=nid, title_editorial=True, notes=notes, file="", line=0))
        elif nid == GLOSSARY:
            # Passages and the glossary hang on 1000, so it must exist: our usual title.
            out.append(Article(id=nid, title=GLOSSARY_TITLE, title_editorial=True))
        else:
            report.untitled.append(str(nid))
        if prev is not None and prev.id != nid and editorial_parts(prev):
            report.carried.append((str(prev.id), str(nid)))
    chosen = set(pred.values())
    for n, a in old_nodes.items():
        parts = editorial_parts(a)
        if n not in chosen and parts:
            report.dropped.append(f"{n}: {', '.join(parts)} ({a.title})")
    # Only the chosen predecessor passes its data on (to the English too).
    return out, {old: new for new, old in pred.items()}


def _slug(anchor: str) -> str:
    """A passage id part from an anchor: 502.4e → 502-4e; 1000「語」 → 1000."""
    return re.sub(r"[^0-9a-z]+", "-", anchor.lower()).strip("-") or "x"


def _anchor_for(aid: ArticleId, seen_groups: set[int], seen_sections: set[int]) -> str:
    """The highest node that starts with ``aid``: a new section or group starts before it."""
    if aid.section not in seen_sections:
        return str(ArticleId(aid.section))
    if aid.group not in seen_groups:
        return str(ArticleId(aid.group))
    return str(aid)


def placed_passages(doc: SourceDocument) -> list[Passage]:
    """The passages of ``doc`` anchored to what follows them (at the end, what precedes them),
    with ids made from the anchors."""
    out: list[Passage] = []
    seen_groups: set[int] = set()
    seen_sections: set[int] = set()
    blocks = doc.blocks
    last_anchor: str | None = None
    first_article_seen = False
    for i, block in enumerate(blocks):
        if isinstance(block, SourceArticle):
            first_article_seen = True
            seen_groups.add(block.id.group)
            seen_sections.add(block.id.section)
            last_anchor = str(block.id)
            continue
        if isinstance(block, SourceGlossary):
            last_anchor = glossary_ref(block.entries[-1].term) if block.entries else "1000"
            seen_sections.add(1000)
            continue
        assert isinstance(block, SourcePassage)
        nxt = next((b for b in blocks[i + 1 :] if not isinstance(b, SourcePassage)), None)
        if isinstance(nxt, SourceArticle):
            anchor = _anchor_for(nxt.id, seen_groups, seen_sections)
            pid = "preamble" if not first_article_seen else f"intro-{_slug(anchor)}"
            out.append(Passage(pid, block.text, before=anchor))
        elif isinstance(nxt, SourceGlossary):
            out.append(Passage("intro-1000", block.text, after="1000"))
        else:
            anchor = last_anchor or "1000"
            pid = "closing" if i == len(blocks) - 1 else f"after-{_slug(anchor)}"
            out.append(Passage(pid, block.text, after=anchor))
    return out


def _unique(pid: str, taken: set[str]) -> str:
    n, out = 2, pid
    while out in taken:
        out, n = f"{pid}-{n}", n + 1
    return out


def _carry_passages(
    doc: SourceDocument, existing: CorpusFiles, report: CarryReport
) -> tuple[list[Passage], dict[str, str]]:
    """Official passages from ``doc``, keeping the id each had when its text was there."""
    placed = placed_passages(doc)
    taken: set[str] = set()
    for i, p in enumerate(placed):
        placed[i] = replace(p, id=_unique(p.id, taken))
        taken.add(placed[i].id)
    old = [p for p in existing.passages if not p.editorial]
    pairing = pair_up(
        [(p.id, p.text) for p in old],
        [(p.id, p.text) for p in placed],
        prior=lambda o, n: SAME_ID_PRIOR if o == n else 0.0,
        always=lambda o, n: o == n,
    )
    new_id = {n: o for o, n, _ in pairing.pairs}
    final = {n: o for n, o in new_id.items()}
    taken = set(final.values())
    for p in placed:
        if p.id not in final:
            final[p.id] = _unique(p.id, taken)
            taken.add(final[p.id])
    old_text = {p.id: p.text for p in old}
    passages = [replace(p, id=final[p.id]) for p in placed]
    report.passages_added = [final[n] for n in pairing.added]
    report.passages_removed = list(pairing.removed)
    report.passages_changed = [
        final[n]
        for o, n, _ in pairing.pairs
        if old_text[o] != next(p.text for p in placed if p.id == n)
    ]
    passage_map = {o: final[n] for o, n, _ in pairing.pairs}
    return passages, passage_map


def _renamed_terms(
    old: list[GlossaryEntry], new: list[SourceGlossaryEntry], id_map: dict[str, str]
) -> dict[str, str]:
    """Terms the new table calls by another name: same articles (or a like note)."""
    new_terms = {e.term for e in new}
    gone = [g for g in old if g.term not in new_terms]
    old_terms = {g.term for g in old}
    fresh = [e for e in new if e.term not in old_terms]
    renamed: dict[str, str] = {}
    for g in gone:
        targets = [remap_ref(t, id_map) for t in g.targets]
        for e in fresh:
            if e.term in renamed.values():
                continue
            same_targets = bool(targets) and targets == e.targets
            like_note = bool(g.note and e.note) and similarity(g.note or "", e.note or "") >= 0.8
            if same_targets or like_note:
                renamed[g.term] = e.term
                break
    return renamed


def _carry_glossary(
    doc: SourceDocument,
    existing: CorpusFiles,
    matching: Matching,
    groups: set[int],
    report: CarryReport,
) -> tuple[list[GlossaryEntry], dict[str, str]]:
    """The publisher's table, with our aliases and readings; then our own entries."""
    id_map = matching.id_map
    entries = doc.glossary.entries if doc.glossary else []
    old_official = [g for g in existing.glossary if not g.editorial]
    by_term = {g.term: g for g in old_official}
    renamed = _renamed_terms(old_official, entries, id_map)
    previous_of = {new: old for old, new in renamed.items()}
    term_map = {g.term: g.term for g in old_official if g.term in {e.term for e in entries}}
    term_map.update(renamed)
    glossary: list[GlossaryEntry] = []
    for e in entries:
        prev = by_term.get(previous_of.get(e.term, e.term))
        aliases: tuple[str, ...] = prev.aliases if prev else ()
        readings: tuple[str, ...] = prev.readings if prev else ()
        if prev is not None and prev.term != e.term:
            # Players still type the old name; its readings are not the new name's.
            aliases = tuple(dict.fromkeys((*aliases, prev.term)))
            readings = ()
        glossary.append(
            GlossaryEntry(
                term=e.term,
                targets=tuple(e.targets),
                note=e.note,
                refs=tuple(extract_refs(e.note, groups)) if e.note else (),
                aliases=aliases,
                readings=readings,
            )
        )
        if prev is None:
            report.glossary_added.append(e.term)
        elif (tuple(e.targets), e.note) != (prev.targets, prev.note):
            report.glossary_changed.append(e.term)
    report.glossary_renamed = list(renamed.items())
    report.glossary_removed = [g.term for g in old_official if g.term not in term_map]
    for g in old_official:
        if g.term not in term_map and (g.aliases or g.readings):
            report.dropped.append(f"1000「{g.term}」: aliases and readings")
    return glossary, term_map


def _carry_editorial_glossary(
    existing: CorpusFiles,
    glossary: list[GlossaryEntry],
    id_map: dict[str, str],
    removed: set[str],
    known: set[str],
    report: CarryReport,
) -> None:
    """Our own glossary entries (words players type), retargeted; merged into an official
    entry that now has the same term."""
    official = {g.term: i for i, g in enumerate(glossary)}
    for g in existing.glossary:
        if not g.editorial:
            continue
        if g.term in official:
            i = official[g.term]
            off = glossary[i]
            glossary[i] = replace(
                off,
                aliases=tuple(dict.fromkeys((*off.aliases, *g.aliases))),
                readings=tuple(dict.fromkeys((*off.readings, *g.readings))),
            )
            continue
        # A target whose article was removed is lost, even if its number was given to another.
        kept = [(t, remap_ref(t, id_map)) for t in g.targets if t not in removed]
        lost = [t for t in g.targets if t in removed] + [t for t, n in kept if n not in known]
        targets = [n for _, n in kept if n in known]
        refs = tuple(
            n for n in (remap_ref(r, id_map) for r in g.refs if r not in removed) if n in known
        )
        if lost:
            report.dropped.append(f"1000「{g.term}」 (editorial): targets {', '.join(lost)}")
        if not targets and not g.note:
            report.dropped.append(f"1000「{g.term}」 (editorial): the whole entry")
            continue
        note = remap_ids(g.note, id_map) if g.note else g.note
        glossary.append(replace(g, targets=tuple(targets), refs=refs, note=note, file="", line=0))


def _remap_anchor(anchor: str, id_map: dict[str, str], term_map: dict[str, str]) -> str | None:
    """Where an anchor (an id or ``1000「語」``) went, or None for a removed term."""
    m = re.fullmatch(r"1000「(.+)」", anchor)
    if m:
        term = term_map.get(m.group(1))
        return glossary_ref(term) if term else None
    return remap_ref(anchor, id_map)


def merge(doc: SourceDocument, existing: CorpusFiles, matching: Matching) -> Merged:
    """The new edition ``doc`` with the editorial data of ``existing`` carried over."""
    report = CarryReport()
    id_map = matching.id_map
    old = {a.id: a for a in existing.articles}
    groups = {sa.id.group for sa in doc.articles}
    pairs = {p.new: p for p in matching.pairs}
    removed = {str(i) for i in matching.removed}

    articles: list[Article] = []
    for sa in doc.articles:
        pair = pairs.get(sa.id)
        prev = old.get(pair.old) if pair else None
        articles.append(_carry_article(sa, prev, groups, id_map, removed))
        if prev is None or pair is None:
            continue
        if pair.renumbered and editorial_parts(prev):
            report.carried.append((str(pair.old), str(sa.id)))
        if prev.items:
            reasons = _item_reasons(prev, matching, pair.edited)
            if reasons:
                report.review[str(sa.id)] = reasons
        if _writes_moved_ids(prev, id_map):
            report.ids_updated.append(str(sa.id))
        if prev.reading and articles[-1].reading is None:
            report.readings_dropped.append(str(sa.id))
    for a in existing.articles:
        parts = editorial_parts(a)
        if a.id.kind == "article" and a.id not in matching.new_of and parts:
            report.dropped.append(f"{a.id}: {', '.join(parts)}")
    nodes, node_map = _carry_nodes(doc, existing, matching, report)
    articles += nodes

    glossary, term_map = _carry_glossary(doc, existing, matching, groups, report)
    known = {str(a.id) for a in articles} | {glossary_ref(g.term) for g in glossary}
    known |= {str(anc) for a in articles for anc in a.id.ancestors()}
    _carry_editorial_glossary(existing, glossary, id_map, removed, known, report)
    # Item references whose article is gone: the reason is already in the review list.
    for i, a in enumerate(articles):
        if a.items and any(r not in known for r in a.items.refs):
            kept = tuple(r for r in a.items.refs if r in known)
            articles[i] = replace(a, items=replace(a.items, refs=kept))

    passages, passage_map = _carry_passages(doc, existing, report)
    for p in existing.passages:
        if not p.editorial:
            continue
        anchor = _remap_anchor(p.before or p.after or "", id_map, term_map)
        if anchor is None or anchor not in known:
            report.dropped.append(
                f"passage {p.id!r} (editorial): its anchor {p.before or p.after} is gone"
            )
            continue
        moved = {"before": anchor} if p.before else {"after": anchor}
        passages.append(replace(p, **moved, file="", line=0))
    return Merged(articles, passages, glossary, node_map, passage_map, term_map, report)

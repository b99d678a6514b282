"""``seven check`` for the rules data: every problem, with its file and line.

Schema problems come from reading the files (:func:`read_rules_dir`); this module adds what
needs the whole corpus: unique ids across files, references that resolve, glossary targets,
passage anchors, and the alignment of the English corpus with the Japanese one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge_cli.corpus.files import CorpusFiles, Problem, read_rules_dir
from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import Article, GlossaryEntry
from judge_cli.corpus.realign import text_hash
from judge_cli.corpus.refs import glossary_ref
from judge_cli.corpus.store import rules_dir, rules_root
from judge_cli.errors import InvalidArticleId

# Japanese script (CJK punctuation such as 。、「」, kana, kanji, full-width and half-width
# forms such as （）！ and ｶﾅ): allowed in English text only inside 「」 (card names keep their
# Japanese name) and in notes, which may quote the Japanese they explain.
_JAPANESE = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff01-\uffef]")
_BRACKETED = re.compile(r"「[^」]*」")


def _has_japanese(text: str) -> bool:
    """True if ``text`` has Japanese outside 「」 (where card names keep their Japanese)."""
    return bool(_JAPANESE.search(_BRACKETED.sub("", text)))


@dataclass
class CheckReport:
    problems: list[Problem] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _refs_of(files: CorpusFiles) -> list[tuple[str, int, str, str]]:
    """(file, line, source id, target) for every recorded reference."""
    out = []
    for a in files.articles:
        for r in a.refs:
            out.append((a.file, a.line, str(a.id), r))
        if a.items:
            for r in a.items.refs:
                out.append((a.file, a.line, str(a.id), r))
    for g in files.glossary:
        for r in (*g.targets, *g.refs):
            out.append((g.file, g.line, glossary_ref(g.term), r))
    return out


def check_language(files: CorpusFiles) -> list[Problem]:
    """Cross-checks within one language's files."""
    problems: list[Problem] = []
    seen: dict[ArticleId, Article] = {}
    for a in files.articles:
        if a.id in seen:
            first = seen[a.id]
            problems.append(
                Problem(
                    a.file,
                    a.line,
                    f"article {a.id} is defined twice (also {first.file}:{first.line})",
                )
            )
        seen[a.id] = a
    terms: dict[str, GlossaryEntry] = {}
    for g in files.glossary:
        key = g.ja or g.term
        if key in terms:
            problems.append(Problem(g.file, g.line, f"glossary term {g.term!r} appears twice"))
        terms[key] = g
    ids = set(seen)
    # Groups and sections exist as soon as they hold an article.
    for a in list(seen.values()):
        ids.update(a.id.ancestors())
    known_glossary = {glossary_ref(k) for k in terms}
    for file, line, src, target in _refs_of(files):
        if target.startswith("1000「"):
            if target not in known_glossary:
                problems.append(
                    Problem(file, line, f"{src} refers to {target}, which is not in the glossary")
                )
            continue
        try:
            tid = ArticleId.parse(target)
        except InvalidArticleId:
            problems.append(
                Problem(file, line, f"{src} refers to {target!r}, which is not an article id")
            )
            continue
        if tid not in ids:
            problems.append(Problem(file, line, f"{src} refers to {target}, which does not exist"))
    for a in files.articles:
        for icon in a.icons:
            # The renderer shows a lost icon right after its anchor; an anchor the text does
            # not contain would silently drop the icon.
            if icon.after not in (a.text or ""):
                problems.append(
                    Problem(
                        a.file,
                        a.line,
                        f"{a.id}: icon {icon.label!r} is placed after {icon.after!r}, "
                        "which is not in the text",
                    )
                )
    anchors = {str(i) for i in ids} | known_glossary
    for p in files.passages:
        anchor = p.before or p.after
        if anchor not in anchors:
            problems.append(
                Problem(
                    p.file,
                    p.line,
                    f"passage {p.id!r} is anchored to {anchor!r}, which does not exist",
                )
            )
    pids = [p.id for p in files.passages]
    for p in files.passages:
        if pids.count(p.id) > 1:
            problems.append(Problem(p.file, p.line, f"passage id {p.id!r} is used twice"))
    return problems


def check_translation(en: CorpusFiles, ja: CorpusFiles) -> list[Problem]:
    """English against Japanese: twins, staleness, untranslated text, glossary alignment."""
    problems: list[Problem] = []
    ja_by_id = {a.id: a for a in ja.articles}
    en_by_id = {a.id: a for a in en.articles}
    for a in en.articles:
        twin = ja_by_id.get(a.id)
        if twin is None:
            if a.text is not None or a.id.kind == "article":
                problems.append(Problem(a.file, a.line, f"{a.id} has no Japanese twin in rules/ja"))
            continue
        if (twin.text is None) != (a.text is None):
            problems.append(
                Problem(a.file, a.line, f"{a.id}: text in one language but not the other")
            )
        if twin.text is not None and a.text is not None:
            if a.translates is None:
                problems.append(
                    Problem(a.file, a.line, f"{a.id}: no `translates:` hash of the Japanese text")
                )
            elif a.translates != text_hash(twin.text):
                problems.append(
                    Problem(
                        a.file,
                        a.line,
                        f"{a.id}: stale translation: the Japanese text changed since it was "
                        f"translated (translates {a.translates}, "
                        f"Japanese now {text_hash(twin.text)})",
                    )
                )
        if bool(twin.items) != bool(a.items):
            problems.append(
                Problem(a.file, a.line, f"{a.id}: reconstructed items in one language only")
            )
        elif twin.items and a.items and len(twin.items.items) != len(a.items.items):
            problems.append(
                Problem(
                    a.file,
                    a.line,
                    f"{a.id}: {len(a.items.items)} items, Japanese has {len(twin.items.items)}",
                )
            )
        if len(twin.icons) != len(a.icons):
            problems.append(
                Problem(
                    a.file, a.line, f"{a.id}: {len(a.icons)} icons, Japanese has {len(twin.icons)}"
                )
            )
        if bool(twin.title) != bool(a.title) and a.id.kind != "article":
            problems.append(Problem(a.file, a.line, f"{a.id}: title in one language only"))
        for label, text in (("text", a.text), ("title", a.title)):
            if text and _has_japanese(text):
                problems.append(
                    Problem(
                        a.file,
                        a.line,
                        f"{a.id}: Japanese left in the English {label}: {text[:60]!r}",
                    )
                )
        if a.items:
            for n, item in enumerate(a.items.items, 1):
                if _has_japanese(item):
                    problems.append(Problem(a.file, a.line, f"{a.id}: Japanese left in item {n}"))
            if _has_japanese(a.items.evidence):
                problems.append(Problem(a.file, a.line, f"{a.id}: Japanese left in the evidence"))
        for icon in a.icons:
            if _has_japanese(icon.label):
                problems.append(
                    Problem(
                        a.file, a.line, f"{a.id}: Japanese left in the icon label {icon.label!r}"
                    )
                )
    for a in ja.articles:
        if a.id not in en_by_id and (a.text is not None or a.title):
            problems.append(
                Problem(a.file, a.line, f"{a.id} has no English translation in rules/en")
            )
    ja_terms = {g.term for g in ja.glossary}
    en_terms = {g.ja for g in en.glossary}
    for g in en.glossary:
        if g.ja is None:
            problems.append(
                Problem(g.file, g.line, f"English glossary entry {g.term!r} has no `ja:` term")
            )
        elif g.ja not in ja_terms:
            problems.append(
                Problem(
                    g.file,
                    g.line,
                    f"English glossary entry {g.term!r} translates {g.ja!r}, "
                    "which is not in the Japanese glossary",
                )
            )
        else:
            twin_g = next(x for x in ja.glossary if x.term == g.ja)
            if tuple(twin_g.targets) != tuple(g.targets):
                problems.append(
                    Problem(
                        g.file,
                        g.line,
                        f"glossary {g.term!r} points to {list(g.targets)}, "
                        f"the Japanese entry to {list(twin_g.targets)}",
                    )
                )
    for g in ja.glossary:
        if g.term not in en_terms:
            problems.append(
                Problem(g.file, g.line, f"glossary term {g.term!r} has no English entry")
            )
    for g in en.glossary:
        for label, text in (("term", g.term), ("note", g.note), *(("alias", x) for x in g.aliases)):
            if text and _has_japanese(text):
                problems.append(
                    Problem(g.file, g.line, f"glossary {label} {text!r}: Japanese left in English")
                )
    ja_passages = {p.id for p in ja.passages}
    for p in en.passages:
        if _has_japanese(p.text):
            problems.append(
                Problem(p.file, p.line, f"passage {p.id!r}: Japanese left in the English text")
            )
        if p.id not in ja_passages:
            problems.append(Problem(p.file, p.line, f"passage {p.id!r} has no Japanese twin"))
    en_passages = {p.id for p in en.passages}
    for p in ja.passages:
        if p.id not in en_passages:
            problems.append(Problem(p.file, p.line, f"passage {p.id!r} has no English translation"))
    return problems


def check_rules() -> CheckReport:
    """Check rules/ja, and rules/en when it exists."""
    report = CheckReport()
    ja = read_rules_dir(rules_dir("ja"), "ja", display_root=rules_root().parent)
    report.problems += ja.problems + check_language(ja)
    from judge_cli.corpus.playerwords import player_word_problems

    known = {str(a.id) for a in ja.articles} | {f"1000「{g.term}」" for g in ja.glossary}
    report.problems += player_word_problems(known)
    report.summary.append(
        f"rules/ja: {sum(1 for a in ja.articles if a.text is not None)} articles, "
        f"{len(ja.glossary)} glossary terms, {len(ja.passages)} passages"
    )
    en_dir = rules_dir("en")
    if en_dir.is_dir() and any(en_dir.glob("*.yaml")):
        en = read_rules_dir(en_dir, "en", display_root=rules_root().parent)
        report.problems += en.problems + check_language(en) + check_translation(en, ja)
        report.summary.append(
            f"rules/en: {sum(1 for a in en.articles if a.text is not None)} articles, "
            f"{len(en.glossary)} glossary terms, {len(en.passages)} passages"
        )
    report.problems.sort()
    return report

"""The rules directories (rules/ja, rules/en): one YAML file per section, plus meta.yaml.

Reading validates every file against :mod:`judge_cli.corpus.schema` and reports each problem
with its file and line instead of stopping at the first. Writing is canonical (the importer's
output and the committed files are byte-identical) and atomic for the whole directory.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge_cli.corpus.ids import ArticleId
from judge_cli.corpus.model import (
    Article,
    Basis,
    Corpus,
    GlossaryEntry,
    Icon,
    Items,
    Note,
    Passage,
)
from judge_cli.errors import InputError, InvalidArticleId
from judge_cli.yamlio import LoadedYaml, dump_yaml, load_yaml

SECTION_FILES: dict[int, str] = {
    100: "100-general",
    200: "200-components",
    300: "300-zones",
    400: "400-setup",
    500: "500-turn",
    600: "600-effects",
    700: "700-lock",
    800: "800-gate-invasion-bonus",
    900: "900-special-situations",
    1000: "1000-glossary",
}
META_FILE = "meta.yaml"


@dataclass(frozen=True, order=True)
class Problem:
    """Something wrong in the rules data, located in its file."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


@dataclass
class CorpusFiles:
    """What a rules directory holds, before cross-checks."""

    lang: str
    meta: dict[str, Any]
    articles: list[Article] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    loaded: dict[str, LoadedYaml] = field(default_factory=dict)

    def to_corpus(self) -> Corpus:
        return Corpus.build(self.lang, self.meta, self.articles, self.passages, self.glossary)


def problems_summary(problems: list[Problem], most: int = 8) -> str:
    """The first problems, one a line, and how many more there are: for error messages."""
    listed = sorted(problems)
    text = "\n  ".join(str(p) for p in listed[:most])
    if len(listed) > most:
        text += f"\n  … and {len(listed) - most} more"
    return text


def section_file(aid: ArticleId) -> str:
    """The file an id belongs in: 606.1a → 600-effects.yaml."""
    return SECTION_FILES.get(aid.section, f"{aid.section}-section") + ".yaml"


def rules_files(directory: Path) -> list[Path]:
    """The YAML files of a rules directory, meta.yaml first, then by section number."""

    def key(p: Path) -> tuple[int, str]:
        head = p.name.split("-", 1)[0]
        return (int(head) if head.isdigit() else -1, p.name)

    return sorted((p for p in directory.glob("*.yaml")), key=key)


def _pydantic_problems(exc: Any, loaded: LoadedYaml, prefix: tuple = ()) -> list[Problem]:
    out = []
    for err in exc.errors():
        loc = tuple(str(x) if not isinstance(x, int) else x for x in err["loc"])
        path = (*prefix, *loc)
        where = ".".join(str(x) for x in path if x != "list")
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = f"unknown key {str(loc[-1])!r}"
        elif err["type"] == "missing":
            msg = f"missing key {str(loc[-1])!r}"
        out.append(Problem(loaded.file, loaded.line_of(path) or 1, f"{where}: {msg}"))
    return out


def read_rules_dir(directory: Path, lang: str, *, display_root: Path | None = None) -> CorpusFiles:
    """Read and validate a rules directory; problems are collected, not raised."""
    from judge_cli.corpus.schema import MetaModel

    root = display_root or directory.parent.parent
    result = CorpusFiles(lang, {})

    def shown(p: Path) -> str:
        try:
            return str(p.relative_to(root))
        except ValueError:
            return str(p)

    if not directory.is_dir():
        result.problems.append(Problem(shown(directory), 0, "no such rules directory"))
        return result
    for path in rules_files(directory):
        name = shown(path)
        try:
            loaded = load_yaml(path, name)
        except InputError as exc:
            result.problems.append(Problem(name, exc.line or 1, exc.message))
            continue
        result.loaded[name] = loaded
        if not isinstance(loaded.data, dict):
            result.problems.append(Problem(name, 1, "the file must be a YAML mapping"))
            continue
        if path.name == META_FILE:
            meta = _validated(MetaModel, loaded.data, loaded, (), result)
            if meta is not None:
                result.meta = meta.model_dump(exclude_none=True)
            continue
        _collect(loaded, path, result)
    if not result.meta:
        result.problems.append(Problem(shown(directory / META_FILE), 1, "missing meta.yaml"))
    return result


def _validated(
    model: Any, data: Any, loaded: LoadedYaml, prefix: tuple, result: CorpusFiles
) -> Any:
    """``model`` validated from ``data``, or None with the problems recorded at their lines."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        result.problems.extend(_pydantic_problems(exc, loaded, prefix))
        return None


def _collect(loaded: LoadedYaml, path: Path, result: CorpusFiles) -> None:
    """Validate a section file entry by entry, so that one bad entry hides no other."""
    from judge_cli.corpus.schema import ArticleModel, GlossaryModel, PassageModel

    name = loaded.file
    data = loaded.data
    unknown = set(data) - {"articles", "passages", "glossary"}
    for key in sorted(unknown):
        result.problems.append(Problem(name, loaded.line_of((key,)) or 1, f"unknown key {key!r}"))
    sections = {"articles": dict, "passages": list, "glossary": list}
    for key, kind in sections.items():
        if key in data and not isinstance(data[key], kind):
            result.problems.append(
                Problem(
                    name,
                    loaded.line_of((key,)) or 1,
                    f"{key}: must be a {'mapping' if kind is dict else 'list'}",
                )
            )
            data = {**data, key: kind()}
    previous: ArticleId | None = None
    for key, raw in (data.get("articles") or {}).items():
        key = str(key)
        line = loaded.line_of(("articles", key)) or 1
        try:
            aid = ArticleId.parse(key)
        except InvalidArticleId:
            result.problems.append(Problem(name, line, f"{key!r} is not an article id"))
            continue
        if str(aid) != key:
            result.problems.append(Problem(name, line, f"write the id {key!r} as {str(aid)!r}"))
        if section_file(aid) != path.name:
            result.problems.append(
                Problem(name, line, f"article {aid} belongs in {section_file(aid)}")
            )
        if previous is not None and not previous < aid:
            result.problems.append(
                Problem(name, line, f"article {aid} is out of document order (after {previous})")
            )
        previous = aid
        art = _validated(ArticleModel, raw, loaded, ("articles", key), result)
        if art is None:
            # Keep the id, so that references to it are not reported as well.
            result.articles.append(Article(id=aid, title=f"<invalid {aid}>", file=name, line=line))
            continue
        result.articles.append(
            Article(
                id=aid,
                title=art.title,
                title_editorial=art.title_editorial,
                text=art.text,
                refs=tuple(art.refs),
                icons=tuple(Icon(i.after, i.label, Basis(i.basis, i.page)) for i in art.icons),
                items=Items(
                    tuple(e.text for e in art.items.entries),
                    art.items.evidence,
                    tuple(art.items.refs),
                    tuple(Basis(e.basis, e.page) for e in art.items.entries),
                )
                if art.items
                else None,
                notes=tuple(Note(n.text, n.kind) for n in art.notes),
                translates=art.translates,
                reading=art.reading,
                file=name,
                line=line,
            )
        )
    for i, raw in enumerate(data.get("passages") or []):
        p = _validated(PassageModel, raw, loaded, ("passages", i), result)
        if p is not None:
            result.passages.append(
                Passage(
                    p.id,
                    p.text,
                    p.before,
                    p.after,
                    name,
                    loaded.line_of(("passages", i)) or 1,
                    p.editorial,
                )
            )
    for i, raw in enumerate(data.get("glossary") or []):
        g = _validated(GlossaryModel, raw, loaded, ("glossary", i), result)
        if g is None:
            continue
        result.glossary.append(
            GlossaryEntry(
                term=g.term,
                targets=tuple(g.targets),
                note=g.note,
                editorial=g.editorial,
                aliases=tuple(g.aliases),
                readings=tuple(g.readings),
                ja=g.ja,
                refs=tuple(g.refs),
                file=name,
                line=loaded.line_of(("glossary", i)) or 1,
            )
        )


# -- writing ----------------------------------------------------------------------------------
def basis_to_yaml(b: Basis) -> dict[str, Any]:
    return {"basis": b.kind, "page": b.page} if b.page is not None else {"basis": b.kind}


def article_to_yaml(a: Article) -> dict[str, Any]:
    d: dict[str, Any] = {}
    if a.title is not None:
        d["title"] = a.title
        if a.title_editorial:
            d["title_editorial"] = True
    if a.text is not None:
        d["text"] = a.text
        if a.translates:
            d["translates"] = a.translates
        if a.refs:
            d["refs"] = list(a.refs)
    if a.icons:
        d["icons"] = [
            {"after": i.after, "label": i.label, **basis_to_yaml(i.basis), "editorial": True}
            for i in a.icons
        ]
    if a.items:
        d["items"] = {
            "editorial": True,
            "evidence": a.items.evidence,
            "entries": [
                {"text": text, **basis_to_yaml(a.items.basis_of(n))}
                for n, text in enumerate(a.items.items, 1)
            ],
        }
        if a.items.refs:
            d["items"]["refs"] = list(a.items.refs)
    if a.notes:
        d["notes"] = [{"text": n.text, "kind": n.kind, "editorial": True} for n in a.notes]
    if a.reading:
        d["reading"] = a.reading
    return d


def passage_to_yaml(p: Passage) -> dict[str, Any]:
    d: dict[str, Any] = {"id": p.id}
    if p.before:
        d["before"] = p.before
    else:
        d["after"] = p.after
    d["text"] = p.text
    if p.editorial:
        d["editorial"] = True
    return d


def glossary_to_yaml(g: GlossaryEntry) -> dict[str, Any]:
    d: dict[str, Any] = {"term": g.term}
    if g.ja:
        d["ja"] = g.ja
    if g.targets:
        d["targets"] = list(g.targets)
    if g.note:
        d["note"] = g.note
    if g.refs:
        d["refs"] = list(g.refs)
    if g.editorial:
        d["editorial"] = True
    if g.aliases:
        d["aliases"] = list(g.aliases)
    if g.readings:
        d["readings"] = list(g.readings)
    return d


def render_rules_dir(
    meta: dict[str, Any],
    articles: list[Article],
    passages: list[Passage],
    glossary: list[GlossaryEntry],
) -> dict[str, str]:
    """File name → canonical YAML text for a whole rules directory."""
    files: dict[str, dict[str, Any]] = {}
    for a in sorted(articles, key=lambda a: a.id.sort_key):
        body = files.setdefault(section_file(a.id), {"articles": {}})
        body["articles"][str(a.id)] = article_to_yaml(a)
    gloss_file = SECTION_FILES[1000] + ".yaml"
    for p in passages:
        anchor = p.before or p.after or ""
        fname = section_file(ArticleId.parse(anchor)) if ArticleId.is_valid(anchor) else gloss_file
        files.setdefault(fname, {"articles": {}}).setdefault("passages", []).append(
            passage_to_yaml(p)
        )
    if glossary:
        files.setdefault(gloss_file, {"articles": {}})["glossary"] = [
            glossary_to_yaml(g) for g in glossary
        ]
    out = {META_FILE: dump_yaml(meta)}
    for name in sorted(files, key=lambda n: int(n.split("-", 1)[0])):
        out[name] = dump_yaml(files[name])
    return out


def write_rules_dir(directory: Path, rendered: dict[str, str]) -> list[str]:
    """Replace the YAML files of ``directory`` with ``rendered`` all at once.

    Returns the names of the files whose content changed (see :func:`write_rules_dirs`).
    """
    return write_rules_dirs({directory: rendered})[directory]


def changed_files(directory: Path, rendered: Mapping[str, str]) -> list[str]:
    """The files of ``directory`` that writing ``rendered`` would change, add or remove."""
    changed = [
        name
        for name, text in rendered.items()
        if not (directory / name).exists() or (directory / name).read_text(encoding="utf-8") != text
    ]
    # Section files that the new content no longer has (a section emptied by the edition).
    stale = (
        [p.name for p in directory.glob("*.yaml") if p.name not in rendered]
        if directory.is_dir() and META_FILE in rendered
        else []
    )
    return sorted(changed + stale)


def write_rules_dirs(
    rendered: Mapping[Path, Mapping[str, str]],
    *,
    validate: Callable[[Mapping[Path, Path]], None] | None = None,
    dry_run: bool = False,
) -> dict[Path, list[str]]:
    """Replace several directories (rules/ja, rules/en, rules/sources) together, or none.

    Each directory is written whole into a staged copy beside it: its files named in
    ``rendered`` with the new text, its other files copied, except (in a rules directory,
    one with a meta.yaml) the section files that ``rendered`` no longer has. ``validate``
    gets {directory: staged copy} and raises to refuse; nothing has been touched then. The
    copies are switched in by :func:`judge_cli.corpus.switch.switch_dirs`: a reader sees the
    old directories or the new ones, whenever the writer is stopped.
    ``dry_run`` stages and validates, then discards. Returns, for each directory, the names
    of the files whose content changed.
    """
    from judge_cli.corpus.switch import stage_copy, stage_file, switch_dirs

    changed = {d: changed_files(d, files) for d, files in rendered.items()}
    if not any(changed.values()):
        return changed
    roots = {d.parent for d in rendered}
    if len(roots) != 1:
        raise ValueError("the directories switched together must share one parent")

    def filler(directory: Path) -> Callable[[Path], None]:
        files = rendered[directory]
        corpus = META_FILE in files

        def fill(staged: Path) -> None:
            if directory.is_dir():
                for p in sorted(directory.iterdir()):
                    if p.name in files or (corpus and p.suffix == ".yaml"):
                        continue
                    stage_copy(staged, p)
            for name, text in files.items():
                stage_file(staged, name, text)

        return fill

    switch_dirs(
        roots.pop(),
        {d: filler(d) for d in rendered if changed[d]},
        validate=None
        if validate is None
        else lambda staged: validate(_with_unchanged(staged, rendered)),
        dry_run=dry_run,
    )
    return changed


def _with_unchanged(staged: Mapping[Path, Path], rendered: Mapping[Path, Any]) -> dict[Path, Path]:
    """The staged copies, and each unchanged directory as itself (validation reads them all)."""
    return {d: staged.get(d, d) for d in rendered}

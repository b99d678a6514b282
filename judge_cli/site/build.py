"""``seven site``: the rules, the cards and the rulings as a static site, written in one go.

Every page is rendered by the jinja2 templates in site/templates from the corpus
(:mod:`judge_cli.site.pages`), the card designs, and the rulings with their replays
(:mod:`judge_cli.site.rulings`); the search index is the lookup index of ``seven judge``
(:mod:`judge_cli.site.search_index`), searched in the browser by site/static/search.js.

The site is written to a temporary folder beside the output and moved into place when it
is complete, so a failed build leaves nothing half-written; a folder that holds anything
but an earlier site is never overwritten.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from judge_cli.errors import InputError

HERE = Path(__file__).resolve().parent
MARKER = ".seven-site"
"""The file that marks a folder as a site seven wrote (and may replace)."""
SITE_LIMIT = 5 * 1024 * 1024
PAGE_LIMIT = 200 * 1024

WORDS: dict[str, dict[str, str]] = {
    "skip": {"ja": "本文へ移動", "en": "Skip to the content"},
    "nav": {"ja": "サイト内の移動", "en": "Site"},
    "rules": {"ja": "総合ルール", "en": "Rules"},
    "glossary": {"ja": "用語集", "en": "Glossary"},
    "cards": {"ja": "カード", "en": "Cards"},
    "rulings": {"ja": "裁定例", "en": "Rulings"},
    "language": {"ja": "表示する言語", "en": "Language shown"},
    "search": {"ja": "検索", "en": "Search"},
    "search_label": {"ja": "ルールを検索", "en": "Search the rules"},
    "placeholder": {"ja": "到達、603.1、接触したら…", "en": "arrival, 603.1, contact…"},
    "search_hint": {
        "ja": "条文番号、用語、読み、ローマ字、質問で検索できます。",
        "en": "Search by article number, term, reading, romaji or a question.",
    },
    "noscript": {
        "ja": "検索にはJavaScriptが必要です。",
        "en": "Search needs JavaScript.",
    },
    "made_by": {"ja": "seven site で作成", "en": "Made by seven site"},
    "source": {"ja": "出典", "en": "Source"},
    "contents": {"ja": "目次", "en": "Contents"},
    "sections": {"ja": "前後の章", "en": "Sections"},
    "intro": {
        "ja": "日本語の条文は発行元の原文どおり。〔編集〕の付いた部分は編集によるもの。",
        "en": "The English is an editorial translation; the Japanese text, the publisher's, "
        "decides. Parts marked [editorial] are ours.",
    },
    "cards_intro": {
        "ja": "0th EDITION REMAKEの全デザイン。印刷された文章と公式の注記は発行元のもの。",
        "en": "Every design of the 0th EDITION REMAKE; printed texts and official notes "
        "are the publisher's.",
    },
    "rulings_intro": {
        "ja": "争点になった局面をエンジンで再現した裁定例。手順ごとに根拠の条文を示す。",
        "en": "Disputed positions replayed through the engine, each step with the "
        "articles that decide it.",
    },
    "cited": {"ja": "この裁定の条文（全文）", "en": "The articles of this ruling (full text)"},
    "legend": {"ja": "図の見方", "en": "How to read the diagrams"},
    "notes": {"ja": "公式の注記", "en": "Official notes"},
    "named_in": {"ja": "この名を挙げる条文", "en": "Named in"},
    "left_out": {"ja": "載せていない裁定例", "en": "Rulings left out"},
    "basic": {"ja": "★基本効果", "en": "★ Basic Effect"},
    "arrival": {"ja": "●到達効果", "en": "● Arrival Effect"},
    "hand": {"ja": "■手札効果", "en": "■ Hand Effect"},
    "normal": {"ja": "通常カード", "en": "normal card"},
    "first": {"ja": "ファーストカード", "en": "First card"},
    "eternal": {"ja": "エターナルカード", "en": "Eternal card"},
}


@dataclass
class SiteReport:
    """What a build wrote: file count, bytes, the largest page, and what it left out."""

    out: Path
    files: int
    bytes: int
    largest_page: tuple[str, int]
    problems: list[str] = field(default_factory=list)


class _Writer:
    """Collects the files of the site (path relative to the root → bytes)."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}

    def add(self, path: str, content: str | bytes) -> None:
        self.files[path] = content.encode("utf-8") if isinstance(content, str) else content


def _env(langs: Sequence[str]) -> jinja2.Environment:
    from judge_cli.render.sheet_html import TEMPLATES, _globals
    from judge_cli.render.words import COLOURS
    from judge_cli.site.urls import article_href

    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [jinja2.FileSystemLoader(HERE / "templates"), jinja2.FileSystemLoader(TEMPLATES)]
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    _globals(env)  # say, label, misc, anchor, swatch: the sheet's words and helpers

    def w(key: str) -> str:
        return " / ".join(dict.fromkeys(WORDS[key][x] for x in langs))

    env.globals.update(
        w=w,
        w_in=lambda key, lang: WORDS[key].get(lang, WORDS[key]["en"]),
        article_href=article_href,
        colour_name=lambda c: " / ".join(dict.fromkeys(COLOURS[c][x] for x in langs)),
        kind_name=lambda k: " / ".join(dict.fromkeys(WORDS[k][x] for x in langs)),
        effect_label=lambda kind, lang: WORDS[kind][lang],
    )
    return env


def build_site(out: Path, lang: str = "both") -> SiteReport:
    """Write the whole site for ``lang`` (ja, en or both) into ``out``."""
    _check_target(out)
    files, problems = render_site(lang)
    total = sum(len(b) for b in files.values())
    pages = {p: len(b) for p, b in files.items() if p.endswith(".html")}
    largest = max(pages.items(), key=lambda kv: kv[1])
    _write_atomically(out, files)
    return SiteReport(out, len(files), total, largest, problems)


def render_site(lang: str = "both") -> tuple[dict[str, bytes], list[str]]:
    """Every file of the site (path → bytes) and the rulings left out, with reasons."""
    from judge_cli.cards import load_designs
    from judge_cli.corpus.edition import edition_of
    from judge_cli.corpus.ids import ArticleId
    from judge_cli.corpus.store import load_corpus
    from judge_cli.lookup.index import load_index
    from judge_cli.render.sheet import translation_notes
    from judge_cli.rulings import load_rulings
    from judge_cli.site.pages import Links, design_view, section_nodes
    from judge_cli.site.rulings import ruling_pages
    from judge_cli.site.search_index import index_script, site_tables
    from judge_cli.site.urls import (
        article_href,
        card_href,
        root_of,
        ruling_href,
        section_page,
    )

    if lang not in ("ja", "en", "both"):
        raise InputError(f"unknown language {lang!r}", hint="use ja, en or both")
    corpora = [load_corpus("ja"), load_corpus("en")] if lang == "both" else [load_corpus(lang)]
    ja = corpora[0]  # gives the structure; the English takes its references from the Japanese
    langs = [c.lang for c in corpora]
    designs = load_designs()
    rulings = load_rulings()
    links = Links(corpora, designs)
    env = _env(langs)
    w = _Writer()
    editions = [
        {"lang": c.lang, "label": edition_of(c).label(), "title": edition_of(c).title}
        for c in corpora
    ]
    notes = translation_notes(corpora)
    common = {
        "langs": langs,
        "default_show": "both" if len(langs) > 1 else langs[0],
        "editions": editions,
        "translated": notes[0] if notes else "",
    }

    def page(path: str, template: str, title: str, **ctx: Any) -> None:
        html = env.get_template(template).render(
            root=root_of(path), title=title, path=path, **common, **ctx
        )
        w.add(path, html)

    def titles(aid: ArticleId) -> dict[str, str]:
        return {c.lang: c.articles[aid].title or "" for c in corpora if aid in c.articles}

    sections = [a for a in ja.ids() if a.kind == "section"]
    toc = []
    for sec in sections:
        groups = [
            {"id": str(g), "href": article_href(str(g)), "titles": titles(g)}
            for g in ja.children.get(sec, [])
            if g.kind == "group"
        ]
        toc.append(
            {
                "id": str(sec),
                "href": section_page(str(sec)),
                "titles": titles(sec),
                "groups": groups,
            }
        )

    from judge_cli.site.svgmin import Classes

    classes = Classes()
    pages, problems = ruling_pages(corpora, rulings, classes)
    rulings_of_design: dict[str, list[tuple[str, str]]] = {}
    for p in pages:
        for d in p.designs:
            rulings_of_design.setdefault(d, []).append(
                (p.ruling["title"][langs[0]], ruling_href(p.ruling["id"]))
            )

    for i, sec in enumerate(sections):
        path = section_page(str(sec))
        nav = {}
        for key, j in (("prev", i - 1), ("next", i + 1)):
            if 0 <= j < len(sections):
                other = sections[j]
                nav[key] = {
                    "id": str(other),
                    "title": titles(other).get(langs[0], ""),
                    "href": f"../{section_page(str(other))}",
                }
        page(
            path,
            "section.html.j2",
            f"{sec} {titles(sec).get(langs[0], '')}",
            nodes=section_nodes(corpora, str(sec), rulings, links),
            prev=nav.get("prev"),
            next=nav.get("next"),
        )

    views = []
    for d in designs.values():
        v = design_view(d, langs)
        v["named_in"] = [(aid, article_href(aid)) for aid in links.card_names.get(d.id, [])]
        v["rulings"] = rulings_of_design.get(d.id, [])
        views.append(v)
    page("cards.html", "cards.html.j2", WORDS["cards"][langs[0]], designs=views)

    groups: dict[str, list[dict[str, Any]]] = {}
    for p in pages:
        r = p.ruling
        folder = r["id"].rsplit("/", 1)[0] if "/" in r["id"] else "."
        groups.setdefault(folder, []).append(
            {
                "href": ruling_href(r["id"]),
                "title": {x: r["title"][x] for x in langs},
                "articles": [(a, article_href(a)) for a in r["articles"] if ja.has(a)],
            }
        )
        path = ruling_href(r["id"])
        page(
            path,
            "ruling.html.j2",
            r["title"][langs[0]],
            page=p,
            quoted_sections=[a for a in p.sheet.articles if a.id in r["articles"]],
            cited=[(a, article_href(a)) for a in r["articles"] if ja.has(a)],
            designs=[
                (getattr(designs[d].name, langs[0]), card_href(d))
                for d in p.designs
                if d in designs
            ],
        )
    page(
        "rulings.html",
        "rulings.html.j2",
        WORDS["rulings"][langs[0]],
        groups=sorted(groups.items()),
        problems=problems,
    )
    page(
        "index.html",
        "index.html.j2",
        editions[0]["title"],
        sections=toc,
        n_cards=len(designs),
        n_rulings=len(pages),
    )
    page("search.html", "search.html.j2", WORDS["search"][langs[0]])

    index = load_index()
    shown = _shown(index, corpora, designs)
    w.add("assets/search-index.js", index_script(site_tables(index), shown))
    w.add("assets/board.css", classes.css())
    for name in ("site.css", "site.js", "search.js", "icon.svg"):
        w.add(f"assets/{name}", (HERE / "static" / name).read_bytes())
    w.add("manifest.webmanifest", _manifest(editions[0]["title"]))
    w.add("sw.js", _service_worker(w.files))
    w.add(MARKER, "seven site\n")
    return w.files, problems


def _shown(index: dict[str, Any], corpora: Sequence[Any], designs: dict[str, Any]) -> dict:
    """What a search result shows: id → [page, {lang: first line, term or card name}]."""
    from judge_cli.site.urls import article_href, card_href

    langs = [c.lang for c in corpora]
    shown: dict[str, Any] = {}
    for aid, node in index["nodes"].items():
        shown[aid] = [article_href(aid), {x: node["first"].get(x, "") for x in langs}]
    for c in corpora:
        for g in c.glossary:
            entry = shown.setdefault(g.id, [article_href(g.id), {}])
            entry[1][c.lang] = g.term + (f" — {g.note}" if g.note else "")
    for d in designs.values():
        shown[d.id] = [card_href(d.id), {x: getattr(d.name, x) for x in langs}]
    return shown


def _manifest(title: str) -> str:
    return json.dumps(
        {
            "name": f"seven: {title}",
            "short_name": "seven",
            "start_url": "index.html",
            "scope": "./",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#1f5fbf",
            "icons": [{"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml"}],
        },
        ensure_ascii=False,
        indent=1,
    )


def _service_worker(files: dict[str, bytes]) -> str:
    """sw.js: caches every file of the site on install, then answers from the cache (the
    site works offline after the first visit over HTTPS). Its cache name is a hash of the
    content, so a new build replaces the old cache."""
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.encode() + b"\0" + files[path])
    listing = sorted(p for p in files if not p.startswith("."))
    template = (HERE / "static" / "sw.js").read_text(encoding="utf-8")
    return template.replace("__VERSION__", digest.hexdigest()[:16]).replace(
        "__FILES__", json.dumps(["./", *listing], ensure_ascii=False)
    )


def _check_target(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise InputError(f"{str(out)!r} is a file, not a folder", hint="give a folder: -o site/")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).exists():
        raise InputError(
            f"the folder {str(out)!r} is not empty and does not hold a site seven wrote",
            hint="give a new or empty folder, or one an earlier `seven site` wrote",
        )


def _write_atomically(out: Path, files: dict[str, bytes]) -> None:
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for rel, data in files.items():
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        os.chmod(tmp, 0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
            old.rmdir()
            out.rename(old)
            tmp.rename(out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise

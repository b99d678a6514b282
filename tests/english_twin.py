"""A stand-in English corpus for the tests while rules/en is not on main.

Every Japanese article, title, item, icon, glossary entry and passage gets an English twin
that satisfies ``seven check`` (ASCII text, the `translates` hash of the Japanese), so that
a test can see exactly which translations an import makes stale.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from judge_cli.corpus.files import read_rules_dir, render_rules_dir, write_rules_dir
from judge_cli.corpus.importer import text_hash
from judge_cli.corpus.model import Icon, Items


def write_english_twin(rules: Path) -> None:
    """Write rules/en beside ``rules``/ja unless the repository already has one."""
    en_dir = rules / "en"
    if en_dir.is_dir() and any(en_dir.glob("*.yaml")):
        return
    ja = read_rules_dir(rules / "ja", "ja")
    assert not ja.problems, ja.problems
    articles = []
    for a in ja.articles:
        en = replace(
            a,
            title=f"Title of {a.id}" if a.title else None,
            text=f"Translation of article {a.id}." if a.text is not None else None,
            translates=text_hash(a.text) if a.text is not None else None,
            icons=tuple(Icon("Translation", f"icon {i}") for i, _ in enumerate(a.icons)),
            items=Items(
                tuple(f"Item {n} of {a.id}." for n, _ in enumerate(a.items.items, 1)),
                "Evidence.",
                a.items.refs,
            )
            if a.items
            else None,
            reading=None,
        )
        articles.append(en)
    glossary = [
        replace(g, term=f"term {i}", ja=g.term, note="Note." if g.note else None, readings=())
        for i, g in enumerate(ja.glossary)
    ]
    passages = [replace(p, text=f"Passage {p.id}.") for p in ja.passages]
    meta = {
        "language": "en",
        "title": "7 SHADES OF S:EVEN Comprehensive Rules",
        "edition": ja.meta["edition"],
        "date_kind": "translated",
        "source": "test translation",
    }
    write_rules_dir(en_dir, render_rules_dir(meta, articles, passages, glossary))

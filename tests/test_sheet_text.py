"""Properties of the pieces ruling sheets are made of: Markdown escaping and article
selections (``--articles 801-808``)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.corpus.selection import select_articles
from judge_cli.corpus.store import load_corpus
from judge_cli.render.sheet_html import md_escape

SPECIAL = set("\\`*_[]<>|~&#!")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text, flags=re.S)


@given(
    st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from("\r\n-+#>1.) "), max_size=80)
)
def test_markdown_escaping_keeps_the_text_and_leaves_nothing_active(text: str) -> None:
    out = md_escape(text)
    assert _unescape(out) == text.replace("\r\n", "\n").replace("\r", "\n")
    bare = re.sub(r"\\.", "", out, flags=re.S)  # what is left outside escapes
    assert not SPECIAL & set(bare)
    # An escaped character is inert, but it is still there: it keeps what precedes it from
    # standing alone on its line ("=\\|" is no setext underline). Hard breaks stay line ends.
    inert = re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "\n" else "x", out, flags=re.S)
    for line in inert.split("\n"):
        # Nothing opens a list, a heading, a quote or a setext underline.
        assert not re.match(r"\s*([-+=>]|\d+[.)])(\s|$)", line), line


JA = load_corpus("ja")
ORDER = JA.ids()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(ORDER) - 1), st.integers(0, len(ORDER) - 1))
def test_a_range_selects_exactly_what_lies_inside_it(i: int, j: int) -> None:
    first, last = ORDER[min(i, j)], ORDER[max(i, j)]
    heads = select_articles(JA, f"{first}-{last}")
    end = ORDER.index(JA.subtree(last)[-1].id)
    span = set(ORDER[ORDER.index(first) : end + 1])
    inside = {a for a in span if all(d.id in span for d in JA.subtree(a))}
    covered = [d.id for h in heads for d in JA.subtree(h)]
    assert set(covered) == inside
    assert len(covered) == len(set(covered))  # no head inside another
    assert heads == sorted(heads, key=ORDER.index)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(ORDER) - 1))
def test_a_single_id_selects_itself_with_everything_under_it(i: int) -> None:
    aid = ORDER[i]
    assert select_articles(JA, str(aid)) == [aid]
    assert select_articles(JA, f"{aid}, {aid}") == [aid]

"""The question layer (rules/players/questions.yaml) as the lookup index holds it."""

from __future__ import annotations

from judge_cli.lookup.index import load_index, part


def test_question_tables_hold_single_words_only() -> None:
    """The question stage compares single words; a pair of neighbouring English words would
    only make the index and the site's search index larger."""
    index = load_index()
    for lang in ("ja_q", "en_q"):
        post = part(index, "fulltext", lang)["post"]
        assert post, lang
        assert not [t for t in post if "+" in t], lang


def test_question_docs_keep_the_words_of_an_english_question() -> None:
    from judge_cli.lookup.build import _question_docs

    docs = _question_docs(
        {"506.2": ["can I move into a hole"]}, lambda q: [*q.split(), "move+hole"]
    )
    assert docs == [("506.2", {"can": 1, "I": 1, "move": 1, "into": 1, "a": 1, "hole": 1})]

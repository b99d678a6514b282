"""The model of which article a question is about (judge_cli/lookup/model.py): its counts,
its ids, and how it reorders the candidates the words stage found about as well."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_cli.lookup import model
from judge_cli.lookup import search as search_module
from judge_cli.lookup.index import load_index, part
from judge_cli.lookup.search import (
    MODEL_HOWS,
    MODEL_LEADS,
    MODEL_SHOWN,
    WORDS_WEAK,
    Match,
    _model_leads,
    _model_posterior,
    _model_reorders,
    _model_shows,
    search,
)


@pytest.fixture(scope="module")
def index():
    return load_index()


def test_every_article_the_model_can_give_exists_in_the_corpus(index, ja) -> None:
    for name in ("ja_model", "en_model"):
        table = part(index, "fulltext", name)
        assert len(table["ids"]) > 300
        for aid in table["ids"]:
            assert ja.has(aid), (name, aid)


def test_the_model_is_counted_from_the_example_questions_and_the_text(index) -> None:
    """Each article's samples are its example questions (questions.yaml's and
    questions-more.yaml's) and its own text, and the counts add up: a pair of characters
    players write (もら of もらえる) is a feature of 604.2."""
    from judge_cli.corpus.playerwords import load_player_words

    table = part(index, "fulltext", "ja_model")
    words = load_player_words()
    questions = words.samples()["604.2"]["ja"]
    assert len(questions) > len(words.questions["604.2"]["ja"])
    c = table["ids"].index("604.2")
    assert table["samples"][c] == len(questions) + 1
    assert any(doc == c for doc, _n in model.postings(table["post"]["~もら"]))
    counts = [n for p in table["post"].values() for doc, n in model.postings(p) if doc == c]
    assert sum(counts) == table["len"][c]


def test_the_posterior_is_a_distribution_and_ignores_unknown_features(index) -> None:
    table = part(index, "fulltext", "ja_model")
    p = model.posterior(table, ["到達効果", "~もら", "~えな", "no such feature"])
    assert math.isclose(sum(p.values()), 1.0)
    assert model.posterior(table, ["no such feature"]) == {}
    assert p == model.posterior(table, ["到達効果", "~もら", "~えな"])


@pytest.mark.parametrize(
    ("query", "expected", "without"),
    [
        # 503.3 (one lock a turn, by a card's effect too) against 702.2 (two shards in one
        # slot): the words hold both; what players ask of 503.3 says it.
        ("効果でロックするときも1枚まで？", "503.3", "702.2"),
        # 604.2 (the arrived card goes to the hand) against 604.5 (an effect that says it
        # gives no arrival effect).
        ("到達効果のカードは手札に入る？", "604.2", "604.5"),
    ],
)
def test_503_3_and_604_2_near_ties_are_decided_by_what_players_ask(
    index, monkeypatch, query, expected, without
) -> None:
    assert search(index, query, limit=1)[0].id == expected
    monkeypatch.setattr(model, "WEIGHT", 0.0)
    assert search(index, query, limit=1)[0].id == without


def test_a_term_or_number_is_never_reordered(index) -> None:
    assert search(index, "到達", limit=1)[0].id == "603"
    assert search(index, "507.4", limit=1)[0].id == "507.4"


QUERIES = [
    "移動したあと接触もしていい？",
    "到達したカードはもらえるの？",
    "相手のコマが乗ってるマスに乗れる？",
    "can I skip my lock phase",
    "where is each gate on the grid",
]
HOWS = [*MODEL_HOWS, "within", "contrast", "exact"]
VIAS = ["fulltext", "fulltext", "fulltext", "term", "number"]


@st.composite
def ranked_lists(draw):
    ids = part(load_index(), "fulltext", "ja_model")["ids"]
    n = draw(st.integers(2, 12))
    chosen = draw(st.lists(st.sampled_from(ids), min_size=n, max_size=n, unique=True))
    scores = sorted(
        draw(st.lists(st.floats(55, 93, allow_nan=False), min_size=n, max_size=n)), reverse=True
    )
    out = []
    for aid, score in zip(chosen, scores, strict=True):
        m = Match(aid, score, draw(st.sampled_from(VIAS)), how=draw(st.sampled_from(HOWS)))
        m.kind = draw(st.sampled_from(["article", "article", "card"]))
        out.append(m)
    return out


@settings(max_examples=150, deadline=None)
@given(ranked=ranked_lists(), query=st.sampled_from(QUERIES))
def test_the_model_moves_only_words_candidates_within_reach_and_scores_stay_in_order(
    ranked, query
) -> None:
    index = load_index()
    before = [(m, m.score) for m in ranked]
    was = {id(m): m.score for m in ranked}
    top, best = ranked[0], ranked[0].score
    out = _model_reorders(index, query, list(ranked))
    assert sorted(map(id, out)) == sorted(map(id, ranked))
    for n, (m, score) in enumerate(before):
        assert out[n].score == score  # the places change, not the scores
        if out[n] is not m:
            for moved in (m, out[n]):
                assert moved.via == "fulltext" and moved.how in MODEL_HOWS
                assert moved.kind != "card" and was[id(moved)] >= best - model.REACH
                assert n < model.DEPTH
    if top.via != "fulltext" or top.how not in MODEL_HOWS or top.kind == "card":
        assert [m for m, _ in before] == out


def test_604_2_the_article_the_model_is_sure_of_is_shown_third(index) -> None:
    """Words that found three other articles first: the article the model is sure of is
    shown third, found anew (how: model) or moved up from further down."""
    q = "到達したカードは手札にもらえる？"
    p = _model_posterior(index, q)
    assert max(p, key=p.get) == "604.2" and p["604.2"] >= MODEL_SHOWN
    others = [
        Match(aid, 80.0 - n, "fulltext", how="words")
        for n, aid in enumerate(["604.4", "604.5", "605.1", "609.2"])
    ]
    out = _model_shows(index, q, list(others))
    assert out[:2] == others[:2] and out[3:] == others[2:]
    assert (out[2].id, out[2].how, out[2].score) == ("604.2", "model", 78.0)

    further = [*others, Match("604.2", 60.0, "fulltext", how="question")]
    out = _model_shows(index, q, list(further))
    assert [m.id for m in out] == ["604.4", "604.5", "604.2", "605.1", "609.2"]
    assert out[2].how == "question" and out[2].score == 78.0

    shown = [others[0], further[-1], *others[1:]]
    assert _model_shows(index, q, list(shown)) == shown
    term = [Match("603", 100.0, "term"), *others]
    assert _model_shows(index, q, list(term)) == term
    # A card the question names leads: the article the model is sure of is shown third too.
    card = Match("red-jump-pad", 91.0, "term", how="within")
    card.kind = "card"
    out = _model_shows(index, q, [card, *others])
    assert [m.id for m in out[:4]] == ["red-jump-pad", "604.4", "604.2", "604.5"]


def test_604_2_the_article_the_model_is_all_but_certain_of_leads_a_weak_words_answer(
    index, monkeypatch
) -> None:
    """Below WORDS_WEAK the words' first yields to the article the model gives MODEL_LEADS
    or more, at the first's score; a strong words answer, a less certain model, a term and a
    card stay as they are."""
    q = "到達したカードってそのあと手札にもらう？"
    p = _model_posterior(index, q)
    assert max(p, key=p.get) == "604.2" and p["604.2"] >= 0.95
    # The threshold at (or below) what the model gives: the mechanism is under test here.
    monkeypatch.setattr(search_module, "MODEL_LEADS", min(MODEL_LEADS, p["604.2"]))

    def ranked(top: float, first: str = "604.4", how: str = "words") -> list[Match]:
        out = [Match(first, top, "fulltext" if how == "words" else "term", how=how)]
        out += [
            Match(a, top - 3 - n, "fulltext", how="words") for n, a in enumerate(["605.1", "604.2"])
        ]
        return out

    weak = ranked(WORDS_WEAK - 1)
    out = _model_leads(index, q, list(weak))
    assert [m.id for m in out] == ["604.2", "604.4", "605.1"]
    assert out[0].score == WORDS_WEAK - 1
    strong = ranked(WORDS_WEAK)
    assert _model_leads(index, q, list(strong)) == strong
    term = ranked(80.0, "603", "exact")
    assert _model_leads(index, q, list(term)) == term
    card = ranked(80.0, "red-jump-pad")
    card[0].kind = "card"
    assert _model_leads(index, q, list(card)) == card
    # Nor does the article when the model is less certain of it than MODEL_LEADS.
    monkeypatch.setattr(search_module, "MODEL_LEADS", p["604.2"] + 1e-9)
    again = ranked(WORDS_WEAK - 1)
    assert _model_leads(index, q, list(again)) == again


def test_702_2_a_model_led_answer_is_never_said_to_be_sure(index) -> None:
    """The words find 702.2a first for a pair of Prism Shards locked into one slot, the model
    702.2 (how many locked cards the pair makes): 702.2 leads, said to be low, as the model
    against the words is right about two times in three."""
    q = "Prism Shard pair locked into one slot - is that one locked card or two?"
    first = search(index, q, limit=3)[0]
    assert (first.id, first.confidence) == ("702.2", "low")


def test_questions_of_an_article_the_rules_no_longer_have_reach_no_answer(
    tmp_path, monkeypatch
) -> None:
    """After an import drops an article, its example questions stay until a maintainer moves
    them (`seven check` names them); the index leaves them out, so neither the question stage
    nor the model can answer with an article that is gone."""
    import shutil
    from pathlib import Path

    from judge_cli.lookup.build import build_index

    root = tmp_path / "rules"
    shutil.copytree(Path(__file__).resolve().parent.parent / "rules", root)
    path = root / "players" / "questions.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "  '999.9':\n    ja: [消えた条文の質問？]\n    en: [gone?]\n", "utf-8")
    monkeypatch.setenv("SEVEN_RULES_DIR", str(root))
    from judge_cli.corpus.playerwords import load_player_words

    assert "999.9" in load_player_words().questions
    index = build_index()
    for name in ("ja_q", "en_q", "ja_model", "en_model"):
        assert "999.9" not in part(index, "fulltext", name)["ids"], name


@pytest.mark.parametrize(
    ("name", "asked"), [("questions-more.yaml", False), ("questions-asked.yaml", True)]
)
def test_more_and_asked_questions_teach_the_model_only_and_check_names_their_unknown_ids(
    tmp_path, monkeypatch, name, asked
) -> None:
    """questions-more.yaml's and questions-asked.yaml's questions are samples of the model
    (an asked one counts ASKED_WEIGHT times), not words the full text or the question stage
    reads; an id there that is no article is named by `seven check` with the file and
    line."""
    import shutil
    from pathlib import Path

    from judge_cli.corpus.playerwords import ASKED_WEIGHT, player_word_problems
    from judge_cli.lookup.build import build_index

    times = ASKED_WEIGHT if asked else 1
    root = tmp_path / "rules"
    shutil.copytree(Path(__file__).resolve().parent.parent / "rules", root)
    path = root / "players" / name
    path.write_text(
        "questions:\n  '603.1':\n    ja: [ぴょんぴょこ到達？]\n  '999.9':\n    en: [gone?]\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("SEVEN_RULES_DIR", str(root))
    index = build_index()
    path.write_text("questions: {}\n", encoding="utf-8")
    without = build_index()
    # The words stages read the same tables with the file and without it ...
    for table_name in ("ja", "ja_q", "en", "en_q"):
        assert part(index, "fulltext", table_name) == part(without, "fulltext", table_name)
    # ... the model has one sample more of 603.1 (or ASKED_WEIGHT).
    table, fewer = (part(i, "fulltext", "ja_model") for i in (index, without))
    c = table["ids"].index("603.1")
    assert table["samples"][c] == fewer["samples"][fewer["ids"].index("603.1")] + times
    path.write_text("questions:\n  '999.9':\n    en: [gone?]\n", encoding="utf-8")
    problems = player_word_problems({"603.1"} | set(index["nodes"]))
    assert [(p.file, p.line) for p in problems if "999.9" in p.message] == [
        (f"rules/players/{name}", 2)
    ]


@pytest.mark.parametrize("name", ["questions-more.yaml", "questions-asked.yaml"])
def test_a_malformed_more_or_asked_questions_file_names_itself(tmp_path, name) -> None:
    import shutil
    from pathlib import Path

    from judge_cli.corpus.playerwords import load_player_words
    from judge_cli.errors import CorpusError

    root = tmp_path / "rules"
    shutil.copytree(Path(__file__).resolve().parent.parent / "rules", root)
    (root / "players" / name).write_text(
        "questions:\n  '603.1':\n    fr: [arrivée ?]\n", encoding="utf-8"
    )
    with pytest.raises(CorpusError) as exc:
        load_player_words(root)
    assert f"{name}:2" in str(exc.value)

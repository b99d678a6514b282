"""Tokens for full-text search: character bigrams for Japanese, word stems for English.

The same functions cut the articles when the index is built and the query when it is
searched, so both sides always agree.

>>> ja_grams("山札がなくなったとき、")
['山札', '札が', 'がな', 'なく', 'くな', 'なっ', 'った', 'たと', 'とき']
>>> en_words("What happens when the deck runs out?")
['deck', 'run', 'out']
>>> en_words("If you can neither move nor contact"), en_words("I can't move")
(['not', 'mov', 'not', 'contact'], ['not', 'mov'])
>>> en_words("I don't gain it"), en_words("it doesnt count")
(['not', 'gain'], ['not', 'count'])
>>> en_words("(see 204.2)"), en_words("can I see it")
(['204', '2'], ['see'])
>>> en_words("moved pieces"), en_words("moving piece")
(['mov', 'piec'], ['mov', 'piec'])
>>> en_words("sitting, putting, stopped, added")
['sit', 'put', 'stop', 'add']
"""

from __future__ import annotations

import re
from itertools import pairwise

from judge_cli.lazyre import Lazy
from judge_cli.lookup.normalize import fold

_RUNS = re.compile(r"[\w\u30fc]+")
_WORDS = re.compile(r"[a-z0-9]+")

# Words that say nothing about which rule is meant (question words, articles, pronouns).
EN_STOPWORDS = frozenset(
    (
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "and",
        "or",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "am",
        "do",
        "does",
        "did",
        "what",
        "whats",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "why",
        "how",
        "if",
        "then",
        "than",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "i",
        "me",
        "my",
        "we",
        "us",
        "our",
        "you",
        "your",
        "he",
        "she",
        "they",
        "them",
        "their",
        "can",
        "could",
        "may",
        "might",
        "should",
        "would",
        "will",
        "shall",
        "must",
        "happens",
        "happen",
        "there",
        "here",
        "any",
        "some",
        "many",
        "much",
        "as",
        "so",
        # What an apostrophe leaves (opponent's, I'm, you'll, they're, we've, I'd).
        "s",
        "m",
        "ll",
        "re",
        "ve",
        "d",
    )
)


def ja_grams(text: str) -> list[str]:
    """Character bigrams of the folded text, within runs of letters (punctuation cuts)."""
    out: list[str] = []
    for run in _RUNS.findall(fold(text).replace("_", " ")):
        if len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i : i + 2] for i in range(len(run) - 1))
    return out


_LATIN = re.compile(r"[a-z]+")


def en_grams(text: str) -> list[str]:
    """Character trigrams of each latin word of the folded text, the word between spaces:
    what a misspelt or differently inflected word (discrad, targetting) still shares.

    >>> en_grams("Can't move")
    [' ca', 'can', 'an ', ' t ', ' mo', 'mov', 'ove', 've ']
    """
    out: list[str] = []
    for word in _LATIN.findall(fold(text)):
        padded = f" {word} "
        out.extend(padded[i : i + 3] for i in range(len(padded) - 2))
    return out


STEM_SUFFIXES = (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("es", "e"))
"""The first of these endings a word of more than three letters has is replaced (leaving at
least three letters); else a final s (not ss) goes; then a final e of a longer word."""
DOUBLED = "bdgmnprt"
"""A consonant doubled before -ing or -ed (sitting, stopped, putting) is one in the stem,
when the stem keeps at least three letters (add stays add)."""


def stem(word: str) -> str:
    """A light English stem: plurals and -ing/-ed/-e endings, enough for rules text."""
    if len(word) <= 3:
        return word
    for suffix, repl in STEM_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + repl
            if suffix in ("ing", "ed") and len(word) >= 4 and word[-1] == word[-2] in DOUBLED:
                word = word[:-1]
            break
    else:
        if word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


# Negation matters in rules ("cannot move"), and it is written many ways: one token for all,
# with or without the apostrophe players leave out (don't, dont, doesn't, isnt).
_NEGATION = Lazy(
    r"\b(?:can ?not|cannot|neither|nor|unable|not|"
    r"(?:ca|do|does|did|is|are|was|were|has|have|had|wo|could|would|should|must|need)n'?t)\b"
)
# A cross-reference ("see 204.2") is no word of the rule: a player's "see" is about looking.
_REFERENCE = Lazy(r"\bsee (?=\d)")


# British spellings, as the rules' American English writes them.
SPELLINGS = {
    "colour": "color",
    "colours": "colors",
    "coloured": "colored",
    "colourless": "colorless",
    "neighbour": "neighbor",
    "neighbouring": "neighboring",
    "favour": "favor",
    "behaviour": "behavior",
}


def en_words(text: str) -> list[str]:
    """Stemmed English words without stop words; every negation is the word ``not``;
    British spellings as American (colour → color)."""
    text = _REFERENCE.sub(" ", fold(text).replace("’", "'"))
    words = _WORDS.findall(_NEGATION.sub(" not ", text))
    return [stem(SPELLINGS.get(w, w)) for w in words if w not in EN_STOPWORDS]


def en_tokens(text: str) -> list[str]:
    """:func:`en_words` and each pair of neighbouring words (``forc+mov``): a phrase found
    in order counts for more than its words found apart."""
    words = en_words(text)
    return words + [f"{a}+{b}" for a, b in pairwise(words)]


CARD_NUMBERS = {
    **{w: str(n) for n, w in enumerate(("one", "two", "thre", "four"), 1)},  # as stemmed
    **{w: str(n) for n, w in enumerate("一二三四", 1)},
}
"""Numbers spelt out, as the printed texts write them (２マス, Draw 3 cards)."""


def card_words(words: list[str]) -> list[str]:
    """Words as the cards' own tables hold them: numbers spelt out as digits, and each pair
    of neighbouring words.

    >>> card_words(["draw", "thre"])
    ['draw', '3', 'draw+3']
    """
    words = [CARD_NUMBERS.get(w, w) for w in words]
    return words + [f"{a}+{b}" for a, b in pairwise(words)]

"""The players' words: editorial data beside the rules that ``seven judge`` reads.

- ``rules/players/thesaurus.yaml``: words players say for the rules' words (コマ → 駒,
  token → piece), each entry naming the articles it is about; and contrast pairs,
  neighbouring articles that say opposite things (移動 / 強制移動), so that a lookup never
  shows one of them alone.
- ``rules/players/questions.yaml``: per article, questions a player would ask (ja and en),
  indexed with the article's text.
- ``rules/players/questions-more.yaml``: more such questions, in more voices, that only the
  model of which article a question is about learns from (judge_cli.lookup.model): the words
  stages read questions.yaml alone.
- ``rules/players/questions-asked.yaml``: questions players wrote as they would ask them at
  the table, each filed under the article that decides it; the model learns from them too,
  each counted :data:`ASKED_WEIGHT` times: they are how players ask, where the others are
  how we imagine they ask.

All are ours, not the publisher's: they never appear as rules text. ``seven check`` reports
every id they name that is not an article (:func:`player_word_problems`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judge_cli.corpus.files import Problem
from judge_cli.errors import CorpusError, JudgeError
from judge_cli.paths import rules_root

PLAYERS_DIR = "players"
"""The folder of rules/ that holds them, switched with rules/ja and rules/en by an import."""
THESAURUS = "thesaurus.yaml"
QUESTIONS = "questions.yaml"
MORE_QUESTIONS = "questions-more.yaml"
ASKED_QUESTIONS = "questions-asked.yaml"
ASKED_WEIGHT = 2
"""How many samples of its article the model counts a question of questions-asked.yaml as."""


def _has_japanese(text: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u3400" <= c <= "\u9fff" for c in text)


@dataclass(frozen=True)
class Synonym:
    """Words players say (``say``) for the rules' words (``means``), about ``articles``."""

    say: tuple[str, ...]
    means: tuple[str, ...]
    articles: tuple[str, ...]
    lang: str
    line: int


@dataclass(frozen=True)
class ContrastSide:
    words: tuple[str, ...]
    articles: tuple[str, ...]


@dataclass(frozen=True)
class Contrast:
    """Two neighbouring articles that say opposite things, and the words that name each."""

    sides: tuple[ContrastSide, ContrastSide]
    line: int


@dataclass
class PlayerWords:
    synonyms: list[Synonym] = field(default_factory=list)
    contrasts: list[Contrast] = field(default_factory=list)
    questions: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    """article id → language → questions."""
    question_lines: dict[str, int] = field(default_factory=dict)
    more: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    """article id → language → the questions of questions-more.yaml."""
    more_lines: dict[str, int] = field(default_factory=dict)
    asked: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    """article id → language → the questions of questions-asked.yaml."""
    asked_lines: dict[str, int] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    """What each part was read from (for messages): thesaurus, questions, more, asked → file
    name."""

    def ids(self) -> list[tuple[str, int, str]]:
        """Every article id named, with its file and line."""
        out = []
        t = self.files.get("thesaurus", THESAURUS)
        for s in self.synonyms:
            out += [(t, s.line, a) for a in s.articles]
        for c in self.contrasts:
            out += [(t, c.line, a) for side in c.sides for a in side.articles]
        for name, part, questions, lines in self.question_files():
            shown = self.files.get(part, name)
            out += [(shown, lines.get(a, 1), a) for a in questions]
        return out

    def question_files(self) -> list[tuple[str, str, dict, dict[str, int]]]:
        """Each file of example questions: its name, its part's name, its questions and the
        line of each article."""
        return [
            (QUESTIONS, "questions", self.questions, self.question_lines),
            (MORE_QUESTIONS, "more", self.more, self.more_lines),
            (ASKED_QUESTIONS, "asked", self.asked, self.asked_lines),
        ]

    def samples(self) -> dict[str, dict[str, list[str]]]:
        """Every example question per article and language: questions.yaml's, then
        questions-more.yaml's, then questions-asked.yaml's :data:`ASKED_WEIGHT` times each
        (what the model learns from)."""
        out = {
            aid: {lang: list(qs) for lang, qs in langs.items()}
            for aid, langs in self.questions.items()
        }
        for part, times in ((self.more, 1), (self.asked, ASKED_WEIGHT)):
            for aid, langs in part.items():
                for lang, qs in langs.items():
                    out.setdefault(aid, {}).setdefault(lang, []).extend(
                        q for q in qs for _ in range(times)
                    )
        return out


def _strings(value, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise CorpusError(f"{where}: expected a word or a list of words, got {value!r}")
    return tuple(str(v).strip() for v in value)


def _ids(value, where: str) -> tuple[str, ...]:
    if isinstance(value, (str, int, float)):
        value = [value]
    if not isinstance(value, list) or not value:
        raise CorpusError(f"{where}: `articles` must list article ids, got {value!r}")
    return tuple(str(v) for v in value)


def load_player_words(root: Path | None = None) -> PlayerWords:
    """Read rules/players/thesaurus.yaml, rules/players/questions.yaml,
    rules/players/questions-more.yaml and rules/players/questions-asked.yaml (any may be
    missing).

    Raises :class:`CorpusError` naming the file and line of a malformed entry.
    """
    from judge_cli.yamlio import load_yaml

    root = (root or rules_root()) / PLAYERS_DIR
    words = PlayerWords()
    path = root / THESAURUS
    if path.is_file():
        shown = f"rules/{PLAYERS_DIR}/{THESAURUS}"
        words.files["thesaurus"] = shown
        loaded = load_yaml(path, shown)
        data = loaded.data or {}
        if not isinstance(data, dict):
            raise CorpusError(f"{shown}: expected a mapping with `words` and `contrasts`")
        for n, entry in enumerate(data.get("words") or []):
            line = loaded.line_of(("words", n)) or 1
            where = f"{shown}:{line}"
            if not isinstance(entry, dict) or set(entry) - {"say", "means", "articles"}:
                raise CorpusError(
                    "an entry has `say`, `means` and `articles`", file=shown, line=line
                )
            say = _strings(entry.get("say"), where)
            means = _strings(entry.get("means"), where)
            lang = "ja" if any(_has_japanese(w) for w in (*say, *means)) else "en"
            words.synonyms.append(
                Synonym(say, means, _ids(entry.get("articles"), where), lang, line)
            )
        for n, pair in enumerate(data.get("contrasts") or []):
            line = loaded.line_of(("contrasts", n)) or 1
            where = f"{shown}:{line}"
            if not isinstance(pair, list) or len(pair) != 2:
                raise CorpusError(
                    "a contrast is a pair of {words, articles}", file=shown, line=line
                )
            sides = []
            for side in pair:
                if not isinstance(side, dict) or set(side) != {"words", "articles"}:
                    raise CorpusError("each side has `words` and `articles`", file=shown, line=line)
                sides.append(
                    ContrastSide(_strings(side["words"], where), _ids(side["articles"], where))
                )
            words.contrasts.append(Contrast((sides[0], sides[1]), line))
    for name, part, questions, lines in words.question_files():
        path = root / name
        if path.is_file():
            shown = f"rules/{PLAYERS_DIR}/{name}"
            words.files[part] = shown
            _load_questions(path, shown, questions, lines)
    return words


def _load_questions(path: Path, shown: str, questions: dict, lines: dict) -> None:
    """A file of example questions (article id → ja/en lists) into ``questions``, the line
    of each article into ``lines``."""
    from judge_cli.yamlio import load_yaml

    loaded = load_yaml(path, shown)
    data = (loaded.data or {}).get("questions") if isinstance(loaded.data, dict) else None
    if not isinstance(data, dict):
        raise CorpusError(f"{shown}: expected `questions:` mapping article ids to questions")
    for aid, langs in data.items():
        line = loaded.line_of(("questions", aid)) or 1
        where = f"{shown}:{line}"
        if not isinstance(langs, dict) or set(langs) - {"ja", "en"}:
            raise CorpusError(f"{where}: {aid}: questions are listed under `ja:` and `en:`")
        questions[str(aid)] = {lang: list(_strings(qs, where)) for lang, qs in langs.items()}
        lines[str(aid)] = line


def player_word_problems(known: set[str]) -> list[Problem]:
    """Ids named in the thesaurus or the example questions that are not articles."""
    try:
        words = load_player_words()
    except JudgeError as exc:
        return [Problem(exc.file or "rules", exc.line or 1, exc.message)]
    return [
        Problem(file, line, f"{aid!r} is not an article id")
        for file, line, aid in words.ids()
        if aid not in known
    ]


_QUOTED_ID = re.compile(r"'(\d{3,4}(?:\.\d+[a-z]?(?:-\d+)?)?)'")


def remap_player_words(root: Path, mapping: dict[str, str]) -> dict[str, str]:
    """Follow a renumbering (old id → new id, from ``seven import``) in the players' words
    and example questions, as the importer does for the rest of our editorial data.

    Ids are rewritten in one pass, so chains (105.5 → 105.4 while 105.4 → 105.3) stay right.
    An article that was removed keeps its id, and ``seven check`` names it; but when another
    article is renumbered onto that id (105.4 removed, 105.5 → 105.4), the removed article's
    example questions are dropped: they ask about a text that is gone, and the id is the
    other article's now. Returns the new text of each file of rules/players that changes; the
    importer writes them together with the rest of the corpus, in one switch.
    """
    changed: dict[str, str] = {}
    taken = {new for old, new in mapping.items() if old != new} - set(mapping)
    for name in (THESAURUS, QUESTIONS, MORE_QUESTIONS, ASKED_QUESTIONS):
        path = root / PLAYERS_DIR / name
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        new = _drop_question_blocks(text, taken) if name != THESAURUS else text
        new = _QUOTED_ID.sub(lambda m: f"'{mapping.get(m.group(1), m.group(1))}'", new)
        if new != text:
            changed[name] = new
    return changed


_QUESTION_KEY = re.compile(r"^  '([^']+)':")


def _drop_question_blocks(text: str, ids: set[str]) -> str:
    """questions.yaml without the blocks (an article's key line and the lines indented under
    it) of ``ids``."""
    out, dropping = [], False
    for line in text.splitlines(keepends=True):
        m = _QUESTION_KEY.match(line)
        if m or not line.startswith("   "):
            dropping = bool(m) and m.group(1) in ids
        if not dropping:
            out.append(line)
    return "".join(out)

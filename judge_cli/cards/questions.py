"""Questions a player would ask about a card without its name: editorial, not the publisher's.

``cards/0th-remake.questions.yaml`` holds, per design, questions in Japanese and English that
describe what the card does in players' words (相手と場所入れ替えるやつ, the one that makes
everyone discard their hand) or call it by a nickname (黒い猫のやつ, the volcano one).
Each question and the card's own text are samples of a model of which card a question asks
for (lookup.build._card_model), so that a question asking for a card finds it by the words
players use rather than the printed ones. They are never shown as card text.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from judge_cli.errors import CardDataError
from judge_cli.paths import cards_root

QUESTIONS_FILE = "0th-remake.questions.yaml"
LANGS = ("ja", "en")


@cache
def card_questions(path: Path | None = None) -> dict[str, dict[str, tuple[str, ...]]]:
    """Design id → language → questions; empty when the file does not exist.

    Raises :class:`CardDataError` naming the file and line of a design that does not exist,
    a language other than ja and en, or a question that is not a non-empty string.
    """
    from judge_cli.cards.publisher import load_designs
    from judge_cli.yamlio import load_yaml

    path = path or cards_root() / QUESTIONS_FILE
    if not path.is_file():
        return {}
    shown = str(path)
    loaded = load_yaml(path, shown)
    data = loaded.data
    questions = data.get("questions") if isinstance(data, dict) else None
    if not isinstance(questions, dict):
        raise CardDataError(
            "expected a mapping `questions:` of design id to {ja: [...], en: [...]}", file=shown
        )
    known = load_designs()
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for did, langs in questions.items():
        line = loaded.line_of(("questions", did))
        if str(did) not in known:
            raise CardDataError(f"no card design has the id {did!r}", file=shown, line=line)
        if not isinstance(langs, dict) or not set(langs) <= set(LANGS):
            raise CardDataError(
                f"design {did!r}: expected `ja:` and `en:` lists of questions, got {langs!r}",
                file=shown,
                line=line,
            )
        out[str(did)] = {}
        for lang, qs in langs.items():
            at = loaded.line_of(("questions", did, lang)) or line
            if not isinstance(qs, list) or not all(isinstance(q, str) and q.strip() for q in qs):
                raise CardDataError(
                    f"design {did!r}: `{lang}` must list questions (non-empty strings), got {qs!r}",
                    file=shown,
                    line=at,
                )
            out[str(did)][lang] = tuple(q.strip() for q in qs)
    return out

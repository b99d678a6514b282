"""The names players call a card by its colour and kind: editorial, not the publisher's.

``cards/0th-remake.nicknames.yaml`` lists the words for each colour (緑, グリーン, green) and
for each kind of card (エターナル, キューブ, eternal, first card). A colour and a kind that
one design alone has name it: 緑のエターナル and the green eternal are 奇跡の森 マンズウッド,
桃のキューブ is 桃のキューブ セレナーデ. ``seven judge`` finds a card by them among the other
words of a question, as by a part of its name.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from judge_cli.errors import CardDataError
from judge_cli.paths import cards_root

NICKNAMES_FILE = "0th-remake.nicknames.yaml"
LANGS = ("ja", "en")


def _words(loaded, shown: str, section: str) -> dict[str, dict[str, tuple[str, ...]]]:
    data = loaded.data.get(section) if isinstance(loaded.data, dict) else None
    if not isinstance(data, dict):
        raise CardDataError(
            f"expected a mapping `{section}:` of name to {{ja: [...], en: [...]}}", file=shown
        )
    out = {}
    for name, langs in data.items():
        line = loaded.line_of((section, name))
        if not isinstance(langs, dict) or not set(langs) <= set(LANGS):
            raise CardDataError(
                f"{section} {name!r}: expected `ja:` and `en:` lists of words, got {langs!r}",
                file=shown,
                line=line,
            )
        for lang, words in langs.items():
            if not isinstance(words, list) or not all(
                isinstance(w, str) and w.strip() for w in words
            ):
                raise CardDataError(
                    f"{section} {name!r}: `{lang}` must list words (non-empty strings), "
                    f"got {words!r}",
                    file=shown,
                    line=loaded.line_of((section, name, lang)) or line,
                )
        out[str(name)] = {lang: tuple(w.strip() for w in langs.get(lang, ())) for lang in LANGS}
    return out


@cache
def _load(path: Path | None = None) -> tuple[dict, dict]:
    """The colours' words and the kinds' words of the file, checked against the designs."""
    from judge_cli.cards.publisher import load_designs
    from judge_cli.yamlio import load_yaml

    path = path or cards_root() / NICKNAMES_FILE
    if not path.is_file():
        return {}, {}
    shown = str(path)
    loaded = load_yaml(path, shown)
    colours, kinds = _words(loaded, shown, "colours"), _words(loaded, shown, "kinds")
    designs = load_designs()
    for section, names, field in (("colours", colours, "colour"), ("kinds", kinds, "kind")):
        known = {getattr(d, field) for d in designs.values()}
        for name in names:
            if name not in known:
                raise CardDataError(
                    f"no card design has the {field} {name!r}",
                    file=shown,
                    line=loaded.line_of((section, name)),
                )
    return colours, kinds


def joins(lang: str, first: str) -> tuple[str, ...]:
    """How a word joins the next in a name players say: 緑のエターナル and 緑エターナル,
    赤いキューブ (an adjective takes no の), green eternal."""
    if lang == "en":
        return (" ",)
    return ("",) if first.endswith("い") else ("の", "")


def colour_words(path: Path | None = None) -> dict[str, dict[str, tuple[str, ...]]]:
    """Colour → language → the words players say it with (緑, グリーン, green); empty when
    the file does not exist."""
    return _load(path)[0]


def kind_words(path: Path | None = None) -> dict[str, dict[str, tuple[str, ...]]]:
    """Kind of card → language → the words players say it with (エターナル, eternal)."""
    return _load(path)[1]


@cache
def card_nicknames(path: Path | None = None) -> dict[str, dict[str, tuple[str, ...]]]:
    """Design id → language → the names its colour and kind give it (緑のエターナル,
    green eternal); empty when the file does not exist.

    Raises :class:`CardDataError` naming the file and line of a colour or kind that no design
    has, or of words that are not a list of non-empty strings.
    """
    from judge_cli.cards.publisher import load_designs

    colours, kinds = _load(path)
    designs = load_designs()
    holders: dict[tuple[str, str], list[str]] = {}
    for d in designs.values():
        holders.setdefault((d.colour, d.kind), []).append(d.id)
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for (colour, kind), ids in holders.items():
        if len(ids) != 1 or colour not in colours or kind not in kinds:
            continue
        names = {}
        for lang in LANGS:
            names[lang] = tuple(
                dict.fromkeys(
                    f"{c}{j}{k}"
                    for c in colours[colour][lang]
                    for k in kinds[kind][lang]
                    for j in joins(lang, c)
                )
            )
        out[ids[0]] = names
    return out

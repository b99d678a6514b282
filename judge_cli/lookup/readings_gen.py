"""Generate the kana readings of rules/ja (editorial): ``reading:`` and ``readings:``.

A developer's tool, never imported by seven at run time. It reads rules/ja, computes

- ``reading:`` on every numbered article: its text in hiragana, so that a kana query finds
  kanji text (``やまふだがなくなったら`` → 901.1);
- ``reading:`` on every group or section with a title: the title in hiragana;
- ``readings:`` on every glossary entry: the readings of its term and of its aliases (only
  those that differ from the word itself written in hiragana),

and writes the files back in their canonical form. The analyser is pykakasi (the `readings`
extra: ``pip install -e '.[readings]'``); its mistakes are corrected by the hand-written word
list rules/readings-overrides.yaml, applied before the analyser sees the text. Review the diff
before committing.

Usage: python -m judge_cli.lookup.readings_gen [--check]
  --check   write nothing; exit 1 if the committed readings are not what this script makes.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path

from judge_cli.corpus.files import read_rules_dir, render_rules_dir, write_rules_dir
from judge_cli.lookup.normalize import to_hiragana
from judge_cli.paths import rules_root
from judge_cli.yamlio import load_yaml

OVERRIDES = rules_root() / "readings-overrides.yaml"
_KANJI = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々〆]")


def load_overrides() -> dict[str, str]:
    data = load_yaml(OVERRIDES, "rules/readings-overrides.yaml").data or {}
    words = data.get("words") or {}
    bad = [w for w, r in words.items() if not re.fullmatch(r"[\u3041-\u3096ー]+", str(r))]
    if bad:
        sys.exit(f"rules/readings-overrides.yaml: readings must be hiragana: {bad}")
    return {str(w): str(r) for w, r in words.items()}


class Reader:
    """Kanji text → hiragana: the hand-written words first, then pykakasi."""

    def __init__(self, overrides: dict[str, str]) -> None:
        try:
            import pykakasi
        except ImportError:
            sys.exit("pykakasi is not installed: pip install -e '.[readings]'")
        self._kakasi = pykakasi.kakasi()
        self._words = sorted(overrides.items(), key=lambda kv: -len(kv[0]))

    def __call__(self, text: str) -> str:
        for word, reading in self._words:
            text = text.replace(word, reading)
        return "".join(part["hira"] for part in self._kakasi.convert(text))


def generate(rules: Path) -> dict[str, str]:
    files = read_rules_dir(rules, "ja")
    if files.problems:
        sys.exit("\n".join(str(p) for p in files.problems))
    read = Reader(load_overrides())
    articles = []
    for a in files.articles:
        source = a.text if a.text is not None else a.title
        reading = read(source) if source and _KANJI.search(source) else None
        articles.append(replace(a, reading=reading))
    glossary = []
    for g in files.glossary:
        readings = []
        for word in (g.term, *g.aliases):
            r = read(word)
            if r != to_hiragana(word) and r not in readings:
                readings.append(r)
        glossary.append(replace(g, readings=tuple(readings)))
    return render_rules_dir(files.meta, articles, files.passages, glossary)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--rules", type=Path, default=rules_root() / "ja")
    args = parser.parse_args()
    rendered = generate(args.rules)
    stale = [
        name
        for name, text in rendered.items()
        if not (args.rules / name).exists()
        or (args.rules / name).read_text(encoding="utf-8") != text
    ]
    if args.check:
        if stale:
            print(f"readings out of date in: {', '.join(stale)}", file=sys.stderr)
            return 1
        print("readings are up to date")
        return 0
    changed = write_rules_dir(args.rules, rendered)
    print(f"changed: {', '.join(changed)}" if changed else "nothing changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

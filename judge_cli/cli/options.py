"""Options shared by the commands (language, JSON), and printing helpers."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

import typer


class Lang(StrEnum):
    ja = "ja"
    en = "en"
    both = "both"


LangOption = typer.Option(
    Lang.ja, "--lang", "-l", help="Language of the rules text: ja, en or both."
)
JsonOption = typer.Option(False, "--json", help="Print JSON (a stable interface) instead of text.")


def corpora_for(lang: Lang | str) -> list:
    """The corpora to print for ``--lang``: ja → [ja], en → [en], both → [ja, en]."""
    from judge_cli.corpus.store import load_corpus

    lang = Lang(lang)
    if lang is Lang.both:
        return [load_corpus("ja"), load_corpus("en")]
    return [load_corpus(lang.value)]


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))

"""Loading the corpus of a language, through the compiled index.

``load_corpus("ja")`` is what every command calls. The first run after a change of the YAML
reads and validates it (PyYAML's C loader, pydantic) and pickles the result; later runs only
hash the YAML files and unpickle.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from judge_cli.cache import Reads, cached, code_version, fingerprint, note_digests, recording
from judge_cli.corpus.files import CorpusFiles, problems_summary, read_rules_dir, rules_files
from judge_cli.corpus.model import Corpus
from judge_cli.corpus.switch import recover
from judge_cli.errors import CorpusError
from judge_cli.paths import rules_root

LANGS = ("ja", "en")
_CODE = ("corpus.model", "corpus.files", "corpus.schema", "corpus.ids", "corpus.store")


def rules_dir(lang: str) -> Path:
    if lang not in LANGS:
        raise CorpusError(f"unknown language {lang!r}", hint="use ja or en")
    root = rules_root()
    recover(root)  # an import stopped half-way is finished or rolled back before reading
    return root / lang


def read_corpus_files(lang: str) -> CorpusFiles:
    """Read one language's YAML without the cache (for ``seven check`` and the importer).

    An English corpus takes its references from its Japanese twin: the ids a text points to
    do not depend on the language it is printed in.
    """
    files = read_rules_dir(rules_dir(lang), lang, display_root=rules_root().parent)
    if lang == "en":
        ja = read_rules_dir(rules_dir("ja"), "ja", display_root=rules_root().parent)
        _adopt_refs(files, ja)
    return files


def _adopt_refs(en: CorpusFiles, ja: CorpusFiles) -> None:
    from dataclasses import replace

    by_id = {a.id: a for a in ja.articles}
    for i, a in enumerate(en.articles):
        twin = by_id.get(a.id)
        if twin is None:
            continue
        items = a.items
        if items and twin.items:
            items = replace(items, refs=twin.items.refs)
        en.articles[i] = replace(a, refs=twin.refs, items=items)
    ja_gloss = {g.term: g for g in ja.glossary}
    for i, g in enumerate(en.glossary):
        twin_g = ja_gloss.get(g.ja or "")
        if twin_g is not None:
            en.glossary[i] = replace(g, refs=twin_g.refs)


def _build(lang: str) -> Corpus:
    files = read_corpus_files(lang)
    if files.problems:
        raise CorpusError(
            f"the {lang} rules data has problems:\n  {problems_summary(files.problems)}",
            hint="run `seven check` for the full list",
        )
    return files.to_corpus()


@cache
def _load_corpus(lang: str) -> tuple[Corpus, Reads]:
    paths = rules_files(rules_dir(lang))
    if lang == "en":
        paths += rules_files(rules_dir("ja"))
    if not paths:
        raise CorpusError(f"no rules found in {rules_dir(lang)}")
    key = fingerprint(paths, lang, code_version(*_CODE))
    with recording() as reads:
        corpus = cached(f"corpus-{lang}", key, lambda: _build(lang), valid=_is_corpus(lang))
    return corpus, reads


def _is_corpus(lang: str):
    return lambda value: isinstance(value, Corpus) and value.lang == lang


def load_corpus(lang: str = "ja") -> Corpus:
    """The corpus of ``lang``, from the compiled index when the YAML has not changed."""
    corpus, reads = _load_corpus(lang)
    note_digests(reads.digests, reads.mixed)  # what it rests on, for a build that uses it
    return corpus


load_corpus.cache_clear = _load_corpus.cache_clear  # type: ignore[attr-defined]

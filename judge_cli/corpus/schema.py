"""The schema of the rules YAML files (rules/ja/*.yaml, rules/en/*.yaml), as pydantic models.

Used when the YAML is compiled or checked, never on the lookup path: the compiled index holds
plain dataclasses (:mod:`judge_cli.corpus.model`). Every field that is ours, not the
publisher's, is either named so (``title_editorial``, ``notes``) or carries
``editorial: true``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class IconModel(_Strict):
    """An icon image lost in the copy: it stood right after the text ``after``."""

    after: str = Field(min_length=1)
    label: str = Field(min_length=1)
    editorial: Literal[True]


class ItemsModel(_Strict):
    """Numbered list items lost in the copy, reconstructed from the articles that cite them."""

    editorial: Literal[True]
    evidence: str = Field(min_length=1)
    entries: list[str] = Field(min_length=1)
    refs: list[str] = []


class NoteModel(_Strict):
    """Our note beside an article: a translator's note, a reading of an open case."""

    text: str = Field(min_length=1)
    kind: Literal["translator", "ruling", "note"] = "note"
    editorial: Literal[True]


class ArticleModel(_Strict):
    title: str | None = None
    title_editorial: bool = False
    text: str | None = None
    refs: list[str] = []
    icons: list[IconModel] = []
    items: ItemsModel | None = None
    notes: list[NoteModel] = []
    translates: str | None = None
    """English files: the hash of the Japanese text translated (see ``seven check``)."""
    reading: str | None = None
    """Japanese files: the text in kana, for searching kanji text with a kana query
    (editorial, generated at build time)."""

    @model_validator(mode="after")
    def _title_or_text(self) -> ArticleModel:
        if self.title is None and self.text is None:
            raise ValueError("an article needs a text (numbered article) or a title (group)")
        if self.title_editorial and self.title is None:
            raise ValueError("title_editorial is set but there is no title")
        return self


class PassageModel(_Strict):
    """Unnumbered text at its place: ``before`` or ``after`` an article or glossary entry."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    text: str = Field(min_length=1)
    before: str | None = None
    after: str | None = None
    editorial: bool = False

    @model_validator(mode="after")
    def _one_anchor(self) -> PassageModel:
        if (self.before is None) == (self.after is None):
            raise ValueError("a passage needs exactly one of before: or after:")
        return self


class GlossaryModel(_Strict):
    term: str = Field(min_length=1)
    targets: list[str] = []
    note: str | None = None
    editorial: bool = False
    aliases: list[str] = []
    readings: list[str] = []
    ja: str | None = None
    """English files: the Japanese term this entry translates."""
    refs: list[str] = []
    """Ids a note (※…) mentions."""

    @model_validator(mode="after")
    def _targets_or_note(self) -> GlossaryModel:
        if not self.targets and not self.note:
            raise ValueError(f"glossary entry {self.term!r} needs targets or a note")
        return self


class RulesFileModel(_Strict):
    """One section file, e.g. rules/ja/600-effects.yaml."""

    articles: dict[str, ArticleModel] = {}
    passages: list[PassageModel] = []
    glossary: list[GlossaryModel] = []


class MetaModel(_Strict):
    """rules/<lang>/meta.yaml: which text this corpus is, and where it came from."""

    language: Literal["ja", "en"]
    title: str
    edition: str
    date: str | None = None
    date_kind: Literal["published", "copied", "translated"] | None = None
    source: str
    source_sha256: str | None = None
    imported: str | None = None
    note: str | None = None

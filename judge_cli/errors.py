"""The one error family of seven.

Every error a user can cause (a bad id, a broken YAML file, an illegal declaration) is a
:class:`JudgeError`. The core raises them; the CLI catches them in one place and prints
:meth:`JudgeError.describe` with exit code 1. Nothing else is caught, so a bug still shows
its traceback instead of hiding behind a friendly message.
"""

from __future__ import annotations


class JudgeError(Exception):
    """Base of every error a user of seven can cause.

    ``file`` and ``line`` locate the input (1-based line); ``article`` is the rule that the
    input breaks, where there is one.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        article: str | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.article = article
        self.hint = hint

    def describe(self) -> str:
        """One message: where, what, which article, and what to try."""
        where = ""
        if self.file:
            where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        text = f"{where}{self.message}"
        if self.article:
            text += f" ({self.article})"
        if self.hint:
            text += f"\n  {self.hint}"
        return text

    def __str__(self) -> str:
        return self.describe()


class InputError(JudgeError):
    """A file that cannot be read as what it claims to be (YAML syntax, encoding, size)."""


class ArticleNotFound(JudgeError):
    """An article id, group or section that is not in the corpus."""


class InvalidArticleId(JudgeError):
    """A string that is not an article id at all (bad syntax)."""


class CorpusError(JudgeError):
    """The rules data is inconsistent: schema, order, unresolved references."""


class ImportFailure(JudgeError):
    """The publisher's text cannot be parsed; nothing was written."""


class ScenarioError(JudgeError):
    """A scenario file that is malformed or describes an impossible board."""


class IllegalDeclaration(JudgeError):
    """A declaration the rules forbid; ``article`` names the rule that forbids it."""


class PrintError(JudgeError):
    """A sheet that cannot be printed as it should be (no WeasyPrint, no Japanese font)."""


class LookupFailed(JudgeError):
    """A query that matched nothing; the message names the closest terms."""


class CardDataError(JudgeError):
    """The card data (cards/: the publisher's, or our editorial readings and questions) is
    malformed, or names a design that does not exist."""

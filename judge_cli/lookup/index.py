"""Loading the lookup index: from the cache when the rules YAML has not changed.

The key hashes the bytes of rules/ja and rules/en and the code that shapes the index, like
the corpus cache (:func:`judge_cli.corpus.store.load_corpus`). A hit costs a hash of the
YAML files and one :func:`marshal.load`; a miss builds the index from the corpus
(:mod:`judge_cli.lookup.build`, which imports the heavy parts).
"""

from __future__ import annotations

import marshal

from judge_cli.cache import cached, code_version, fingerprint
from judge_cli.paths import rules_root

# Modules whose code decides what the index holds.
_CODE = (
    "corpus.model",
    "corpus.files",
    "corpus.schema",
    "corpus.ids",
    "corpus.store",
    "lookup.build",
    "lookup.model",
    "lookup.normalize",
    "lookup.romaji",
    "lookup.text",
    "lookup.words",
    "corpus.playerwords",
    "cards.publisher",
    "cards.questions",
    "cards.nicknames",
)

TYPE_CHECKING = False  # typing is not imported on the lookup path (it costs milliseconds)
if TYPE_CHECKING:
    from typing import Any

_loaded: dict[str, Any] = {}


def index_key() -> str:
    from pathlib import Path

    from judge_cli.corpus.switch import recover
    from judge_cli.paths import cards_root

    root = rules_root()
    recover(root)  # an import stopped half-way is finished or rolled back before reading
    paths = [p for lang in ("ja", "en") for p in (root / lang).glob("*.yaml")]
    paths += [*(root / "players").glob("*.yaml"), *cards_root().glob("*.yaml")]
    paths.append(Path(__file__).with_name("kanji_readings.tsv"))
    return fingerprint(paths, "lookup", code_version(*_CODE))


def _is_index(index: Any) -> bool:
    """The shape a lookup needs: a stored index of another shape is rebuilt."""
    return isinstance(index, dict) and all(
        k in index for k in ("format", "langs", "order", "nodes", "entries", "fulltext")
    )


def load_index() -> dict[str, Any]:
    """The lookup index of the rules on disk (memoised per rules state in this process),
    with the rulings index of the scenarios beside it under ``rulings``
    (:func:`judge_cli.rulings.load_rulings`: cached on its own, since scenarios change more
    often than the rules and cost nothing to rebuild compared with the renderings here)."""
    from judge_cli.rulings import load_rulings

    k = index_key()
    index = _loaded.get(k)
    if index is None:
        from judge_cli.errors import CorpusError

        def build() -> dict[str, Any]:
            from judge_cli.lookup.build import build_index

            return build_index()

        index = cached("lookup", k, build, codec="marshal", valid=_is_index)
        if not isinstance(index, dict) or "order" not in index:
            raise CorpusError("the lookup index is damaged", hint="delete the seven cache")
        index["key"] = k
        _loaded.clear()
        _loaded[k] = index
    index["rulings"] = load_rulings()
    return index


def pack(numbers: list[int]) -> bytes:
    """Small whole numbers (postings: a document, or a document and a count) as unsigned
    16-bit numbers: a few thousand short byte strings load in a millisecond, where as many
    tuples of numbers take twenty.

    >>> list(unpack(pack([0, 2, 5, 1])))
    [0, 2, 5, 1]
    """
    from array import array

    if numbers and max(numbers) > 0xFFFF:
        raise ValueError(f"{max(numbers)} does not fit the index's postings (at most 65,535)")
    return array("H", numbers).tobytes()


def unpack(packed: bytes) -> memoryview:
    """The numbers :func:`pack` wrote."""
    return memoryview(packed).cast("H")


def part(index: dict[str, Any], *path: str) -> Any:
    """A section of the index, unpacked on first use (see :mod:`judge_cli.lookup.build`)."""
    node = index
    for name in path[:-1]:
        node = node[name]
    value = node[path[-1]]
    if isinstance(value, bytes):
        value = node[path[-1]] = marshal.loads(value)
    return value

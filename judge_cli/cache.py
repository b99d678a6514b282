"""A compiled-index cache: build something from files once, load it with pickle afterwards.

The key is a hash of the source files' bytes and of the code that builds the index, so an
edited YAML file or an upgraded seven rebuilds it. A cache cannot lie:

- Keyed on the bytes the build actually read. Every file a build reads goes through
  :func:`note_read` (:func:`judge_cli.yamlio.load_yaml` does it), and the key the result is
  stored under is computed from those reads, not from the reading done beforehand to look the
  cache up: a file edited while the index is built is not served afterwards as the current
  text. A build that read one file twice and got two different contents (a file edited
  half-way) is built again, and never stored.
- Validated on load: the stored object says which kind and key it was built for, and the
  caller's ``valid`` checks its shape; anything else (another format, a truncated or
  foreign file) is rebuilt silently.
- Written to a temporary file and renamed into place: a concurrent reader sees the old
  object or the new one.

A cache that cannot be written (read-only home, full disk, no home at all) only costs speed:
the index is built in memory and used.

Looking a cache up hashes its source files; on POSIX systems a file whose device, inode, size,
modification and change times are those it had when it was last hashed is not read again
(the digests memo, beside the cached objects): every write moves the change time, which no
one can set back, and a file written within two seconds of being hashed is never memoised.
"""

from __future__ import annotations

import os
from pathlib import Path

from judge_cli.paths import cache_dir

TYPE_CHECKING = False  # typing is not imported on the lookup path (it costs milliseconds)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

# How a cached object is stored. pickle keeps any object; marshal keeps only plain data
# (dicts, lists, strings, numbers) but loads without importing anything: the lookup index
# of `seven judge` uses it so that a lookup starts in a few milliseconds.
CODECS = ("pickle", "marshal")
MAX_SOURCE_BYTES = 64 * 1024 * 1024
"""A source file larger than this is hashed as unreadable (the reader refuses it anyway)."""
BUILD_ATTEMPTS = 3


def _blake2b():
    try:  # hashlib itself takes blake2b from _blake2; importing hashlib loads OpenSSL (~2 ms)
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - other Python implementations
        from hashlib import blake2b
    return blake2b


def _digest(data: bytes | None) -> str | None:
    return None if data is None else _blake2b()(data, digest_size=16).hexdigest()


def _name(path: str | os.PathLike[str]) -> str:
    return os.path.abspath(os.fspath(path))


# -- what a build read --------------------------------------------------------------------------
class Reads:
    """The files read while recording: absolute path → digest of the bytes; ``mixed`` when
    one file was read with two different contents."""

    def __init__(self) -> None:
        self.digests: dict[str, str | None] = {}
        self.mixed = False

    def note(self, name: str, digest: str | None) -> None:
        seen = self.digests.setdefault(name, digest)
        if seen != digest:
            self.mixed = True


_recording: list[Reads] = []


class recording:
    """Record the files read inside the ``with`` block (nested recorders all see them)."""

    def __enter__(self) -> Reads:
        self.reads = Reads()
        _recording.append(self.reads)
        return self.reads

    def __exit__(self, *exc: object) -> None:
        _recording.remove(self.reads)


def note_read(path: str | os.PathLike[str], data: bytes) -> None:
    """Tell the recording builds that ``path`` was read with these bytes."""
    if _recording:
        note_digests({_name(path): _digest(data)})


def note_digests(digests: dict[str, str | None], mixed: bool = False) -> None:
    for reads in _recording:
        for name, digest in digests.items():
            reads.note(name, digest)
        reads.mixed = reads.mixed or mixed


# -- keys ---------------------------------------------------------------------------------------
class Key(str):
    """A cache key, and what it was computed from: each file's digest and the extra strings."""

    digests: dict[str, str | None]
    extra: tuple[str, ...]

    @classmethod
    def of(cls, digests: dict[str, str | None], extra: tuple[str, ...]) -> Key:
        h = _blake2b()(digest_size=16)
        for s in extra:
            h.update(s.encode())
            h.update(b"\0")
        for name in sorted(digests, key=lambda n: (os.path.basename(n), n)):
            h.update(os.path.basename(name).encode())
            h.update(b"\0")
            h.update((digests[name] or "<missing>").encode())
        key = cls(h.hexdigest())
        key.digests, key.extra = digests, extra
        return key


def fingerprint(paths: Iterable[Path], *extra: str) -> Key:
    """A hash of the files' names and bytes (plus ``extra`` strings).

    A file is read and hashed unless the digests memo (:data:`DIGESTS`) holds its digest
    with the same size, inode, modification and change times: a write changes the change
    time, which no one can set back, so such a file has the bytes it had when hashed. A
    file written less than :data:`RACY_NS` before it was hashed is not memoised (a second
    write within the same tick of the clock could leave its times as they were)."""
    import stat as stat_module

    from judge_cli.fileio import read_regular

    directory = cache_dir() if MEMO_WORKS else None
    memo = _memo(directory) if directory is not None else None
    changed = False
    digests: dict[str, str | None] = {}
    for p in paths:
        name = _name(p)
        try:
            st = os.stat(name)
        except OSError:
            digests[name] = None
            continue
        stamp = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        seen = memo.get(name) if memo is not None else None
        if stat_module.S_ISREG(st.st_mode) and seen is not None and seen[:5] == stamp:
            digests[name] = seen[5]
            continue
        try:
            data: bytes | None = read_regular(p, MAX_SOURCE_BYTES)
        except (OSError, ValueError):
            data = None
        digests[name] = _digest(data)
        settled = _now_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > RACY_NS
        if memo is not None and data is not None and settled:
            memo[name] = (*stamp, digests[name])
            changed = True
    if changed and directory is not None and memo is not None:
        _save_memo(directory, memo)
    return Key.of(digests, extra)


DIGESTS = "digests.marshal"
"""The file in the cache folder that memoises each source file's digest with its stat."""
MEMO_VERSION = 1
RACY_NS = 2_000_000_000
"""A file written this recently (ns) when it is hashed is hashed again next time."""
MEMO_WORKS = os.name == "posix"
"""The memo rests on the POSIX change time, which every write moves and no one can set: on
Windows ``st_ctime`` is the creation time, so every file is read and hashed there. (On a
network filesystem that caches attributes, an edit made on another machine is seen once the
attributes are fetched again, within its attribute timeout: a minute at most by default.)"""
_MEMO: dict[str, dict] = {}
"""The memo of each cache folder read in this process, by the folder."""


def _now_ns() -> int:
    import time

    return time.time_ns()


def _sound(files: object) -> bool:
    """The shape of a memo's files: path → (dev, inode, size, mtime_ns, ctime_ns, digest)."""
    return isinstance(files, dict) and all(
        isinstance(k, str)
        and isinstance(v, tuple)
        and len(v) == 6
        and all(type(n) is int for n in v[:5])
        and isinstance(v[5], str)
        for k, v in files.items()
    )


def _memo(directory: Path) -> dict:
    """The digests memo of ``directory``; empty when there is none or it is not sound (of
    another version, damaged, not ours)."""
    key = str(directory)
    if key not in _MEMO:
        import marshal

        memo: dict = {}
        try:
            with (directory / DIGESTS).open("rb") as f:
                loaded = marshal.loads(f.read())
            if (
                isinstance(loaded, dict)
                and loaded.get("v") == MEMO_VERSION
                and _sound(loaded.get("files"))
            ):
                memo = loaded["files"]
        except Exception:  # missing, truncated, from another version: start afresh
            memo = {}
        _MEMO[key] = memo
    return _MEMO[key]


def _save_memo(directory: Path, memo: dict) -> None:
    """Write the memo whole or not at all (a concurrent writer's memo is as good); one that
    cannot be written only costs the next lookup its reads."""
    import marshal

    from judge_cli.fileio import write_atomic

    try:
        directory.mkdir(parents=True, exist_ok=True)
        write_atomic(directory / DIGESTS, marshal.dumps({"v": MEMO_VERSION, "files": memo}))
    except (OSError, ValueError, TypeError):
        pass


def code_version(*modules: str) -> str:
    """Size and mtime of the modules that shape a cached object (pickles depend on them)."""
    parts = []
    for name in modules:
        p = Path(__file__).resolve().parent.joinpath(*name.split(".")).with_suffix(".py")
        try:
            st = p.stat()
            parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{name}:?")
    return "|".join(parts)


# -- the cache ----------------------------------------------------------------------------------
def _codec(codec: str) -> Any:
    if codec == "marshal":
        import marshal as module
    else:
        import pickle as module
    return module


def _load(path: Path, kind: str, key: str, codec: str, valid: Callable[[Any], bool] | None) -> Any:
    """The stored value, or ``_MISS`` when there is none that is sound for ``key``."""
    module = _codec(codec)
    try:
        with path.open("rb") as f:
            # One read, then loads: marshal.load on a file reads object by object (slow).
            stored = module.loads(f.read())
    except Exception:  # missing, truncated, from another version, not ours: rebuild
        return _MISS
    if not (
        isinstance(stored, dict)
        and stored.get("kind") == kind
        and stored.get("key") == str(key)
        and "value" in stored
    ):
        return _MISS
    value = stored["value"]
    try:
        if valid is not None and not valid(value):
            return _MISS
    except Exception:  # a shape the check did not foresee
        return _MISS
    return value


_MISS = object()


def _store(path: Path, kind: str, key: str, codec: str, value: Any) -> None:
    module = _codec(codec)
    stored = {"kind": kind, "key": str(key), "value": value}
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(4).hex()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open("wb") as f:
            if codec == "marshal":
                module.dump(stored, f)
            else:
                module.dump(stored, f, protocol=module.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        for old in path.parent.glob(f"{kind}-*.{codec}"):
            if old != path:
                old.unlink(missing_ok=True)
    except (OSError, ValueError, TypeError):
        _discard(tmp)


def _discard(path: Path) -> None:
    """Delete a temporary file of a write that failed (if it can be)."""
    import contextlib

    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def cached(
    kind: str,
    key: str,
    build: Callable[[], Any],
    *,
    codec: str = "pickle",
    valid: Callable[[Any], bool] | None = None,
) -> Any:
    """Load ``kind`` for ``key`` from the cache, or build it and store it.

    ``key`` is a :class:`Key` (from :func:`fingerprint`) for a result keyed on files: the
    build is then recorded, and stored under the key of what it read. ``valid`` checks the
    shape of a loaded value; a value that fails it is rebuilt.
    """
    digests = getattr(key, "digests", None)
    directory = cache_dir()
    path = directory / f"{kind}-{key}.{codec}" if directory is not None else None
    if path is not None:
        value = _load(path, kind, key, codec, valid)
        if value is not _MISS:
            if digests is not None:
                note_digests(digests)  # an outer build rests on these files too
            return value
    if digests is None:
        value = build()
        if path is not None:
            _store(path, kind, key, codec, value)
        return value
    for _ in range(BUILD_ATTEMPTS):
        with recording() as reads:
            value = build()
        if not reads.mixed:
            break
    basis = {name: reads.digests.get(name, d) for name, d in digests.items()}
    note_digests(reads.digests, reads.mixed)
    if reads.mixed or directory is None:
        return value  # a file changed while it was read: usable now, never stored
    built = Key.of(basis, key.extra)  # type: ignore[attr-defined]
    _store(directory / f"{kind}-{built}.{codec}", kind, built, codec, value)
    return value

"""A compiled-index cache: build something from files once, load it with pickle afterwards.

The key is a hash of the source files' bytes and of the code that builds the index, so an
edited YAML file or an upgraded seven rebuilds it. A cache that cannot be written (read-only
home, full disk) only costs speed: the index is built in memory and used.
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


def fingerprint(paths: Iterable[Path], *extra: str) -> str:
    """A hash of the files' names and bytes (plus ``extra`` strings)."""
    try:  # hashlib itself takes blake2b from _blake2; importing hashlib loads OpenSSL (~2 ms)
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - other Python implementations
        from hashlib import blake2b
    h = blake2b(digest_size=16)
    for s in extra:
        h.update(s.encode())
    for p in sorted(paths):
        h.update(str(p.name).encode())
        try:
            h.update(p.read_bytes())
        except OSError:
            h.update(b"<missing>")
    return h.hexdigest()


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


def cached(kind: str, key: str, build: Callable[[], Any], *, codec: str = "pickle") -> Any:
    """Load ``kind`` for ``key`` from the cache, or build it and store it."""
    if codec == "marshal":
        import marshal as module
    else:
        import pickle as module
    path = cache_dir() / f"{kind}-{key}.{codec}"
    try:
        with path.open("rb") as f:
            # One read, then loads: marshal.load on a file reads object by object (slow).
            return module.loads(f.read())
    except (OSError, EOFError, ValueError, AttributeError, ImportError, TypeError):
        pass  # missing, truncated or from another version: rebuild
    except Exception as exc:  # pickle.UnpicklingError, without importing pickle for marshal
        if type(exc).__name__ != "UnpicklingError":
            raise
    value = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        with tmp.open("wb") as f:
            if codec == "marshal":
                module.dump(value, f)
            else:
                module.dump(value, f, protocol=module.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        for old in path.parent.glob(f"{kind}-*.{codec}"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
    return value

"""Reading a file someone else may have written (a regular file, of a bounded size), and
writing a file whole or not at all.

Light on purpose (io, os and stat only): the cache's fingerprints use it on the path of every
lookup.
"""

from __future__ import annotations

import io
import os
import stat


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Opened without blocking and checked on the open handle, so that a FIFO, a device
    (/dev/zero, /dev/urandom) or a directory is refused at once, and a file that grows while
    it is read is refused too. Raises :class:`OSError` (``FileNotFoundError``, …) or
    :class:`ValueError` with a message for anything that is not a regular file or too large.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(21, "is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file (a pipe, a device or a socket)")
        if st.st_size > limit:
            raise ValueError(f"the file is larger than {limit // 1024} KiB ({st.st_size} bytes)")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise ValueError(f"the file is larger than {limit // 1024} KiB")
        return b"".join(chunks)
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``path`` so that a reader sees the old content or the new, never half of it, and
    a failure leaves the old file (or none) and no temporary file. A file replaced keeps
    its permissions; a new one gets the ordinary ones (0666 less the umask)."""
    with AtomicFile(path) as f:
        f.write(data)


class AtomicFile:
    """``with AtomicFile(path) as f:`` a new file beside ``path`` to write into, put in its
    place when the block ends without an error, removed when it raises (the rules of
    :func:`write_atomic`, for output written piece by piece, too large to hold whole)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        folder = os.path.dirname(self.path) or "."
        name = f".{os.path.basename(self.path)}.tmp-{os.getpid()}-{os.urandom(3).hex()}"
        self.tmp = os.path.join(folder, name)
        self._file: io.BufferedWriter | None = None

    def __enter__(self) -> io.BufferedWriter:
        try:
            self._mode: int | None = stat.S_IMODE(os.stat(self.path).st_mode)
        except OSError:
            self._mode = None
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        self._file = open(os.open(self.tmp, flags, 0o666), "wb")
        return self._file

    def __exit__(self, kind: object, *rest: object) -> None:
        assert self._file is not None
        try:
            try:
                if kind is None and self._mode is not None:
                    os.fchmod(self._file.fileno(), self._mode)
            finally:
                self._file.close()
            if kind is None:
                os.replace(self.tmp, self.path)
        finally:
            if os.path.lexists(self.tmp):
                os.unlink(self.tmp)

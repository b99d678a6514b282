"""Reading a file someone else may have written (a regular file, of a bounded size), and
writing a file whole or not at all.

Light on purpose (os and stat only): the cache's fingerprints use it on the path of every
lookup.
"""

from __future__ import annotations

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
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    tmp = os.path.join(folder, f".{os.path.basename(path)}.tmp-{os.getpid()}-{os.urandom(3).hex()}")
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = None
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if mode is not None:
                os.fchmod(fd, mode)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        raise

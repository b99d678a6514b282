"""Switching the rules directories (rules/ja, rules/en, rules/sources) to new content at once.

A reader must see the old corpus or the new one, never a mixture, whatever moment a writer is
stopped at (a kill, a full disk, a power cut):

1. Each new directory is written whole beside the old one (``rules/.ja-new-<random>``), its files
   flushed to disk. Until step 2 nothing of the corpus has changed: an interruption leaves
   only these staged copies, which recovery deletes (the switch is rolled back).
2. The journal (``rules/.switch``) is written to a temporary name and renamed into place: one
   atomic step, the commit. It lists each directory and its staged copy.
3. Each directory is moved aside (``rules/.ja-old``) and its staged copy renamed into place;
   then the old copies and the journal are deleted. Every step can be told from the state of
   the directories, so recovery finishes an interrupted switch from the journal (rolls it
   forward) and leaves nothing behind.

:func:`recover` runs before the corpus is read (:func:`judge_cli.corpus.store.rules_dir`,
the lookup index's key) and before an import. A writer holds an exclusive lock on the rules
directory while it stages and switches, so that a reader's recovery never takes a live
import's staged copies for leftovers.

Every write goes through the few primitives below (:func:`_write`, :func:`_rename`,
:func:`_unlink`, :func:`_rmdir`, :func:`_mkdir`, :func:`_copy`), so that a test can stop the
switch at each of them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from judge_cli.lazyre import Lazy

TYPE_CHECKING = False  # recovery runs on the lookup path: typing costs milliseconds
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

JOURNAL = ".switch"
_STAGED = Lazy(r"^\.(?P<name>[^/]+)-new-[A-Za-z0-9_]+$")
_BACKUP = Lazy(r"^\.(?P<name>[^/]+)-old$")
_JOURNAL_TMP = Lazy(rf"^{re.escape(JOURNAL)}\.tmp-\d+$")


# -- the write primitives ----------------------------------------------------------------------
def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory handles
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def _write(path: Path, data: bytes) -> None:
    """Write a new file and flush it to disk."""
    with open(path, "xb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _copy(src: Path, dst: Path) -> None:
    _write(dst, src.read_bytes())


def _mkdir(path: Path) -> None:
    path.mkdir()


def _rename(src: Path, dst: Path) -> None:
    os.rename(src, dst)


def _unlink(path: Path) -> None:
    os.unlink(path)


def _rmdir(path: Path) -> None:
    os.rmdir(path)


def _remove_tree(path: Path) -> None:
    """Delete a file or a directory tree, one primitive call per entry."""
    if path.is_symlink() or not path.is_dir():
        if path.exists() or path.is_symlink():
            _unlink(path)
        return
    for child in list(path.iterdir()):
        _remove_tree(child)
    _rmdir(path)


# -- locking -----------------------------------------------------------------------------------
class locked:
    """An exclusive lock on the rules directory ``root`` (flock on the directory itself: no
    lock file to leave behind). ``with locked(root, wait=False) as mine`` gives False when
    another process holds it; True otherwise (also where locking is not available)."""

    def __init__(self, root: Path, *, wait: bool = True) -> None:
        self.root, self.wait, self.fd = root, wait, -1

    def __enter__(self) -> bool:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            return True
        try:
            self.fd = os.open(self.root, os.O_RDONLY)
        except OSError:
            return True
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | (0 if self.wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return False
        except OSError:  # pragma: no cover - file systems without flock
            pass
        return True

    def __exit__(self, *exc: object) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # closing the handle releases the lock
            self.fd = -1


# -- the journal -------------------------------------------------------------------------------
def _read_journal(root: Path) -> list[tuple[str, str]] | None:
    try:
        text = (root / JOURNAL).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    entries = []
    for line in text.splitlines():
        name, _, staged = line.partition("\t")
        if name and staged and "/" not in name + staged and _STAGED.match(staged):
            entries.append((name, staged))
    return entries


def _commit(root: Path, entries: list[tuple[str, str]]) -> None:
    tmp = root / f"{JOURNAL}.tmp-{os.getpid()}"
    if tmp.exists():
        _unlink(tmp)
    _write(tmp, "".join(f"{n}\t{s}\n" for n, s in entries).encode("utf-8"))
    _rename(tmp, root / JOURNAL)
    _fsync_dir(root)


def _roll_forward(root: Path, entries: list[tuple[str, str]]) -> None:
    for name, staged in entries:
        directory, new, backup = root / name, root / staged, root / f".{name}-old"
        if not new.exists():
            continue  # already in place
        if directory.exists():
            if backup.exists():
                _remove_tree(backup)
            _rename(directory, backup)
        _rename(new, directory)
    _fsync_dir(root)
    for name, _ in entries:
        backup = root / f".{name}-old"
        if backup.exists():
            _remove_tree(backup)
    _unlink(root / JOURNAL)
    _fsync_dir(root)


def leftovers(root: Path) -> list[Path]:
    """What an interrupted switch leaves in ``root``: staged copies, old copies, a journal."""
    try:
        names = os.listdir(root)
    except OSError:
        return []
    return sorted(
        root / n
        for n in names
        # All three begin with a dot: the rules' own files are passed over unread.
        if n.startswith(".")
        and (n == JOURNAL or _STAGED.match(n) or _BACKUP.match(n) or _JOURNAL_TMP.match(n))
    )


def _recover_locked(root: Path) -> None:
    entries = _read_journal(root)
    if entries is not None:
        _roll_forward(root, entries)
    for path in leftovers(root):
        _remove_tree(path)


_checked: set[str] = set()
_holding: set[str] = set()
"""The rules directories this process is switching (it holds their lock)."""


def recover(root: Path) -> None:
    """Finish (from its journal) or roll back (without one) a switch that was interrupted,
    and delete what it left. Cheap when there is nothing to do (one directory listing, once
    per process); silent where the rules cannot be written (an installed copy)."""
    key = os.path.abspath(root)
    if key in _checked:
        return
    if not leftovers(root):
        _checked.add(key)
        return
    if key in _holding:
        return  # this process is switching: it finishes or rolls back itself
    try:
        # An import staging or switching right now holds the lock for a moment: wait for
        # it, so as to read its result rather than a switch half done.
        with locked(root):
            _recover_locked(root)
            _checked.add(key)
    except OSError:
        pass


# -- staging and switching ---------------------------------------------------------------------
def switch_dirs(
    root: Path,
    contents: Mapping[Path, Callable[[Path], None]],
    *,
    validate: Callable[[Mapping[Path, Path]], None] | None = None,
    dry_run: bool = False,
) -> None:
    """Replace the directories of ``contents`` (children of ``root``) together, or none.

    Each ``contents[directory](staged)`` fills a new, empty staged directory (with
    :func:`stage_file` and :func:`stage_copy`). ``validate`` gets {directory: staged copy} and
    raises to refuse: nothing of the corpus has changed then. ``dry_run`` stages, validates
    and discards.
    """
    root.mkdir(parents=True, exist_ok=True)
    with locked(root):
        key = os.path.abspath(root)
        _holding.add(key)
        try:
            _switch_locked(root, contents, validate, dry_run)
        finally:
            _holding.discard(key)
            _checked.discard(key)


def _switch_locked(
    root: Path,
    contents: Mapping[Path, Callable[[Path], None]],
    validate: Callable[[Mapping[Path, Path]], None] | None,
    dry_run: bool,
) -> None:
    _recover_locked(root)  # a switch interrupted earlier is finished first
    staged: dict[Path, Path] = {}
    committed = False
    try:
        for directory, fill in contents.items():
            assert directory.parent == root, directory
            tmp = root / f".{directory.name}-new-{os.urandom(4).hex()}"
            _mkdir(tmp)
            staged[directory] = tmp
            fill(tmp)
            _fsync_dir(tmp)
        _fsync_dir(root)
        if validate is not None:
            validate(staged)
        if dry_run:
            return
        _commit(root, [(d.name, s.name) for d, s in staged.items()])
        committed = True
        _roll_forward(root, [(d.name, s.name) for d, s in staged.items()])
    finally:
        if not committed:  # roll back: the corpus was not touched
            for tmp in staged.values():
                if tmp.exists():
                    _remove_tree(tmp)


def stage_file(staged: Path, name: str, text: str) -> None:
    _write(staged / name, text.encode("utf-8"))


def stage_copy(staged: Path, src: Path) -> None:
    """Copy a file or a directory tree ``src`` into ``staged``."""
    dst = staged / src.name
    if src.is_dir():
        _mkdir(dst)
        for child in src.iterdir():
            stage_copy(dst, child)
    else:
        _copy(src, dst)

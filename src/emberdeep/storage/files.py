"""Writing a file so that a crash or a full disk never leaves it half-written, and
removing the temp files a killed writer left.

A writer holds an OS lock (``flock``) on its temp file from creation until it has been
renamed into place; the OS drops it with the process. So ``remove_stale_temps`` can tell
a temp file whose writer died (``kill -9`` mid-save) from one a running game is writing
now: it removes only those it can lock, and only names of the form this module makes.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from pathlib import Path

import msgspec

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r".+\.[A-Za-z0-9_]{8}\.tmp")
"""``mkstemp``'s: the target's name, a dot, eight random characters, ``.tmp``."""
RESERVE_NAME = "space-reserve"
RESERVE_BYTES = 128 * 1024
"""Room kept aside in the data folder for the hall of fame when the disk fills: a new
scores database and its rollback journal take a few pages (4 KB each)."""
PAGE = 4096
"""A disk's usual block: the reserve grows by one at a time."""
UNLOCKED_AGE = 24 * 3600
"""Where the OS has no ``flock`` (Windows), a temp file this old is taken as abandoned."""


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomically(path: Path, data: bytes) -> None:
    """Temp file, flush, fsync, then rename over ``path``.
    At every moment ``path`` holds either the old contents or the new, never a mix. The
    temp file has a name of its own (two writers never share one) and is removed when
    anything fails, so a full disk is not kept full."""
    stage(path, data).commit()


class Staged(msgspec.Struct):
    """New contents for ``path`` written to a locked temp file, not yet synced nor in
    place: ``commit`` (fsync, the old file kept as the backup if asked, rename, fsync of
    the folder) or ``discard``. The two halves of ``write_atomically``, so the slow one
    (the fsyncs) can run off the player's turn (``session/checkpoints.py``); until the
    commit, ``path`` holds the old contents."""

    path: Path
    temp: Path
    held: int
    """A descriptor holding the temp file's OS lock until the rename."""

    def commit(self, backup: bool = False) -> None:
        try:
            os.fsync(self.held)  # the same open file as the one written
            if backup and self.path.exists():
                keep_as_backup(self.path)
            os.replace(self.temp, self.path)
        except BaseException:
            self.discard()
            raise
        os.close(self.held)
        fsync_folder(self.path.parent)

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.temp.unlink()
        with contextlib.suppress(OSError):
            os.close(self.held)


def stage(path: Path, data: bytes) -> Staged:
    """``data`` in a temp file beside ``path``, written to the OS but not synced (a
    ``kill -9`` loses nothing the OS has; ``Staged.commit`` makes it durable). A failure
    (a full disk) raises here, with the temp file removed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle_fd, temp_name = tempfile.mkstemp(
        dir=path.parent, prefix=path.name + ".", suffix=TEMP_SUFFIX
    )
    temp = Path(temp_name)
    held = os.dup(handle_fd)  # the lock lasts until the rename, after the handle closes
    staged = Staged(path, temp, held)
    try:
        _lock(held, blocking=True)
        with open(handle_fd, "wb") as handle:
            handle.write(data)
    except BaseException:
        staged.discard()
        raise
    return staged


def _lock(fd: int, blocking: bool) -> bool:
    """Take the OS lock on ``fd``; False when another process holds it (or no lock
    exists on this OS)."""
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    except OSError:
        return False
    return True


def remove_stale_temps(folder: Path) -> int:
    """Remove the temp files in ``folder`` that no live writer holds (a crash or a kill
    left them); how many went. Others' files and any file still held are left alone;
    nothing here raises."""
    try:
        entries = [e for e in os.scandir(folder) if _TEMP_NAME.fullmatch(e.name)]
    except OSError:
        return 0
    removed = 0
    for entry in entries:
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            fd = os.open(entry.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            old = time.time() - os.fstat(fd).st_mtime > UNLOCKED_AGE
            if _lock(fd, blocking=False) or (fcntl is None and old):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def keep_as_backup(path: Path) -> None:
    """Make the file at ``path`` its own backup (``backup_path``) in one atomic step, by a
    hard link renamed over the old backup: no bytes are copied, and at every moment both
    names hold a whole file. Where hard links fail, the bytes are copied atomically."""
    backup = backup_path(path)
    # A random name, as mkstemp's (``secrets.token_hex`` is these bytes; importing
    # ``secrets`` brings hashlib, 4 ms of a start-up).
    temp = path.with_name(f"{path.name}.{os.urandom(4).hex()}{TEMP_SUFFIX}")
    try:
        os.link(path, temp)
    except OSError:
        write_atomically(backup, path.read_bytes())
        return
    try:
        os.replace(temp, backup)
    finally:
        # Gone after the rename, unless the backup already was this very file (a rename
        # between two links to one file does nothing) or the rename failed.
        with contextlib.suppress(OSError):
            temp.unlink()


def fsync_file(path: Path) -> None:
    """Make what was written to ``path`` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_folder(folder: Path) -> None:
    """Make renames, creations and removals in ``folder`` durable (POSIX; elsewhere a no-op)."""
    if hasattr(os, "O_DIRECTORY"):
        directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def keep_reserve(folder: Path) -> bool:
    """Make sure ``RESERVE_BYTES`` of real (not sparse: written) bytes are set aside in
    ``folder``, for ``release_reserve`` to give back when the disk is full; the file grows
    in place a page at a time, so where there is not room for all of it, as much as there
    is stays set aside (a disk that stays full must still keep the next game's score),
    and a later call grows it back once there is room. Whether any is set aside."""
    try:
        fd = os.open(folder / RESERVE_NAME, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    except OSError:
        return False
    try:
        size = os.fstat(fd).st_size
        grown = size
        while size < RESERVE_BYTES:
            try:
                size += os.write(fd, bytes(min(PAGE, RESERVE_BYTES - size)))
            except OSError:  # the disk is full: keep what there is
                break
        if size != grown:
            with contextlib.suppress(OSError):
                os.fsync(fd)
    except OSError:
        return False
    finally:
        os.close(fd)
    return size > 0


def release_reserve(folder: Path) -> bool:
    """Give the room set aside by ``keep_reserve`` back to the disk; whether there was any."""
    try:
        (folder / RESERVE_NAME).unlink()
    except OSError:
        return False
    return True

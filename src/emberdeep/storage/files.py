"""Writing a file so that a crash or a full disk never leaves it half-written."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomically(path: Path, data: bytes) -> None:
    """Temp file, flush, fsync, then rename over ``path``.
    At every moment ``path`` holds either the old contents or the new, never a mix. The
    temp file has a name of its own (two writers never share one) and is removed when
    anything fails, so a full disk is not kept full."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle_fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with open(handle_fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    fsync_folder(path.parent)


def fsync_folder(folder: Path) -> None:
    """Make renames, creations and removals in ``folder`` durable (POSIX; elsewhere a no-op)."""
    if hasattr(os, "O_DIRECTORY"):
        directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)

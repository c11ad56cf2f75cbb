"""Writing a file so that a crash or a full disk never leaves it half-written."""

from __future__ import annotations

import os
from pathlib import Path


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomically(path: Path, data: bytes) -> None:
    """Temp file, flush, fsync, then rename over ``path``.
    At every moment ``path`` holds either the old contents or the new, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    with open(temp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        directory = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)

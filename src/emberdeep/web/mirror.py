"""A game's folder told to the server as it changes, so that another host can resume it.

With several hosts on one PostgreSQL, a game's save, journal and replay must live where
every host can read them (``shared.py`` keeps them in the database). The game itself keeps
writing its own folder as it always has (``session/game.py``: the rules of saving stay in
one place); the worker's ``Mirror`` looks at the folder after every frame is drawn and
before it is sent, and hands the server what changed: a file that grew by appends (the
write-ahead journal, the replay) as its new bytes, any other changed file whole, a
removed file as a removal. The server writes them to the database in one transaction
before it passes on the frame, so a key is acknowledged to the page only once the
journal line it made is in the database.

The folder is read in an order that is safe against the game's background thread, which
puts a checkpoint's save in place and then removes the journal it set aside
(``storage/durable.py``): the set-aside journal first, then the journal, then the rest. A
save read after the set-aside journal is either the old one (both journals needed, both
read) or the new one (which holds them): every batch is a state a ``kill -9`` could leave.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import msgspec

from emberdeep.storage.files import RESERVE_NAME, TEMP_SUFFIX

CHUNK = 1024 * 1024
"""Bytes of one file in one message (the pipe takes 8 MB a message); a bigger change
goes as appends, all applied in one transaction with the batch's last message."""
APPENDED = (".journal", ".replay.jsonl")
"""Files only ever appended to (or replaced by a new file): their growth is sent."""
SKIPPED_SUFFIXES = (".lock", TEMP_SUFFIX, ".part", "-journal", "-wal", "-shm")
"""Per-process files: locks, half-written temps, SQLite's own side files."""
NESTED = ("daily",)
"""Folders inside a player's folder that are games of their own (the daily game)."""


@dataclass(frozen=True)
class Change:
    """One file's change: ``body`` at ``offset`` (0: the whole file; more: appended
    there), or ``body`` None: the file is gone."""

    path: str
    offset: int
    body: bytes | None


Stamp = tuple[int, int, int]
"""A file as ``stat`` sees it: inode, size, modification time."""


def _order(path: str) -> tuple[int, str]:
    rank = 0 if path.endswith(".journal.prev") else 1 if path.endswith(".journal") else 2
    return rank, path


def files(root: Path) -> Iterator[str]:
    """The game's files under ``root`` (relative, with ``/``), in ``_order``."""
    found: list[str] = []
    for folder, dirs, names in os.walk(root):
        here = Path(folder).relative_to(root)
        if here == Path("."):
            dirs[:] = [d for d in dirs if d not in NESTED]
        for name in names:
            if name == RESERVE_NAME or name.endswith(SKIPPED_SUFFIXES):
                continue
            found.append((here / name).as_posix())
    return iter(sorted(found, key=_order))


class Mirror:
    """What the server was last told of the folder at ``root``; ``changes`` since."""

    def __init__(self, root: Path, told: bool) -> None:
        """``told``: the server already has the folder as it is now (it just wrote it from
        the database); otherwise everything in it is new to the server."""
        self.root = root
        self.known: dict[str, Stamp] = {}
        if told:
            for path in files(root):
                try:
                    stat = os.stat(root / path)
                except OSError:
                    continue
                self.known[path] = (stat.st_ino, stat.st_size, stat.st_mtime_ns)

    def changes(self) -> list[Change]:
        found: list[Change] = []
        seen: set[str] = set()
        for path in files(self.root):
            seen.add(path)
            change = self._read(path)
            if change is not None:
                found.append(change)
        for gone in sorted(set(self.known) - seen):
            del self.known[gone]
            found.append(Change(gone, 0, None))
        return found

    def _read(self, path: str) -> Change | None:
        """The change of one file, read through one open file (so its stamp and its
        bytes agree); None if it is as told, or vanished while being read (the next
        look tells that)."""
        try:
            with open(self.root / path, "rb") as handle:
                stat = os.fstat(handle.fileno())
                stamp = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
                old = self.known.get(path)
                if old == stamp:
                    return None
                grew = old is not None and old[0] == stamp[0] and old[1] <= stamp[1]
                offset = old[1] if grew and old is not None and path.endswith(APPENDED) else 0
                handle.seek(offset)
                body = handle.read(stamp[1] - offset)
        except OSError:
            return None
        self.known[path] = (stamp[0], offset + len(body), stamp[2])
        return Change(path, offset, body)


def pack(changes: list[Change]) -> list[bytes]:
    """The messages for a batch: each at most about ``CHUNK`` bytes of files, big files
    split into appends; the last one says the batch is whole."""
    pieces: list[tuple[str, int, bytes | None]] = []
    for change in changes:
        body = change.body
        if body is None or len(body) <= CHUNK:
            pieces.append((change.path, change.offset, body))
            continue
        for start in range(0, len(body), CHUNK):
            pieces.append((change.path, change.offset + start, body[start : start + CHUNK]))
    messages: list[bytes] = []
    batch: list[tuple[str, int, bytes | None]] = []
    size = 0
    for piece in pieces:
        batch.append(piece)
        size += len(piece[2] or b"")
        if size >= CHUNK:
            messages.append(msgspec.msgpack.encode((False, batch)))
            batch, size = [], 0
    messages.append(msgspec.msgpack.encode((True, batch)))
    return messages


def unpack(message: bytes) -> tuple[bool, list[Change]]:
    """(whether the batch is whole, its changes) from one of ``pack``'s messages."""
    last, batch = msgspec.msgpack.decode(
        message, type=tuple[bool, list[tuple[str, int, bytes | None]]]
    )
    return last, [Change(path, offset, body) for path, offset, body in batch]

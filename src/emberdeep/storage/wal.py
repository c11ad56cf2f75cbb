"""The write-ahead journal: every command of a game in progress, on disk as it happens.

A save is a checkpoint; between checkpoints a game lived only in memory, so a crash, a
``kill -9`` or a power cut lost everything since the last floor change. Each command the
world records is appended here at once (one line: its CRC-32, then ``[index, command,
checksum]`` as JSON), flushed to the OS every time and fsynced at least once a second,
so at most the last second is lost. Continuing replays the tail on the checkpoint,
checking each checksum; a torn last line (the write the kill interrupted) is dropped.
Writing a save empties the journal. A checkpoint made off the player's turn
(``session/checkpoints.py``) instead sets the journal aside (``CommandLog.rotate``: renamed
to ``.prev``, new commands going to a new file) until its save is on disk, and then
removes it; Continue reads both, the set-aside one first, and skips what the save holds.
"""

from __future__ import annotations

import contextlib
import os
import time
import zlib
from pathlib import Path
from typing import IO

import msgspec

from emberdeep import bounds

SYNC_SECONDS = 1.0
"""At most this long between fsyncs while commands arrive."""
MAX_LINE = 4096
"""No recorded command comes near this; a longer line is damage, not a command."""
MAX_RECORDS = bounds.MAX_JOURNAL_COMMANDS
LINE_LIMITS = bounds.Limits("a journal line", MAX_LINE, 3)
"""[index, [code, arguments...], checksum]."""


class Record(msgspec.Struct, frozen=True):
    """One command in the write-ahead log, with the checksum the world had after it."""

    index: int
    """Position of the command in the world's journal."""
    command: list[object]
    checksum: int


def journal_path(save_file: Path) -> Path:
    return save_file.with_name(save_file.name + ".journal")


def previous_path(journal: Path) -> Path:
    """Where a checkpoint sets the journal aside until its save is durable."""
    return journal.with_name(journal.name + ".prev")


def encode(record: Record) -> bytes:
    import json  # the standard library's exact text; not before a game's first frame

    body = json.dumps([record.index, record.command, record.checksum], separators=(",", ":"))
    data = body.encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(data), data)


def decode(line: bytes) -> Record | None:
    """The record on one line, or None when the line is damaged or torn."""
    if not line.endswith(b"\n") or len(line) > MAX_LINE or len(line) < 10 or line[8:9] != b" ":
        return None
    data = line[9:-1]
    try:
        if int(line[:8], 16) != zlib.crc32(data):
            return None
        index, command, checksum = bounds.parse_json(data, LINE_LIMITS)
    except (ValueError, TypeError):  # bounds.InputError too
        return None
    ok = type(index) is int and index >= 0 and isinstance(command, list) and type(checksum) is int
    return Record(index, command, checksum) if ok else None


def read(path: Path) -> list[Record]:
    """Every whole record from the start, in order, up to the first damaged or torn line
    (nothing after a damaged line can be trusted, so nothing after it is returned)."""
    records: list[Record] = []
    try:
        with open(path, "rb") as handle:
            for line in handle:
                record = decode(line)
                if record is None or len(records) >= MAX_RECORDS:
                    break
                records.append(record)
    except OSError:
        return []
    return records


def read_both(path: Path) -> list[Record]:
    """The set-aside journal's records, then the journal's (``read`` each), at most
    ``MAX_RECORDS`` in all."""
    return (read(previous_path(path)) + read(path))[:MAX_RECORDS]


class CommandLog:
    """Appends records for one game; every failure is reported, never raised."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[bytes] | None = None
        self._synced = time.monotonic()

    def append(self, records: list[Record]) -> str | None:
        if not records:
            return None
        try:
            if self._handle is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._handle = open(self.path, "ab")  # noqa: SIM115 (kept open between appends)
            self._handle.write(b"".join(encode(r) for r in records))
            self._handle.flush()
            if time.monotonic() - self._synced >= SYNC_SECONDS:
                self.sync()
        except OSError as exc:
            return f"could not write the journal {self.path}: {exc.strerror or exc}"
        return None

    def sync(self) -> None:
        if self._handle is not None:
            os.fsync(self._handle.fileno())
        self._synced = time.monotonic()

    def clear(self) -> None:
        """After a save: it holds everything, so the journal starts again."""
        self.close()
        # A journal that cannot be removed is harmless: its records are in the save.
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
        self.forget_previous()

    def rotate(self) -> None:
        """A checkpoint's save is written but not yet durable: the journal so far is set
        aside (``previous_path``) and new records start a new file. When a set-aside
        journal is still there (the save that was to replace it failed, or a kill came
        first), nothing moves: both stay until a save holds them."""
        previous = previous_path(self.path)
        if previous.exists():
            return
        self.close()
        with contextlib.suppress(OSError):  # then the journal goes on where it is
            os.replace(self.path, previous)

    def forget_previous(self) -> None:
        """The save that holds the set-aside journal is on disk: remove it."""
        with contextlib.suppress(OSError):
            previous_path(self.path).unlink(missing_ok=True)

    def close(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                self._handle.close()
            self._handle = None

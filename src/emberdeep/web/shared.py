"""Games any host can resume: their files and their leases in the shared PostgreSQL.

With several hosts on one database, a game's folder (save, journal, replay, settings) is
kept in ``game_files`` as the game goes (``mirror.py`` tells the server what changed, and
it is written here before the frame that acknowledges the key goes to the page), and who
runs the game is a row in ``game_leases``: the holder's host id, an ``epoch`` bumped at
every takeover, and an expiry on the database's clock (no host's clock is trusted). The
running host renews it every third of ``ttl``; another host takes it only once it has
expired (the holder died, or lost the database), and then rebuilds the game's folder
from the database before starting the game, so the player continues the same game, never
a fresh one.

Fencing: every write of files checks, in its transaction, that the lease still has this
host and this epoch; a host that lost its lease (it was cut off for longer than ``ttl``
and another host took the game) gets ``LeaseLostError``, stops the game and never writes
it again. A host that comes back finds the lease held by another, and sends the player
there; when it next gets the lease, it rebuilds from the database, so what it had on its
own disk is never played again.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from emberdeep.web.database import Database, DatabaseError
from emberdeep.web.mirror import Change, files

TTL = 10.0
"""Seconds a lease lasts unless renewed: how long after a host dies its games wait."""
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS game_leases (owner TEXT PRIMARY KEY, host TEXT NOT NULL, "
    "epoch BIGINT NOT NULL, expires DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS game_files (place TEXT NOT NULL, path TEXT NOT NULL, "
    "body BYTEA NOT NULL, PRIMARY KEY (place, path))",
)
"""A lease is a game's (``NAME``, ``NAME~daily``); its files are those of its place, the
folder under the data folder, the same on every host (``players/NAME``, a daily game's
``players/NAME/daily/DAY``)."""
UNCHANGING = (".replay.jsonl", ".txt")
"""Files whose size tells whether this host's copy is the stored one: the replays (only
appended to) and the morgue files (written once)."""
NOW = "extract(epoch from clock_timestamp())"
"""The database's clock, the one every host agrees on."""


class LeaseLostError(Exception):
    """Another host has taken the game (this host was cut off for longer than the lease)."""


class HeldElsewhereError(Exception):
    """Another host runs the game (its lease has not expired); ``host`` is its id."""

    def __init__(self, host: str) -> None:
        super().__init__(f"the game runs on {host}")
        self.host = host


def safe(path: str) -> PurePosixPath | None:
    """A stored file's path inside a game's folder, or None for anything that would
    reach outside it."""
    pure = PurePosixPath(path)
    if pure.as_posix() != path or pure.is_absolute() or ".." in pure.parts:
        return None  # not as ``mirror.files`` writes them: "", "a//b", "./a"...
    return pure


class SharedGames:
    """The leases and files of every game, for this host (``host``)."""

    def __init__(self, db: Database, host: str, ttl: float = TTL) -> None:
        self.db = db
        self.host = host
        self.ttl = ttl
        db.create(SCHEMA)

    def take(self, owner: str) -> int:
        """The lease on ``owner``'s game for this host: its new epoch.
        ``HeldElsewhereError`` while another host's lease runs."""
        with self.db.transaction() as cursor:
            cursor.execute(
                f"SELECT host, epoch, expires - {NOW} FROM game_leases WHERE owner = ? FOR UPDATE",
                (owner,),
            )
            rows = cursor.fetchall()
            if not rows:
                cursor.execute(
                    f"INSERT INTO game_leases VALUES (?, ?, 1, {NOW} + ?)",
                    (owner, self.host, self.ttl),
                )
                return 1
            host, epoch, left = rows[0]
            if host != self.host and left > 0:
                raise HeldElsewhereError(str(host))
            cursor.execute(
                f"UPDATE game_leases SET host = ?, epoch = ?, expires = {NOW} + ? WHERE owner = ?",
                (self.host, epoch + 1, self.ttl, owner),
            )
            return int(epoch) + 1

    def holder(self, owner: str) -> str | None:
        """The other host whose lease on ``owner``'s game runs, if one does."""
        rows = self.db.run(
            f"SELECT host FROM game_leases WHERE owner = ? AND host <> ? AND expires > {NOW}",
            (owner, self.host),
        )
        return str(rows[0][0]) if rows else None

    def renew(self, owner: str, epoch: int) -> None:
        """Keep the lease another ``ttl``; ``LeaseLostError`` if it is no longer ours."""
        rows = self.db.run(
            f"UPDATE game_leases SET expires = {NOW} + ? WHERE owner = ? AND host = ? "
            "AND epoch = ? RETURNING epoch",
            (self.ttl, owner, self.host, epoch),
        )
        if not rows:
            raise LeaseLostError(owner)

    def release(self, owner: str, epoch: int) -> None:
        """The game stopped here with everything written: any host may take it now."""
        self.db.run(
            "UPDATE game_leases SET expires = 0 WHERE owner = ? AND host = ? AND epoch = ?",
            (owner, self.host, epoch),
        )

    def write(self, owner: str, epoch: int, place: str, changes: Sequence[Change]) -> None:
        """A batch of the changed files of ``owner``'s game, kept in its ``place`` (its
        folder under the data folder), in one transaction, only while the lease is ours
        (``LeaseLostError`` otherwise, and nothing is written)."""
        with self.db.transaction() as cursor:
            cursor.execute(
                "SELECT epoch FROM game_leases WHERE owner = ? AND host = ? FOR SHARE",
                (owner, self.host),
            )
            rows = cursor.fetchall()
            if not rows or int(rows[0][0]) != epoch:
                raise LeaseLostError(owner)
            for change in changes:
                if change.body is None:
                    cursor.execute(
                        "DELETE FROM game_files WHERE place = ? AND path = ?", (place, change.path)
                    )
                elif change.offset == 0:
                    cursor.execute(
                        "INSERT INTO game_files VALUES (?, ?, ?) ON CONFLICT (place, path) "
                        "DO UPDATE SET body = EXCLUDED.body",
                        (place, change.path, change.body),
                    )
                else:
                    cursor.execute(
                        "UPDATE game_files SET body = body || ? WHERE place = ? AND path = ? "
                        "AND octet_length(body) = ? RETURNING 1",
                        (change.body, place, change.path, change.offset),
                    )
                    if not cursor.fetchall():  # the database and the worker disagree
                        raise DatabaseError(f"{place}/{change.path} is not as the game left it")

    def in_progress(self, place: str) -> bool:
        """Whether the game kept in ``place`` has a save (it is under way)."""
        rows = self.db.run(
            "SELECT 1 FROM game_files WHERE place = ? AND path LIKE 'games/%/save.emberdeep'",
            (place,),
        )
        return bool(rows)

    def restore(self, place: str, folder: Path) -> bool:
        """Make ``folder`` what the database holds for the game kept in ``place``: stored files
        written (those that differ), local ones the database does not have removed.
        False (and the folder left as it is) when the database has nothing for it yet:
        a game played before it was shared, which the worker then sends whole."""
        sizes: dict[str, int] = dict(
            self.db.run("SELECT path, octet_length(body) FROM game_files WHERE place = ?", (place,))
        )
        if not sizes:
            return False
        wanted = {path: safe(path) for path in sizes}
        local = set(files(folder)) if folder.is_dir() else set()
        for path in sorted(local - set(wanted)):
            with contextlib.suppress(OSError):
                (folder / path).unlink()
        for path, pure in wanted.items():
            if pure is None:
                continue
            target = folder / pure
            with contextlib.suppress(OSError):
                if path.endswith(UNCHANGING) and target.stat().st_size == sizes[path]:
                    continue  # only ever appended to, or written once: the same bytes
            rows = self.db.run(
                "SELECT body FROM game_files WHERE place = ? AND path = ?", (place, path)
            )
            if rows:
                write_file(target, bytes(rows[0][0]))
        return True


def write_file(target: Path, body: bytes) -> None:
    """``body`` at ``target`` in one rename (a reader sees the old file or the new)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f"{target.name}.{secrets.token_hex(4)}.part")
    temp.write_bytes(body)
    os.replace(temp, target)

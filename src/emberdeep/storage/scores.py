"""The hall of fame: one row per finished game, in an SQLite file next to the save.

Why SQLite: finished games only ever accumulate, several may end at once (two windows,
a terminal game over SSH), and a half-written line in a text file would lose the lot.
SQLite gives atomic appends, locking between processes and ordered queries for free,
and it is in the standard library.

Robustness: any problem (a corrupt or foreign file, a lock held too long, a folder that
cannot be written) becomes a ``ScoresError`` whose message names the file and what is
wrong; callers show it and go on. Nothing here deletes or rewrites a file it cannot read.
The schema version is kept in ``PRAGMA user_version``: 0 is a new file (the schema is
created, idempotently), ``SCHEMA_VERSION`` is current, anything newer was written by a
newer Emberdeep and is refused rather than misread. Future migrations go in ``_migrate``.

Score formula (``score_for``)::

    score = experience earned + 100 * depth² (+ VICTORY_BONUS for a victory)

Experience earned counts what was spent on levels too (a level-up takes experience away
from the player), so raising a stat never lowers the score. The depth term grows with
the square because each floor down is harder than the last.
"""

from __future__ import annotations

import functools
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from emberdeep import __version__
from emberdeep.storage import saves

if TYPE_CHECKING:
    import sqlite3

    from emberdeep.engine.play.world import World

SCORES_NAME = "scores.sqlite"
SCHEMA_VERSION = 1
LOCK_TIMEOUT = 5.0
"""Seconds to wait for another game that is writing its score at the same moment."""
DEPTH_POINTS = 100
VICTORY_BONUS = 5000
QUIT = "quit"
VICTORY = "victory"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS scores (
    id INTEGER PRIMARY KEY,
    score INTEGER NOT NULL,
    name TEXT NOT NULL,
    depth INTEGER NOT NULL,
    level INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    cause TEXT NOT NULL,
    seed INTEGER NOT NULL,
    date TEXT NOT NULL,
    version TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scores_by_rank ON scores (score DESC, date, id);
"""
_COLUMNS = "score, name, depth, level, turns, cause, seed, date, version"


class ScoresError(Exception):
    """The hall of fame could not be read or written; the message is for the player."""


class ScoreEntry(msgspec.Struct, frozen=True):
    """One finished game."""

    score: int
    name: str
    depth: int
    level: int
    turns: int
    cause: str
    """What ended it: what killed the player, ``"quit"`` or ``"victory"``."""
    seed: int
    date: str
    """When it ended: ISO 8601 in UTC, e.g. ``2026-05-09T07:35:12+00:00``."""
    version: str
    """The game version that played it."""


def scores_path() -> Path:
    return saves.data_dir() / SCORES_NAME


def experience_earned(world: World) -> int:
    """All experience the player gained, including what level-ups spent."""
    player = world.player
    levels = player.level - 1  # base + factor * level for each level 1 .. level - 1
    gains = world.progression
    spent = levels * gains.base + gains.factor * levels * (levels + 1) // 2
    return spent + player.xp


def score_for(world: World, cause: str) -> int:
    """The module docstring's formula."""
    bonus = VICTORY_BONUS if cause == VICTORY else 0
    return experience_earned(world) + DEPTH_POINTS * world.deepest * world.deepest + bonus


def iso_utc(when: datetime) -> str:
    """``when`` as ISO 8601 in UTC to the second (a naive time is taken as local time)."""
    return when.astimezone(timezone.utc).isoformat(timespec="seconds")


def player_name() -> str:
    """Who is playing, for the table: the login name, as roguelikes traditionally use."""
    import getpass  # with termios: only when a game ends, never before its first frame

    try:
        return getpass.getuser() or "Player"
    except (OSError, KeyError, ImportError):  # no login name (some containers, services)
        return "Player"


def score_entry(world: World, cause: str, when: datetime, name: str | None = None) -> ScoreEntry:
    """The hall-of-fame row for a game that just ended. ``when`` comes from the caller
    (the engine has no clock); ``name`` defaults to ``player_name()``."""
    return ScoreEntry(
        score=score_for(world, cause),
        name=name if name is not None else player_name(),
        depth=world.deepest,
        level=world.player.level,
        turns=world.turn,
        cause=cause,
        seed=world.seed,
        date=iso_utc(when),
        version=__version__,
    )


def _fail(path: Path, doing: str, exc: BaseException) -> ScoresError:
    import sqlite3

    reason = str(exc) or type(exc).__name__
    if isinstance(exc, sqlite3.DatabaseError) and "not a database" in reason:
        reason = "the file is damaged or is not an Emberdeep hall of fame"
    elif isinstance(exc, sqlite3.OperationalError) and "locked" in reason:
        reason = "another Emberdeep is using it; try again in a moment"
    elif isinstance(exc, OSError):
        reason = exc.strerror or reason
    return ScoresError(f"could not {doing} the hall of fame at {path}: {reason}")


def _connect(path: Path) -> sqlite3.Connection:
    """An open database at ``path`` (created if need be) with the current schema."""
    import sqlite3  # here, not at the top: loading SQLite is a fiftieth of a start-up

    path.parent.mkdir(parents=True, exist_ok=True)
    # isolation_level None: transactions are explicit (BEGIN IMMEDIATE below).
    db = sqlite3.connect(path, timeout=LOCK_TIMEOUT, isolation_level=None)
    try:
        _migrate(db, path)
    except BaseException:
        db.close()
        raise
    return db


def _rollback(db: sqlite3.Connection) -> None:
    if db.in_transaction:
        db.execute("ROLLBACK")


def _migrate(db: sqlite3.Connection, path: Path) -> None:
    """Bring the schema to ``SCHEMA_VERSION``. Idempotent, and safe when two games do it
    at once (the check and the change are one write transaction)."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version == SCHEMA_VERSION:
        return
    if version > SCHEMA_VERSION:
        raise ScoresError(
            f"the hall of fame at {path} was written by a newer Emberdeep "
            f"(schema {version}); this version reads schema {SCHEMA_VERSION}"
        )
    db.execute("BEGIN IMMEDIATE")
    try:
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version == 0:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        _rollback(db)
        raise


def _entry(row: tuple[object, ...], path: Path) -> ScoreEntry:
    """A row as a ``ScoreEntry``, checking types (SQLite columns accept anything)."""
    values = []
    for (name, kind), value in zip(_columns(), row, strict=True):
        if type(value) is not kind:
            raise ScoresError(f"the hall of fame at {path} is damaged: {name} is {value!r}")
        values.append(value)
    return ScoreEntry(*values)  # type: ignore[arg-type]


@functools.cache
def _columns() -> tuple[tuple[str, type], ...]:
    """Each column's name and type, read once: ``msgspec.structs.fields`` evaluates the
    class's annotations (a ``compile`` each) at every call, and a table has many rows."""
    return tuple(
        (spec.name, int if spec.type in (int, "int") else str)
        for spec in msgspec.structs.fields(ScoreEntry)
    )


def record(entry: ScoreEntry, path: Path | None = None, *, once: bool = False) -> int:
    """Add a finished game; returns its rank (1 is the best). Raises ``ScoresError``.
    With ``once``, a row equal to ``entry`` in every column (the same ending finished
    again after a kill: its time comes from the game's folder, ``games.ending_of``) is
    kept as it is, not added a second time; the check and the insert are one transaction."""
    import sqlite3

    path = path or scores_path()
    try:
        db = _connect(path)
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                same = " AND ".join(f"{name} = ?" for name in _COLUMNS.split(", "))
                found = (
                    db.execute(
                        f"SELECT id FROM scores WHERE {same}", msgspec.structs.astuple(entry)
                    ).fetchone()
                    if once
                    else None
                )
                if found is not None:
                    row_id = found[0]
                else:
                    cursor = db.execute(
                        f"INSERT INTO scores ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        msgspec.structs.astuple(entry),
                    )
                    row_id = cursor.lastrowid
                (ahead,) = db.execute(
                    "SELECT COUNT(*) FROM scores WHERE score > ? "
                    "OR (score = ? AND (date < ? OR (date = ? AND id < ?)))",
                    (entry.score, entry.score, entry.date, entry.date, row_id),
                ).fetchone()
                db.execute("COMMIT")
            except BaseException:
                _rollback(db)
                raise
        finally:
            db.close()
    except ScoresError:
        raise
    except (sqlite3.Error, OSError, OverflowError) as exc:
        raise _fail(path, "write to", exc) from None
    return int(ahead) + 1


def top(n: int = 20, path: Path | None = None) -> list[ScoreEntry]:
    """The best ``n`` games, by score (highest first), then date (earliest first). No file
    yet means no games. Raises ``ScoresError``."""
    import sqlite3

    path = path or scores_path()
    if not path.exists():
        return []
    try:
        db = _connect(path)
        try:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM scores ORDER BY score DESC, date, id LIMIT ?", (n,)
            ).fetchall()
        finally:
            db.close()
    except ScoresError:
        raise
    except (sqlite3.Error, OSError) as exc:
        raise _fail(path, "read", exc) from None
    return [_entry(row, path) for row in rows]


def format_table(entries: list[ScoreEntry]) -> str:
    """The entries as a plain-text table (for ``emberdeep scores``), or "No games yet."."""
    if not entries:
        return "No games yet."
    header = ("#", "Score", "Name", "Depth", "Lvl", "Turns", "Fate", "Seed", "Date")
    rows = [
        (
            str(rank), str(e.score), e.name, str(e.depth), str(e.level), str(e.turns),
            e.cause, str(e.seed), e.date[:10],
        )
        for rank, e in enumerate(entries, start=1)
    ]  # fmt: skip
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    numeric = {0, 1, 3, 4, 5}
    lines = []
    for row in (header, *rows):
        cells = [
            cell.rjust(width) if i in numeric else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)

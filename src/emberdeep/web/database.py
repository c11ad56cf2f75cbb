"""The server's shared tables: SQLite in the data folder by default, or PostgreSQL.

With ``--database postgresql://...`` (psycopg 3, the ``postgres`` extra) several
``emberdeep serve`` hosts behind one proxy share the accounts, the sessions, the hall of
fame, the daily results and the directory of running games; with nothing given they live
in ``accounts.sqlite`` in the data folder, as one host needs. Callers write SQL once, with
``?`` for parameters and types both understand (TEXT, BIGINT, DOUBLE PRECISION);
PostgreSQL gets ``%s``. Calls come from the server's worker threads: SQLite opens a short
connection per call, PostgreSQL keeps one per thread and reconnects after an error.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

Row = tuple[Any, ...]
SQLITE_NAME = "accounts.sqlite"
"""The default database's file in the data folder (the name it had when it held only the
accounts, so an existing server keeps its players)."""


class DatabaseError(Exception):
    """The database could not be reached or used; the message is for the operator."""


class Cursor(Protocol):
    def execute(self, sql: str, params: Sequence[Any] = ...) -> Any: ...
    def fetchall(self) -> list[Row]: ...


class Database:
    """One place for the shared tables; ``run`` a statement, ``insert_new`` a row that may
    already exist."""

    def __init__(self, url: str | None, data: Path) -> None:
        self.postgres = bool(url) and str(url).startswith(("postgresql://", "postgres://"))
        if url and not self.postgres:
            raise DatabaseError(f"--database must be a postgresql:// address, not {url!r}")
        self.url = str(url) if self.postgres else ""
        self.path = data / SQLITE_NAME
        self.local = threading.local()
        if self.postgres:
            try:
                import psycopg
            except ImportError:
                raise DatabaseError(
                    "a PostgreSQL database needs psycopg: pip install 'emberdeep[postgres]'"
                ) from None
            self.psycopg: Any = psycopg
        else:
            data.mkdir(parents=True, exist_ok=True)

    def _pg(self) -> Any:
        connection = getattr(self.local, "connection", None)
        if connection is None or connection.closed:
            try:
                connection = self.psycopg.connect(self.url, connect_timeout=10)
            except self.psycopg.Error as exc:
                raise DatabaseError(f"cannot reach the database: {exc}") from None
            self.local.connection = connection
        return connection

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Cursor]:
        """A cursor in one transaction (committed at the end, rolled back on an error)."""
        if self.postgres:
            connection = self._pg()
            try:
                with connection.transaction(), connection.cursor() as cursor:
                    yield _Placeholders(cursor)
            except self.psycopg.OperationalError as exc:
                connection.close()  # the next call reconnects
                raise DatabaseError(f"the database failed: {exc}") from None
            return
        db = sqlite3.connect(self.path, timeout=10)
        try:
            with db:
                yield db.cursor()
        finally:
            db.close()

    def run(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """One statement in its own transaction; the rows it returns (if any)."""
        with self.transaction() as cursor:
            cursor.execute(sql, params)
            return list(cursor.fetchall())

    def insert_new(self, sql: str, params: Sequence[Any]) -> bool:
        """Insert a row; False if its key is already there."""
        try:
            self.run(sql, params)
        except sqlite3.IntegrityError:
            return False
        except Exception as exc:
            if self.postgres and isinstance(exc, self.psycopg.errors.UniqueViolation):
                return False
            raise
        return True

    def create(self, schema: Sequence[str]) -> None:
        """Create the tables (once, however many hosts start at the same moment)."""
        with self.transaction() as cursor:
            if self.postgres:
                cursor.execute("SELECT pg_advisory_xact_lock(?)", (0x656D626572,))
            for statement in schema:
                cursor.execute(statement)

    def close(self) -> None:
        connection = getattr(self.local, "connection", None)
        if connection is not None:
            connection.close()


class _Placeholders:
    """A psycopg cursor taking ``?`` placeholders."""

    def __init__(self, cursor: Any) -> None:
        self.cursor = cursor

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.cursor.execute(sql.replace("?", "%s"), params)

    def fetchall(self) -> list[Row]:
        if self.cursor.description is None:
            return []
        return list(self.cursor.fetchall())

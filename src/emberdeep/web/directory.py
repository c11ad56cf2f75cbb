"""Which host runs which game, in the shared database, for several hosts behind a proxy.

A game's process stays on the host that started it (while that host lives: then another
resumes it, ``shared.py``). Each host writes the games it runs every ``EVERY`` seconds
(one transaction: its rows replaced); a row not refreshed for ``STALE`` seconds is a host
that stopped, and is ignored. The lobby lists this host's games from memory and the
others' from here. Where a game runs is its lease (``shared.py``): a page that reaches a
host for a game running on another is sent there: the connection is accepted with the
``HOST_COOKIE`` naming that host (the proxy routes by it, see the README) and closed with
``ELSEWHERE``, and the page reconnects. With SQLite (one host: its database is its own
file) there are no other hosts, so nothing is written or read: ``shared`` is False.
"""

from __future__ import annotations

import json
import time
from typing import Any

from emberdeep.web.database import Database

EVERY = 2.0
STALE = 10.0
HOST_COOKIE = "emberdeep_host"
ELSEWHERE = 4030
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS directory (owner TEXT PRIMARY KEY, host TEXT NOT NULL, "
    "listing TEXT NOT NULL, updated DOUBLE PRECISION NOT NULL)",
)


class Directory:
    """The running games of every host sharing the database."""

    def __init__(self, db: Database, host: str) -> None:
        self.db = db
        self.host = host
        self.shared = db.postgres
        if self.shared:
            db.create(SCHEMA)

    def publish(self, listing: list[dict[str, Any]]) -> None:
        """This host's games now (each a lobby entry with its ``player``)."""
        if not self.shared:
            return
        now = time.time()
        with self.db.transaction() as cursor:
            cursor.execute(
                "DELETE FROM directory WHERE host = ? OR updated < ?", (self.host, now - 6 * STALE)
            )
            for game in listing:
                cursor.execute("DELETE FROM directory WHERE owner = ?", (game["player"],))
                cursor.execute(
                    "INSERT INTO directory VALUES (?, ?, ?, ?)",
                    (game["player"], self.host, json.dumps(game), now),
                )

    def others(self) -> list[dict[str, Any]]:
        """The games the other hosts run (fresh rows only), each with its ``host``."""
        if not self.shared:
            return []
        rows = self.db.run(
            "SELECT listing, host FROM directory WHERE host <> ? AND updated > ?",
            (self.host, time.time() - STALE),
        )
        return [{**json.loads(listing), "host": host} for listing, host in rows]

    def withdraw(self) -> None:
        """This host stops: its games are no longer listed."""
        if self.shared:
            self.db.run("DELETE FROM directory WHERE host = ?", (self.host,))

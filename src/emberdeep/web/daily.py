"""The daily game: the same seed for everyone each UTC day, one attempt per account.

The seed is a hash of the day's date, so every host (and anyone checking) gets the same
dungeon without sharing anything. An attempt is taken, in the shared database, when the
player first opens the day's game; after that the game may only be continued (a reload, a
return) until it ends. It is a game of its own, in ``players/NAME/daily/DAY``, beside
the player's usual one, and its worker stops when it ends (``worker.run``), so no second
game can be started there. Its results are the hall of fame's entries for that day.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from pathlib import Path

from emberdeep.engine.core.rng import MAX_SEED
from emberdeep.web.database import Database

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS daily (player TEXT NOT NULL, day TEXT NOT NULL, "
    "PRIMARY KEY (player, day))",
)
MARK = "~daily"
"""Appended to a player's name for their daily game in the lobby and the watch links."""


def today(now: datetime | None = None) -> str:
    """The UTC day, as YYYY-MM-DD."""
    return (now or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y-%m-%d")


def seed_for(day: str) -> int:
    """The day's seed: the same on every host, and under 2**53 so that anyone can type it
    into "New game with a seed" (and a page can show it) exactly."""
    digest = hashlib.sha256(f"emberdeep daily {day}".encode()).digest()
    return int(int.from_bytes(digest[:8], "big") % min(MAX_SEED + 1, 2**53))


def folder(player_folder: Path, day: str) -> Path:
    return player_folder / "daily" / day


def in_progress(game_folder: Path) -> bool:
    """Whether the day's game was started and not finished (its save is there)."""
    return any(game_folder.glob("games/*/save.emberdeep"))


class Daily:
    """Who has had the day's attempt."""

    def __init__(self, db: Database) -> None:
        self.db = db
        db.create(SCHEMA)

    def begin(self, player: str, day: str) -> bool:
        """Take ``player``'s attempt for ``day``; False if it was taken before."""
        return self.db.insert_new("INSERT INTO daily VALUES (?, ?)", (player, day))

    def played(self, player: str, day: str) -> bool:
        rows = self.db.run("SELECT 1 FROM daily WHERE player = ? AND day = ?", (player, day))
        return bool(rows)

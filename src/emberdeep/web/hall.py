"""The server's hall of fame: every player's finished games, in the shared database.

Each game keeps its own hall of fame in its player's folder, as the game always does
(``session/game.py``); its worker tells the server each new entry (``worker.Records``),
and the server adds it here, under the account's name, with the game's morgue and
replay, so the hall of fame, morgue and replay pages show everyone's games from every
host (``database.py``), each at a link of its own (``Entry.id``). An entry is keyed by player, date
and seed, so one told twice (a worker restarted) is kept once. Daily games (``daily``:
the UTC day they were for) are also ranked apart.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from emberdeep.web.database import Database

FIELDS = ("score", "name", "depth", "level", "turns", "cause", "seed", "date", "version")
"""What a worker sends (``storage.scores.ScoreEntry``'s fields); ``name`` is replaced by the
account's."""
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS hall (player TEXT NOT NULL, score BIGINT NOT NULL, "
    "depth BIGINT NOT NULL, level BIGINT NOT NULL, turns BIGINT NOT NULL, "
    "cause TEXT NOT NULL, seed BIGINT NOT NULL, date TEXT NOT NULL, version TEXT NOT NULL, "
    "daily TEXT, id TEXT NOT NULL UNIQUE, morgue TEXT, replay TEXT, "
    "PRIMARY KEY (player, date, seed))",
    "CREATE INDEX IF NOT EXISTS hall_by_score ON hall (score DESC, date)",
)
COLUMNS = "player, score, depth, level, turns, cause, seed, date, version, daily"
PAPERS = ("morgue", "replay")


@dataclass(frozen=True)
class Entry:
    player: str
    score: int
    depth: int
    level: int
    turns: int
    cause: str
    seed: int
    date: str
    version: str
    daily: str | None

    @property
    def id(self) -> str:
        """The game's name in links: the same on every host, and not guessable from a
        player's name alone."""
        key = f"{self.player}\n{self.date}\n{self.seed}".encode()
        return hashlib.sha256(key).hexdigest()[:16]

    def as_dict(self) -> dict[str, Any]:
        """For the page; the seed as text (seeds go to 2**63, past JavaScript's exact
        whole numbers)."""
        fields = dict(zip(COLUMNS.split(", "), self.row(), strict=True))
        return {**fields, "seed": str(self.seed), "id": self.id}

    def row(self) -> tuple[Any, ...]:
        return (
            self.player, self.score, self.depth, self.level, self.turns, self.cause,
            self.seed, self.date, self.version, self.daily,
        )  # fmt: skip


def entry(player: str, told: dict[str, Any], daily: str | None = None) -> Entry | None:
    """A worker's message as an entry; None if it is not one (a broken worker)."""
    try:
        numbers = [told[name] for name in ("score", "depth", "level", "turns", "seed")]
        texts = [told[name] for name in ("cause", "date", "version")]
    except (KeyError, TypeError):
        return None
    if not all(type(n) is int for n in numbers) or not all(isinstance(t, str) for t in texts):
        return None
    score, depth, level, turns, seed = numbers
    cause, date, version = (text[:200] for text in texts)
    return Entry(player, score, depth, level, turns, cause, seed, date, version, daily)


class Hall:
    """The shared hall of fame."""

    def __init__(self, db: Database) -> None:
        self.db = db
        db.create(SCHEMA)

    def add(self, new: Entry, morgue: str | None = None, replay: str | None = None) -> bool:
        """Keep a finished game (and its morgue and replay); False if it was kept already."""
        return self.db.insert_new(
            f"INSERT INTO hall ({COLUMNS}, id, morgue, replay) VALUES ({', '.join('?' * 13)})",
            (*new.row(), new.id, morgue, replay),
        )

    def paper(self, game: str, kind: str) -> tuple[Entry, str] | None:
        """A kept game's morgue or replay (``kind``) by its id, with its entry."""
        if kind not in PAPERS:
            raise ValueError(kind)
        rows = self.db.run(f"SELECT {COLUMNS}, {kind} FROM hall WHERE id = ?", (game[:40],))
        if not rows or rows[0][-1] is None:
            return None
        return Entry(*rows[0][:-1]), str(rows[0][-1])

    def top(self, count: int = 50, daily: str | None = None) -> list[Entry]:
        """The best ``count`` games (of one day's daily games, if ``daily``)."""
        where = "WHERE daily = ?" if daily else ""
        params: tuple[Any, ...] = (daily, count) if daily else (count,)
        rows = self.db.run(
            f"SELECT {COLUMNS} FROM hall {where} ORDER BY score DESC, date LIMIT ?", params
        )
        return [Entry(*row) for row in rows]

    def of(self, player: str, count: int = 50, best: bool = False) -> list[Entry]:
        """``player``'s finished games, the newest first (the best first, if ``best``)."""
        order = "score DESC, date" if best else "date DESC"
        rows = self.db.run(
            f"SELECT {COLUMNS} FROM hall WHERE player = ? ORDER BY {order} LIMIT ?",
            (player, count),
        )
        return [Entry(*row) for row in rows]

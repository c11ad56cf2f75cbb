"""The server's caps: games, players' and watchers' pages and replays at once, each
also shared per address (``shares.py``), and the error a page is closed with when one is
full."""

from __future__ import annotations

from dataclasses import dataclass

from emberdeep.web.shares import Shares


class ServerFullError(Exception):
    """No room for another game or connection (the caps in ``Limits``); ``playing`` is
    how many games have their player there, for the page's "The server is full"; the
    reason's ``kind`` is "address" when it is the address's own share that is full."""

    def __init__(self, playing: int, kind: str = "full") -> None:
        super().__init__(f"{kind}:{playing}")
        self.playing = playing


@dataclass(frozen=True)
class Limits:
    max_games: int = 100
    max_connections: int = 500
    """Players' pages connected at once."""
    grace: float = 600.0
    """Seconds a game waits for its player to come back (while there is room)."""
    max_watchers: int = 200
    """Watchers' pages connected at once, counted apart from players'."""
    registrations: int = 5
    """Accounts made from one address in an hour."""
    max_replays: int = 10
    """Replays being shown at once (each is a process of its own, for one page)."""
    games_per_address: int = 3
    """Games one address may run at once (its players' and those they left)."""
    connections_per_address: int = 6
    """Players' pages one address may have connected."""
    watchers_per_address: int = 10
    """Watchers' pages one address may have connected."""
    replays_per_address: int = 2
    """Replays one address may have shown at once.

    Each ``*_per_address`` is also held to ``shares.SHARE`` of its global cap."""

    def shares(self) -> Shares:
        """The per-address counts of these caps."""
        return Shares(
            {
                "games": (self.max_games, self.games_per_address),
                "connections": (self.max_connections, self.connections_per_address),
                "watchers": (self.max_watchers, self.watchers_per_address),
                "replays": (self.max_replays, self.replays_per_address),
            }
        )

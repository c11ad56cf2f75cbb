"""One player's page to their game: each checked input through the ``InputGate`` (and
the budget its address shares with its other pages).

Moves that come too fast are held and the newest is passed on when its time comes (or
just before the next key, so the game sees them in the order they were made); keys over
the rate are dropped and the page gets a note saying so, at most once a second; a flood
closes the connection (``take`` returns False). The game acknowledges inputs by number,
so a dropped key simply never is, and a later acknowledgement clears it from the page.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from emberdeep.web.limits import InputGate, TokenBucket, Verdict

NOTE_EVERY = 1.0
"""Seconds between notes about dropped keys."""

Send = Callable[[dict[str, Any]], None]


class Relay:
    """Inputs from one page, passed to ``to_game``; notes for the page to ``to_page``."""

    def __init__(
        self,
        to_game: Send,
        to_page: Callable[[str], None],
        clock: Callable[[], float] = time.monotonic,
        shared: TokenBucket | None = None,
    ) -> None:
        self.to_game = to_game
        self.to_page = to_page
        self.clock = clock
        self.gate = InputGate(clock=clock, shared=shared)
        self.held: dict[str, Any] | None = None
        self.flusher: asyncio.Task[None] | None = None
        self.told = -1e9
        self.dropped_total = 0

    def take(self, message: dict[str, Any]) -> bool:
        """Pass, hold or drop one input; False: a flood, close the connection."""
        verdict = self.gate.admit(message["t"])
        if verdict is Verdict.CLOSE:
            return False
        if verdict is Verdict.HOLD:
            self.held = message
            if self.flusher is None or self.flusher.done():
                self.flusher = asyncio.get_running_loop().create_task(self._flush_later())
            return True
        if message["t"] == "move":
            self.held = None  # this one is newer
        else:
            self.flush()
        if verdict is Verdict.DROP:
            self.dropped_total += 1
            self.note()
            return True
        self.to_game(message)
        return True

    def flush(self) -> None:
        """Pass on the held move, if any (a move over the address's budget is dropped:
        the next one says where the pointer is)."""
        if self.held is not None:
            held, self.held = self.held, None
            self.gate.moved()
            if self.gate.spend():
                self.to_game(held)

    def note(self) -> None:
        now = self.clock()
        if now - self.told >= NOTE_EVERY:
            count, self.gate.dropped = self.gate.dropped, 0
            self.told = now
            keys = "key" if count == 1 else "keys"
            text = f"Keys came faster than the game takes them: {count} {keys} dropped."
            self.to_page(json.dumps({"t": "note", "text": text}))

    async def _flush_later(self) -> None:
        await asyncio.sleep(max(0.0, self.gate.due - self.clock()))
        self.flush()

    def close(self) -> None:
        if self.flusher is not None:
            self.flusher.cancel()

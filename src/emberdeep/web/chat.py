"""Chat between a game's player and its watchers, and who is watching.

Only logged-in pages may speak (a guest watches in silence), each at most ``RATE`` lines
a second on average (bursts of ``BURST``), each line at most ``protocol.MAX_CHAT``
characters with control characters removed; the page shows lines as text, never as HTML.
The player can mute the watchers: their lines are then refused with a note. The last
``HISTORY`` lines are kept for pages that attach later.
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from emberdeep.web.limits import TokenBucket

HISTORY = 30
RATE = 0.5
BURST = 4.0


def clean(text: str) -> str:
    """One line: control and format characters (newlines, bidi overrides) removed."""
    kept = (
        " " if c.isspace() else c for c in text if c.isspace() or unicodedata.category(c)[0] != "C"
    )
    return " ".join("".join(kept).split())


class Chat:
    """One game's chat."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.muted = False
        self.history: deque[str] = deque(maxlen=HISTORY)
        self.buckets: dict[int, TokenBucket] = {}

    def say(self, speaker: Any, name: str | None, player: bool, text: str) -> tuple[str, str]:
        """("chat", JSON for every page) or ("note", JSON for the speaker alone: why not)."""
        if name is None:
            return "note", note("Log in to chat.")
        if self.muted and not player:
            return "note", note("The player has muted the chat.")
        bucket = self.buckets.setdefault(id(speaker), TokenBucket(RATE, BURST, self.clock))
        if not bucket.take():
            return "note", note("You are chatting too fast; wait a moment.")
        line = clean(text)
        if not line:
            return "note", note("Nothing to say.")
        message = json.dumps({"t": "chat", "from": name, "player": player, "text": line})
        self.history.append(message)
        return "chat", message

    def forget(self, speaker: Any) -> None:
        self.buckets.pop(id(speaker), None)

    def mute(self, on: bool) -> str:
        self.muted = on
        return json.dumps({"t": "muted", "on": on})


def note(text: str) -> str:
    return json.dumps({"t": "note", "text": text})


def watchers(names: Iterable[str | None]) -> str:
    """Who watches, for every page: names sorted, guests counted."""
    listed = list(names)
    known = sorted(name for name in listed if name is not None)
    return json.dumps({"t": "watchers", "names": known, "guests": listed.count(None)})

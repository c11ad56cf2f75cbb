"""Rate limits: failed logins per name and per address, and a page's inputs.

Guessing passwords is slowed to ``FAILURES`` tries per ``WINDOW`` seconds for a name and
(more loosely) for an address. A page's inputs pass an ``InputGate``: pointer moves are
coalesced (the last one wins), keys beyond what a hand repeats are dropped (the page is
told), and only a flood no hand can make closes the connection: a person holding a key
while moving the mouse must never lose their session. All use the monotonic clock,
passed in so tests need no sleeping.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

WINDOW = 60.0
FAILURES = 5
"""Failed logins allowed per name in ``WINDOW`` seconds (four times that per address)."""


@dataclass
class LoginLimiter:
    """Recent failed logins by key ("name:x" or "ip:1.2.3.4")."""

    clock: Callable[[], float] = time.monotonic
    failures: dict[str, deque[float]] = field(default_factory=dict)

    def _recent(self, key: str) -> deque[float]:
        times = self.failures.setdefault(key, deque())
        now = self.clock()
        while times and times[0] <= now - WINDOW:
            times.popleft()
        if not times:
            del self.failures[key]
            return deque()
        return times

    def wait(self, name: str, address: str) -> float:
        """Seconds until a login for ``name`` from ``address`` may be tried (0: now)."""
        waits = [0.0]
        for key, allowed in ((f"name:{name.lower()}", FAILURES), (f"ip:{address}", 4 * FAILURES)):
            times = self._recent(key)
            if len(times) >= allowed:
                waits.append(times[-allowed] + WINDOW - self.clock())
        return max(waits)

    def failed(self, name: str, address: str) -> None:
        now = self.clock()
        for key in (f"name:{name.lower()}", f"ip:{address}"):
            self.failures.setdefault(key, deque()).append(now)
            if len(self.failures[key]) > 4 * FAILURES:
                self.failures[key].popleft()


REGISTRATIONS = 5
"""Accounts made from one address in ``REGISTRATION_WINDOW`` seconds."""
REGISTRATION_WINDOW = 3600.0


@dataclass
class RegistrationLimiter:
    """Accounts made per address, so one stranger cannot fill the server with names."""

    allowed: int = REGISTRATIONS
    clock: Callable[[], float] = time.monotonic
    made: dict[str, deque[float]] = field(default_factory=dict)

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may make another account (0: now)."""
        now = self.clock()
        times = self.made.get(address)
        if times is None:
            return 0.0
        while times and times[0] <= now - REGISTRATION_WINDOW:
            times.popleft()
        if not times:
            del self.made[address]
            return 0.0
        return 0.0 if len(times) < self.allowed else times[0] + REGISTRATION_WINDOW - now

    def made_one(self, address: str) -> None:
        times = self.made.setdefault(address, deque())
        times.append(self.clock())
        if len(times) > self.allowed:
            times.popleft()


@dataclass
class TokenBucket:
    """``rate`` messages a second on average, bursts up to ``burst``."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = -1.0
    last: float = 0.0

    def take(self) -> bool:
        now = self.clock()
        if self.tokens < 0:
            self.tokens, self.last = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


KEY_RATE = (40.0, 80.0)
"""Keys, clicks and wheel turns a second, and the burst: a held key repeats about 30 times
a second; beyond this they are dropped, not the connection."""
MOVE_INTERVAL = 0.05
"""Seconds between pointer moves passed on; those between are coalesced (the last wins)."""
FLOOD = (250.0, 500.0)
"""Messages of any kind a second, and the burst, past which the connection is closed: a
script, never a hand (the page itself sends at most 20 moves a second)."""


class Verdict(Enum):
    """What to do with one input from a page."""

    PASS = "pass"
    """Pass it to the game now."""
    HOLD = "hold"
    """A pointer move too soon after the last: keep it, pass it at ``InputGate.due``
    unless a newer one replaces it."""
    DROP = "drop"
    """A key beyond the rate: dropped, and the page is told."""
    CLOSE = "close"
    """A flood: close the connection."""


@dataclass
class InputGate:
    """One connection's inputs, judged one by one (``admit``)."""

    clock: Callable[[], float] = time.monotonic
    keys: TokenBucket = field(init=False)
    flood: TokenBucket = field(init=False)
    last_move: float = -1e9
    dropped: int = 0
    """Keys dropped since the page was last told."""

    def __post_init__(self) -> None:
        self.keys = TokenBucket(*KEY_RATE, clock=self.clock)
        self.flood = TokenBucket(*FLOOD, clock=self.clock)

    @property
    def due(self) -> float:
        """When a held move may pass (monotonic seconds)."""
        return self.last_move + MOVE_INTERVAL

    def admit(self, kind: str) -> Verdict:
        if not self.flood.take():
            return Verdict.CLOSE
        if kind == "move":
            if self.clock() < self.due:
                return Verdict.HOLD
            self.last_move = self.clock()
            return Verdict.PASS
        if self.keys.take():
            return Verdict.PASS
        self.dropped += 1
        return Verdict.DROP

    def moved(self) -> None:
        """A held move was passed on."""
        self.last_move = self.clock()

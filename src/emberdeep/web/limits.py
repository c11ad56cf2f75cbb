"""Rate limits: failed logins per name and per address, and messages per connection.

Guessing passwords is slowed to ``FAILURES`` tries per ``WINDOW`` seconds for a name and
(more loosely) for an address; a connection sending faster than a person can type or move
a mouse is closed. Both use the monotonic clock, passed in so tests need no sleeping.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

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

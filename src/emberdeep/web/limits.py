"""Rate limits: login tries per (name, address), accounts made per address, a page's inputs.

Logins are counted when they start, not when they end: thirty wrong passwords sent at
once are thirty tries, not thirty guesses checked before the first failure is known. A
(name, address) pair gets ``FREE_TRIES`` tries, then each next one waits twice as long as
the last (``BACKOFF``, at most ``MAX_BACKOFF``); a right password clears the pair. Only
the pair slows down, never the name: a stranger guessing a name cannot keep its owner,
who logs in from another address, out (five wrong passwords used to lock a name for
everyone). An address also has ``ADDRESS_TRIES`` tries a ``WINDOW`` over all names, so
it cannot guess many names instead. Argon2 itself runs in ``hashing.HashPool``.

A page's inputs pass an ``InputGate``: pointer moves are coalesced (the last one wins),
keys beyond what a hand repeats are dropped (the page is told), and only a flood no hand
can make closes the connection: a person holding a key while moving the mouse must never
lose their session. The inputs passed also spend the address's shared budget
(``shares.KEY_BUDGET``), so more pages from one address do not buy more. All use the
monotonic clock, passed in so tests need no sleeping.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

WINDOW = 60.0
FREE_TRIES = 3
"""Login tries a (name, address) pair gets before it waits between tries."""
BACKOFF = 2.0
"""Seconds the first wait lasts; each further try doubles it."""
MAX_BACKOFF = 300.0
FORGET = 3600.0
"""Seconds without a try after which a pair starts afresh."""
ADDRESS_TRIES = 20
"""Login tries one address may start in ``WINDOW`` seconds, over every name."""


@dataclass
class Pair:
    """One (name, address) pair's tries since its last success."""

    tries: int = 0
    last: float = 0.0
    next: float = 0.0
    """When it may try again (monotonic seconds)."""


@dataclass
class LoginLimiter:
    """Login tries by (name, address) pair, and by address."""

    clock: Callable[[], float] = time.monotonic
    pairs: dict[tuple[str, str], Pair] = field(default_factory=dict)
    addresses: dict[str, deque[float]] = field(default_factory=dict)

    def _pair(self, name: str, address: str) -> Pair | None:
        key = (name.lower(), address)
        pair = self.pairs.get(key)
        if pair is not None and self.clock() - pair.last > FORGET:
            del self.pairs[key]
            return None
        return pair

    def _address(self, address: str) -> deque[float]:
        times = self.addresses.get(address, deque())
        while times and times[0] <= self.clock() - WINDOW:
            times.popleft()
        if not times:
            self.addresses.pop(address, None)
        return times

    def wait(self, name: str, address: str) -> float:
        """Seconds until ``name`` may be tried from ``address`` (0: now)."""
        now = self.clock()
        waits = [0.0]
        pair = self._pair(name, address)
        if pair is not None:
            waits.append(pair.next - now)
        times = self._address(address)
        if len(times) >= ADDRESS_TRIES:
            waits.append(times[-ADDRESS_TRIES] + WINDOW - now)
        return max(waits)

    def begin(self, name: str, address: str) -> float:
        """Start a try (counted now, before the password is checked), or say how many
        seconds are left to wait (nothing is counted then)."""
        wait = self.wait(name, address)
        if wait > 0:
            return wait
        now = self.clock()
        pair = self.pairs.setdefault((name.lower(), address), Pair())
        pair.tries += 1
        pair.last = now
        if pair.tries >= FREE_TRIES:
            pair.next = now + min(MAX_BACKOFF, BACKOFF * 2 ** (pair.tries - FREE_TRIES))
        times = self.addresses.setdefault(address, deque())
        times.append(now)
        if len(times) > ADDRESS_TRIES:
            times.popleft()
        return 0.0

    def succeeded(self, name: str, address: str) -> None:
        """The password was right: the pair starts afresh."""
        self.pairs.pop((name.lower(), address), None)


REGISTRATIONS = 5
"""Accounts made from one address in ``REGISTRATION_WINDOW`` seconds."""
REGISTRATION_WINDOW = 3600.0


@dataclass
class RegistrationLimiter:
    """Accounts made per address, so one stranger cannot fill the server with names. An
    account is counted when its making starts (so eight sent at once are eight), and
    given back if it was refused (a taken name, a short password)."""

    allowed: int = REGISTRATIONS
    clock: Callable[[], float] = time.monotonic
    made: dict[str, deque[float]] = field(default_factory=dict)

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may make another account (0: now)."""
        now = self.clock()
        times = self.made.get(address)
        if times is None:
            return 0.0 if self.allowed > 0 else REGISTRATION_WINDOW
        while times and times[0] <= now - REGISTRATION_WINDOW:
            times.popleft()
        if not times:
            del self.made[address]
            return 0.0 if self.allowed > 0 else REGISTRATION_WINDOW
        return 0.0 if len(times) < self.allowed else times[0] + REGISTRATION_WINDOW - now

    def begin(self, address: str) -> float:
        """Count an account from ``address`` now, or say how long it must wait."""
        wait = self.wait(address)
        if wait == 0:
            self.made.setdefault(address, deque()).append(self.clock())
        return wait

    def refund(self, address: str) -> None:
        """The account begun last was not made after all."""
        times = self.made.get(address)
        if times:
            times.pop()


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
    shared: TokenBucket | None = None
    """The budget of every page from this address together (``shares.KEY_BUDGET``)."""
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
            if self.clock() < self.due or not self.spend():
                return Verdict.HOLD
            self.last_move = self.clock()
            return Verdict.PASS
        if self.keys.take() and self.spend():
            return Verdict.PASS
        self.dropped += 1
        return Verdict.DROP

    def spend(self) -> bool:
        """Take one input from the address's shared budget (True: there was one)."""
        return self.shared is None or self.shared.take()

    def moved(self) -> None:
        """A held move was passed on."""
        self.last_move = self.clock()

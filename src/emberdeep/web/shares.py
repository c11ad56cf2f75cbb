"""Shares per address: what one client may hold of each thing the server has a cap on.

A stranger can make accounts, so counting per account lets one person fill the server
(three accounts filled a 6-game server); an address is what costs them something. The
address is the client's (``proxies.py`` puts the forwarded one there behind a trusted
proxy), grouped as ``address_key`` says: an IPv4 address alone, an IPv6 address by its
/64 (one household or one virtual machine gets a whole /64, and can pick any of its 2**64
addresses). Each kind of thing (games, players' sockets, watchers, replays) has a global
cap and a per-address allowance, and the allowance is never more than ``SHARE`` of the
global cap, so one address can never fill a cap alone. The key and chat budgets here are
shared by all of an address's pages: more pages do not buy more input (nor more CPU in
the games those keys drive).
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from collections.abc import Callable, Mapping

from emberdeep.web.limits import TokenBucket

SHARE = 0.5
"""No address may hold more than this share of any global cap (at least one, though)."""
IPV6_GROUP = 64
KEY_BUDGET = (60.0, 120.0)
"""Inputs a second passed to the games of one address, all its pages together, and the
burst: one page's own gate passes 40 keys and 20 pointer moves a second, so a single
honest page never meets this, while ten pages from one address share what one gets."""
CHAT_BUDGET = (1.0, 6.0)
"""Chat lines a second from one address, over all its pages and games, and the burst."""


def address_key(host: str | None) -> str:
    """The address a share is counted by: IPv4 as it is (an IPv4-mapped IPv6 address as
    its IPv4), IPv6 as its /64 network; anything else (no address, a Unix socket) as
    given, so it is one address of its own."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_GROUP), strict=False))
    return str(address)


def allowance(cap: int, wanted: int) -> int:
    """What one address may hold of ``cap``: ``wanted``, but never more than ``SHARE``
    of the cap (and at least one, or nobody could use a cap of one)."""
    return max(1, min(wanted, int(cap * SHARE)))


class Shares:
    """The counts per address of each capped kind, and the input budgets of addresses
    that have pages connected."""

    def __init__(
        self, caps: Mapping[str, tuple[int, int]], clock: Callable[[], float] = time.monotonic
    ) -> None:
        """``caps``: for each kind, (the global cap, what one address may want of it)."""
        self.allowed = {kind: allowance(cap, wanted) for kind, (cap, wanted) in caps.items()}
        self.counts: dict[str, Counter[str]] = {kind: Counter() for kind in caps}
        self.clock = clock
        self.keys: dict[str, TokenBucket] = {}
        self.chats: dict[str, TokenBucket] = {}

    def count(self, kind: str, address: str) -> int:
        return self.counts[kind][address]

    def full(self, kind: str, address: str) -> bool:
        """Whether ``address`` holds all it may of ``kind``."""
        return self.counts[kind][address] >= self.allowed[kind]

    def take(self, kind: str, address: str) -> bool:
        """One more of ``kind`` for ``address``, if it is within its allowance."""
        if self.full(kind, address):
            return False
        self.counts[kind][address] += 1
        return True

    def give(self, kind: str, address: str) -> None:
        """One of ``kind`` given back; an address holding nothing is forgotten (and
        its budgets with it)."""
        counts = self.counts[kind]
        counts[address] -= 1
        if counts[address] <= 0:
            del counts[address]
        if not any(address in each for each in self.counts.values()):
            self.keys.pop(address, None)
            self.chats.pop(address, None)

    def key_budget(self, address: str) -> TokenBucket:
        """The inputs ``address``'s pages may pass to its games, all together."""
        return self.keys.setdefault(address, TokenBucket(*KEY_BUDGET, clock=self.clock))

    def chat(self, address: str) -> bool:
        """Whether ``address`` may say another chat line now (one is spent)."""
        bucket = self.chats.setdefault(address, TokenBucket(*CHAT_BUDGET, clock=self.clock))
        return bucket.take()

"""Shares per address: the address key (IPv6 by /64), the allowance that never fills a
cap, the counts, the shared input budget, the forwarded address from trusted proxies
only, and the bounded Argon2 pool."""

from __future__ import annotations

import asyncio
import threading

import pytest

from emberdeep.web.hashing import HashPool, PoolBusyError
from emberdeep.web.limits import InputGate, TokenBucket, Verdict
from emberdeep.web.proxies import forwarded_client, networks
from emberdeep.web.shares import KEY_BUDGET, Shares, address_key, allowance


def test_the_address_key_groups_ipv6_by_64() -> None:
    assert address_key("203.0.113.5") == "203.0.113.5"
    assert address_key("203.0.113.6") != address_key("203.0.113.5")  # IPv4: /32
    one, other = address_key("2001:db8:1:2::a"), address_key("2001:db8:1:2:ffff::b")
    assert one == other == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::a") != one
    assert address_key("::ffff:203.0.113.5") == "203.0.113.5"
    assert address_key(None) == "?"
    assert address_key("not an address") == "not an address"


@pytest.mark.parametrize(("cap", "wanted", "allowed"), [(100, 3, 3), (6, 5, 3), (2, 3, 1)])
def test_an_address_never_gets_more_than_half_a_cap(cap: int, wanted: int, allowed: int) -> None:
    assert allowance(cap, wanted) == allowed


def test_shares_are_counted_per_address_and_forgotten_when_given_back() -> None:
    shares = Shares({"games": (6, 3), "watchers": (200, 10)})
    assert [shares.take("games", "a") for _ in range(4)] == [True, True, True, False]
    assert shares.take("games", "b")  # another address is served
    shares.key_budget("a")
    for _ in range(3):
        shares.give("games", "a")
    assert shares.count("games", "a") == 0 and "a" not in shares.keys


def test_the_key_budget_is_shared_by_an_addresss_pages() -> None:
    """Ten pages from one address get between them what one page may send."""
    now = [0.0]
    budget = TokenBucket(*KEY_BUDGET, clock=lambda: now[0])
    pages = [InputGate(clock=lambda: now[0], shared=budget) for _ in range(10)]
    passed = sum(gate.admit("key") is Verdict.PASS for _ in range(40) for gate in pages)
    assert passed == KEY_BUDGET[1]
    alone = InputGate(clock=lambda: now[0], shared=TokenBucket(*KEY_BUDGET, clock=lambda: now[0]))
    assert sum(alone.admit("key") is Verdict.PASS for _ in range(80)) == 80  # one hand: all


def test_forwarded_addresses_are_believed_only_from_trusted_proxies() -> None:
    trusted = networks(["127.0.0.1", "10.0.0.0/8"])
    assert forwarded_client("203.0.113.5", "198.51.100.1", trusted) == "203.0.113.5"
    assert forwarded_client("127.0.0.1", "198.51.100.1", trusted) == "198.51.100.1"
    # The client wrote the left one; the proxies appended the right ones.
    assert forwarded_client("127.0.0.1", "1.1.1.1, 2001:db8::7, 10.1.1.1", trusted) == (
        "2001:db8::7"
    )
    # Some proxies add the client's port (a new one each connection): it is no address.
    assert forwarded_client("127.0.0.1", "1.1.1.1, 203.0.113.5:4711", trusted) == "203.0.113.5"
    assert forwarded_client("127.0.0.1", "[2001:db8::7]:443, 10.1.1.1:80", trusted) == (
        "2001:db8::7"
    )
    assert forwarded_client("127.0.0.1", "", trusted) == "127.0.0.1"
    assert forwarded_client("127.0.0.1", "1.1.1.1", ()) == "127.0.0.1"
    with pytest.raises(ValueError, match="not an address"):
        networks(["proxy.example"])


def test_the_hash_pool_refuses_at_once_beyond_its_room() -> None:
    """One place per address, ``workers + queue`` in all; the rest are refused without
    waiting, and a place is given back when its work is done."""
    release = threading.Event()

    async def scenario() -> None:
        pool = HashPool(workers=1, queue=1, per_address=1)
        first = asyncio.ensure_future(pool.run("a", release.wait))
        await asyncio.sleep(0.05)
        with pytest.raises(PoolBusyError):
            await pool.run("a", lambda: True)  # the address already has its place
        second = asyncio.ensure_future(pool.run("b", release.wait))
        await asyncio.sleep(0.05)
        with pytest.raises(PoolBusyError):
            await pool.run("c", lambda: True)  # one working, one waiting: full
        release.set()
        assert await first and await second
        assert await pool.run("c", lambda: 7) == 7
        pool.close()

    asyncio.run(scenario())

"""Players' sockets and replay viewers are counted per address too (issue 42), live: one
address (directly, or an IPv4 address or an IPv6 /64 behind a trusted proxy) holds at
most its stated number, and another address is served meanwhile.

A player's socket needs a running game of its account, and one address may start only
three games; but a game runs on when its page goes, and its account's next page may come
from anywhere. So the games here are started from addresses of their own, and the
stranger then opens a page on each of them from one address: only the cap on players'
sockets stops them. A replay needs a finished game: one is put in the hall of fame (with
a recorded bot game as its replay) before the server starts."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from emberdeep.web.capacity import Limits
from emberdeep.web.database import Database
from emberdeep.web.hall import Entry, Hall
from tests.web.live import ROOT, Address, Client, Server, connect, post, refusal

SOCKETS = Limits().connections_per_address
REPLAYS = Limits().replays_per_address
GHOST = Entry("ghost", 10, 1, 1, 400, "killed by a rat", 1, "2024-05-01T12:00:00", "0.1.0", None)
"""The finished game whose replay is shown (``tests/replays/bot-seed1.replay.json``)."""


@dataclass
class Crowded:
    """The server, and the cookies of accounts whose games are running, none of them
    started by a stranger's address."""

    server: Server
    held: list[str]


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Crowded]:
    data = tmp_path_factory.mktemp("pages")
    db = Database(None, data)
    replay = (ROOT / "tests" / "replays" / "bot-seed1.replay.json").read_text(encoding="utf-8")
    assert Hall(db).add(GHOST, replay=replay)
    db.close()
    server = Server(data, "--trusted-proxy", "127.0.0.1", "--registrations", "100").start()
    held = [post(server, "/api/register", account(f"held{n}"))[2] for n in range(SOCKETS + 1)]

    async def start(number: int, cookie: str) -> None:  # from an address of its own
        page = f"heldpage{number}"
        async with connect(server, "/ws/play", cookie, page, f"127.0.1.{number + 1}") as ws:
            await Client(ws, page).until_full()

    async def start_all() -> None:
        await asyncio.gather(*(start(n, cookie) for n, cookie in enumerate(held)))

    try:
        asyncio.run(start_all())  # the games run on (for --grace) with nobody there
        yield Crowded(server, held)
    finally:
        server.stop()


Stranger = Callable[[int], Address]
"""The address of a stranger's n-th connection."""
PATHS: dict[str, tuple[Stranger, Stranger, Address]] = {
    # (the stranger's sockets, the stranger's replays, an honest client)
    "direct IPv4": (
        lambda n: Address("127.0.0.2"),
        lambda n: Address("127.0.0.4"),
        Address("127.0.0.3"),
    ),
    "proxied IPv4": (
        lambda n: Address(forwarded="203.0.113.5"),
        lambda n: Address(forwarded="203.0.113.6"),
        Address(forwarded="198.51.100.1"),
    ),
    "proxied IPv4 with ports": (  # some proxies write the client's port: a new one each time
        lambda n: Address(forwarded=f"203.0.113.7:{40000 + n}"),
        lambda n: Address(forwarded=f"203.0.113.8:{40000 + n}"),
        Address(forwarded="198.51.100.2:40000"),
    ),
    "proxied IPv6 /64": (  # each connection a different address of the same /64
        lambda n: Address(forwarded=f"2001:db8:1:2::{n + 1:x}"),
        lambda n: Address(forwarded=f"2001:db8:1:3:{n + 1:x}::1"),
        Address(forwarded="2001:db8:9:9::1"),
    ),
}


@pytest.mark.parametrize("path", PATHS)
def test_one_address_holds_its_share_of_players_sockets(crowded: Crowded, path: str) -> None:
    """Pages on seven running games from one address: six are attached, the seventh is
    refused as over the address's share; a page of the same account from another
    address is served."""
    stranger, _, honest = PATHS[path]
    server, held = crowded.server, crowded.held
    tag = f"sockets{list(PATHS).index(path)}"

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            for number, cookie in enumerate(held[:SOCKETS]):
                page = f"{tag}page{number}"
                ws = await stack.enter_async_context(
                    stranger(number).connect(server, "/ws/play", cookie, page)
                )
                await Client(ws, page).until_full()
            late = f"{tag}late{SOCKETS}"
            async with stranger(SOCKETS).connect(server, "/ws/play", held[SOCKETS], late) as ws:
                assert await refusal(ws, late) == f"address:{SOCKETS}"
            page = f"{tag}honest"
            async with honest.connect(server, "/ws/play", held[SOCKETS], page) as ws:
                await Client(ws, page).until_full()

    asyncio.run(scenario())


@pytest.mark.parametrize("path", PATHS)
def test_one_address_holds_its_share_of_replay_viewers(crowded: Crowded, path: str) -> None:
    """Two replays shown to one address at once (each a worker of its own); the third
    is refused as over the address's share, and another address is shown one."""
    _, stranger, honest = PATHS[path]
    server = crowded.server
    tag = f"replays{list(PATHS).index(path)}"
    replay = f"/ws/replay?id={GHOST.id}"

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            for number in range(REPLAYS):
                page = f"{tag}page{number}"
                ws = await stack.enter_async_context(
                    stranger(number).connect(server, replay, client=page)
                )
                await Client(ws, page).until_full()
            late = f"{tag}late{REPLAYS}"
            async with stranger(REPLAYS).connect(server, replay, client=late) as ws:
                assert await refusal(ws, late) == f"address:{REPLAYS}"
            page = f"{tag}honest"
            async with honest.connect(server, replay, client=page) as ws:
                await Client(ws, page).until_full()

    asyncio.run(scenario())


def account(name: str) -> dict[str, str]:
    return {"name": name, "password": "long enough"}

"""Nobody takes the server over from one address (issue 42): a flood of wrong logins
reaches Argon2 only as often as the limiter allows, never holds up the lobby, and never
locks the name's owner out; games, watchers and accounts are counted per address (an
IPv6 /64 as one), directly and behind a trusted proxy, and another address is served."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from emberdeep.web import accounts
from emberdeep.web.app import Options, create_app
from emberdeep.web.limits import FREE_TRIES
from tests.web.live import Address, Client, Server, refusal

ORIGIN = "http://testserver"
RIGHT = {"name": "owner", "password": "the right password"}


def test_a_login_flood_reaches_argon2_only_as_the_limiter_allows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """60 wrong logins at once from one address: at most ``FREE_TRIES`` are checked,
    the rest get 429 at once; the lobby answers within 500 ms meanwhile; the owner logs
    in from another address straight away."""
    checks: list[str] = []
    real = accounts.check_password

    def counted(password: str, stored: str) -> bool:
        checks.append(password)
        return real(password, stored)

    monkeypatch.setattr(accounts, "check_password", counted)
    app = create_app(Options(tmp_path, allowed_hosts=("testserver",)))
    app.state.server.accounts.register(RIGHT["name"], RIGHT["password"])

    def client(address: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app, client=(address, 40000))
        return httpx.AsyncClient(transport=transport, base_url=ORIGIN, headers={"Origin": ORIGIN})

    async def scenario() -> tuple[list[int], float, int]:
        async with client("203.0.113.9") as stranger, client("198.51.100.7") as owner:
            wrong = {"name": "owner", "password": "a wrong guess"}
            flood = asyncio.gather(*(stranger.post("/api/login", json=wrong) for _ in range(60)))
            await asyncio.sleep(0.01)  # every login has started
            started = time.perf_counter()
            lobby = await owner.get("/api/games")
            waited = time.perf_counter() - started
            assert lobby.status_code == 200
            mine = await owner.post("/api/login", json=RIGHT)
            answers = await flood
            return [answer.status_code for answer in answers], waited, mine.status_code

    statuses, waited, owner_status = asyncio.run(scenario())
    wrong_checks = [password for password in checks if password != RIGHT["password"]]
    assert len(wrong_checks) <= FREE_TRIES, Counter(statuses)
    assert Counter(statuses)[401] == len(wrong_checks)
    assert Counter(statuses)[429] == 60 - len(wrong_checks)
    assert waited < 0.5
    assert owner_status == 200


# -- live: per address, directly (distinct 127.x.y.z sources) and behind a proxy --------


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of 6 games behind a trusted proxy on this machine (the tests speak as
    that proxy, or as other local addresses, which it does not trust)."""
    server = Server(
        tmp_path_factory.mktemp("guard"),
        "--max-games", "6", "--max-watchers", "200", "--trusted-proxy", "127.0.0.1",
    ).start()  # fmt: skip
    yield server
    server.stop()


PATHS = {
    "direct IPv4": (
        [Address("127.0.0.2"), Address("127.0.0.2")],
        Address("127.0.0.3"),
    ),
    "proxied IPv4": (
        [Address(forwarded="203.0.113.5"), Address(forwarded="203.0.113.5")],
        Address(forwarded="198.51.100.1"),
    ),
    "proxied IPv6 /64": (  # each connection a different address of the same /64
        [Address(forwarded="2001:db8:1:2::a"), Address(forwarded="2001:db8:1:2:ffff::b")],
        Address(forwarded="2001:db8:9:9::1"),
    ),
}


@pytest.mark.parametrize("path", PATHS)
def test_one_address_gets_its_share_and_another_is_served(shared: Server, path: str) -> None:
    """5 accounts an hour; 3 games of the 6 (an address never fills half the server
    alone); 10 watchers; and an honest client from another address is served."""
    stranger, honest = PATHS[path]
    tag = f"p{list(PATHS).index(path)}page"
    made = [stranger[n % 2].post(shared, "/api/register", account(f"{tag}s{n}")) for n in range(6)]
    assert [status for status, _ in made] == [200] * 5 + [429]
    status, mine = honest.post(shared, "/api/register", account(f"{tag}h"))
    assert status == 200

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            pages = []
            for number, (_, cookie) in enumerate(made[:3]):
                ws = await stack.enter_async_context(
                    stranger[number % 2].connect(shared, "/ws/play", cookie, f"{tag}play{number}")
                )
                await Client(ws, f"{tag}play{number}").until_full()
                pages.append(ws)
            async with stranger[1].connect(shared, "/ws/play", made[3][1], f"{tag}late1") as ws:
                assert await refusal(ws, f"{tag}late1") == "address:3"
            ws = await stack.enter_async_context(
                honest.connect(shared, "/ws/play", mine, f"{tag}honest")
            )
            await Client(ws, f"{tag}honest").until_full()
            game = f"/ws/watch?game={tag.lower()}h"
            for number in range(10):
                ws = await stack.enter_async_context(
                    stranger[number % 2].connect(shared, game, client=f"{tag}watch{number}")
                )
                await Client(ws, f"{tag}watch{number}").until_full()
            async with stranger[0].connect(shared, game, client=f"{tag}watchx") as ws:
                assert await refusal(ws, f"{tag}watchx") == "address:10"
            ws = await stack.enter_async_context(honest.connect(shared, game, client=f"{tag}hw"))
            await Client(ws, f"{tag}hw").until_full()

    asyncio.run(scenario())


def account(name: str) -> dict[str, str]:
    return {"name": name, "password": "long enough"}

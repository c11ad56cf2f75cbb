"""The server without a browser: a killed server loses no game, a takeover tells the old
page, a resent input is applied once, the grace period saves a game, the caps hold."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets

from emberdeep.web.limits import FREE_TRIES
from tests.web.live import Client, Server, connect, games, owner, post, workers


def account(server: Server, name: str) -> str:
    status, answer, cookie = post(
        server, "/api/register", {"name": name, "password": "long enough"}
    )
    assert status == 200, answer
    return cookie


async def new_game(
    server: Server, cookie: str, client: str = "testclient1", source: str = "127.0.0.1"
) -> tuple[Client, int]:
    """A new game played a few turns in (from the address ``source``); the page's client
    and the turn it reached."""
    async with connect(server, "/ws/play", cookie, client, source) as ws:
        page = Client(ws, client)
        await page.until_full()
        await page.key("enter")
        for key in "hjklyubn.":
            await page.key(key)
        turn = page.turn()
        assert turn is not None and turn > 0
        return page, turn


async def reopened_turn(server: Server, cookie: str, source: str = "127.0.0.1") -> int | None:
    async with connect(server, "/ws/play", cookie, "testclient2", source) as ws:
        page = Client(ws, "testclient2")
        await page.until_full()
        return page.turn()


def test_a_killed_server_loses_no_game(tmp_path: Path) -> None:
    server = Server(tmp_path).start()
    try:
        cookie = account(server, "dora")
        _, turn = asyncio.run(new_game(server, cookie))
        server.kill()  # the server and every game at once: only the journal has the moves
        server.start()
        assert asyncio.run(reopened_turn(server, cookie)) == turn
    finally:
        server.stop()


def test_the_grace_period_saves_and_stops_the_game(tmp_path: Path) -> None:
    server = Server(tmp_path, "--grace", "0.02").start()  # 1.2 seconds
    try:
        cookie = account(server, "eve")
        _, turn = asyncio.run(new_game(server, cookie))

        async def wait_until_stopped() -> None:
            for _ in range(100):
                if not games(server):
                    return
                await asyncio.sleep(0.1)
            raise AssertionError("the game is still running")

        asyncio.run(wait_until_stopped())
        assert asyncio.run(reopened_turn(server, cookie)) == turn
    finally:
        server.stop()


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("web"), "--registrations", "100").start()
    yield server
    server.stop()


def test_a_resent_input_is_applied_once_and_a_takeover_is_told(shared: Server) -> None:
    cookie = account(shared, "finn")

    async def scenario() -> None:
        async with connect(shared, "/ws/play", cookie, "pageone1") as ws:
            page = Client(ws, "pageone1")
            await page.until_full()
            await page.key("enter")
            await page.key(".")
            turn = page.turn()
            assert turn is not None
            # The same input again (a reconnect resends what it has not seen acknowledged):
            # nothing happens, and no frame acknowledges it twice.
            await ws.send(json.dumps({"t": "key", "s": page.seq, "k": "."}))
            await page.key(".")
            assert page.turn() == turn + 1
            async with connect(shared, "/ws/play", cookie, "pagetwo2") as ws2:
                other = Client(ws2, "pagetwo2")
                await other.until_full()
                assert other.acks["pageone1"] == page.seq  # what a returning page resumes from
                while (await page.next())["t"] != "taken":
                    pass
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await page.next()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
                assert other.turn() == turn + 1

    asyncio.run(scenario())


def test_games_are_capped_and_strangers_cannot_play(tmp_path: Path) -> None:
    server = Server(tmp_path, "--max-games", "1").start()
    try:
        first, second = account(server, "gus"), account(server, "hal")

        async def scenario() -> None:
            async with connect(server, "/ws/play", first) as a:
                await Client(a, "testclient1").until_full()
                async with connect(server, "/ws/play", second) as b:
                    with pytest.raises(websockets.ConnectionClosed) as closed:
                        await Client(b, "testclient1").next()
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4029
            async with connect(server, "/ws/play") as stranger:
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await Client(stranger, "testclient1").next()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003

        asyncio.run(scenario())
    finally:
        server.stop()


def test_forms_from_another_site_and_wrong_passwords_are_refused(shared: Server) -> None:
    account(shared, "jo")

    request = urllib.request.Request(
        shared.url + "/api/login",
        data=json.dumps({"name": "jo", "password": "long enough"}).encode(),
        headers={"Content-Type": "application/json", "Origin": "http://evil.example"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403
    codes = [post(shared, "/api/login", {"name": "jo", "password": "wrong!"})[0] for _ in range(6)]
    # this name from this address: its free tries, then a wait (limits.FREE_TRIES)
    assert codes == [401] * FREE_TRIES + [429] * (6 - FREE_TRIES)
    assert post(shared, "/api/register", {"name": "../etc", "password": "long enough"})[0] == 400


def test_a_stalled_or_crashed_game_harms_no_other(tmp_path: Path) -> None:
    server = Server(tmp_path).start()
    try:
        first, second = account(server, "kim"), account(server, "lee")
        _, turn = asyncio.run(new_game(server, first))

        async def scenario() -> None:
            async with (
                connect(server, "/ws/play", first, "kimpage1") as a,
                connect(server, "/ws/play", second, "leepage1") as b,
            ):
                kim, lee = Client(a, "kimpage1"), Client(b, "leepage1")
                await kim.until_full()
                await lee.until_full()
                assert server.process is not None
                (stalled,) = [pid for pid in workers(server.process.pid) if owner(pid) == "kim"]
                os.kill(stalled, signal.SIGSTOP)  # stuck in a loop, say
                await lee.key("enter")
                await lee.key(".")
                os.kill(stalled, signal.SIGKILL)  # and then crashed
                while (message := await kim.next())["t"] != "ended":
                    pass
                assert "unexpectedly" in message["why"]
                await lee.key(".")
                assert lee.turn() is not None

        asyncio.run(scenario())
        # The crashed game continues from its save and journal.
        assert asyncio.run(reopened_turn(server, first)) == turn
    finally:
        server.stop()


def test_a_fast_hand_keeps_its_session(shared: Server) -> None:
    """Keys and moves at 100 a second each for 2 s (the old limit closed the connection
    after about 200 messages): the session stays, the page is told keys were dropped, and
    the game still answers."""
    cookie = account(shared, "quick")

    async def scenario() -> None:
        async with connect(shared, "/ws/play", cookie, "quickpage") as ws:
            page = Client(ws, "quickpage")
            await page.until_full()
            await page.key("enter")
            for _ in range(200):
                for message in ({"t": "key", "k": "."}, {"t": "move", "x": 5, "y": 5}):
                    page.seq += 1
                    await ws.send(json.dumps({**message, "s": page.seq}))
                await asyncio.sleep(0.01)
            notes: list[str] = []
            while True:  # the last key sent is acknowledged or dropped; drain until quiet
                try:
                    message = await page.next(timeout=1.5)
                except asyncio.TimeoutError:
                    break
                if message["t"] == "note":
                    notes.append(str(message["text"]))
            assert notes and "dropped" in notes[0]
            await page.key(".")  # still playing

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "text",
    ["[" * 999, '{"t": "key", "s": ' + "9" * 900 + ', "k": "h"}', '{"t": "key", "s": [[1]]}'],
)
def test_a_malformed_message_closes_its_socket_with_1003(shared: Server, text: str) -> None:
    """Deep nesting (once a RecursionError and a close with 1000), huge integers, wrong
    types: each closes that socket as unsupported data, and the server plays on."""
    cookie = account(shared, f"mal{len(text)}")

    async def scenario() -> None:
        async with connect(shared, "/ws/play", cookie, "malformed1") as ws:
            page = Client(ws, "malformed1")
            await page.until_full()
            await ws.send(text)
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await page.next()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
        async with connect(shared, "/ws/play", cookie, "malformed2") as ws:
            await Client(ws, "malformed2").until_full()  # the game, and the server, live on

    asyncio.run(scenario())

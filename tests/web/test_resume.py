"""Any host resumes any game, and no acknowledged turn is lost: two ``emberdeep serve``
hosts on one PostgreSQL cluster, each game's files in the database as it goes and its
lease held by the host that runs it (``web/shared.py``). A host killed mid-game: the
player continues the same game on the other host, and the killed host, back, never runs
it again; 20 ``kill -9``s of a host or a game's worker while keys are in flight, each
followed by the game on one host or the other, at least at the last turn a frame showed;
and a game's process sent SIGTERM or SIGHUP saves its game."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

from emberdeep.storage import saves, wal
from tests.web.live import Client, Server, connect, games, post, workers
from tests.web.postgres import Cluster

LEASE = "1.5"
SEED = 2
"""A dungeon where waiting hundreds of turns on the first floor is safe."""
KILLS = 20
MAP_ROWS = slice(1, 20)
"""Rows of the screen that show the dungeon (not the log, which says "welcome back")."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    running = Cluster().start()
    yield running
    running.stop()


@pytest.fixture
def hosts(cluster: Cluster, tmp_path: Path) -> Iterator[list[Server]]:
    servers = [
        Server(tmp_path / name, "--database", cluster.url, "--host-id", name, "--lease", LEASE)
        for name in ("alpha", "beta")
    ]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def account(server: Server, name: str) -> str:
    status, answer, cookie = post(
        server, "/api/register", {"name": name, "password": "long enough"}
    )
    assert status == 200, answer
    return cookie


async def opened(
    server: Server, cookie: str, client: str, hosts: list[Server] | None = None
) -> tuple[Any, Client, Server]:
    """A page with its game's whole frame and its host, from ``server`` or (given the ``hosts``)
    whichever host the page is sent to (4030, as the proxy would by the cookie): retried
    while a killed worker's game is wound up, a killed host is down, or a dead host's
    lease runs out (meanwhile the page is sent to it)."""
    by_id = {each.data.name: each for each in hosts or [server]}
    for _ in range(300):
        try:
            ws = await connect(server, "/ws/play", cookie, client)
        except OSError:  # down: the proxy would try the other host
            server = next(each for each in by_id.values() if each is not server)
            await asyncio.sleep(0.05)
            continue
        page = Client(ws, client)
        try:
            await page.until_full()
        except websockets.ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code == 4030 and hosts is not None:
                server = by_id[exc.rcvd.reason]
            await asyncio.sleep(0.05)
            continue
        return ws, page, server
    raise AssertionError("the game did not open")


def the_map(page: Client) -> list[str]:
    return page.text()[MAP_ROWS]


async def new_game(page: Client) -> None:
    for key in ["down", "enter", *str(SEED), "enter"]:  # a new game with SEED
        await page.key(key)


def test_a_killed_host_s_game_is_resumed_on_the_other_and_never_run_again(
    hosts: list[Server],
) -> None:
    alpha, beta = hosts
    cookie = account(alpha, "nomad")

    async def scenario() -> None:
        ws, page, _ = await opened(alpha, cookie, "nomadpage1")
        async with ws:
            await new_game(page)
            for key in "hjkl....":
                await page.key(key)
            turn, seen = page.turn(), the_map(page)
            assert turn is not None and turn > 0
            alpha.kill()  # the host and every game on it, mid-game
        ws, page, _ = await opened(beta, cookie, "nomadpage2")
        async with ws:
            assert page.turn() == turn and the_map(page) == seen  # the same game, there
            for key in "....":
                await page.key(key)
            later = page.turn()
            assert later == turn + 4
            alpha.start()  # back, with its own copy of the game on its disk
            async with connect(alpha, "/ws/play", cookie, "nomadpage3") as sent:
                assert "emberdeep_host=beta" in sent.response.headers["set-cookie"]
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await sent.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4030
            assert not [g for g in games(alpha) if g.get("host") == "alpha"]
            assert not workers(alpha.process.pid if alpha.process else 0)
        beta.stop()  # saved and stopped: its lease is given up
        ws, page, _ = await opened(alpha, cookie, "nomadpage4")
        async with ws:
            assert page.turn() == later  # beta's game, not the one alpha had on its disk

    asyncio.run(scenario())


RESTARTS: dict[int, threading.Thread] = {}
"""Hosts being started again in the background, by ``id``."""


def ready(host: Server) -> Server:
    """``host``, once it answers (after a restart in the background)."""
    restart = RESTARTS.pop(id(host), None)
    if restart is not None:
        restart.join(30)
    return host


def kill(host: Server, kind: int) -> None:
    """SIGKILL: the game's worker, the host's server alone (its worker then meets a
    broken pipe), or the server and every game; a host is started again in the
    background, as an operator's supervisor would."""
    assert host.process is not None
    if kind == 0:
        (pid,) = workers(host.process.pid)
        os.kill(pid, signal.SIGKILL)
        return
    if kind == 1:
        host.process.kill()
        host.process.wait(10)
    else:
        host.kill()
    RESTARTS[id(host)] = threading.Thread(target=host.start)
    RESTARTS[id(host)].start()


async def played(
    host: Server, hosts: list[Server], cookie: str, round_: int, rng: random.Random
) -> tuple[Server, int]:
    """Open the game on ``host``, check it is where it was, send keys without waiting for
    them, and kill something once some are acknowledged; the host it was played on and the
    highest turn a frame showed."""
    for each in hosts:
        ready(each)
    ws, page, host = await opened(host, cookie, f"kills{round_:04d}", hosts)
    async with ws:
        if round_ == 0:
            await new_game(page)
        shown = page.turn()
        assert shown is not None, "\n".join(page.text())
        keys = rng.randint(4, 12)
        for _ in range(keys):
            page.seq += 1
            await ws.send(json.dumps({"t": "key", "s": page.seq, "k": "."}))
        wanted = page.seq - keys + rng.randint(1, keys - 1)
        while True:
            message = await page.next()
            shown = max(shown, page.turn() or 0)
            ack = message.get("ack")
            if ack is not None and ack[1] >= wanted:
                break
        kill(host, round_ % 3)  # a worker, the server alone, the host: 7, 7 and 6 times
        return host, shown


def test_twenty_kills_lose_no_acknowledged_turn(hosts: list[Server]) -> None:
    cookie = account(hosts[0], "survivor")
    rng = random.Random(42)
    acknowledged = 0
    for round_ in range(KILLS):
        start = hosts[rng.randrange(2)]
        killed, shown = asyncio.run(played(start, hosts, cookie, round_, rng))
        acknowledged = max(acknowledged, shown)
        other = next(each for each in hosts if each is not killed)

        async def resumed(where: Server = other, n: int = round_) -> int | None:
            ws, page, _ = await opened(where, cookie, f"resume{n:04d}", hosts)
            async with ws:
                return page.turn()

        turn = asyncio.run(resumed())
        assert turn is not None and turn >= acknowledged, (round_, turn, acknowledged)
    for host in hosts:
        ready(host)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_worker_told_to_stop_saves_its_game(tmp_path: Path, signum: int) -> None:
    server = Server(tmp_path).start()
    try:
        cookie = account(server, "sleeper")

        async def scenario() -> int | None:
            ws, page, _ = await opened(server, cookie, "sleeperpage")
            async with ws:
                await new_game(page)
                for key in ".....":
                    await page.key(key)
                assert server.process is not None
                (pid,) = workers(server.process.pid)
                os.kill(pid, signum)
                while (await page.next())["t"] != "ended":
                    pass
                return page.turn()

        turn = asyncio.run(scenario())
        (save,) = (tmp_path / "players" / "sleeper" / "games").glob("*/save.emberdeep")
        assert saves.read_summary(save).turn == turn  # saved, not only journaled
        assert not wal.read_both(wal.journal_path(save))
    finally:
        server.stop()

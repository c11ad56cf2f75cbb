"""Several hosts on one PostgreSQL: two ``emberdeep serve`` processes, each with its own
data folder (its games' processes and saves), sharing the accounts, the hall of fame and
the directory of running games through a real database cluster."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

from emberdeep.web.database import Database
from emberdeep.web.directory import STALE
from tests.web.deaths import SEED, play_to_death
from tests.web.live import Client, Server, connect, games, post
from tests.web.postgres import Cluster


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    running = Cluster().start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def hosts(cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    servers = [
        Server(tmp_path_factory.mktemp(name), "--database", cluster.url, "--host-id", name)
        for name in ("alpha", "beta")
    ]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def hall(server: Server) -> list[dict[str, Any]]:
    with urllib.request.urlopen(server.url + "/api/hall", timeout=5) as response:
        entries: list[dict[str, Any]] = json.loads(response.read())["entries"]
        return entries


async def listed_on(server: Server, player: str) -> dict[str, Any]:
    """``player``'s game in ``server``'s lobby, once the host that runs it has published
    it (every ``directory.EVERY`` seconds)."""
    for _ in range(int(STALE * 10)):
        found = [g for g in games(server) if g["player"] == player]
        if found:
            return found[0]
        await asyncio.sleep(0.1)
    raise AssertionError(f"{player}'s game is not listed")


def test_the_database_layer_speaks_postgresql(cluster: Cluster, tmp_path: Path) -> None:
    db = Database(cluster.url, tmp_path)
    db.create(["CREATE TABLE IF NOT EXISTS probe (k TEXT PRIMARY KEY, v DOUBLE PRECISION)"])
    assert db.insert_new("INSERT INTO probe VALUES (?, ?)", ("a", 1.5))
    assert not db.insert_new("INSERT INTO probe VALUES (?, ?)", ("a", 2.5))
    assert db.run("SELECT v FROM probe WHERE k = ?", ("a",)) == [(1.5,)]
    db.close()


def test_an_account_made_on_one_host_logs_in_on_the_other(hosts: list[Server]) -> None:
    alpha, beta = hosts
    body = {"name": "roamer", "password": "long enough"}
    assert post(alpha, "/api/register", body)[0] == 200
    status, answer, cookie = post(beta, "/api/login", body)
    assert status == 200 and answer["me"] == "roamer" and cookie
    assert post(beta, "/api/register", body)[0] == 400  # the name is taken on both


def test_a_death_on_one_host_is_in_the_hall_of_fame_on_both(hosts: list[Server]) -> None:
    alpha, beta = hosts
    cookie = post(alpha, "/api/register", {"name": "mortal", "password": "long enough"})[2]

    async def scenario() -> int:
        async with connect(alpha, "/ws/play", cookie, "mortalpg") as ws:
            page = Client(ws, "mortalpg")
            turns = await play_to_death(page)
            assert "YOU DIED" in "\n".join(page.text())
            # Meanwhile the game is listed on both hosts, and beta sends its player to alpha.
            listed = await listed_on(beta, "mortal")
            assert listed["host"] == "alpha"
            async with connect(beta, "/ws/play", cookie, "mortalp2") as elsewhere:
                assert "emberdeep_host=alpha" in elsewhere.response.headers["set-cookie"]
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await elsewhere.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4030
            return turns

    turns = asyncio.run(scenario())
    for server in hosts:
        (entry,) = [e for e in hall(server) if e["player"] == "mortal"]
        assert entry["seed"] == str(SEED) and entry["turns"] == turns and entry["cause"]

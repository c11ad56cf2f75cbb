"""Fair share: nobody can lock players out. Registrations are limited per address, a game
whose player left gives up its slot to a player who needs it (and resumes later), and
watchers have a cap of their own."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets

from tests.web.live import Client, Server, connect, games, post
from tests.web.test_server import account, new_game, reopened_turn


@pytest.fixture
def fair(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path, *request.param).start()
    yield server
    server.stop()


ANN, BOB, CAT, DAN = "127.0.0.11", "127.0.0.12", "127.0.0.13", "127.0.0.14"
"""Each player's own address: the shares per address are not what these tests test."""


async def refused(
    server: Server, path: str, cookie: str = "", client: str = "late1234", source: str = ANN
) -> str:
    """The reason of a 4029 close (the connection is accepted first, so the page can tell
    "full" from "lost")."""
    async with connect(server, path, cookie, client, source) as ws:
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await Client(ws, client).next()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4029
    return closed.value.rcvd.reason


@pytest.mark.parametrize("fair", [()], indirect=True)
def test_registrations_are_limited_per_address(fair: Server) -> None:
    for number in range(5):
        account(fair, f"many{number}")
    status, answer, cookie = post(fair, "/api/register", {"name": "many5", "password": "x" * 9})
    assert status == 429 and not cookie
    assert answer["error"].startswith("Enough accounts have been made from your address")
    assert "try again in 60 minutes" in answer["error"]
    assert post(fair, "/api/login", {"name": "many1", "password": "long enough"})[0] == 200


@pytest.mark.parametrize("fair", [("--max-games", "2")], indirect=True)
def test_an_abandoned_game_gives_its_slot_to_a_player(fair: Server) -> None:
    """Two slots: ann left hers, bob is playing; cat gets ann's slot (ann's game is saved),
    ann finds the server full while both play, and continues her game once cat has gone."""
    ann, bob, cat = (account(fair, name) for name in ("ann", "bob", "cat"))
    _, turn = asyncio.run(new_game(fair, ann, source=ANN))  # ann leaves; her game waits

    async def scenario() -> None:
        async with connect(fair, "/ws/play", bob, "bobpage1", BOB) as b:
            await Client(b, "bobpage1").until_full()
            async with connect(fair, "/ws/play", cat, "catpage1", CAT) as c:
                await Client(c, "catpage1").until_full()  # ann's slot
                assert await refused(fair, "/ws/play", ann) == "full:2"
        assert await reopened_turn(fair, ann, ANN) == turn  # saved, and continued

    asyncio.run(scenario())


@pytest.mark.parametrize("fair", [("--max-connections", "2", "--max-watchers", "3")], indirect=True)
def test_watchers_never_take_a_players_place(fair: Server) -> None:
    dan = account(fair, "dan")
    asyncio.run(new_game(fair, dan))

    async def scenario() -> None:
        watchers = [
            connect(fair, "/ws/watch?game=dan", client=f"watch{n}xx", source=f"127.0.1.{n}")
            for n in range(3)
        ]
        sockets = [await w.__aenter__() for w in watchers]
        try:
            for number, ws in enumerate(sockets):
                await Client(ws, f"watch{number}xx").until_full()
            assert await refused(fair, "/ws/watch?game=dan") == "watching:3"
            async with connect(fair, "/ws/play", dan, "danpage2") as d:  # the player gets in
                await Client(d, "danpage2").until_full()
        finally:
            for w in watchers:
                await w.__aexit__(None, None, None)

    asyncio.run(scenario())


@pytest.mark.parametrize("fair", [("--max-games", "2")], indirect=True)
def test_abandoned_games_are_evicted_oldest_first(fair: Server) -> None:
    """Two slots, both games left (ann's first, then bob's): cat takes ann's slot, and bob's
    game runs on; dan then takes bob's. Each evicted game resumes for its owner later."""
    ann, bob, cat, dan = (account(fair, name) for name in ("ann", "bob", "cat", "dan"))
    _, ann_turn = asyncio.run(new_game(fair, ann, source=ANN))
    _, bob_turn = asyncio.run(new_game(fair, bob, source=BOB))  # left after ann

    async def scenario() -> None:
        async with connect(fair, "/ws/play", cat, "catpage1", CAT) as c:
            await Client(c, "catpage1").until_full()
            running = {game["player"]: game["here"] for game in games(fair)}
            assert running == {"bob": False, "cat": True}  # ann's, the oldest, went
        async with connect(fair, "/ws/play", dan, "danpage1", DAN) as d:
            await Client(d, "danpage1").until_full()
            running = {game["player"]: game["here"] for game in games(fair)}
            assert running == {"cat": False, "dan": True}  # then bob's: cat left after him
        assert await reopened_turn(fair, ann, ANN) == ann_turn
        assert await reopened_turn(fair, bob, BOB) == bob_turn

    asyncio.run(scenario())

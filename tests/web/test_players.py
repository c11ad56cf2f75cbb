"""A player's page (``/api/players/NAME``): their running and saved games, their finished
games with their morgues, their best scores; and a clean answer for any other name."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from emberdeep.web.database import Database
from emberdeep.web.hall import Entry, Hall
from tests.web.live import Client, Server, connect, games, post
from tests.web.prepared import heart_by_the_way_out


def get(server: Server, path: str) -> tuple[int, str, Any]:
    """(status, content type, JSON answer) of a GET, errors included."""
    try:
        with urllib.request.urlopen(server.url + path, timeout=10) as response:
            return response.status, response.headers["content-type"], json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["content-type"], json.loads(exc.read())


def finished(player: str, score: int, date: str, cause: str = "killed by a rat") -> Entry:
    return Entry(player, score, 3, 4, 900, cause, 7, date, "1.0", None)


@pytest.fixture(scope="module")
def prepared(server: Server) -> str:
    """Ada: registered as "Ada", a saved game in her folder, three finished games."""
    status, answer, _ = post(server, "/api/register", {"name": "Ada", "password": "long enough"})
    assert status == 200, answer
    heart_by_the_way_out(server.data, "ada")
    hall = Hall(Database(None, server.data))
    hall.add(finished("ada", 50, "2024-05-01T10:00:00"), morgue="Ada's first morgue")
    hall.add(finished("ada", 900, "2024-05-02T10:00:00", "<b>a trap</b>"), morgue="second")
    hall.add(finished("ada", 300, "2024-05-03T10:00:00"), morgue="third")
    hall.add(finished("bob", 5000, "2024-05-03T10:00:00"))  # somebody else's
    return "ada"


def test_the_page_lists_saved_games_morgues_and_best_scores(server: Server, prepared: str) -> None:
    status, kind, page = get(server, "/api/players/ADA")  # any case: the same player
    assert status == 200 and kind.startswith("application/json")
    assert (page["name"], page["shown"]) == ("ada", "Ada")
    assert page["running"] == []
    [saved] = page["saved"]
    assert (saved["depth"], saved["level"], saved["daily"]) == (1, 1, None)
    assert saved["saved"] and saved["problem"] == ""
    assert [g["score"] for g in page["games"]] == [300, 900, 50]  # newest first
    assert [g["score"] for g in page["best"]] == [900, 300, 50]
    assert {g["player"] for g in page["games"] + page["best"]} == {"ada"}
    status, _, morgue = get(server, f"/api/morgue?id={page['best'][0]['id']}")
    assert status == 200 and morgue["text"] == "second"  # each links to its morgue


def test_a_running_game_is_on_the_page_and_the_lobby_with_its_level(server: Server) -> None:
    status, _, cookie = post(server, "/api/register", {"name": "Cy", "password": "long enough"})
    assert status == 200

    async def play() -> dict[str, Any]:
        async with connect(server, "/ws/play", cookie, "cypage01") as ws:
            page = Client(ws, "cypage01")
            await page.until_full()
            await page.key("enter")  # New game
            await page.key(".")
            for _ in range(50):  # the status follows the frame
                listed = [g for g in games(server) if g["player"] == "cy"]
                if listed and listed[0].get("turn"):
                    return get(server, "/api/players/cy")[2]  # type: ignore[no-any-return]
                await asyncio.sleep(0.1)
            raise AssertionError("the game's status never came")

    page = asyncio.run(play())
    [lobby] = [g for g in games(server) if g["player"] == "cy"]
    assert (lobby["level"], lobby["depth"]) == (1, 1)
    [running] = page["running"]
    assert (running["level"], running["depth"], running["daily"]) == (1, 1, False)
    assert running["turn"] >= 1


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("nobody", 404),
        ("", 400),
        ("..%2F..%2Fetc%2Fpasswd", 400),
        ("../accounts.sqlite", 400),
        ("%2e%2e", 400),
        ("%3Cscript%3Ealert(1)%3C%2Fscript%3E", 400),
        ("ada%00", 400),
        ("x" * 5000, 400),
        ("%FF%FE", 400),
        ("ada/../bob", 400),
    ],
)
def test_any_other_name_is_answered_cleanly(server: Server, path: str, expected: int) -> None:
    status, kind, answer = get(server, "/api/players/" + path)
    assert status == expected and kind.startswith("application/json")
    assert set(answer) == {"error"} and "Traceback" not in answer["error"]
    assert "<" not in answer["error"]

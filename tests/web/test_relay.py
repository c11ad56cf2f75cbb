"""A hand cannot end a session: moves are coalesced, keys over the rate dropped with a
note, and only a flood no hand makes closes the connection."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from emberdeep.web.limits import FLOOD, KEY_RATE, MOVE_INTERVAL
from emberdeep.web.relay import Relay


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def relay(clock: Clock) -> tuple[Relay, list[dict[str, Any]], list[dict[str, Any]]]:
    game: list[dict[str, Any]] = []
    page: list[dict[str, Any]] = []
    return Relay(game.append, lambda text: page.append(json.loads(text)), clock), game, page


def test_a_held_key_and_a_moving_mouse_for_a_minute_keep_the_session() -> None:
    """30 key repeats and 18 pointer moves a second (48 inputs: what ended a session after
    9 s), for 60 simulated seconds."""

    async def scenario() -> tuple[bool, list[dict[str, Any]], list[dict[str, Any]]]:
        clock = Clock()
        gate, game, page = relay(clock)
        seq, alive = 0, True
        for tick in range(60 * 240):  # 240 ticks a second
            clock.now = tick / 240
            if tick % 8 == 0:  # 30 a second
                seq += 1
                alive &= gate.take({"t": "key", "s": seq, "k": "l"})
            if tick % 13 == 0:  # about 18 a second
                seq += 1
                alive &= gate.take({"t": "move", "s": seq, "x": tick % 80, "y": 3})
        gate.close()
        return alive, game, page

    alive, game, page = asyncio.run(scenario())
    assert alive
    assert page == []  # nothing dropped
    keys = [m for m in game if m["t"] == "key"]
    assert len(keys) == 60 * 30
    moves = [m for m in game if m["t"] == "move"]
    assert 0 < len(moves) <= 60 / MOVE_INTERVAL + 1  # coalesced
    assert [m["s"] for m in game] == sorted(m["s"] for m in game)  # in the order made


def test_moves_coalesce_to_the_last_one() -> None:
    async def scenario() -> list[dict[str, Any]]:
        gate, game, _ = relay(Clock())  # time stands still: every move after the first waits
        for x in range(10):
            assert gate.take({"t": "move", "s": x + 1, "x": x, "y": 0})
        gate.take({"t": "key", "s": 11, "k": "h"})  # the newest move goes first
        gate.close()
        return game

    game = asyncio.run(scenario())
    assert [(m["t"], m.get("x")) for m in game] == [("move", 0), ("move", 9), ("key", None)]


def test_keys_over_the_rate_are_dropped_with_a_note() -> None:
    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        gate, game, page = relay(Clock())
        for seq in range(200):
            assert gate.take({"t": "key", "s": seq, "k": "h"})
        return game, page

    game, page = asyncio.run(scenario())
    assert len(game) == KEY_RATE[1]
    assert len(page) == 1 and page[0]["t"] == "note" and "1 key dropped" in page[0]["text"]


def test_only_a_flood_closes() -> None:
    async def scenario() -> list[bool]:
        gate, _, _ = relay(Clock())
        taken = [gate.take({"t": "key", "s": seq, "k": "h"}) for seq in range(int(FLOOD[1]) + 1)]
        gate.close()
        return taken

    taken = asyncio.run(scenario())
    assert all(taken[:-1]) and not taken[-1]

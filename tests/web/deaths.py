"""A game played to its end through the web, quickly: a new game with a known seed, and
the terminal test's reckless ``dive`` choosing each key from a copy of the world kept here
in lockstep (the game is deterministic)."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import LEVEL_UP_STATS, LevelUp, Move, Wait
from emberdeep.session.driver import Driver, State
from emberdeep.session.setup import new_world
from tests.test_terminal_e2e import KEYS, VI, dive
from tests.web.live import Client

SEED = 7


async def play_to_death(page: Client, daily: int | None = None, waited: int = 0) -> int:
    """A new game with ``SEED`` from the title screen (or the daily game with its seed,
    already started, ``waited`` turns in by waits), played by ``dive`` in lockstep with a
    copy of the world here (the game is deterministic) until the player dies; the turn it
    ended on."""
    await page.until_full()
    if daily is None:
        for key in ["down", "enter", *str(SEED), "enter"]:  # New game with a seed
            await page.key(key)
    world = new_world(SEED if daily is None else daily, Settings(), loader.load())
    driver = Driver(world)
    for _ in range(waited):
        driver.command(Wait())
    sent = 0
    while not world.over and sent < 3000:
        command = dive(world)
        keys = [VI[(command.dx, command.dy)] if isinstance(command, Move) else KEYS[type(command)]]
        if driver.command(command).refused is not None:
            driver.command(Wait())
            keys.append(".")
        if driver.state is State.LEVEL_UP:
            driver.command(LevelUp(LEVEL_UP_STATS[0]))
            keys.append("a")
        for key in keys:
            await page.key(key)
        sent += 1
    assert world.over
    return world.turn

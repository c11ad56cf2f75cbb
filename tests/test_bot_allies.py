"""The bot frees the captives it knows of when no threat is in view, and can be told not to."""

from __future__ import annotations

from emberdeep.agents.bot import Bot
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.actors import Mode
from tests.helpers import ORC, add_monster, world_from_text

ROOM = """
###########
#@........#
#.........#
#........>#
###########
"""


def test_the_bot_walks_to_a_captive_and_frees_it() -> None:
    world = world_from_text(ROOM)
    goblin = add_monster(world, loader.load().hero.kinds["goblin"], 6, 2, hunting=False)
    goblin.mode, goblin.shackles = Mode.CAPTIVE, 3
    world.refresh_fov()
    bot = Bot(1)
    for _ in range(12):
        world.step(bot.choose(world))
        if goblin.mode == Mode.ALLY:
            break
    assert goblin.mode == Mode.ALLY and world.fellowship.freed == 1


def test_the_bot_leaves_captives_while_a_threat_is_in_view_or_when_told() -> None:
    world = world_from_text(ROOM)
    goblin = add_monster(world, loader.load().hero.kinds["goblin"], 3, 1, hunting=False)
    goblin.mode, goblin.shackles = Mode.CAPTIVE, 3
    world.refresh_fov()
    bot = Bot(1)
    assert bot.free_captives(world) == Move(1, 0)
    add_monster(world, ORC, 8, 3)
    world.refresh_fov()
    assert bot.free_captives(world) is None
    quiet = world_from_text(ROOM)
    captive = add_monster(quiet, loader.load().hero.kinds["goblin"], 2, 1, hunting=False)
    captive.mode, captive.shackles = Mode.CAPTIVE, 3
    quiet.refresh_fov()
    lazy = Bot(1)
    lazy.frees_captives = False
    for _ in range(10):
        quiet.step(lazy.choose(quiet))
    assert captive.mode == Mode.CAPTIVE and captive.shackles == 3

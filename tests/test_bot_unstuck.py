"""The bot never walks to and fro until it starves: three loops the balance runs of seed
40 found (an arrow turret seen from one step and not the next; a captive whose way ran
along an eel's shore; the Heart seen across ground it had not explored), each of which
starved a bot with rations to find."""

from __future__ import annotations

import numpy as np

from emberdeep.agents.bot import Bot
from emberdeep.agents.bot_fights import PURSUIT_TURNS
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.play import autopilot
from emberdeep.engine.things.items import Item
from tests.helpers import ORC, add_monster, world_from_text

CONTENT = loader.load()
KINDS = CONTENT.hero.kinds
ITEMS = {kind.key: kind for kind in CONTENT.population.items.kinds}

HALL = """
####################
#........@.........#
#.######...........#
#.######...........#
#.######...........#
#.######...........#
#..................#
####################
"""


def test_the_bot_gives_a_foe_up_after_walking_toward_it_long_enough() -> None:
    world = world_from_text(HALL)
    world.floor.move_actor(world.player, 9, 3)
    orc = add_monster(world, ORC, 17, 3)
    world.refresh_fov()
    bot = Bot(1)
    bot.patience = 3  # done waiting for it to come
    assert bot.fight(world, [orc]) == Move(1, 0)
    assert bot.pursued[orc.id] == 1
    bot.pursued[orc.id] = PURSUIT_TURNS
    step = bot.fight(world, [orc])
    assert step != Move(1, 0)  # explores on, past it
    assert step == autopilot.explore_action(world, dare=True)


POND = """
###########
#.@.......#
#.........#
#########.#
#~~~~~~~#.#
#.........#
###########
"""


def test_a_captive_whose_only_way_runs_along_a_lurkers_shore_is_left_there() -> None:
    world = world_from_text(POND)
    world.player.max_hp = world.player.hp = 100
    goblin = add_monster(world, KINDS["goblin"], 2, 5, hunting=False)
    goblin.mode, goblin.shackles = Mode.CAPTIVE, 3
    world.floor.explored[:] = True  # the floor walked, the captive seen
    bot = Bot(1)
    assert bot.free_captives(world) is not None  # no lurker seen yet: it goes
    bot.lurked[world.depth] = {(7, 4)}  # an eel bit from the water's east end
    shun = bot.shunned(world)
    assert shun is not None
    for _ in range(20):
        step = bot.free_captives(world)
        if step is None:
            break
        assert isinstance(step, Move)
        world.floor.move_actor(world.player, world.player.x + step.dx, world.player.y + step.dy)
        assert not shun[world.player.position]
    assert goblin.id in bot.left_behind
    assert bot.free_captives(world) is None  # and stays left: no step toward it again


def test_the_heart_seen_across_unexplored_ground_is_reached_by_exploring() -> None:
    world = world_from_text(HALL)
    heart = next(kind for kind in ITEMS.values() if kind.facts.wins)
    world.floor.items.append(Item(heart, x=17, y=6))
    world.floor.explored[:] = False
    world.floor.explored[:11, :] = True  # the west of the hall, round where the bot stands
    world.floor.explored[17, 6] = True  # and the Heart, glimpsed
    world.floor.visible[:] = False
    bot = Bot(1)
    assert isinstance(autopilot.travel_action(world, (17, 6), dare=True), autopilot.Stop)
    step = bot.take(world, (17, 6))
    assert step == autopilot.explore_action(world, pick_up=False, dare=True)
    assert isinstance(step, Move)
    assert np.count_nonzero(world.floor.explored) < world.floor.explored.size

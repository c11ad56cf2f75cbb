"""The bot's answers to what the new monsters and terrain ask (issue 41): it keeps off
the shore a lurker showed itself at, strikes back when a bog monster holds it (a blow
into deep water is not a wade), and never shoots a fire bolt from grass."""

from __future__ import annotations

from msgspec.structs import replace

from emberdeep.agents.bot import Bot
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Ascend, Move, Use
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import SUBMERGED
from emberdeep.engine.creatures import statuses
from emberdeep.engine.creatures.combat import damage_range
from emberdeep.engine.monsters import lurkers
from emberdeep.engine.play import autopilot
from emberdeep.engine.things.items import Item
from tests.helpers import ORC, add_monster, world_from_text

CONTENT = loader.load()
KINDS = CONTENT.hero.kinds
ITEMS = {kind.key: kind for kind in CONTENT.population.items.kinds}

POND = """
###########
#.........#
#.@.......#
#.~~~.....#
#.~~~.....#
#.........#
###########
"""


def test_the_shore_is_the_dry_ground_beside_deep_water() -> None:
    world = world_from_text(POND)
    shore = lurkers.shore(world.floor)
    assert shore[2, 2] and shore[5, 3] and shore[1, 5]
    assert not shore[2, 1] and not shore[3, 3] and not shore[0, 2]  # too far; water; wall


def test_bitten_from_the_water_the_bot_steps_off_the_shore_and_keeps_off_it() -> None:
    world = world_from_text(POND)
    world.player.max_hp = world.player.hp = 100
    eel = add_monster(world, KINDS["eel"], 3, 3)  # surfaced beside the bot
    bot = Bot(1)
    command = bot.choose(world)
    assert isinstance(command, Move)  # not a blow at what dives again
    x, y = 2 + command.dx, 2 + command.dy
    assert world.floor.tiles[x, y] != Tile.DEEP_WATER
    assert not lurkers.shore(world.floor)[x, y]
    shun = bot.shunned(world)
    assert shun is not None and shun[2, 2] and shun[5, 3]
    world.floor.move_actor(world.player, 8, 5)
    eel.statuses[SUBMERGED] = 1000  # gone under: the way goes round the shore
    crossed: list[tuple[int, int]] = []
    while world.player.position != (1, 1) and len(crossed) < 20:
        step = autopilot.travel_action(world, (1, 1), shun=shun)
        assert isinstance(step, Move)
        crossed.append((world.player.x + step.dx, world.player.y + step.dy))
        world.floor.move_actor(world.player, *crossed[-1])
    assert world.player.position == (1, 1)
    assert not any(shun[cell] for cell in crossed)
    plain = autopilot.travel_map(world, (1, 1))  # the straight way is along the shore
    assert plain[8, 5] < autopilot.travel_map(world, (1, 1), shun)[8, 5]


def test_held_by_a_bog_monster_the_bot_strikes_back_rather_than_eat() -> None:
    world = world_from_text(POND)
    world.inventory.append(Item(ITEMS["ration"]))
    world.nourishment = 1000  # not hungry, but room to eat before a wade
    bog = add_monster(world, KINDS["bog_monster"], 3, 3)
    statuses.apply(world, world.player, statuses.HELD, 6, "blow", source=bog)
    command = Bot(1).choose(world)
    assert command == Move(1, 1)


def test_the_bot_never_shoots_a_fire_bolt_from_grass() -> None:
    world = world_from_text(POND.replace("~", "."))
    staff = Item(ITEMS["firebolt_staff"])
    world.inventory.append(staff)
    add_monster(world, ORC, 7, 2)
    bot = Bot(1)
    assert bot.choose(world) == Use(0, (7, 2))  # from bare floor, it shoots
    world.floor.tiles[1:4, 1:4] = Tile.GRASS
    assert bot.choose(world) != Use(0, (7, 2))


NARROWS = """
#########
#~~~~~~~#
#.@.....#
#~~~~~~.#
#.......#
#.......#
#########
"""


def test_hurt_on_a_shore_with_no_dry_step_beside_the_bot_walks_off_it_to_rest() -> None:
    world = world_from_text(NARROWS)
    world.player.hp = 5
    bot = Bot(1, rest_to_full=True)
    shore = lurkers.shore(world.floor)
    for _ in range(12):
        if not shore[world.player.position]:
            break
        command = bot.choose(world)
        assert isinstance(command, Move)  # never a rest beside the water
        world.floor.move_actor(
            world.player, world.player.x + command.dx, world.player.y + command.dy
        )
    assert not shore[world.player.position]


def test_hurt_with_the_heart_the_bot_runs_for_the_stairs_past_a_foe() -> None:
    world = world_from_text(POND.replace("~", "."))
    heart = next(kind for kind in ITEMS.values() if kind.effect == "treasure")
    world.inventory.append(Item(heart))
    add_monster(world, ORC, 5, 2)
    world.player.hp = world.player.max_hp // 3
    assert world.player.position == world.floor.start
    assert Bot(1).choose(world) == Ascend()
    world.player.hp = world.player.max_hp
    assert Bot(1).choose(world) != Ascend()  # whole, it fights what is in view


def test_losing_a_melee_the_bot_strikes_with_its_staff_point_blank() -> None:
    world = world_from_text(POND.replace("~", "."))
    world.inventory.append(Item(ITEMS["firebolt_staff"]))
    add_monster(world, ORC, 3, 2)
    assert Bot(1).choose(world) == Move(1, 0)  # one orc: the blade does
    add_monster(world, ORC, 2, 3)
    command = Bot(1).choose(world)
    assert isinstance(command, Use) and command.slot == 0  # two beside it: the staff


def test_the_bot_drinks_when_the_foes_beside_it_could_kill_it_before_its_next_turn() -> None:
    world = world_from_text(POND.replace("~", "."))
    potion = Item(ITEMS["health_potion"])
    world.inventory.append(potion)
    world.identity.learn(potion.kind)
    brute = add_monster(world, replace(ORC, key="brute", power=8, hp=40), 3, 2)
    world.player.hp = 20  # two thirds of its health: more than the brute's hardest blow
    assert Bot(1).choose(world) != Use(0)
    world.player.hp = 12  # 40%, but a blow of 8 give or take 4 could end it
    assert damage_range(brute.power)[1] >= world.player.hp
    assert Bot(1).choose(world) == Use(0)


def test_the_bot_shoots_the_conjurer_before_the_nearer_foe() -> None:
    world = world_from_text(POND.replace("~", "."))
    world.inventory.append(Item(ITEMS["firebolt_staff"]))
    add_monster(world, ORC, 5, 2)
    conjurer = add_monster(world, KINDS["goblin_conjurer"], 7, 5)  # off the orc's line
    assert Bot(1).choose(world) == Use(0, conjurer.position)

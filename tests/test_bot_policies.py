"""The bot's investment policies: where each spends a scroll of enchanting, and the
variants that measure resting and the stairs."""

from __future__ import annotations

import pytest

from emberdeep.agents.bot import Bot
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Ascend, Descend, Move, Use, Wait
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from tests.helpers import ORC, add_monster, world_from_text

KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}
TRAPS = {kind.key: kind for kind in loader.load().population.traps.kinds}  # type: ignore[union-attr]


def kitted() -> tuple[World, list[Item]]:
    world = world_from_text("#######\n#@....#\n#.....#\n#######")
    kit = [
        Item(KINDS["dagger"], equipped=True),
        Item(KINDS["leather_armor"], equipped=True),
        Item(KINDS["firebolt_staff"]),
        Item(KINDS["enchant_scroll"]),
    ]
    world.inventory += kit
    return world, kit


@pytest.mark.parametrize(
    ("policy", "spent_on"), [("weapon", 0), ("armor", 1), ("staffs", 2), ("mixed", 0)]
)
def test_each_policy_spends_a_scroll_where_it_says(policy: str, spent_on: int) -> None:
    world, _ = kitted()
    bot = Bot(1, policy=policy)
    assert bot.enchant(world) == Use(3, on=spent_on)


def test_mixed_goes_round_the_categories() -> None:
    world, _ = kitted()
    bot = Bot(1, policy="mixed")
    first = bot.enchant(world)
    second = bot.enchant(world)
    assert isinstance(first, Use) and isinstance(second, Use) and first.on != second.on


def test_rest_to_full_waits_for_all_of_it() -> None:
    world, kit = kitted()
    world.inventory.remove(kit[3])
    world.player.hp = world.player.max_hp - 1
    assert Bot(1, rest_to_full=True).choose(world) == Wait()
    assert Bot(1).choose(world) != Wait()  # the shipped bot goes on above half


def test_the_stair_dance_takes_the_stairs_when_hurt_and_comes_back() -> None:
    world = world_from_text("#######\n#@.>..#\n#.....#\n#######")
    world.floor.stairs = world.player.position
    world.depth = 2
    bot = Bot(1, stair_dance=True)
    add_monster(world, ORC, 3, 1)
    world.player.hp = 3
    assert bot.dance(world, [world.floor.actors[max(world.floor.actors)]]) == Descend()
    assert bot.dancing
    world.floor.start, world.floor.stairs = world.player.position, (5, 1)
    assert bot.dance(world, []) == Ascend()


def test_a_nearly_full_pack_drops_what_the_bot_never_uses_then_spares() -> None:
    """A known scroll of aggravation goes first; a known potion of poison is kept now
    (thrown, it shatters into caustic gas: the bot throws it at crowds)."""
    world, kit = kitted()
    world.inventory.remove(kit[3])
    poison = Item(KINDS["aggravate_scroll"])
    world.identity.learn(poison.kind)
    grenade = Item(KINDS["poison_potion"])
    world.identity.learn(grenade.kind)
    world.inventory.append(grenade)
    world.inventory.append(Item(KINDS["sword"]))
    world.inventory.append(poison)
    while len(world.inventory) < 25:
        world.inventory.append(Item(KINDS["enchant_scroll"]))  # stacks apart, for the count
    bot = Bot(1)
    assert bot.junk(world) == world.inventory.index(poison)
    world.inventory.remove(poison)
    assert bot.junk(world) == world.inventory.index(
        next(i for i in world.inventory if i.kind.key == "sword")
    )


def test_a_hungry_bot_eats_and_a_fed_one_does_not() -> None:
    world, kit = kitted()
    world.inventory.remove(kit[3])
    world.inventory.append(Item(KINDS["ration"]))
    bot = Bot(1)
    assert bot.sustain(world, fighting=False) is None
    world.nourishment = 200
    assert bot.sustain(world, fighting=False) == Use(len(world.inventory) - 1)
    assert bot.sustain(world, fighting=True) is None  # hungry, not yet weak: fight first
    world.nourishment = 100
    assert bot.sustain(world, fighting=True) == Use(len(world.inventory) - 1)


def test_every_bot_explores_past_a_found_trap_not_deep_water_a_careful_one_rests_full() -> None:
    world = world_from_text("##########\n#@.....~.#\n##########")
    world.floor.traps[(3, 1)] = Trap(TRAPS["alarm_trap"], 3, 1, hidden=False)
    world.floor.items.append(Item(KINDS["health_potion"], 8, 1))
    player = world.player
    player.hp = player.max_hp - 1
    careful, plain = Bot(1, rest_to_full=True), Bot(1)
    assert careful.choose(world) == Wait()  # a point short of full: it rests
    assert plain.choose(world) != Wait()  # the plain bot goes on
    player.hp = player.max_hp
    world.floor.move_actor(player, 2, 1)
    assert plain.explore(world) == Move(1, 0)  # over the trap, for the floor beyond
    world.floor.move_actor(player, 6, 1)
    assert plain.explore(world) != Move(1, 0)  # but it never wades with its food


@pytest.mark.parametrize("variant", ["", "careful", "stair-dance"])
def test_every_bot_rests_to_full_and_eats_before_it_takes_the_heart(variant: str) -> None:
    """The Heart stops healing: every way of playing rests to full (and eats, with room
    for a whole ration) before it walks to it, so the variants differ in how they play
    the floors, not in the state they start the climb in."""
    world = world_from_text("#########\n#@......#\n#########")
    world.floor.items.append(Item(KINDS["ember_heart"], 7, 1))
    world.inventory.append(Item(KINDS["ration"]))
    player = world.player
    bot = Bot(
        1, rest_to_full=variant == "careful", stair_dance=variant == "stair-dance",
    )  # fmt: skip
    player.hp = player.max_hp * 3 // 4
    assert bot.choose(world) == Wait()  # over half, short of full: it rests
    player.hp = player.max_hp
    assert bot.choose(world) == Move(1, 0)  # full, with a stomach too full to eat
    world.nourishment = 300
    assert bot.choose(world) == Use(0)  # room for all of the ration: it eats first


def test_the_bot_eats_before_it_wades_and_wades_for_nothing_it_need_not_reach() -> None:
    """The current may take the food: bots lost their only ration and starved a floor
    on. It eats first where the stomach holds half a ration, and never wades with food
    for a vault's choice."""
    world = world_from_text("########\n#@~...>#\n########")
    world.inventory.append(Item(KINDS["ration"]))
    bot = Bot(1)
    world.nourishment = 2150 - 900
    assert bot.choose(world) == Use(0)  # the only way on is through: eat, then wade
    world.nourishment = 2150 - 800
    assert bot.choose(world) == Move(1, 0)  # too full to eat half: wade
    world.floor.items.append(Item(KINDS["sword"], 4, 1, choice=1))
    assert bot.to_a_choice(world) is None  # not for a vault's choice
    world.inventory.clear()
    assert bot.to_a_choice(world) == Move(1, 0)  # with no food to lose, it goes


def test_on_the_hearts_floor_the_bot_explores_on_through_deep_water() -> None:
    """Elsewhere it leaves a floor whose rest lies beyond deep water; on the treasure's
    floor there is nothing to leave for (bots wandered there till they starved)."""
    world = world_from_text("##########\n#@>.~....#\n##########")
    world.floor.move_actor(world.player, 3, 1)
    world.floor.explored[5:, :] = False  # the rest, beyond the water, unseen
    elsewhere, there = Bot(1), Bot(1)
    there.goal_depth = world.depth
    assert elsewhere.explore(world) == Move(-1, 0)  # back to the stairs, to leave
    assert there.explore(world) == Move(1, 0)  # into the water, for the rest

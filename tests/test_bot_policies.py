"""The bot's investment policies: where each spends a scroll of enchanting, and the
variants that measure resting and the stairs."""

from __future__ import annotations

import pytest

from emberdeep.agents.bot import Bot
from emberdeep.content import loader
from emberdeep.engine.actions import Ascend, Descend, Use, Wait
from emberdeep.engine.items import Item
from emberdeep.engine.world import World
from tests.helpers import ORC, add_monster, world_from_text

KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}


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
    assert Bot(1).choose(world) != Wait()  # the shipped bot goes on above 70%


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

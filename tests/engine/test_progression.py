from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Descend, Drop, LevelUp, Move, Use, Wait
from emberdeep.engine.core.events import Refused
from emberdeep.engine.play.world import REGEN_FULL
from emberdeep.engine.things.items import Item
from emberdeep.session.setup import new_world
from tests.helpers import ORC, add_monster, world_from_text

KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}


def test_new_game_starts_with_dagger_and_leather_worn() -> None:
    world = new_world(1, Settings(), loader.load())
    assert [(i.name, i.equipped) for i in world.inventory] == [
        ("Dagger", True),
        ("Leather Armor", True),
    ]
    hero = loader.load().hero.kind
    assert (world.player.power, world.player.defense) == (hero.power + 2, hero.defense + 1)


def test_equipping_swaps_the_slot_and_removing_takes_the_bonus_off() -> None:
    world = world_from_text("#####\n#@..#\n#####")
    world.inventory += [Item(KINDS["dagger"]), Item(KINDS["sword"]), Item(KINDS["chain_mail"])]
    world.strength = 20  # strong enough for all of it (tests/engine/test_gear.py: the lack)
    bare = world.player.power
    world.step(Use(0))
    assert world.player.power == bare + 2
    world.step(Use(1))  # the sword replaces the dagger
    assert world.player.power == bare + 4
    assert [i.equipped for i in world.inventory] == [False, True, False]
    world.step(Use(2))
    assert world.player.defense == 4
    world.step(Use(2))  # off again
    assert world.player.defense == 1
    world.step(Drop(1))  # dropping worn gear takes it off first
    assert world.player.power == bare and not world.floor.items[0].equipped


def test_level_up_thresholds_and_choices() -> None:
    world = world_from_text("#####\n#@..#\n#####")
    player, rules = world.player, world.progression
    first, second, third = (rules.base + rules.factor * level for level in (1, 2, 3))
    assert second > first > 0
    assert world.xp_to_next == first and not world.can_level_up
    assert world.step(LevelUp("power")) == Refused("not_ready")
    player.xp = first + 10
    assert world.can_level_up
    before = world.time
    world.step(LevelUp("hp"))
    gain = world.progression.hp
    assert (player.level, player.xp, player.max_hp, player.hp) == (2, 10, 30 + gain, 30 + gain)
    assert world.time == before  # choosing takes no time
    assert world.xp_to_next == second
    player.xp = second + third + 100
    power, defense = player.power, player.defense
    world.step(LevelUp("power"))
    world.step(LevelUp("defense"))
    assert (player.level, player.xp) == (4, 100)
    assert player.power == power + rules.power - rules.agility_costs
    assert player.defense == defense - rules.might_costs + rules.defense


def test_might_and_agility_are_trades_that_shape_a_build() -> None:
    """Might buys power with defense, Agility defense with power (issue 41): neither
    is a plain gain, so a level spent changes how the hero wins fights."""
    world = world_from_text("#####\n#@..#\n#####")
    player, rules = world.player, world.progression
    assert rules.might_costs > 0 and rules.agility_costs > 0
    player.xp = 10_000
    power, defense = player.power, player.defense
    world.step(LevelUp("power"))
    assert (player.power, player.defense) == (power + rules.power, defense - rules.might_costs)
    power, defense = player.power, player.defense
    world.step(LevelUp("defense"))
    assert (player.power, player.defense) == (
        power - rules.agility_costs,
        defense + rules.defense,
    )


def test_kills_give_experience() -> None:
    world = world_from_text("#####\n#@..#\n#####")
    orc = add_monster(world, ORC, 2, 1)
    world.player.hp = world.player.max_hp = 999
    while orc.alive:
        world.step(Move(1, 0))
    assert world.player.xp == ORC.xp and world.kills == {"orc": 1}


def test_descending_builds_the_next_floor_from_its_own_stream() -> None:
    content = loader.load()

    def go_down(seed: int) -> tuple[bytes, int]:
        world = new_world(seed, Settings(), content)
        floor = world.floor
        world.floor.move_actor(world.player, *floor.stairs)
        world.player.hp = 10
        world.step(Descend())
        assert world.depth == 2 and world.floor is not floor
        assert world.player.position == world.floor.start
        assert world.floor.actors[1] is world.player
        return world.floor.tiles.tobytes(), world.player.hp

    tiles, hp = go_down(5)
    assert (tiles, hp) == go_down(5)
    assert hp <= 10  # the stairs are no free heal
    assert go_down(6)[0] != tiles


def test_the_player_regenerates_all_their_health_over_the_same_turns_at_any_level() -> None:
    def healed(max_hp: int, turns: int, *, heart: bool = False, ring: int = 0) -> int:
        world = world_from_text("#####\n#@..#\n#####")
        if heart:
            world.inventory.append(Item(KINDS["ember_heart"]))
        if ring:
            world.inventory.append(Item(KINDS["regeneration_ring"], enchant=ring))
            world.step(Use(len(world.inventory) - 1))
        world.player.max_hp, world.player.hp = max_hp, 1
        for _ in range(turns):
            world.step(Wait())
        return world.player.hp - 1

    assert healed(30, REGEN_FULL // 2) == 15 and healed(300, REGEN_FULL // 2) == 150
    assert healed(300, REGEN_FULL) == 299  # full, and no further
    plain, ringed = healed(300, 90), healed(300, 90, ring=2)
    assert plain > 0 and 1.9 < ringed / plain < 2.1  # +100% regeneration
    assert healed(300, 90, heart=True) == 0  # the climb is paid for in potions


def test_descending_elsewhere_is_refused() -> None:
    world = new_world(3, Settings(), loader.load())
    assert world.step(Descend()) == Refused("no_stairs_down")


def test_deeper_floors_follow_the_dungeon_plan() -> None:
    content = loader.load()
    plan = {level.from_depth: level.generator for level in content.dungeon}
    assert plan[1] == "rooms" and plan[3] == "bsp"
    world = new_world(3, Settings(), content)
    for _ in range(3):
        world.floor.move_actor(world.player, *world.floor.stairs)
        world.step(Descend())
    assert world.depth == 4
    assert not (world.floor.tiles == 0).all()

"""The early bestiary's questions (issue 41): each new ability does what its monster's
hint promises, in a small pictured world."""

from __future__ import annotations

import numpy as np

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts import targets
from emberdeep.engine.acts.actions import Move, Wait
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import (
    Corroded,
    Event,
    ItemMoved,
    Refused,
    StatusChanged,
    Teleported,
)
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import SUBMERGED
from emberdeep.engine.creatures import combat, harm, statuses
from emberdeep.engine.monsters import arrivals, stairs
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot
from emberdeep.engine.things.items import Item, toggle_equipment
from emberdeep.mapgen.dwellers import away_from_start, band, niches, settle
from emberdeep.session.look_words import describe_tile
from emberdeep.tools.screenshots import text_of
from emberdeep.ui import sidebar
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import (
    add_monster,
    drawn_on_stack,
    floor_from_text,
    steps,
    texts,
    world_from_text,
)

CONTENT = loader.load()
KINDS = CONTENT.hero.kinds
ITEMS = {kind.key: kind for kind in CONTENT.population.items.kinds}

HALL = """
##############
#@..........>#
#............#
#............#
##############
"""
POOL = """
##########
#@.~~~~..#
#..~~~~..#
#..~~~~..#
##########
"""


LAKE = """
####################
#@.~~.......~~~~...#
#...........~~~~...#
####################
"""


def monster(world: World, key: str, x: int, y: int) -> Actor:
    return add_monster(world, KINDS[key], x, y)


def said(events: list[Event] | Refused) -> str:
    return " ".join(texts(events))


def tough(world: World) -> Actor:
    """The player, made to outlast whatever a test needs to see."""
    world.player.max_hp = world.player.hp = 1000
    return world.player


def test_a_monkey_snatches_a_potion_runs_and_drops_it_when_killed() -> None:
    world = world_from_text(HALL)
    tough(world)
    world.inventory.append(Item(ITEMS["health_potion"], count=2))
    thief = monster(world, "monkey", 2, 1)
    events: list[Event] = []
    for _ in range(30):
        events += steps(world.step(Wait()))
        if thief.loot:
            break
    assert thief.loot == "health_potion" and world.inventory[0].count == 1
    assert any(isinstance(e, ItemMoved) and e.change == "stolen" for e in events)
    assert "snatches" in said(events)
    for _ in range(3):
        world.step(Wait())
    assert thief.mode == Mode.FLEEING and thief.position != (2, 1)
    loot = [i for i in world.floor.items if i.kind.key == "health_potion"]
    assert [(i.x, i.y) for i in loot] == [thief.position]  # carried along
    thief.hp = 1
    thief.mode = Mode.ASLEEP  # a sure blow, wherever it ran
    world.player.power = 50
    combat.attack(world, world.player, thief)
    assert not thief.alive
    assert [(i.x, i.y) for i in world.floor.items if i.kind.key == "health_potion"] == [
        thief.position
    ]


def test_a_thiefs_loot_survives_a_save() -> None:
    world = world_from_text(HALL)
    thief = monster(world, "monkey", 5, 2)
    thief.loot = "health_potion"
    world.floor.items.append(Item(ITEMS["health_potion"], 5, 2))
    loaded = snapshot.load(snapshot.dump(world), lambda d, r: world.floor, ITEMS, world.kinds)
    assert loaded.floor.actors[thief.id].loot == "health_potion"
    assert loaded.state_hash() == world.state_hash()


def test_an_eel_under_water_cannot_be_aimed_at_and_surfaces_to_strike_then_dives() -> None:
    world = world_from_text(POOL)
    tough(world)
    eel = monster(world, "eel", 4, 2)
    eel.statuses[SUBMERGED] = statuses.MAX_TURNS
    assert targets.targets(world.floor, world.player, None) == []
    world.player.x, world.player.y = 2, 2
    world.floor.occupant[1, 1], world.floor.occupant[2, 2] = 0, 1
    events: list[Event] = []
    for _ in range(6):
        events += steps(world.step(Wait()))
    surfaced = [e for e in events if isinstance(e, StatusChanged) and e.cause == "surface"]
    dived = [e for e in events if isinstance(e, StatusChanged) and e.cause == "dive"]
    assert surfaced and dived
    assert "surges up out of the water" in said(events)
    assert world.floor.tiles[eel.position] == Tile.DEEP_WATER  # it never leaves the water


def test_a_bog_monsters_grip_holds_you_until_you_struggle_free() -> None:
    world = world_from_text(POOL)
    tough(world)
    bog = monster(world, "bog_monster", 3, 2)
    world.player.x, world.player.y = 2, 2
    world.floor.occupant[1, 1], world.floor.occupant[2, 2] = 0, 1
    for _ in range(30):
        world.step(Wait())
        if statuses.HELD in world.player.statuses:
            break
    assert statuses.HELD in world.player.statuses
    assert SUBMERGED not in bog.statuses  # it keeps hold above the water
    text = said(world.step(Move(-1, 0)))
    if statuses.HELD in world.player.statuses:
        assert world.player.position == (2, 2) and "struggle" in text
    for _ in range(40):
        if statuses.HELD not in world.player.statuses:
            break
        world.step(Move(-1, 0))
    assert statuses.HELD not in world.player.statuses


def test_a_grip_lets_go_when_the_holder_dies() -> None:
    world = world_from_text(HALL)
    bog = monster(world, "bog_monster", 3, 1)
    world.player.statuses[statuses.HELD] = 5
    bog.hp = 0
    bog.blocks = False
    world.floor.occupant[3, 1] = 0
    world.step(Move(0, 1))
    assert world.player.position == (1, 2) and statuses.HELD not in world.player.statuses


def test_a_grip_ends_the_moment_its_holder_dies_or_is_no_longer_beside_you() -> None:
    """Hand play: "Held (3)" stayed in the sidebar after the bog monster died."""
    world = world_from_text(HALL)
    bog = monster(world, "bog_monster", 2, 1)
    statuses.apply(world, world.player, statuses.HELD, 5, "blow", source=bog)
    world.take_events()
    harm.hurt(world, bog, bog.hp, "melee", source=world.player)
    assert not bog.alive and statuses.HELD not in world.player.statuses
    assert "You are free of the grip." in said(world.take_events())
    other = monster(world, "bog_monster", 2, 2)
    statuses.apply(world, world.player, statuses.HELD, 5, "blow", source=other)
    world.floor.move_actor(world.player, 6, 3)  # a blink away
    world.step(Wait())
    assert statuses.HELD not in world.player.statuses


def test_an_acid_mound_eats_the_armour_it_touches_and_the_blade_that_strikes_it() -> None:
    world = world_from_text(HALL)
    tough(world)
    armour, blade = Item(ITEMS["leather_armor"]), Item(ITEMS["sword"])
    world.inventory += [armour, blade]
    toggle_equipment(world, world.player, armour)
    toggle_equipment(world, world.player, blade)
    defense, power = world.player.defense, world.player.power
    mound = monster(world, "acid_mound", 2, 1)
    mound.max_hp = mound.hp = 1000
    events: list[Event] = []
    for _ in range(40):
        events += steps(world.step(Wait()))
        if armour.enchant < 0:
            break
    assert armour.enchant < 0 and world.player.defense < defense
    assert any(isinstance(e, Corroded) for e in events) and "acid eats at your" in said(events)
    for _ in range(40):
        world.step(Move(1, 0))  # into the mound: a blow
        if blade.enchant < 0:
            break
    assert blade.enchant < 0 and world.player.power < power


def test_a_centipedes_bite_weakens_your_blows() -> None:
    world = world_from_text(HALL)
    tough(world)
    power = world.player.power
    monster(world, "centipede", 2, 1)
    for _ in range(60):
        world.step(Wait())
        if statuses.WEAKENED in world.player.statuses:
            break
    assert statuses.WEAKENED in world.player.statuses
    assert statuses.power(world.player) == max(1, power - statuses.WEAKNESS)


def test_a_weakened_blow_rolls_less() -> None:
    world = world_from_text(HALL)
    world.player.power = 10
    orc = monster(world, "orc", 2, 1)
    orc.max_hp = orc.hp = 10_000
    strong = []
    for _ in range(40):
        before = orc.hp
        combat.attack(world, world.player, orc)
        strong.append(before - orc.hp)
    world.player.statuses[statuses.WEAKENED] = 100
    weak = []
    for _ in range(40):
        before = orc.hp
        combat.attack(world, world.player, orc)
        weak.append(before - orc.hp)
    assert max(weak) <= combat.damage_range(10 - statuses.WEAKNESS)[1] < max(strong)


def test_a_mystic_shields_its_friend_and_the_shield_takes_one_blow() -> None:
    world = world_from_text(HALL)
    goblin = monster(world, "goblin", 4, 2)
    monster(world, "goblin_mystic", 7, 2)
    for _ in range(10):
        world.step(Wait())
        if statuses.SHIELDED in goblin.statuses:
            break
    assert statuses.SHIELDED in goblin.statuses
    hp = goblin.hp
    world.player.power = 3
    goblin.mode = Mode.ASLEEP  # a sure blow
    combat.attack(world, world.player, goblin)
    assert goblin.hp == hp and statuses.SHIELDED not in goblin.statuses


def test_a_bloat_bursts_into_gas_when_it_dies() -> None:
    world = world_from_text(HALL)
    bloat = monster(world, "bloat", 6, 2)
    world.player.power = 50
    bloat.mode = Mode.ASLEEP
    combat.attack(world, world.player, bloat)
    assert not bloat.alive
    assert world.floor.gas_active and world.floor.gas[6, 2] > 0


VAULTED = """
####################
####################
##@...............>#
##.................#
####################
####################
"""


def turret_is_far(world: World) -> bool:
    return not away_from_start(world.floor)[5, 1] and bool(away_from_start(world.floor)[12, 1])


def test_a_turret_is_set_in_a_niche_of_the_wall_and_shoots() -> None:
    world = world_from_text(VAULTED)
    found = niches(world.floor)
    assert not found[2, 2] and found[5, 1] and not found[0, 2] and not found[5, 0]
    assert turret_is_far(world)
    turret = settle(world.floor, KINDS["arrow_turret"], 9, 5, 2)  # never by the start
    assert turret is not None and turret.y == 1  # dug into the top wall
    assert world.floor.tiles[turret.position] == Tile.FLOOR
    world.floor.move_actor(world.player, turret.x, 3)  # in front of the niche: in its view
    world.schedule.add(turret)
    world.kinds[turret.kind] = KINDS["arrow_turret"]
    turret.mode, turret.hunting = Mode.HUNTING, 10
    turret.next_time = world.time
    start = turret.position
    events: list[Event] = []
    for _ in range(5):
        events += steps(world.step(Wait()))
    assert turret.position == start and "shoots" in said(events)


def test_a_lurker_finds_water_or_no_home() -> None:
    dry = floor_from_text(HALL)
    assert settle(dry, KINDS["eel"], 5, 5, 2) is None
    near = floor_from_text(POOL)  # its water all within a few steps of the start
    assert settle(near, KINDS["eel"], 5, 5, 2) is None
    wet = floor_from_text(LAKE)
    eel = settle(wet, KINDS["eel"], 5, 8, 2)
    assert eel is not None and wet.tiles[eel.position] == Tile.DEEP_WATER
    assert eel.x >= 12  # the pond by the start is no home
    assert SUBMERGED in eel.statuses


def test_a_chieftain_comes_with_its_war_party() -> None:
    floor = floor_from_text(HALL)
    kind = KINDS["goblin_chieftain"]
    chief = settle(floor, kind, 5, 3, 2)  # the start (1, 1) within reach of its band
    assert chief is not None
    cells = np.argwhere(floor.tiles == Tile.FLOOR)
    cells = cells[(cells[:, 0] != floor.start[0]) | (cells[:, 1] != floor.start[1])]
    party = band(floor, chief, kind, KINDS, 6, cells=cells)
    assert [m.kind for m in party] == list(kind.band)
    assert all(max(abs(m.x - chief.x), abs(m.y - chief.y)) <= 2 for m in party)
    assert all(m.position != floor.start for m in party)  # only where anything may go


def test_a_hound_pounces_to_your_side_from_across_the_room() -> None:
    world = world_from_text(HALL)
    tough(world)
    hound = monster(world, "shadow_hound", 6, 2)
    for _ in range(12):
        hound.x, hound.y = 6, 2  # (back across the room, for another try)
        world.floor.occupant[:] = 0
        for actor in world.floor.actors.values():
            world.floor.occupant[actor.x, actor.y] = actor.id
        events = steps(world.step(Wait()))
        leaps = [e for e in events if isinstance(e, Teleported) and e.cause == "pounce"]
        if leaps:
            break
    assert leaps and leaps[0].start == (6, 2)
    assert max(abs(leaps[0].end[0] - 1), abs(leaps[0].end[1] - 1)) <= 1
    assert "leaps out of the dark" in said(events)


def test_homed_monsters_never_arrive_nor_follow_on_the_stairs() -> None:
    world = world_from_text(HALL)
    eel = monster(world, "eel", 2, 1)
    assert eel not in stairs.followers(world.floor, world.player, world.kinds)
    orc = monster(world, "orc", 2, 2)
    assert orc in stairs.followers(world.floor, world.player, world.kinds)
    for _ in range(200):
        kind = arrivals.pick(world, 6)
        assert kind is not None and not kind.habitat


def test_a_submerged_lurker_is_neither_drawn_nor_told_nor_listed() -> None:
    world = world_from_text(POOL)
    eel = monster(world, "eel", 4, 2)
    eel.statuses[SUBMERGED] = statuses.MAX_TURNS
    world.refresh_fov()
    assert world.floor.visible[eel.position]

    def shown() -> tuple[str, bool, bool]:
        screen = text_of(drawn_on_stack(PlayScreen.of(world, CONTENT, Settings())))
        told = any("Eel" in line for line in describe_tile(world, eel.position))
        return screen, told, eel in sidebar.in_view(world)

    under, told, listed = shown()
    assert not told and not listed
    del eel.statuses[SUBMERGED]
    above, told, listed = shown()
    assert told and listed
    drawn = {b for a, b in zip(under, above, strict=True) if a != b}
    assert CONTENT.looks["eel"].glyph in drawn  # the map shows it only once it surfaces


def test_the_bot_rests_off_the_waters_edge() -> None:
    from emberdeep.agents.bot import Bot

    world = world_from_text(LAKE)
    world.floor.move_actor(world.player, 2, 2)  # beside the pond
    world.player.hp = 5
    command = Bot(1).choose(world)
    assert isinstance(command, Move)
    x, y = 2 + command.dx, 2 + command.dy
    near = world.floor.tiles[x - 1 : x + 2, y - 1 : y + 2]
    assert not (near == Tile.DEEP_WATER).any()


def test_the_bot_fights_acid_bare_handed_and_wields_its_blade_again_after() -> None:
    from emberdeep.agents.bot import Bot, take_turn
    from emberdeep.session.driver import Driver

    world = world_from_text(HALL)
    tough(world)
    blade = Item(ITEMS["sword"])
    world.inventory.append(blade)
    toggle_equipment(world, world.player, blade)
    mound = monster(world, "acid_mound", 2, 1)
    bot, driver = Bot(1), Driver(world)
    take_turn(driver, bot)
    assert not blade.equipped  # taken off before the first blow
    for _ in range(60):
        if not mound.alive:
            break
        take_turn(driver, bot)
    assert not mound.alive and blade.enchant == 0  # no blade touched it
    for _ in range(3):
        take_turn(driver, bot)
    assert blade.equipped

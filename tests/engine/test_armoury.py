"""The armoury's second shelf (issue 41): each new item does what a player would plan
round, through the same ``Use`` and ``Throw`` as every other item."""

from __future__ import annotations

from msgspec.structs import replace

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move, Use
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.acts.targets import aim_for
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.events import (
    Died,
    Healed,
    ItemMoved,
    StairsTaken,
    Summoned,
    Teleported,
    TerrainChanged,
)
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import gear, harm, statuses
from emberdeep.engine.terrain.traps import Trap, TrapKind, notice
from emberdeep.engine.things.items import Item, ItemKind
from tests.helpers import ORC, add_monster, steps, texts, world_from_text

HALL = """
##############
#@...........#
##############
"""
ROOM = """
###########
#.........#
#.........#
#....@....#
#.........#
#.........#
###########
"""
KINDS = {k.key: k for k in loader.load().population.items.kinds}
MONSTERS = {k.key: k for k in loader.load().population.monsters.kinds}


def kind(key: str) -> ItemKind:
    return KINDS[key]


def test_descent_sinks_the_drinker_to_the_floor_below_unhurt_and_unfollowed() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("descent_potion")))
    add_monster(world, ORC, 2, 1)  # at the drinker's heels: by the stairs it would follow
    hp = world.player.hp
    events = steps(world.step(Use(0)))
    assert world.depth == 2 and world.player.hp == hp
    assert [a.kind for a in world.floor.actors.values()] == ["player"]
    (fall,) = [e for e in events if isinstance(e, StairsTaken)]
    assert (fall.way, fall.cause) == ("fell", "descent")
    assert "You sink through the floor!" in texts(events)


def test_fire_immunity_wards_off_fire_but_not_a_blade() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("fire_immunity_potion")))
    steps(world.step(Use(0)))
    player = world.player
    assert statuses.has(player, statuses.FIREPROOF)
    hp = player.hp
    harm.hurt(world, player, 10, "fire")
    assert player.hp == hp
    harm.hurt(world, player, 3, "bolt")
    assert player.hp == hp - 3


def test_negation_undoes_conjured_things_and_ends_statuses_in_view() -> None:
    world = world_from_text(ROOM)
    world.inventory.append(Item(kind("negation_scroll")))
    world.identity.learn(kind("negation_scroll"))
    blade = add_monster(world, MONSTERS["spectral_blade"], 7, 3)
    orc = add_monster(world, ORC, 3, 3)
    statuses.apply(world, orc, statuses.HASTED, 20, "potion")
    statuses.apply(world, world.player, statuses.POISONED, 9, "trap")
    world.refresh_fov()
    events = steps(world.step(Use(0)))
    assert not blade.alive and blade.id not in world.floor.actors
    assert not statuses.has(orc, statuses.HASTED)
    assert not statuses.has(world.player, statuses.POISONED)
    assert any(isinstance(e, Died) and e.who.id == blade.id for e in events)


def test_shattering_turns_the_walls_round_the_reader_to_floor_but_not_the_edge() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("shattering_scroll")))
    floor = world.floor
    assert floor.tiles[1, 0] == Tile.WALL  # the outer wall
    events = steps(world.step(Use(0)))  # every wall of a hall is the floor's edge
    assert not any(isinstance(e, TerrainChanged) for e in events)
    assert floor.tiles[1, 0] == Tile.WALL and floor.tiles[1, 2] == Tile.WALL
    inner = world_from_text(
        "#########\n#.......#\n#.#####.#\n#.#...#.#\n#.#.@.#.#\n#.#...#.#\n#.#####.#\n"
        "#.......#\n#########"
    )
    inner.inventory.append(Item(kind("shattering_scroll")))
    assert inner.floor.tiles[2, 4] == Tile.WALL
    events = steps(inner.step(Use(0)))
    assert any(isinstance(e, TerrainChanged) and e.cause == "shattered" for e in events)
    assert inner.floor.tiles[2, 4] == Tile.FLOOR and inner.floor.walkable[2, 4]
    assert inner.floor.tiles[0, 4] == Tile.WALL


def test_recharging_fills_every_staff() -> None:
    world = world_from_text(HALL)
    staff = Item(kind("firebolt_staff"), used=2, recharge=40)
    world.inventory += [Item(kind("recharging_scroll")), staff]
    events = steps(world.step(Use(0)))
    assert staff.charges == staff.capacity and staff.recharge == 0
    assert any(isinstance(e, ItemMoved) and e.change == "recharged" for e in events)


def test_polymorph_turns_a_creature_into_another_kind_at_the_same_share_of_health() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("polymorph_wand")))
    for monster in MONSTERS.values():
        world.kinds.setdefault(monster.key, monster)
    orc = add_monster(world, MONSTERS["orc"], 5, 1)
    orc.hp = orc.max_hp // 2
    world.refresh_fov()
    events = steps(world.step(Use(0, (5, 1))))
    (changed,) = [e for e in events if isinstance(e, Summoned) and e.cause == "polymorph"]
    new = world.floor.actors[changed.called[0].id]
    assert new.kind != "orc" and changed.cells == ((5, 1),) and orc.id not in world.floor.actors
    assert abs(new.hp / new.max_hp - 0.5) < 0.2


def test_beckoning_pulls_a_creature_beside_its_user() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("beckoning_wand")))
    orc = add_monster(world, ORC, 9, 1, hunting=False)
    world.refresh_fov()
    events = steps(world.step(Use(0, (9, 1))))
    assert any(isinstance(e, Teleported) and e.cause == "beckon" for e in events)
    assert orc.alive and abs(orc.x - world.player.x) <= 2


def test_domination_binds_a_creature_near_death_as_an_ally() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("domination_wand")))
    orc = add_monster(world, ORC, 5, 1)
    orc.hp = 1
    world.refresh_fov()
    events = steps(world.step(Use(0, (5, 1))))
    assert orc.mode == Mode.ALLY and orc.friendly
    assert any("bows to your will" in line for line in texts(events))


def test_domination_at_full_health_mostly_fails_and_angers() -> None:
    bound = 0
    for seed in range(20):
        world = world_from_text(HALL, seed=seed)
        world.inventory.append(Item(kind("domination_wand")))
        orc = add_monster(world, ORC, 5, 1, hunting=False)
        world.refresh_fov()
        steps(world.step(Use(0, (5, 1))))
        bound += orc.mode == Mode.ALLY
    assert bound <= 6


def test_plenty_doubles_what_it_strikes_on_its_side() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("plenty_wand")))
    orc = add_monster(world, ORC, 5, 1)
    orc.mode, orc.hunting = Mode.ALLY, 0
    world.refresh_fov()
    events = steps(world.step(Use(0, (5, 1))))
    (twin,) = [e for e in events if isinstance(e, Summoned)]
    copy = world.floor.actors[twin.called[0].id]
    assert copy.kind == "orc" and copy.mode == Mode.ALLY and copy.hp == orc.hp


def test_negation_wand_undoes_a_conjured_blade() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("negation_wand")))
    blade = add_monster(world, MONSTERS["spectral_blade"], 5, 1)
    world.refresh_fov()
    steps(world.step(Use(0, (5, 1))))
    assert not blade.alive


def test_conjuration_calls_blades_on_the_users_side() -> None:
    world = world_from_text(ROOM)
    world.inventory.append(Item(kind("conjuration_staff")))
    events = steps(world.step(Use(0)))
    (called,) = [e for e in events if isinstance(e, Summoned)]
    blades = [world.floor.actors[w.id] for w in called.called]
    assert len(blades) == 2 and all(b.mode == Mode.ALLY for b in blades)
    assert all(b.kind == "spectral_blade" for b in blades)


def test_staffs_of_healing_and_haste_help_the_creature_struck() -> None:
    world = world_from_text(HALL)
    world.inventory += [Item(kind("healing_staff")), Item(kind("haste_staff"))]
    ally = add_monster(world, ORC, 4, 1)
    ally.mode, ally.hunting, ally.hp = Mode.ALLY, 0, 2
    world.refresh_fov()
    events = steps(world.step(Use(0, (4, 1))))
    assert ally.hp > 2 and any(isinstance(e, Healed) for e in events)
    steps(world.step(Use(1, (4, 1))))
    assert statuses.has(ally, statuses.HASTED)


def test_a_staff_for_allies_is_aimed_at_the_nearest_ally_else_the_nearest_foe() -> None:
    world = world_from_text(ROOM)
    staff = Item(kind("healing_staff"))
    foe = add_monster(world, ORC, 4, 3)
    world.refresh_fov()
    assert aim_for(world.floor, world.player, staff) is foe  # an unknown one gives nothing away
    ally = add_monster(world, ORC, 8, 3)
    ally.mode, ally.hunting = Mode.ALLY, 0
    world.refresh_fov()
    assert aim_for(world.floor, world.player, staff) is ally


def test_a_ring_of_clairvoyance_shows_the_layout_beyond_the_walls() -> None:
    picture = "#########\n#@..#...#\n#...#...#\n#########"
    world = world_from_text(picture)
    ring = Item(kind("clairvoyance_ring"), enchant=2)
    world.inventory.append(ring)
    world.refresh_fov()
    assert not world.floor.explored[6, 1]
    steps(world.step(Use(0)))
    gear.tick(world)
    assert world.floor.explored[6, 1]


def test_a_ring_of_awareness_finds_hidden_traps_sooner() -> None:
    alarm = TrapKind("alarm_trap", "Alarm trap", "alarm")
    found = {False: 0, True: 0}
    for ringed in (False, True):
        for seed in range(10):
            world = world_from_text(HALL, seed=seed)
            if ringed:
                world.inventory.append(Item(kind("awareness_ring"), enchant=5))
                steps(world.step(Use(0)))
            world.floor.traps[(2, 1)] = trap = Trap(alarm, 2, 1)
            notice(world)
            found[ringed] += not trap.hidden
    assert found[True] == 10 and found[False] <= 5


def test_a_bola_slows_what_it_hits_and_may_break() -> None:
    broke = slowed = 0
    for seed in range(12):
        world = world_from_text(HALL, seed=seed)
        world.inventory.append(Item(kind("bola"), count=1))
        orc = add_monster(world, replace(ORC, hp=50), 3, 1, hunting=False)
        world.refresh_fov()
        events = steps(world.step(Throw(0, (3, 1))))
        slowed += statuses.has(orc, statuses.SLOWED)
        gone = any(isinstance(e, ItemMoved) and e.change == "broke" for e in events)
        broke += gone
        assert gone == (not any(i.kind.key == "bola" for i in world.floor.items))
    assert slowed >= 6 and 0 < broke < slowed


def test_a_kill_says_by_what_means() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(kind("darts"), count=3))
    orc = add_monster(world, replace(ORC, hp=1, defense=-50), 2, 1)
    world.refresh_fov()
    events = steps(world.step(Move(1, 0)))
    (died,) = [e for e in events if isinstance(e, Died)]
    assert died.means == "melee"
    orc = add_monster(world, replace(ORC, key="orc2", hp=1, defense=-50), 4, 1)
    world.refresh_fov()
    events = []
    for _ in range(3):
        if orc.alive:
            events += steps(world.step(Throw(0, orc.position)))
    assert [e.means for e in events if isinstance(e, Died)] == ["thrown"]

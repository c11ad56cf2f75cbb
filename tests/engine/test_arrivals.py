"""Time has a price: arrivals on a calm floor, and a climb with the Heart that wakes the
dungeon."""

from __future__ import annotations

import collections

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Ascend, Descend, Wait
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import Arrived, Followed
from emberdeep.engine.creatures import harm
from emberdeep.engine.monsters import arrivals
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.session.driver import Driver, Rest
from emberdeep.session.narration import narrator_for
from emberdeep.session.setup import new_world
from tests.helpers import ORC, add_monster, steps

CONTENT = loader.load()


def quiet_world(seed: int = 4) -> World:
    world = new_world(seed, Settings(), CONTENT)
    world.player.hp = world.player.max_hp = 10_000
    for monster in list(world.floor.actors.values()):
        if not monster.is_player:
            world.floor.remove_actor(monster)
    world.schedule.reset([])
    return world


def test_nothing_arrives_in_the_grace_and_something_does_after_a_long_calm() -> None:
    world = quiet_world()
    for _ in range(arrivals.GRACE - 1):
        world.step(Wait())
    assert len(world.floor.actors) == 1
    for _ in range(1500):
        world.step(Wait())
        if len(world.floor.actors) > 1:
            break
    (comer,) = [a for a in world.floor.actors.values() if not a.is_player]
    assert comer.mode == Mode.HUNTING and comer.hunting > 0
    assert world.floor.calm_since > 0  # the calm starts again
    assert violations(world) == []


def world_with_a_foe_in_view() -> tuple[World, Actor]:
    world = quiet_world()
    where = world.floor.free_near(*world.player.position, reach=3)
    assert where is not None
    foe = add_monster(world, ORC, *where)
    world.refresh_fov()
    return world, foe


def waited_for_a_visitor(world: World, turns: int = 1500) -> bool:
    before = len(world.floor.actors)
    for _ in range(turns):
        world.step(Wait())
        if len(world.floor.actors) > before:
            return True
    return False


def test_a_foe_awake_in_view_begins_the_calm_again_but_not_with_the_heart() -> None:
    """A fight is not a rest: nothing arrives while a foe is awake in view (a tester
    met some thirty visitors in 7,600 turns, most while exploring and fighting). The
    Heart's pull comes whatever the player does."""
    world, _ = world_with_a_foe_in_view()
    assert not waited_for_a_visitor(world)
    assert world.time - world.floor.calm_since <= 100
    goal = CONTENT.population.goal
    assert goal is not None
    world.inventory.append(Item(goal.treasure))
    assert waited_for_a_visitor(world)


def test_a_dead_foes_remains_in_view_are_calm() -> None:
    world, foe = world_with_a_foe_in_view()
    harm.hurt(world, foe, foe.hp, "test")
    assert foe.id in world.floor.actors and not foe.alive  # its remains lie in view
    assert waited_for_a_visitor(world)


def test_the_stairs_do_not_reset_the_calm() -> None:
    world = quiet_world()
    calm = world.floor.calm_since
    world.floor.move_actor(world.player, *world.floor.stairs)
    world.step(Wait())
    world.step(Descend())
    world.floor.move_actor(world.player, *world.floor.start)
    world.step(Ascend())
    assert world.depth == 1 and world.floor.calm_since == calm


def test_climbing_with_the_heart_brings_hunters_and_the_warden_behind() -> None:
    goal = CONTENT.population.goal
    assert goal is not None
    world = quiet_world()
    world.floor.move_actor(world.player, *world.floor.stairs)
    world.step(Descend())
    below = world.floor
    warden = arrivals.arrive(world, 1)
    assert warden is not None
    warden.kind = goal.guardian.key
    world.kinds[goal.guardian.key] = goal.guardian
    world.inventory.append(Item(goal.treasure))
    world.floor.move_actor(world.player, *world.floor.start)
    events = steps(world.step(Ascend()))
    assert world.depth == 1 and warden.id not in below.actors
    came = [a for a in world.floor.actors.values() if not a.is_player and a.alive]
    assert len([a for a in came if a.kind != goal.guardian.key]) >= arrivals.CLIMB_HUNTERS[0]
    assert all(a.mode == Mode.HUNTING for a in came)
    (up,) = [a for a in came if a.kind == goal.guardian.key]
    assert up.next_time >= world.time + arrivals.WARDEN_DELAY - 100
    assert any(isinstance(e, Followed) and e.who == up.who for e in events)
    assert violations(world) == []


def test_a_climbs_hunters_are_the_deeps_own_kinds() -> None:
    world = quiet_world()
    natives = {
        k.key
        for k in CONTENT.population.monsters.kinds
        if k.spawn and k.spawn[0][0] >= arrivals.CLIMB_NATIVE
    }
    drawn = {
        kind.key for _ in range(60) if (kind := arrivals.pick(world, 16, arrivals.CLIMB_NATIVE))
    }
    assert drawn and drawn <= natives
    assert len(drawn) > 2
    shallow = {
        kind.key for _ in range(60) if (kind := arrivals.pick(world, 3, arrivals.CLIMB_NATIVE))
    }
    assert shallow and not shallow & natives  # none lives there: any kind of the depth comes


def test_a_calm_floors_arrivals_are_few_and_of_every_kind_of_the_depth() -> None:
    """A long rest on depth 3 once drew some forty jackals, rats and kobolds one after
    another: now the rare kinds come nearly as often as the common, and fewer come."""
    world = quiet_world()

    def kinds(flat: bool) -> collections.Counter[str]:
        picked = (arrivals.pick(world, 3, flat=flat) for _ in range(400))
        return collections.Counter(kind.key if kind else "" for kind in picked)

    flat, plain = kinds(True), kinds(False)
    assert len(flat) == len(plain) >= 6
    assert max(flat.values()) < max(plain.values()) and min(flat.values()) > min(plain.values())
    assert max(flat.values()) < 400 // 4  # no kind is most of them
    for _ in range(1200):  # a rest from nothing to full health, twice over
        world.step(Wait())
    came = [a for a in world.floor.actors.values() if not a.is_player]
    assert 1 <= len(came) <= 1200 // (arrivals.GRACE + 1000 // arrivals.MOST_PER_MILLE)


def test_an_arrival_is_worth_no_experience_and_comes_from_a_floor_deeper() -> None:
    """Lingering is a price, never a harvest: the careful bot that rested to full after
    every fight levelled on what came (mean level 17.1 to the plain bot's 14.5)."""
    world = quiet_world()
    came = [arrivals.arrive(world, world.depth + arrivals.CALM_DEEPER) for _ in range(20)]
    assert all(m is not None and m.xp == 0 for m in came)
    first_found = {m.kind: world.kinds[m.kind].spawn[0][0] for m in came if m is not None}
    assert arrivals.CALM_DEEPER >= 1
    assert max(first_found.values()) > world.depth  # some only a floor deeper is home to


def test_a_calm_floors_arrival_is_heard_and_names_no_one() -> None:
    world = quiet_world()
    heard: list[Arrived] = []
    for _ in range(3000):
        heard += [e for e in steps(world.step(Wait())) if isinstance(e, Arrived)]
        if len(world.floor.actors) > 1:
            break
    (comer,) = [a for a in world.floor.actors.values() if not a.is_player]
    assert heard == [Arrived(comer.position, arrivals.way_in(world.floor, comer.position))]
    assert not world.floor.visible[comer.position]  # heard, not seen
    assert heard[0].way in ("up", "down")  # this floor's stairs had room out of view


def test_a_rest_stops_when_something_arrives_and_says_so() -> None:
    world = quiet_world()
    world.player.max_hp = 10**9  # a rest that would never end of itself
    driver = Driver(world, narrator_for(CONTENT))
    said = [line.text for line in driver.command(Rest()).lines]
    while driver.run is not None:
        said += [line.text for line in driver.tick().lines]
    comers = [a for a in world.floor.actors.values() if not a.is_player]
    assert len(comers) == 1
    assert any(text.startswith("You hear something come") for text in said)
    assert said[-1] == "You stop to listen."

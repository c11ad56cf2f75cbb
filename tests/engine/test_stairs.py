"""Stairs are no escape hatch: followers, and floors that live while you are away."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Ascend, Descend
from emberdeep.engine.core.actors import HUNT_MEMORY, Actor, Mode
from emberdeep.engine.core.events import Followed
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.world import World
from emberdeep.session.setup import new_world
from tests.helpers import ORC, add_monster, steps, texts

CONTENT = loader.load()


def at_the_stairs(seed: int = 5) -> World:
    world = new_world(seed, Settings(), CONTENT)
    world.floor.move_actor(world.player, *world.floor.stairs)
    world.player.hp = world.player.max_hp = 500
    return world


def free_beside(world: World) -> list[tuple[int, int]]:
    px, py = world.player.position
    return [
        (px + dx, py + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and world.floor.is_free(px + dx, py + dy)
    ]


def test_a_hunter_at_your_heels_follows_you_down_and_a_sleeper_does_not() -> None:
    world = at_the_stairs()
    (hx, hy), (sx, sy) = free_beside(world)[:2]
    hunter = add_monster(world, ORC, hx, hy)
    sleeper = add_monster(world, ORC, sx, sy, hunting=False)
    sleeper.mode = Mode.ASLEEP
    above = world.floor
    events = steps(world.step(Descend()))
    followed = [e for e in events if isinstance(e, Followed)]
    assert len(followed) == 1 and followed[0].way == "down"
    arrived = world.floor.actors[followed[0].who.id]
    assert arrived.kind == "orc" and arrived.hunting == HUNT_MEMORY and arrived.blocks
    assert world.floor.occupant[arrived.position] == arrived.id
    assert max(abs(arrived.x - world.player.x), abs(arrived.y - world.player.y)) <= 3
    assert hunter.id not in above.actors and sleeper.id in above.actors
    assert "The orc follows you down the stairs!" in texts(events)
    assert violations(world) == []


def test_a_floor_come_back_to_has_lived_the_time() -> None:
    world = at_the_stairs()
    floor = world.floor
    awake = [m for m in floor.actors.values() if m.alive and m.mode == Mode.WANDERING]
    assert len(awake) >= 2
    for monster in floor.actors.values():
        if monster.alive and not monster.is_player:
            monster.hp = 1
    places = {m.id: m.position for m in awake}
    world.step(Descend())
    world.floor.move_actor(world.player, *world.floor.start)
    world.time += 60_000  # a long while below
    world.player.next_time = world.time
    world.step(Ascend())
    assert world.floor is floor
    living = [m for m in floor.actors.values() if m.alive and not m.is_player]
    assert all(m.hp == min(m.max_hp, 61) for m in living)  # healed by the time away
    assert sum(m.position != places[m.id] for m in awake) >= len(awake) // 2  # many moved
    assert violations(world) == []


def test_coming_back_up_onto_stairs_a_monster_stands_on_moves_it_aside() -> None:
    """A floor left by a trapdoor keeps no one off its stairs: coming back up the stairs
    below lands on them, and whoever stands there steps aside (it once raised)."""
    world = at_the_stairs()
    above = world.floor
    world.step(Descend())
    world.floor.move_actor(world.player, *world.floor.start)
    sx, sy = above.stairs
    world.kinds[ORC.key] = ORC
    squatter = Actor.spawn(max(above.actors) + 1, ORC, sx, sy)
    above.add_actor(squatter)
    world.step(Ascend())
    assert world.floor is above and world.player.position == above.stairs
    assert squatter.position != above.stairs
    assert max(abs(squatter.x - sx), abs(squatter.y - sy)) <= 2
    assert above.occupant[squatter.position] == squatter.id
    assert violations(world) == []

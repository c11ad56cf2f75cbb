"""The staff of spears, added as content and one effect function: it strikes every
creature up to the spot aimed at, within its reach, and stops at a wall."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Use
from emberdeep.engine.core.events import Hurt, Missile
from emberdeep.engine.things.items import Item
from tests.helpers import ORC, add_monster, steps, texts, world_from_text

HALL = """
##############
#@...........#
##############
"""
SPEARS = next(k for k in loader.load().population.items.kinds if k.key == "spear_staff")


def test_the_spear_strikes_every_creature_up_to_the_spot_aimed_at() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(SPEARS))
    near = add_monster(world, ORC, 3, 1, hunting=False)
    far = add_monster(world, ORC, 6, 1, hunting=False)
    beyond = add_monster(world, ORC, 9, 1, hunting=False)
    world.refresh_fov()
    events = steps(world.step(Use(0, (6, 1))))
    (missile,) = [e for e in events if isinstance(e, Missile)]
    assert missile.path == ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1))
    hurt = {e.who.id for e in events if isinstance(e, Hurt)}
    assert {near.id, far.id} <= hurt and beyond.id not in hurt
    told = texts(events)  # narrated like any bolt, and identified like any staff
    assert sum(line.startswith("The bolt strikes the orc") for line in told) == 2
    assert told[-1].endswith("was a staff of spears!")


def test_its_reach_grows_with_its_level() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(SPEARS))
    far = add_monster(world, ORC, 11, 1)  # 10 away: past a level-2 staff's 9
    world.refresh_fov()
    assert not isinstance(world.step(Use(0, far.position)), list)

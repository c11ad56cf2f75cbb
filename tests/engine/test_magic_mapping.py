"""Magic mapping makes the map known, not what lies on it: explore still goes to what was
never seen (a tester read it on the Heart's floor, explore said "Explored", and the
Heart lay in a room the map showed and nobody had looked into), and a save keeps
what was known by magic apart from what was seen."""

from __future__ import annotations

import pytest

from emberdeep.content import loader
from emberdeep.engine.acts import magic
from emberdeep.engine.acts.actions import Move
from emberdeep.engine.play import autopilot
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot
from emberdeep.engine.saves.snapshot_reader import SnapshotError
from emberdeep.engine.things.items import Item
from tests.helpers import floor_from_text, world_from_text

ITEMS = {kind.key: kind for kind in loader.load().population.items.kinds}
TWO_ROOMS = """
####################
#@....#######......#
#.....#######......#
#.....+.............#
#.....#######.....>#
####################
"""
PICTURE = "\n".join(row[:20] for row in TWO_ROOMS.strip("\n").splitlines())


def mapped_world() -> World:
    world = world_from_text(PICTURE)
    world.refresh_fov()
    scroll = next(kind for kind in ITEMS.values() if kind.effect == "mapping")
    assert magic.mapping(world, world.player, Item(scroll), None) is None
    return world


def test_explore_goes_on_into_what_the_map_shows_but_nobody_saw() -> None:
    world = mapped_world()
    floor = world.floor
    assert floor.explored[16, 2] and floor.mapped[16, 2]  # known, never seen
    assert not floor.mapped[world.player.position]
    for _ in range(40):
        step = autopilot.explore_action(world, dare=True)
        if not isinstance(step, Move):
            break
        world.step(step)
    assert not floor.mapped[16, 2]  # walked to and seen
    assert not floor.mapped[8:19, 1:5].any()


def test_a_save_keeps_what_was_known_by_magic_apart_from_what_was_seen() -> None:
    world = mapped_world()
    data = snapshot.dump(world)
    loaded = snapshot.load(data, lambda depth, rng: floor_from_text(PICTURE), ITEMS)
    assert (loaded.floor.mapped == world.floor.mapped).all()
    assert (loaded.floor.explored == world.floor.explored).all()
    data["floor"]["mapped_bits"] = "not base64!"
    with pytest.raises(SnapshotError, match="mapped_bits"):
        snapshot.load(data, lambda depth, rng: floor_from_text(PICTURE), ITEMS)

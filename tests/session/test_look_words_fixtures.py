"""Look names a light fixture: hand play found a brazier's glyph described as "floor"."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.session.look_words import describe_tile
from emberdeep.session.setup import new_world


def test_look_names_the_fixture_on_a_tile() -> None:
    world = new_world(3, Settings(), loader.load())
    floor = world.floor
    floor.fixtures[world.player.position] = "brazier"
    assert describe_tile(world, world.player.position)[-1].startswith("brazier, ")
    del floor.fixtures[world.player.position]
    assert not describe_tile(world, world.player.position)[-1].startswith("brazier")

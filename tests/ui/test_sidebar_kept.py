"""The sidebar's cells are kept between frames and put back while nothing it shows has
changed: a kept frame must be the frame drawn afresh, and a change must show at once."""

from __future__ import annotations

import numpy as np

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Wait
from emberdeep.engine.things.items import Item
from emberdeep.session.setup import new_world
from emberdeep.tools import screenshots
from emberdeep.ui import layout, render
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.sidebar import Sidebar
from tests.helpers import world_from_text


def test_a_kept_sidebar_is_the_one_drawn_afresh_and_follows_the_world() -> None:
    content = loader.load()
    world = new_world(1, Settings(), content)
    screen = PlayScreen.of(world, content, Settings(render_mode="ascii"))
    screenshots.interesting_moment(screen)
    console = render.new_console(*layout.FULL_SIZE)
    screen.draw(console)
    first = console.rgb.copy()
    console.clear()
    screen.draw(console)  # nothing changed: the sidebar's cells put back
    assert np.array_equal(console.rgb, first)
    kept = screen.sidebar
    screen.sidebar = Sidebar()  # nothing kept: drawn afresh
    screen.draw(console)
    assert np.array_equal(console.rgb, first)
    screen.sidebar = kept
    world.player.hp -= 1  # what the sidebar shows changed
    screen.draw(console)
    changed = console.rgb.copy()
    screen.sidebar = Sidebar()
    screen.draw(console)
    assert np.array_equal(changed, console.rgb)
    assert not np.array_equal(changed, first)
    screen.sidebar = kept
    world.step(Wait())  # a command played: the turn counter moves on
    screen.draw(console)
    played = console.rgb.copy()
    screen.sidebar = Sidebar()
    screen.draw(console)
    assert np.array_equal(played, console.rgb)


def test_items_alike_in_view_take_one_sidebar_line_with_their_count() -> None:
    """Hand play: every dart thrown and lying about took a sidebar line of its own. Things
    alike are one line, counted; the line holds the nearest, for the mouse."""
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    world = world_from_text("""
    ##########
    #@.......#
    #........#
    ##########
    """)
    for kind in kinds.values():
        world.identity.learn(kind)
    for x in (3, 5, 7):
        world.floor.items.append(Item(kinds["darts"], x=x, y=1))
    world.floor.items.append(Item(kinds["darts"], count=2, x=4, y=2))
    world.floor.items.append(Item(kinds["dagger"], x=6, y=2))
    world.refresh_fov()
    screen = PlayScreen.of(world, content, Settings(render_mode="ascii"))
    console = render.new_console(80, 24)
    screen.draw(console)
    side = screen.layout.sidebar
    text = [
        "".join(chr(c) for c in console.ch[side.x : side.x + side.width - 1, y]).strip()
        for y in range(side.y, side.y + side.height)
    ]
    darts = [line for line in text if "Dart" in line]
    assert darts == [") 5 x Dart"], text
    assert any("Dagger" in line for line in text)
    entry = next(e for e in screen.sidebar.entries if e.top == text.index(darts[0]) + side.y)
    assert entry.position == (3, 1)  # the nearest dart

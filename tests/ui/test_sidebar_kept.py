"""The sidebar's cells are kept between frames and put back while nothing it shows has
changed: a kept frame must be the frame drawn afresh, and a change must show at once."""

from __future__ import annotations

import numpy as np

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Wait
from emberdeep.session.setup import new_world
from emberdeep.tools import screenshots
from emberdeep.ui import layout, render
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.sidebar import Sidebar


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

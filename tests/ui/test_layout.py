"""The play screen's layout, kept per console size and map tile width."""

from __future__ import annotations

from emberdeep import mapgen
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.play.world import World
from emberdeep.ui import render
from emberdeep.ui.layout import COMPACT_LOG_ROWS, SIDEBAR_WIDTH, layout_for
from emberdeep.ui.screens.play import PlayScreen


def test_a_kept_layout_is_per_size_and_a_new_size_gets_its_own() -> None:
    assert layout_for(100, 52) is layout_for(100, 52)  # kept, not rebuilt each frame
    small = layout_for(80, 24)
    assert small.compact and (small.width, small.height) == (80, 24)
    assert small.map.height == 24 - COMPACT_LOG_ROWS
    assert layout_for(100, 52).map.width == 100 - SIDEBAR_WIDTH and not layout_for(100, 52).compact


def test_the_play_screen_s_layout_follows_its_console_and_render_mode() -> None:
    content = loader.load()
    world = World(1, mapgen.floor_builder("rooms"))
    play = PlayScreen.of(world, content, Settings(render_mode="tiles", font_size="8x16"))
    wide = play.layout_of(render.new_console(100, 52))
    assert wide.map.columns == 2 and wide.map.width == 100 - SIDEBAR_WIDTH
    assert play.layout_of(render.new_console(100, 52)) is wide  # kept
    small = play.layout_of(render.new_console(80, 24))
    assert small.map.columns == 2 and small.compact and small.map.width == 80 - SIDEBAR_WIDTH
    play.render_mode = "ascii"
    assert play.layout_of(render.new_console(100, 52)).map.columns == 1

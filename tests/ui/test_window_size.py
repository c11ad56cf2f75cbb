"""Whole-step window sizes: the window opens at the largest whole scale that fits the
desktop, and a resized window letterboxes the console exactly where tcod draws it."""

from __future__ import annotations

import numpy as np
import pytest
import tcod.console
import tcod.context
from hypothesis import given
from hypothesis import strategies as st

from emberdeep.ui import font, render, window_size
from emberdeep.ui.window_size import fit_window, place_console

SCREEN = (render.SCREEN_WIDTH, render.SCREEN_HEIGHT)
TALL = font.cell_size("8x16")

cells = st.tuples(st.integers(1, 200), st.integers(1, 120))
cell_sizes = st.tuples(st.integers(1, 32), st.integers(1, 32))
desktops = st.tuples(st.integers(1, 8000), st.integers(1, 5000))


@given(cells, cell_sizes, desktops)
def test_the_window_always_fits_at_a_whole_maximal_scale(
    console: tuple[int, int], cell: tuple[int, int], desktop: tuple[int, int]
) -> None:
    fit = fit_window(console, cell, desktop)
    width, height = console[0] * cell[0], console[1] * cell[1]
    assert isinstance(fit.scale, int) and fit.scale >= 1
    assert fit.width <= desktop[0] and fit.height <= desktop[1]  # always fits
    if width <= desktop[0] and height <= desktop[1]:
        # exactly the console at that scale, and one step more would not fit
        assert (fit.width, fit.height) == (width * fit.scale, height * fit.scale)
        assert width * (fit.scale + 1) > desktop[0] or height * (fit.scale + 1) > desktop[1]
    else:  # not even 1x fits: 1x, clipped to the desktop
        assert fit.scale == 1
        assert (fit.width, fit.height) == (min(width, desktop[0]), min(height, desktop[1]))


@given(cells, cell_sizes, desktops)
def test_a_resized_window_letterboxes_at_a_whole_maximal_scale(
    console: tuple[int, int], cell: tuple[int, int], window: tuple[int, int]
) -> None:
    place = place_console(console, cell, window)
    width, height = console[0] * cell[0], console[1] * cell[1]
    assert place.scale >= 1
    assert place.x >= 0 and place.x + place.width <= window[0]
    assert place.y >= 0 and place.y + place.height <= window[1]
    # centred: the borders either side differ by at most a pixel
    assert abs((window[0] - place.width - place.x) - place.x) <= 1
    assert abs((window[1] - place.height - place.y) - place.y) <= 1
    if not place.shrunk:
        assert (place.width, place.height) == (width * place.scale, height * place.scale)
        assert width * (place.scale + 1) > window[0] or height * (place.scale + 1) > window[1]
    else:
        assert place.scale == 1 and (width > window[0] or height > window[1])
        # shrunk with its aspect kept: one side fills the window
        assert place.width == window[0] or place.height == window[1]
        assert abs(place.width * height - place.height * width) <= max(width, height)


@pytest.mark.parametrize(
    ("desktop", "scale", "size"),
    [
        ((1920, 1040), 1, (800, 832)),  # a 1080p screen less its task bar
        ((2560, 1400), 1, (800, 832)),
        ((3840, 2120), 2, (1600, 1664)),  # 4K
        ((5120, 2800), 3, (2400, 2496)),
        ((1366, 728), 1, (800, 728)),  # too small even for 1x: clipped
    ],
)
def test_the_game_screen_on_common_desktops(
    desktop: tuple[int, int], scale: int, size: tuple[int, int]
) -> None:
    fit = fit_window(SCREEN, TALL, desktop)
    assert (fit.scale, (fit.width, fit.height)) == (scale, size)


def test_an_empty_console_is_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        fit_window((0, 52), TALL, (1920, 1080))
    with pytest.raises(ValueError, match="empty"):
        place_console((80, 52), (8, 0), (1920, 1080))


def test_the_letterbox_is_where_tcod_draws_the_console() -> None:
    # A white console presented by tcod itself (headless SDL): the lit pixels must be
    # exactly the placement computed here (within a pixel when tcod shrinks it).
    console = tcod.console.Console(10, 3, order="F")
    console.rgb["bg"] = (255, 255, 255)
    tileset = font.builtin_tileset(1)
    with tcod.context.new(
        columns=10, rows=3, width=300, height=200, tileset=tileset, argv=[]
    ) as context:
        window, renderer = context.sdl_window, context.sdl_renderer
        assert window is not None and renderer is not None
        for size in [(300, 200), (81, 48), (60, 100), (1000, 100), (333, 777), (80, 47)]:
            window.size = size
            context.present(console, keep_aspect=True, integer_scaling=True)
            lit = renderer.read_pixels()[..., 0] > 128
            ys, xs = np.nonzero(lit)
            drawn = (xs.min(), ys.min(), xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)
            place = place_console((10, 3), TALL, size)
            expected = (place.x, place.y, place.width, place.height)
            slack = 1 if place.shrunk else 0
            assert all(abs(int(a) - b) <= slack for a, b in zip(drawn, expected, strict=True))
            assert place.shrunk == (size[0] < 80 or size[1] < 48)


def test_desktop_size_reads_the_display_headless() -> None:
    # The dummy video driver the tests run on reports one display: its usable area.
    size = window_size.desktop_size()
    assert size is not None
    width, height = size
    assert width >= 1 and height >= 1
    assert isinstance(width, int) and isinstance(height, int)
    fit = fit_window(SCREEN, TALL, size)
    assert fit.width <= width and fit.height <= height


@pytest.mark.parametrize(
    ("desktop", "cells", "scale", "size"),
    [
        ((1280, 770), (100, 43), 1, (800, 688)),  # the 1280x800 laptop: fewer rows, 1x
        ((1920, 1040), (100, 52), 1, (800, 832)),
        ((3840, 2120), (100, 52), 2, (1600, 1664)),  # 4K: 2x within 90%
        ((1024, 600), (100, 33), 1, (800, 528)),
        ((640, 400), (80, 24), 1, (640, 384)),  # never fewer than 80x24
    ],
)
def test_a_new_window_takes_at_most_nine_tenths_of_the_desktop_unsquashed(
    desktop: tuple[int, int], cells: tuple[int, int], scale: int, size: tuple[int, int]
) -> None:
    got, fit = window_size.fit_console(SCREEN, TALL, desktop, (80, 24))
    assert (got, fit.scale, (fit.width, fit.height)) == (cells, scale, size)
    if got != (80, 24):
        assert fit.width <= desktop[0] * 0.9 and fit.height <= desktop[1] * 0.9
    assert (fit.width, fit.height) == (got[0] * 8 * scale, got[1] * 16 * scale)

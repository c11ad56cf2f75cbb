"""Lava is never taken for deep water: in every palette and glyph render mode, in view
and remembered, the two look clearly apart in a 256-colour terminal too (hand play in
a terminal saw remembered lava as grey a ``~`` as remembered water: both came out as
neighbouring greys of the xterm palette)."""

from __future__ import annotations

import numpy as np
import pytest

from emberdeep.content import loader
from emberdeep.content.looks import GLYPH_MODES, Look
from emberdeep.content.palettes import PALETTE_NAMES
from emberdeep.ui.ansi import CUBE_LEVELS, GREY_LEVELS, to_xterm256

CLEARLY = 90
"""Summed |r|+|g|+|b| difference of two colours that counts as clearly different (as
``tests/content/test_distinguishable.py`` counts it)."""


def shown(color: tuple[int, int, int]) -> np.ndarray:
    """The colour a 256-colour terminal shows for ``color``."""
    index = int(to_xterm256(np.array(color)))
    if index >= 232:
        return np.array([GREY_LEVELS[index - 232]] * 3)
    cube = index - 16
    return np.array([CUBE_LEVELS[cube // 36], CUBE_LEVELS[cube // 6 % 6], CUBE_LEVELS[cube % 6]])


def apart(a: Look, b: Look) -> int:
    """How clearly two cells differ as a 256-colour terminal draws them: the most either
    colour, the ink (unless the glyph is blank) or the ground, changes."""
    ground = int(np.abs(shown(a.bg) - shown(b.bg)).sum())
    ink = int(np.abs(shown(a.fg) - shown(b.fg)).sum()) if a.glyph.strip() else 0
    return max(ground, ink)


@pytest.mark.parametrize("palette", PALETTE_NAMES)
@pytest.mark.parametrize("mode", GLYPH_MODES)
def test_lava_and_deep_water_look_clearly_apart(palette: str, mode: str) -> None:
    tiles = loader.load().recoloured(palette).tiles[mode]
    lava, water = tiles["lava"], tiles["deep_water"]
    for state in ("lit", "dark"):
        one, other = getattr(lava, state), getattr(water, state)
        if one.glyph == other.glyph:
            assert apart(one, other) >= CLEARLY, (state, one, other)


def test_the_measure_can_fail() -> None:
    grey = Look("~", (110, 50, 60), (0, 0, 0))
    assert apart(grey, Look("~", (40, 50, 120), (0, 0, 0))) < CLEARLY  # both grey there
    assert apart(grey, Look("~", (60, 130, 255), (0, 0, 0))) >= CLEARLY

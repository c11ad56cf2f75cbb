"""BSP's corridor pairing: the nearest pair of rooms across a split, found without
measuring every pair, must be the pair the whole table of gaps picks."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.mapgen.bsp import _closest_pair

centres = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 40)), min_size=1, max_size=40)


@settings(max_examples=300, deadline=None)
@given(a=centres, b=centres)
def test_the_closest_pair_is_the_first_nearest_of_the_whole_table(
    a: list[tuple[int, int]], b: list[tuple[int, int]]
) -> None:
    """Of equal pairs the first in ``a``'s order, then ``b``'s, as numpy's ``argmin`` over
    the table of gaps has it (ties are common: centres share columns and rows)."""
    gaps = np.abs(np.array(a)[:, None, :] - np.array(b)[None, :, :]).sum(axis=2)
    expected = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
    assert _closest_pair(a, b) == (int(expected[0]), int(expected[1]))

"""``mapgen.draws.Halves`` gives what numpy's own calls give, and leaves the stream where
they would (a seed keeps its floor)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.mapgen.draws import U32, Halves

CALLS = st.lists(
    st.one_of(
        st.tuples(st.integers(0, 200), st.integers(0, 6)),  # small spans, and none
        st.tuples(st.integers(-(2**20), 2**20), st.integers(0, 2**32 - 2)),  # wide ones
        st.integers(1, 3),  # that many coins in a row
    ),
    max_size=60,
)


def between(halves: Halves, q: int, low: int, high: int) -> tuple[int, int]:
    """A bounded draw at ``q`` as ``bsp._draw`` makes it inline."""
    if not (span := high - low):
        return low, q
    m = halves.values[q] * (span + 1)
    q += 1
    if m & U32 <= span:
        m, q = halves.redraw(m, span + 1, q)
    return low + (m >> 32), q


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), calls=CALLS, offset=st.booleans())
def test_halves_are_numpys(seed: int, calls: list[tuple[int, int] | int], offset: bool) -> None:
    """Wide spans make numpy's rejection common, so ``redraw`` is held to it too."""
    ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
    if offset:  # a half word already kept by the stream
        assert ours.integers(0, 9, endpoint=True) == theirs.integers(0, 9, endpoint=True)
    words = sum(call if isinstance(call, int) else 1 for call in calls)
    halves = Halves(ours, words)
    q = halves.start
    for call in calls:
        if isinstance(call, int):
            coins: list[bool] = []
            q = halves.coins(q, call, coins)
            assert coins == [theirs.random() < 0.5 for _ in range(call)]
        else:
            low, span = call
            value, q = between(halves, q, low, low + span)
            assert value == theirs.integers(low, low + span, endpoint=True)
    halves.close(q)
    assert ours.bit_generator.state == theirs.bit_generator.state
    assert ours.integers(1000, size=5).tolist() == theirs.integers(1000, size=5).tolist()


def test_a_rejected_draw_is_drawn_again() -> None:
    """numpy's threshold for 3 values is 1 (2**32 % 3): a half of 0 is refused."""
    rng = np.random.default_rng(5)
    halves = Halves(rng, 1)
    halves.values[2:4] = [0, 3 << 30]
    m, q = halves.redraw(0, 3, 3)
    assert (m >> 32, q) == (2, 4)  # the next half, 3 * 2**30, times 3: its top bits
    assert len(halves.values) > 4  # a word more fetched: the planned ones stay enough


def test_only_pcg64_streams_are_read() -> None:
    with pytest.raises(ValueError, match="PCG64"):
        Halves(np.random.Generator(np.random.MT19937(1)), 1)

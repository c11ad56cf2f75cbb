"""``mapgen.draws.Draws`` gives what numpy's own calls give, and leaves the stream where
they would (a seed keeps its floor)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.mapgen.draws import Draws

CALLS = st.lists(
    st.one_of(
        st.tuples(st.integers(0, 200), st.integers(0, 6)),  # small spans, and none
        st.tuples(st.integers(-(2**20), 2**20), st.integers(0, 2**32 - 2)),  # wide ones
        st.just(None),  # a float
    ),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), calls=CALLS, offset=st.booleans())
def test_draws_are_numpys(seed: int, calls: list[tuple[int, int] | None], offset: bool) -> None:
    ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
    if offset:  # a half word already kept by the stream
        assert ours.integers(0, 9, endpoint=True) == theirs.integers(0, 9, endpoint=True)
    draws = Draws(ours)
    for call in calls:
        if call is None:
            assert draws.random() == theirs.random()
        else:
            low, span = call
            assert draws.between(low, low + span) == theirs.integers(low, low + span, endpoint=True)
    draws.close()
    assert ours.bit_generator.state == theirs.bit_generator.state
    assert ours.integers(1000, size=5).tolist() == theirs.integers(1000, size=5).tolist()


def test_only_pcg64_streams_are_read() -> None:
    with pytest.raises(ValueError, match="PCG64"):
        Draws(np.random.Generator(np.random.MT19937(1)))

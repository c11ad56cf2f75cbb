from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from emberdeep.engine.core import rng


@given(st.integers(0, rng.MAX_SEED), st.integers(1, 50))
def test_same_seed_and_labels_give_the_same_stream(seed: int, depth: int) -> None:
    a = rng.floor_stream(seed, depth).integers(0, 2**32, size=8)
    b = rng.floor_stream(seed, depth).integers(0, 2**32, size=8)
    assert (a == b).all()


def test_streams_differ_by_depth_and_by_purpose() -> None:
    draws = {
        tuple(s.integers(0, 2**32, size=4))
        for s in (rng.floor_stream(5, 1), rng.floor_stream(5, 2), rng.stream(5, "play"))
    }
    assert len(draws) == 3


def test_parse_seed_accepts_numbers_and_words() -> None:
    assert rng.parse_seed(" 42 ") == 42
    assert rng.parse_seed("ember") == rng.parse_seed("ember")
    assert rng.parse_seed("ember") != rng.parse_seed("embers")
    with pytest.raises(ValueError, match="empty"):
        rng.parse_seed("  ")
    with pytest.raises(ValueError, match="at most"):
        rng.parse_seed(str(rng.MAX_SEED + 1))


def test_a_blank_generator_given_a_state_draws_as_the_generator_it_came_from() -> None:
    original = rng.stream(42, "play")
    original.random(5)
    copied = rng.blank()
    copied.bit_generator.state = original.bit_generator.state
    assert copied.integers(1000, size=20).tolist() == original.integers(1000, size=20).tolist()
    with pytest.raises(ValueError):  # a state of another kind of generator
        rng.blank().bit_generator.state = np.random.MT19937(1).state

"""Named random streams derived from one game seed.

Every consumer (each floor's generator, gameplay) draws from its own stream so that
making floors in a different order, or adding a draw to gameplay, never changes what
another stream produces. Streams are keyed by stable labels, never by Python's hash().
"""

from __future__ import annotations

import functools
import zlib
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

SEED_BITS = 63
MAX_SEED = 2**SEED_BITS - 1


def _label_word(label: str | int) -> int:
    if isinstance(label, int):
        if label < 0:
            raise ValueError(f"stream labels must be non-negative, got {label}")
        return label
    return zlib.crc32(label.encode("utf-8"))


def stream(seed: int, *labels: str | int) -> np.random.Generator:
    """A generator that depends only on the seed and the labels, e.g. ``stream(7, "floor", 3)``."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    words = [seed, *(_label_word(label) for label in labels)]
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(words)))


@functools.cache
def _blank_seed() -> np.random.SeedSequence:
    """Zeros for a bit generator's seed words: no hashing (``SeedSequence``'s is most of
    the cost of making a generator), for one whose state is set right after. Made on
    first use: its base class imports ``numpy.random`` (8 ms), which the title screen
    never needs."""
    from numpy.random.bit_generator import ISeedSequence

    class Blank(ISeedSequence):
        def generate_state(self, /, n_words: int, dtype: Any = np.uint32) -> NDArray[Any]:
            return np.zeros(n_words, dtype)

    # numpy takes any ISeedSequence; its stubs name only SeedSequence.
    return cast(np.random.SeedSequence, Blank())


def blank() -> np.random.Generator:
    """A gameplay generator whose state the caller sets at once (a restored game's, from
    its save): a tenth of the cost of ``stream``, whose hashing would be thrown away."""
    return np.random.Generator(np.random.PCG64(_blank_seed()))


def floor_stream(seed: int, depth: int) -> np.random.Generator:
    """The stream a floor's generator uses: the same (seed, depth) always builds the same floor."""
    return stream(seed, "floor", depth)


def below(rng: np.random.Generator, high: int, count: int) -> NDArray[np.intp]:
    """``count`` integers from 0 to ``high - 1``, like ``rng.integers(high, size=count)``
    but one uniform each, scaled: numpy's ``integers`` spends most of a small draw
    working out the size it was given, and making a floor asks for a handful."""
    drawn: NDArray[np.intp] = (rng.random(count) * high).astype(np.intp)
    return drawn


def sub_seed(rng: np.random.Generator) -> int:
    """A 31-bit seed for libraries with their own RNG (tcod.random), drawn from a stream."""
    return int(rng.integers(0, 2**31 - 1))


def parse_seed(text: str) -> int:
    """Accept a number, or any word (hashed stably), so players can share seeds like "ember"."""
    text = text.strip()
    if not text:
        raise ValueError("a seed cannot be empty")
    if text.isdigit():
        value = int(text)
        if value > MAX_SEED:
            raise ValueError(f"seed must be at most {MAX_SEED}")
        return value
    return zlib.crc32(text.encode("utf-8"))

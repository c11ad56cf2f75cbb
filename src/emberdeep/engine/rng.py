"""Named random streams derived from one game seed.

Every consumer (each floor's generator, gameplay) draws from its own stream so that
making floors in a different order, or adding a draw to gameplay, never changes what
another stream produces. Streams are keyed by stable labels, never by Python's hash().
"""

from __future__ import annotations

import zlib

import numpy as np
from numpy.random.bit_generator import ISeedSequence
from numpy.typing import DTypeLike, NDArray

SEED_BITS = 63
MAX_SEED = 2**SEED_BITS - 1


def _label_word(label: str | int) -> int:
    if isinstance(label, int):
        if label < 0:
            raise ValueError(f"stream labels must be non-negative, got {label}")
        return label
    return zlib.crc32(label.encode("utf-8"))


def stream(seed: int, *labels: str | int) -> np.random.Generator:
    """A generator that depends only on the seed and the labels, e.g. ``stream(7, "floor", 3)``:
    ``PCG64(SeedSequence([seed, *labels]))``, its state worked out by ``seeded``."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    return seeded([seed, *(_label_word(label) for label in labels)])


def seeded(entropy: list[int]) -> np.random.Generator:
    """``Generator(PCG64(SeedSequence(entropy)))`` for non-negative ints, in a third of
    the time: the seed sequence's hash is worked out here with Python ints (numpy's works
    on uint32 scalars, under an ``errstate``; a new game makes four streams). The same
    state bit for bit (tests/engine/test_rng.py compares them)."""
    words = _Words(_pcg_words(entropy))
    # numpy's stub names only SeedSequence; the bit generators take any ISeedSequence.
    return np.random.Generator(np.random.PCG64(words))  # type: ignore[arg-type]


_MASK = 0xFFFFFFFF
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_POOL = 4
"""numpy's ``SeedSequence`` constants (``bit_generator.pyx``) and its pool of 4 words."""


def _pcg_words(entropy: list[int]) -> list[int]:
    """The four 64-bit words ``SeedSequence(entropy).generate_state(4, np.uint64)`` gives
    (what ``PCG64`` seeds itself from): the entropy as 32-bit words, low first, hashed
    into a pool of four, each mixed into the others, any further words mixed into every
    one, and the pool hashed out again. Each step is written out (``hashmix``: xor with
    the step's multiplier, times the next, fold; ``mix``: ``L * x - R * y``, fold):
    a function call or a list index per step cost as much as the step."""
    words: list[int] = []
    for number in entropy:
        words.append(number & _MASK)  # 0 is one word
        rest = number >> 32
        while rest:
            words.append(rest & _MASK)
            rest >>= 32
    words += [0] * (_POOL - len(words))
    h = _hash_multipliers(_POOL * len(words) + 1)
    pool = _pool_of_four(words, h)
    m, left, right = _MASK, _MIX_L, _MIX_R
    k = _POOL * _POOL
    for word in words[_POOL:]:  # more than four words: each into every one
        for dst in range(_POOL):
            v = (word ^ h[k]) * h[k + 1] & m
            k += 1
            v = left * pool[dst] - right * (v ^ v >> 16) & m
            pool[dst] = v ^ v >> 16
    out = []
    for index in range(2 * _POOL):
        v = (pool[index % _POOL] ^ _OUT_HASHES[index]) * _OUT_HASHES[index + 1] & m
        out.append(v ^ v >> 16)
    return [
        out[0] | out[1] << 32,
        out[2] | out[3] << 32,
        out[4] | out[5] << 32,
        out[6] | out[7] << 32,
    ]


def _pool_of_four(words: list[int], h: list[int]) -> list[int]:
    """The first four words hashed into the pool, and each mixed into the other three
    (p1, p2, p3 take p0's hash, then p0, p2, p3 p1's...)."""
    m, left, right = _MASK, _MIX_L, _MIX_R
    v = (words[0] ^ h[0]) * h[1] & m
    p0 = v ^ v >> 16
    v = (words[1] ^ h[1]) * h[2] & m
    p1 = v ^ v >> 16
    v = (words[2] ^ h[2]) * h[3] & m
    p2 = v ^ v >> 16
    v = (words[3] ^ h[3]) * h[4] & m
    p3 = v ^ v >> 16
    v = (p0 ^ h[4]) * h[5] & m
    v = left * p1 - right * (v ^ v >> 16) & m
    p1 = v ^ v >> 16
    v = (p0 ^ h[5]) * h[6] & m
    v = left * p2 - right * (v ^ v >> 16) & m
    p2 = v ^ v >> 16
    v = (p0 ^ h[6]) * h[7] & m
    v = left * p3 - right * (v ^ v >> 16) & m
    p3 = v ^ v >> 16
    v = (p1 ^ h[7]) * h[8] & m
    v = left * p0 - right * (v ^ v >> 16) & m
    p0 = v ^ v >> 16
    v = (p1 ^ h[8]) * h[9] & m
    v = left * p2 - right * (v ^ v >> 16) & m
    p2 = v ^ v >> 16
    v = (p1 ^ h[9]) * h[10] & m
    v = left * p3 - right * (v ^ v >> 16) & m
    p3 = v ^ v >> 16
    v = (p2 ^ h[10]) * h[11] & m
    v = left * p0 - right * (v ^ v >> 16) & m
    p0 = v ^ v >> 16
    v = (p2 ^ h[11]) * h[12] & m
    v = left * p1 - right * (v ^ v >> 16) & m
    p1 = v ^ v >> 16
    v = (p2 ^ h[12]) * h[13] & m
    v = left * p3 - right * (v ^ v >> 16) & m
    p3 = v ^ v >> 16
    v = (p3 ^ h[13]) * h[14] & m
    v = left * p0 - right * (v ^ v >> 16) & m
    p0 = v ^ v >> 16
    v = (p3 ^ h[14]) * h[15] & m
    v = left * p1 - right * (v ^ v >> 16) & m
    p1 = v ^ v >> 16
    v = (p3 ^ h[15]) * h[16] & m
    v = left * p2 - right * (v ^ v >> 16) & m
    p2 = v ^ v >> 16
    return [p0, p1, p2, p3]


_HASHES = [_INIT_A]


def _hash_multipliers(count: int) -> list[int]:
    """The first ``count`` multipliers the entropy's hash steps through (``_INIT_A`` times
    ``_MULT_A`` again and again): the same for every seed, so worked out once."""
    while len(_HASHES) < count:
        _HASHES.append(_HASHES[-1] * _MULT_A & _MASK)
    return _HASHES


_OUT_HASHES = [_INIT_B]
for _ in range(2 * _POOL):
    _OUT_HASHES.append(_OUT_HASHES[-1] * _MULT_B & _MASK)


class _Words(ISeedSequence):
    """A seed sequence that hands ``PCG64`` the words it was given."""

    def __init__(self, words: list[int]) -> None:
        self.words = words

    def generate_state(
        self, n_words: int, dtype: DTypeLike = np.uint32
    ) -> NDArray[np.uint32 | np.uint64]:
        if n_words != len(self.words) or dtype is not np.uint64:
            raise ValueError("only PCG64's seeding: four 64-bit words")
        return np.array(self.words, dtype=np.uint64)


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

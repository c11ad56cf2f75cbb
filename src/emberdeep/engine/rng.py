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
    into the pool, mixed, and hashed out again."""
    words: list[int] = []
    for number in entropy:
        words.append(number & _MASK)  # 0 is one word
        rest = number >> 32
        while rest:
            words.append(rest & _MASK)
            rest >>= 32
    words += [0] * (_POOL - len(words))
    mult = _INIT_A

    def hashmix(value: int) -> int:
        nonlocal mult
        value ^= mult
        mult = mult * _MULT_A & _MASK
        value = value * mult & _MASK
        return value ^ value >> 16

    def mix(x: int, y: int) -> int:
        result = (_MIX_L * x - _MIX_R * y) & _MASK
        return result ^ result >> 16

    pool = [hashmix(word) for word in words[:_POOL]]
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for word in words[_POOL:]:
        for dst in range(_POOL):
            pool[dst] = mix(pool[dst], hashmix(word))
    out = []
    mult = _INIT_B
    for index in range(2 * _POOL):
        value = pool[index % _POOL] ^ mult
        mult = mult * _MULT_B & _MASK
        value = value * mult & _MASK
        out.append(value ^ value >> 16)
    return [out[i] | out[i + 1] << 32 for i in range(0, 2 * _POOL, 2)]


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

"""A generator's many small draws, the same numbers numpy's ``Generator`` gives, quicker.

A BSP floor draws four bounded integers a room and a coin a corridor, some three hundred
calls, and ``Generator.integers`` costs about a microsecond a call in argument handling
alone (the draw itself is nanoseconds). ``Draws`` reads the stream's raw 64-bit words
(``random_raw``) and does what numpy does with them, in Python: a bounded integer is
Lemire's method on a 32-bit half (``between``), whose other half numpy keeps for the
next one (the bit generator's ``has_uint32`` / ``uinteger``, read at the start and
written back by ``close``); a float is a whole word's top 53 bits (``random``). So the
stream is left exactly where numpy's own calls would leave it, and a seed keeps its
floor (a property test holds it to numpy on random calls). Only PCG64 streams, the
game's (``engine/core/rng.py``), are read so (another's 32-bit draws are its own).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

_U32 = 0xFFFFFFFF
_DOUBLE = 1.0 / 9007199254740992.0


class Draws:
    """Numbers from ``rng``'s stream as numpy's calls would draw them (``close`` when
    done, before ``rng`` itself is asked again)."""

    def __init__(self, rng: np.random.Generator) -> None:
        if type(rng.bit_generator) is not np.random.PCG64:
            raise ValueError("floors are drawn from PCG64 streams (engine/core/rng.py)")
        self._bits = rng.bit_generator
        state = self._bits.state
        self._has, self._word = int(state["has_uint32"]), int(state["uinteger"])
        self._raw: Callable[[], int] = self._bits.random_raw

    def _u32(self) -> int:
        """numpy's ``next_uint32``: the kept half of the last word, else a new word's low
        half (its high half kept)."""
        if self._has:
            self._has = 0
            return self._word
        word = self._raw()
        self._has, self._word = 1, word >> 32
        return word & _U32

    def between(self, low: int, high: int) -> int:
        """``rng.integers(low, high, endpoint=True)`` (a span below 2**32)."""
        span = high - low
        if span == 0:
            return low  # numpy draws nothing
        n = span + 1
        m = self._u32() * n
        left = m & _U32
        if left < n:
            threshold = (_U32 - span) % n
            while left < threshold:
                m = self._u32() * n
                left = m & _U32
        return low + (m >> 32)

    def random(self) -> float:
        """``rng.random()``."""
        return (self._raw() >> 11) * _DOUBLE

    def close(self) -> None:
        """Hand the kept half back to the stream, as numpy keeps it."""
        state = self._bits.state
        if (int(state["has_uint32"]), int(state["uinteger"])) != (self._has, self._word):
            state["has_uint32"], state["uinteger"] = self._has, self._word
            self._bits.state = state

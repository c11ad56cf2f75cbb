"""A generator's many small draws, the same numbers numpy's ``Generator`` gives, read in one
batch.

A BSP floor draws four bounded integers a room and a coin a corridor, some three hundred
draws, and ``Generator.integers`` costs about a microsecond a call in argument handling
alone (the draw itself is nanoseconds); even a Python method a draw was a fifth of a
floor. ``Halves`` fetches the stream's raw 64-bit words in one call (``random_raw``) and
lays them out as numpy's 32-bit halves (low, then high: numpy draws a bounded integer
from a word's low half and keeps the high half for the next one, its ``has_uint32`` /
``uinteger``). A loop then reads ``values[q]`` and moves ``q`` on: a bounded integer is
Lemire's method on one half, ``low + (values[q] * n >> 32)`` for ``n`` values, unless its
low 32 bits fall under ``n`` (then ``redraw`` does numpy's rejection); a coin
(``rng.random() < 0.5``) takes a whole new word (``coin``). ``close`` hands back the words
not used, so the stream is left exactly where numpy's own calls would leave it and a seed
keeps its floor (a property test holds it to numpy on random calls). Only PCG64 streams,
the game's (``engine/core/rng.py``), are read so (another's 32-bit draws are its own).
"""

from __future__ import annotations

import numpy as np

U32 = 0xFFFFFFFF
_HALF = 1 << 31


class Halves:
    """``words`` raw words of ``rng``'s stream as numpy's 32-bit halves (``values``); a
    loop's position in them is ``q``, starting at ``start``: odd while a kept half is
    waiting there. ``close(q)`` when done, before ``rng`` itself is asked again."""

    def __init__(self, rng: np.random.Generator, words: int) -> None:
        if type(rng.bit_generator) is not np.random.PCG64:
            raise ValueError("floors are drawn from PCG64 streams (engine/core/rng.py)")
        self._bits = rng.bit_generator
        state = self._bits.state
        # Slots 0 and 1 are the word numpy already drew: its kept half (or a stale one).
        self.values = [0, int(state["uinteger"])]
        self.start = 1 if state["has_uint32"] else 2
        self._more(words)

    def _more(self, words: int) -> None:
        # Each word as its two halves, low then high (little-endian 32-bit views of it).
        self.values += self._bits.random_raw(words).astype("<u8").view("<u4").tolist()

    def redraw(self, m: int, n: int, q: int) -> tuple[int, int]:
        """numpy's rejection after a draw ``m`` (a half times ``n``) whose low 32 bits are
        under ``n``: halves are drawn again while they stay under its threshold. Returns
        the product kept and the position after it. Each half drawn again adds a word at
        the end, so the words fetched stay enough for the draws planned."""
        threshold = (U32 - (n - 1)) % n
        while m & U32 < threshold:
            self._more(1)
            m = self.values[q] * n
            q += 1
        return m, q

    def coins(self, q: int, count: int, into: list[bool]) -> int:
        """``count`` times ``rng.random() < 0.5`` from ``q`` (each a new word's top bit
        clear) added to ``into``; returns the position after them. The half numpy keeps
        (waiting at an odd ``q``, else the stale one before an even ``q``) is moved past
        each coin's word: a float leaves it as it was."""
        values = self.values
        for _ in range(count):
            if q & 1:
                into.append(values[q + 2] < _HALF)
                values[q + 2] = values[q]
            else:
                into.append(values[q + 1] < _HALF)
                values[q + 1] = values[q - 1]
            q += 2
        return q

    def close(self, q: int) -> None:
        """Leave the stream where numpy would after the draws up to ``q``: the words past
        it handed back, the half kept at an odd ``q`` kept."""
        fetched, used = len(self.values) // 2 - 1, (q + 1) // 2 - 1
        self._bits.advance(used - fetched)  # back: it also forgets any kept half
        kept = self.values[q if q & 1 else q - 1]
        if q & 1 or kept:
            state = self._bits.state
            state["has_uint32"], state["uinteger"] = q & 1, kept
            self._bits.state = state

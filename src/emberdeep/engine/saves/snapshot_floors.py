"""Several floors of a save at once: their geometry laid end to end as flat arrays, so
the positions of every creature or item on all of them are checked in one numpy pass (a
save of 16 floors pays the fixed cost of each check once, not 16 times), and the small
helpers the creature and item columns share."""

from __future__ import annotations

import itertools
import operator
from typing import Any

import numpy as np

from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.saves.snapshot_reader import Reader

SHUT = np.array([Tile.CLOSED_DOOR, Tile.LOCKED_DOOR], dtype=np.uint8)
"""Walking into a shut door opens it: no creature stands in one (``invariants``)."""
SHUT_TILE = np.zeros(256, dtype=np.bool_)
SHUT_TILE[SHUT] = True
"""Whether each tile kind is a shut door: one lookup for a whole column of positions."""


class Floors:
    """The floors whose creatures (or items) are loaded together: where each is in the
    save, their geometry end to end, and which floor each row of the columns is on."""

    def __init__(
        self, floors: list[tuple[Reader, Floor, str]], what: str, like: Floors | None = None
    ) -> None:
        self.raws = [raw for raw, _, _ in floors]
        self.floors = [floor for _, floor, _ in floors]
        self.wheres = [f"{where}.{what}" for _, _, where in floors]
        self.which = np.zeros(0, dtype=np.int64)
        self.bounds = [0]
        self.offsets: np.ndarray[Any, Any]
        self.widths: np.ndarray[Any, Any]
        self.heights: np.ndarray[Any, Any]
        self._flat: dict[str, np.ndarray[Any, Any]]
        """The floors' ``walkable`` and ``tiles``, end to end, once asked for."""
        if like is not None and _same(like.floors, self.floors):
            # The items' floors are the creatures': their geometry is laid out once.
            self.offsets, self.widths, self.heights = like.offsets, like.widths, like.heights
            self._flat = like._flat
            return
        sizes = [floor.width * floor.height for floor in self.floors]
        # Sums of a few Python ints: ``np.cumsum`` of a list costs four times as much.
        self.offsets = np.array(list(itertools.accumulate([0, *sizes[:-1]])), dtype=np.int64)
        self.widths = np.array([floor.width for floor in self.floors], dtype=np.int64)
        self.heights = np.array([floor.height for floor in self.floors], dtype=np.int64)
        self._flat = {}

    def counts(self, counts: list[int]) -> None:
        """How many each floor holds (the rows of every column, floor after floor)."""
        if len(counts) == 1:
            self.which = np.zeros(counts[0], dtype=np.int64)
        else:
            self.which = np.repeat(np.arange(len(counts)), counts)
        self.bounds = list(itertools.accumulate([0, *counts]))

    def where_at(self, row: int) -> str:
        """Where in the save row ``row`` is (its floor's table), for an error."""
        return self.wheres[int(self.which[row])]

    def where(self, bad: np.ndarray[Any, Any]) -> str | None:
        """Where the first row in ``bad`` is, or None when none is (the caller raises,
        in its own words)."""
        return self.where_at(int(bad.nonzero()[0][0])) if np.count_nonzero(bad) else None

    @staticmethod
    def any_of(checks: list[np.ndarray[Any, Any]]) -> bool:
        """Whether any row is refused by any of ``checks``: one test for all, so that each
        is looked at only then (a small save's many checks cost more than their work).
        ``count_nonzero``, not ``any()``: a C function, where the method is Python's."""
        return bool(np.count_nonzero(np.concatenate(checks)))

    def cells(self, x: np.ndarray[Any, Any], y: np.ndarray[Any, Any]) -> tuple[Any, Any]:
        """Each row's tile as an index into the floors' flat arrays, and which rows are
        outside their floor or on a tile that cannot be walked (their index is their
        floor's first tile's)."""
        if len(self.floors) == 1:  # the common case: plain numbers, not one per row
            wide, high = self.floors[0].size
            inside = (x >= 0) & (x < wide) & (y >= 0) & (y < high)
            cells = np.where(inside, x * high + y, 0)
        else:
            height = self.heights[self.which]
            inside = (x >= 0) & (x < self.widths[self.which]) & (y >= 0) & (y < height)
            cells = self.offsets[self.which] + np.where(inside, x * height + y, 0)
        return cells, ~(inside & self.flat("walkable")[cells])

    def tiles(self) -> np.ndarray[Any, Any]:
        return self.flat("tiles")

    def flat(self, name: str) -> np.ndarray[Any, Any]:
        """Every floor's array ``name`` end to end (one floor's as it is, not copied):
        loading creatures and items does not change a floor's tiles."""
        found = self._flat.get(name)
        if found is None:
            arrays = [getattr(floor, name).ravel() for floor in self.floors]
            found = arrays[0] if len(arrays) == 1 else np.concatenate(arrays)
            self._flat[name] = found
        return found


def _same(these: list[Floor], those: list[Floor]) -> bool:
    return len(these) == len(those) and all(map(operator.is_, these, those))


def int_matrix(columns: list[Any], count: int) -> np.ndarray[Any, Any]:
    """Columns of Python integers as an int64 matrix, a row per column."""
    flat = itertools.chain.from_iterable(columns)
    return np.fromiter(flat, np.int64, len(columns) * count).reshape(len(columns), count)


def first_repeat(which: np.ndarray[Any, Any], values: np.ndarray[Any, Any]) -> int | None:
    """The row of a value its floor holds twice, if any."""
    order = np.lexsort((values, which))
    w, v = which[order], values[order]
    same = (w[1:] == w[:-1]) & (v[1:] == v[:-1])
    return int(order[int(np.flatnonzero(same)[0]) + 1]) if same.any() else None


def repeats(values: np.ndarray[Any, Any]) -> bool:
    """Whether any value is there twice, on any floor: a set of Python ints (C speed, no
    sort). Only then does ``first_repeat`` look for one its floor holds twice."""
    return len(set(values.tolist())) < values.size

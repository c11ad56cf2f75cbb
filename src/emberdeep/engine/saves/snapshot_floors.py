"""Several floors of a save at once: which floor each row of a column of creatures or
items is on, so the rows of every floor are checked in one numpy pass (a save of 16
floors pays the fixed cost of each check once, not 16 times), and the small helpers the
creature and item columns share."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from emberdeep.engine.core.floor import Floor
from emberdeep.engine.saves.snapshot_reader import Reader


class Floors:
    """The floors whose creatures (or items) are loaded together: where each is in the
    save, and which floor each row of the columns is on."""

    def __init__(self, floors: list[tuple[Reader, Floor, str]], what: str) -> None:
        self.raws = [raw for raw, _, _ in floors]
        self.floors = [floor for _, floor, _ in floors]
        self.wheres = [f"{where}.{what}" for _, _, where in floors]
        self.which = np.zeros(0, dtype=np.int64)
        self.bounds = [0]

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

    def outside(self, x: np.ndarray[Any, Any], y: np.ndarray[Any, Any]) -> Any:
        """Which rows lie outside their floor's map (checked before a map is indexed
        with their positions: the occupancy laid out, the view)."""
        wide: Any
        high: Any
        if len(self.floors) == 1:  # the common case: plain numbers, not one per row
            wide, high = self.floors[0].size
        else:
            wide = np.array([floor.width for floor in self.floors])[self.which]
            high = np.array([floor.height for floor in self.floors])[self.which]
        return (x < 0) | (x >= wide) | (y < 0) | (y >= high)


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

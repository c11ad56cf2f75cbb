"""A floor's items as columns (format 5: the numbers and flags one integer matrix, the
kinds and runics lists), their bounds checked on whole columns of every floor of a save
at once and built positionally, like the creatures (``snapshot_columns``); format 4
stored an integer column each, and still loads. Where an item may lie, how many may
stack, its charges and its runic are rules of a valid world (``rules.py``), judged on
the world built."""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

import numpy as np

from emberdeep.engine.core.floor import Floor
from emberdeep.engine.creatures import gear
from emberdeep.engine.saves.snapshot_floors import Floors, int_matrix
from emberdeep.engine.saves.snapshot_reader import (
    MAX_COUNT,
    MAX_SIDE,
    Reader,
    SnapshotError,
    b64,
    narrowest,
)
from emberdeep.engine.things.items import MAX_STACK, Item, ItemKind

GEAR_NUMBERS = ("enchant", "proof", "recharge")
"""Item columns beyond the kind's, present when any item has them (``gear.py``)."""


ITEM_NUMBERS = ("x", "y", "stack", "used", "choice", "dropped")
ITEM_GEAR = ("enchant", "proof", "recharge", "known")
"""An item's rows of the numbers matrix (format 5): the gear's only when a floor's items
have any (``gear.py``); a stack's size is ``Item.count``, flags are 0 or 1."""
_ITEM_ROW = operator.attrgetter(
    *("kind.key", "x", "y", "count", "used", "choice", "dropped"),
    *("enchant", "proof", "recharge", "known", "runic"),
)


def dump_items(items: list[Item]) -> dict[str, Any]:
    """A floor's items as columns, like its creatures: the numbers (flags too) one
    matrix of the narrowest integer type that holds them all, the gear's rows only when
    an item has any; the kinds and runics lists."""
    rows = list(map(_ITEM_ROW, items))
    keys, *numbers, runic = zip(*rows, strict=True) if rows else ((),) * 12
    gear = any(any(column) for column in numbers[6:9]) or any(runic) or not all(numbers[9])
    names = [*ITEM_NUMBERS, *(ITEM_GEAR if gear else ())]
    matrix = int_matrix(numbers[: len(names)], len(items))
    int_type = narrowest(matrix)
    columns: dict[str, Any] = {"count": len(items), "kind": list(keys), "int_type": int_type}
    columns |= {"numbers": b64(matrix.astype(int_type)), "number_fields": names}
    if gear:
        columns["runic"] = list(runic)
    return columns


def _item_matrix(raw: Reader, count: int, where: str) -> np.ndarray[Any, Any]:
    """One floor's item numbers as int64, a row for each of ``ITEM_NUMBERS`` and
    ``ITEM_GEAR`` (the gear's defaults where the save has none, as before the economy);
    format 4 stored a column each."""
    if "numbers" in raw:
        names = raw.entries("number_fields", len(ITEM_NUMBERS) + len(ITEM_GEAR))
        if names not in _NUMBER_FIELDS:
            raise SnapshotError(f"{where}.number_fields: expected {list(ITEM_NUMBERS)}")
        matrix = raw.ints("numbers", (len(names), count))
        return matrix if len(names) > len(ITEM_NUMBERS) else _with_no_gear(matrix)
    rows = [raw.ints(name, (count,)) for name in ("x", "y", "stack", "used")]
    rows.append(raw.ints("choice", (count,)) if "choice" in raw else np.zeros(count, np.int64))
    dropped = raw.array("dropped", np.uint8, (count,)) if "dropped" in raw else None
    rows.append(np.zeros(count, np.int64) if dropped is None else dropped.astype(np.int64))
    if "enchant" not in raw:
        return _with_no_gear(np.stack(rows))
    rows += [raw.ints(name, (count,)) for name in GEAR_NUMBERS]
    rows.append(raw.array("known", np.uint8, (count,)).astype(np.int64))
    return np.stack(rows)


_NUMBER_FIELDS = (list(ITEM_NUMBERS), [*ITEM_NUMBERS, *ITEM_GEAR])
"""What a floor's ``number_fields`` may be: without the gear's rows, or with them."""


def _with_no_gear(matrix: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """``matrix`` (the rows of ``ITEM_NUMBERS``) with the gear rows of items without
    gear below: no enchantment, proof or recharge, known."""
    whole = np.empty((len(ITEM_NUMBERS) + len(ITEM_GEAR), matrix.shape[1]), dtype=np.int64)
    whole[: len(ITEM_NUMBERS)] = matrix
    whole[len(ITEM_NUMBERS) :] = _NO_GEAR
    return whole


_NO_GEAR = np.array([[0], [0], [0], [1]], dtype=np.int64)


_ITEM_FIELDS = [(f.name, f.default) for f in fields(Item)]


def load_items(
    floors_raw: list[tuple[Reader, Floor, str]],
    item_kinds: Mapping[str, ItemKind],
) -> None:
    """The items of several floors from columns (``Reader`` of a floor's ``items``, the
    floor, where it is in the save), their bounds checked on all their columns at once."""
    if not floors_raw:
        return
    floors = Floors(floors_raw, "items")
    counts: list[int] = []
    keys: list[Any] = []
    runic: list[Any] = []
    matrices = []
    for raw, where in zip(floors.raws, floors.wheres, strict=True):
        count = raw.integer("count", 0, MAX_COUNT)
        kinds_of = raw.entries("kind")
        if len(kinds_of) != count or not set(map(type, kinds_of)) <= {str}:
            raise SnapshotError(f"{where}.kind: expected {count} known items")
        counts.append(count)
        keys += kinds_of
        matrices.append(_item_matrix(raw, count, where))
        runics_of = raw.entries("runic") if "runic" in raw else [""] * count
        if len(runics_of) != count or not set(map(type, runics_of)) <= {str}:
            raise SnapshotError(f"{where}.runic: expected {count} runics")
        runic += runics_of
    floors.counts(counts)
    if not set(keys) <= item_kinds.keys():
        known = np.array([key in item_kinds for key in keys], dtype=np.bool_)
        raise SnapshotError(f"{floors.where(~known)}.kind: an item the game does not know")
    matrix = matrices[0] if len(matrices) == 1 else np.concatenate(matrices, axis=1)
    kinds = list(map(item_kinds.__getitem__, keys))
    # Inside the map before the view is indexed with it (on open ground: ``rules``).
    if (at := floors.where(floors.outside(matrix[0], matrix[1]))) is not None:
        raise SnapshotError(f"{at}: an item not on open ground")
    if np.count_nonzero((matrix[2:] < _LOW) | (matrix[2:] > _HIGH)):
        _refuse(floors, matrix)
    numbers = dict(zip((*ITEM_NUMBERS, *ITEM_GEAR), matrix.tolist(), strict=True))
    flags = {name: (matrix[n] > 0).tolist() for n, name in ((5, "dropped"), (9, "known"))}
    columns = numbers | flags | {"kind": kinds, "count": numbers["stack"], "runic": runic}
    made = [columns.get(name) or [default] * len(keys) for name, default in _ITEM_FIELDS]
    items = list(map(Item, *made))
    for floor, start, end in zip(floors.floors, floors.bounds, floors.bounds[1:], strict=False):
        floor.items += items[start:end]


_BOUNDS = {
    "stack": (1, MAX_STACK), "used": (0, np.iinfo(np.int64).max), "choice": (0, MAX_SIDE**2),
    "dropped": (0, 1), "enchant": (-gear.MAX_ENCHANT, gear.MAX_ENCHANT),
    "proof": (0, gear.PROOF_TURNS), "recharge": (0, gear.STAFF_RECHARGE), "known": (0, 1),
}  # fmt: skip
_LOW, _HIGH = np.array([_BOUNDS[name] for name in (*ITEM_NUMBERS[2:], *ITEM_GEAR)]).T[:, :, None]
"""The bounds of every row of the numbers matrix but the position, as columns: one
comparison of the whole matrix tells whether any item breaks any of them."""


def _refuse(floors: Floors, matrix: np.ndarray[Any, Any]) -> None:
    """Why the items are refused, the first bound broken in this order (only once
    ``load_items`` found one broken)."""
    stack, used, choice, dropped = matrix[2:6]
    known = matrix[9]
    stacks = (stack < 1) | (stack > MAX_STACK) | (used < 0)
    flags = (dropped < 0) | (dropped > 1) | (known < 0) | (known > 1)
    vault = (choice < 0) | (choice > MAX_SIDE**2)
    if (at := floors.where(stacks)) is not None:
        raise SnapshotError(f"{at}: an impossible stack or charge")
    if (at := floors.where(flags)) is not None:
        raise SnapshotError(f"{at}: a flag neither true nor false")
    if (at := floors.where(vault)) is not None:
        raise SnapshotError(f"{at}.choice: out of range")
    worn = ((matrix[2:] < _LOW) | (matrix[2:] > _HIGH)).any(axis=0)
    raise SnapshotError(f"{floors.where(worn)}: an impossible enchantment, proof or recharge")

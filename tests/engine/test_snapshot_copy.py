"""``copy_world`` is the save round trip made in memory: object for object what loading
the world's save makes, sharing nothing that play changes with the world it copied."""

from __future__ import annotations

import enum
import types
from dataclasses import fields, is_dataclass
from typing import Any

import msgspec
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.engine.acts.actions import Wait
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot_copy
from emberdeep.engine.saves.snapshot_copy import CARRIED, FLOOR_ITEM, copy_world
from emberdeep.engine.things.items import Item
from emberdeep.storage import saves
from tests.helpers import builder_for
from tests.test_saves import CREATURES, INFO, KINDS, bot_played

SCALARS = (type(None), bool, int, float, str, bytes, enum.Enum)


def _is_frozen(value: object) -> bool:
    """A frozen record (a dataclass or a ``msgspec.Struct``): compared by value."""
    if isinstance(value, msgspec.Struct):
        return value.__struct_config__.frozen
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and params.frozen


def picture(root: object) -> Any:
    """Every object reachable from ``root`` as plain data: its type and fields, in order
    (a dict's and a set's order too), an object met again as the path where it was
    first met (so ``world.player`` must be the floor's creature 1, not a copy of it),
    a frozen dataclass by value, an array by dtype, shape and bytes. An ``id()`` kept
    in a cache key is the object's path."""
    paths: dict[int, str] = {}
    ids: dict[int, str] = {}

    def walk(value: object, path: str) -> Any:
        if isinstance(value, SCALARS) or _is_frozen(value):
            return (type(value).__name__, value)
        if isinstance(value, types.FunctionType | types.MethodType | type):
            return ("callable", value.__qualname__)  # a loaded world's builder is another
        if id(value) in paths:
            return ("ref", paths[id(value)])
        paths[id(value)] = path
        ids[id(value)] = path
        if isinstance(value, np.ndarray):
            return ("array", value.dtype.str, value.shape, value.tobytes())
        if isinstance(value, np.random.Generator):
            return ("rng", repr(value.bit_generator.state))
        if isinstance(value, list | tuple):
            return (type(value).__name__, [walk(v, f"{path}[{n}]") for n, v in enumerate(value)])
        if isinstance(value, set | frozenset):
            return (type(value).__name__, list(value))
        if isinstance(value, dict):
            return ("dict", [(k, walk(v, f"{path}[{k!r}]")) for k, v in value.items()])
        names = list(getattr(value, "__dict__", {}))
        for cls in type(value).__mro__:
            names += [n for n in getattr(cls, "__slots__", ()) if n not in names]
        fields_of = {n: getattr(value, n) for n in names if hasattr(value, n)}
        return (type(value).__name__, [(n, walk(v, f"{path}.{n}")) for n, v in fields_of.items()])

    drawn = walk(root, "world")
    return _ids_as_paths(drawn, ids)


def _ids_as_paths(drawn: Any, ids: dict[int, str]) -> Any:
    """Integers that are the ``id()`` of an object of the graph, as its path (``World``
    keys its FOV cache by its floor's id)."""
    if isinstance(drawn, tuple) and len(drawn) == 2 and drawn[0] == "int" and drawn[1] in ids:
        return ("id of", ids[drawn[1]])
    if isinstance(drawn, tuple | list):
        return type(drawn)(_ids_as_paths(part, ids) for part in drawn)
    return drawn


def mutable_parts(root: object, shared: set[int]) -> dict[int, str]:
    """Every object reachable from ``root`` that play could change (not a scalar, a
    tuple, a frozen dataclass, a function, or one of ``shared``), by id, with a path
    to it."""
    found: dict[int, str] = {}
    todo: list[tuple[object, str]] = [(root, "world")]
    while todo:
        value, path = todo.pop()
        if (
            isinstance(value, SCALARS)
            or _is_frozen(value)
            or isinstance(value, types.FunctionType | types.MethodType | type)
            or id(value) in shared
            or id(value) in found
        ):
            continue
        if isinstance(value, tuple | frozenset):  # unchangeable, but what they hold may be
            todo += [(v, f"{path}[{n}]") for n, v in enumerate(value)]
            continue
        found[id(value)] = path
        if isinstance(value, list | set):
            todo += [(v, f"{path}[{n}]") for n, v in enumerate(value)]
        elif isinstance(value, dict):
            todo += [(v, f"{path}[{k!r}]") for k, v in value.items()]
            todo += [(k, f"{path} key {k!r}") for k in value]
        elif not isinstance(value, np.ndarray | np.random.Generator):
            names = list(getattr(value, "__dict__", {}))
            for cls in type(value).__mro__:
                names += list(getattr(cls, "__slots__", ()))
            todo += [(getattr(value, n), f"{path}.{n}") for n in names if hasattr(value, n)]
    return found


def loaded(world: World) -> World:
    """``world`` through its save: encoded, then decoded with every check."""
    return saves.decode(saves.encode(world, INFO), builder_for, KINDS, kinds=CREATURES)[0]


def shared_by_design(world: World) -> set[int]:
    """What a copy shares with its world: the builder, the creature kinds (content), and
    the journal's commands (a recorded command is never changed)."""
    return {id(world.build_floor), id(world.kinds), *map(id, world.kinds.values())} | {
        id(command) for command in world.journal.commands
    }


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), turns=st.integers(0, 500), pushed=st.booleans())
def test_a_copy_is_what_loading_the_save_makes(seed: int, turns: int, pushed: bool) -> None:
    world = bot_played(seed, turns, pushed)
    copied = copy_world(world)
    assert picture(copied) == picture(loaded(world))
    assert copied.state_hash() == world.state_hash()


def test_a_copy_of_a_deep_game_with_everything_in_it_is_what_loading_makes() -> None:
    # The first of a few seeds whose bot game is deep enough (three floors kept, a pack, a
    # trap): which one is depends on the content, not on what is tested here.
    deep = (bot_played(seed, 1500, pushed=True) for seed in range(5, 25))
    world = next(w for w in deep if len(w.kept) >= 3 and w.inventory and w.floor.traps)
    # What a quiet bot game may lack: gas, a status, a spent charge, a remembered item.
    world.floor.gas[world.player.position] = 0.5
    world.floor.gas_active = True
    world.player.statuses["poisoned"] = 3
    assert picture(copy_world(world)) == picture(loaded(world))


def test_a_copy_shares_nothing_play_changes_with_its_world() -> None:
    world = bot_played(7, 600, pushed=True)
    copied = copy_world(world)
    allowed = shared_by_design(world)
    mine, theirs = mutable_parts(world, allowed), mutable_parts(copied, allowed)
    both = mine.keys() & theirs.keys()
    assert not both, [mine[n] for n in both][:5]
    before = world.state_hash()
    for _ in range(30):
        if copied.player.alive:
            copied.step(Wait())
    assert world.state_hash() == before


def test_a_copy_plays_on_as_its_world() -> None:
    world = bot_played(9, 300, pushed=False)
    copied = copy_world(world)
    for _ in range(40):
        if not world.player.alive:
            break
        world.step(Wait())
        copied.step(Wait())
        assert copied.state_hash() == world.state_hash()


def test_the_item_fields_copied_are_items_fields() -> None:
    """What the copy keeps of an item names real fields (a renamed one would be
    dropped as a default, silently)."""
    names = {f.name for f in fields(Item)}
    assert set(FLOOR_ITEM) <= names and set(CARRIED) <= names
    assert is_dataclass(Actor)
    with pytest.raises(ValueError, match="no field 'charge'"):
        snapshot_copy._item_copier(("kind", "charge"))
    with pytest.raises(ValueError, match="no default"):
        snapshot_copy._item_copier(("x", "y"))  # an item's kind has none


@pytest.mark.parametrize("depth_first", [False, True])
def test_kept_floors_come_in_the_order_a_save_gives(depth_first: bool) -> None:
    world = bot_played(5, 1500, pushed=True)
    if depth_first:  # kept in another order than by depth
        world.kept = dict(sorted(world.kept.items(), reverse=True))
    assert list(copy_world(world).kept) == list(loaded(world).kept) == sorted(world.kept)

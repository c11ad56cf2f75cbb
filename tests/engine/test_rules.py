"""What the loader accepts is what the invariants allow: doctored saves of a played game
either load into a world that breaks no rule (``rules.py``) or are refused, naming it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from emberdeep.content import loader
from emberdeep.engine.core.actors import PLAYER_ID, Actor, Mode
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import runics
from emberdeep.engine.creatures.statuses import STATUSES
from emberdeep.engine.play import rules
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot
from emberdeep.engine.saves.snapshot_copy import copy_world
from emberdeep.engine.things.items import Item
from tests.helpers import builder_for, randomly_played

CONTENT = loader.load()
ITEM_KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
BUILD = builder_for("auto")
PLAYED = randomly_played(3, 60)
"""A game 60 steps in: the creatures, items and floors a save of play holds."""


def load(world: World) -> World:
    """``world`` saved and loaded back (the save a doctored world makes)."""
    data = snapshot.dump(world)
    return snapshot.load(data, BUILD, ITEM_KINDS, CONTENT.hero.kinds)


def monster(world: World) -> Actor:
    return next(a for a in world.floor.actors.values() if a.id != PLAYER_ID and a.alive)


def test_the_played_game_loads_and_breaks_no_rule() -> None:
    assert violations(PLAYED) == []
    assert violations(load(PLAYED)) == []


def test_a_captive_in_no_shackles_is_refused_naming_the_rule() -> None:
    world = copy_world(PLAYED)
    captive = monster(world)
    captive.mode, captive.hunting, captive.shackles = Mode.CAPTIVE, 0, 0
    with pytest.raises(snapshot.SnapshotError, match="captives_are_shackled"):
        load(world)
    captive.shackles = 3  # shackled, it is a captive play could have made
    assert load(world).floor.actors[captive.id].mode == Mode.CAPTIVE


def test_a_runic_on_a_ration_is_refused_naming_the_rule() -> None:
    world = copy_world(PLAYED)
    ration = next(kind for kind in ITEM_KINDS.values() if not kind.slot)
    blade = next(kind for kind in ITEM_KINDS.values() if kind.slot == "weapon")
    weapon_runic = runics.of_slot("weapon", bad=False)[0]
    world.inventory.append(Item(ration, runic=weapon_runic))
    with pytest.raises(snapshot.SnapshotError, match="runic_fits"):
        load(world)
    world.inventory[-1] = Item(blade, runic=weapon_runic)
    assert load(world).inventory[-1].runic == weapon_runic
    armour_runic = runics.of_slot("armor", bad=False)[0]
    world.floor.items.append(Item(blade, *world.player.position, runic=armour_runic))
    with pytest.raises(snapshot.SnapshotError, match="runic_fits"):
        load(world)


def test_every_rule_has_a_name_and_says_why() -> None:
    every = (*rules.CREATURE_RULES, *rules.ITEM_RULES, *rules.FLOOR_RULES, *rules.WORLD_RULES)
    assert len({rule.__name__ for rule in every}) == len(every)


# Doctoring: each a change a hand with a text editor could make to a save.

_CREATURE_FIELDS = st.one_of(
    st.tuples(st.just("mode"), st.sampled_from(list(Mode))),
    st.tuples(st.just("shackles"), st.sampled_from([0, 1, 7])),
    st.tuples(st.just("stays"), st.booleans()),
    st.tuples(st.just("hunting"), st.sampled_from([0, 1, 10])),
    st.tuples(st.just("hp"), st.sampled_from([-1, 0, 1, 5, 30, 500])),
    st.tuples(st.just("blocks"), st.booleans()),
    st.tuples(st.just("statuses"), st.sampled_from([{}, {"poisoned": 3}, {"bogus": 2}])),
    st.tuples(st.just("statuses"), st.sampled_from([{s: 0} for s in sorted(STATUSES)[:2]])),
)
_ITEM_FIELDS = st.one_of(
    st.tuples(st.just("runic"), st.sampled_from(["", "nonsense", *sorted(runics.RUNICS)])),
    st.tuples(st.just("count"), st.sampled_from([0, 1, 2, 99, 100])),
    st.tuples(st.just("used"), st.sampled_from([0, 1, 3, 50])),
    st.tuples(st.just("kind"), st.sampled_from(sorted(ITEM_KINDS))),
)
_PLACES = st.sampled_from([Tile.WALL, Tile.FLOOR, Tile.CLOSED_DOOR, Tile.LOCKED_DOOR])


@st.composite
def doctorings(draw: st.DrawFn) -> list[tuple[str, int, Any]]:
    """A few changes to creatures, a few to items and a few to where things are: (what,
    which one, the change)."""
    which = st.integers(0, 50)
    creatures = st.tuples(st.just("creature"), which, _CREATURE_FIELDS)
    items = st.tuples(st.sampled_from(["item", "carried"]), which, _ITEM_FIELDS)
    places = st.one_of(
        st.tuples(st.sampled_from(["creature at", "item at"]), which, _PLACES),
        st.tuples(st.just("swap"), which, which),
    )
    changes = [draw(st.lists(kind, max_size=3)) for kind in (creatures, items, places)]
    return [change for kind in changes for change in kind] or [("swap", 0, 0)]


def _doctor(world: World, changes: list[tuple[str, int, Any]]) -> None:
    actors = list(world.floor.actors.values())
    for what, which, change in changes:
        items = world.inventory if what == "carried" else world.floor.items
        if what == "creature":
            setattr(actors[which % len(actors)], *change)
        elif what == "creature at":
            actor = actors[which % len(actors)]
            actor.x, actor.y = _a_tile(world, change, which)
        elif what == "swap":  # two creatures on one tile
            first, second = actors[which % len(actors)], actors[change % len(actors)]
            second.x, second.y = first.x, first.y
        elif items and what == "item at":
            item = items[which % len(items)]
            item.x, item.y = _a_tile(world, change, which)
        elif items and what in ("item", "carried"):
            name, value = change
            item = items[which % len(items)]
            setattr(item, name, ITEM_KINDS[value] if name == "kind" else value)


def _a_tile(world: World, tile: Tile, n: int) -> tuple[int, int]:
    """A tile of kind ``tile`` (the ``n``th found, in turn), or a corner when none is."""
    found = list(zip(*(world.floor.tiles == tile).nonzero(), strict=True))
    if not found:
        return (0, 0)
    x, y = found[n * 7919 % len(found)]
    return int(x), int(y)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=doctorings())
def test_any_save_the_loader_accepts_breaks_no_rule(changes: list[tuple[str, int, Any]]) -> None:
    world = copy_world(PLAYED)
    _doctor(world, changes)
    try:
        loaded = load(world)
    except snapshot.SnapshotError as refused:
        event("refused")
        assert str(refused)
        return
    event("loaded")
    assert violations(loaded) == []

"""Set pieces (Brogue's "machines"): places on a floor that pose a problem, laid by the
floor builder after everything else, from the floor's own stream.

Each kind is content (``content/setpieces.toml``): its ``form`` (how it is built, one
of ``FORMS`` in ``setpiece_forms.py``), the depths it is found at and its weight there,
the monsters that live in it (named by monster key), its trap, and its reward (so many
items drawn as if so many floors deeper). A floor tries up to ``per_floor`` of them by
depth, each a different kind drawn by weight; a kind that finds no place on the floor
is passed over.

A set piece is laid only where it fits and leaves the floor as playable as before:
every walkable tile still reachable from the start (``carve.floor_problems``), and the
stairs down reachable on foot without deep water, a bridge, or a sealed or locked door
(``hazards.stairs_on_foot``); a piece that would break either is taken back. It is laid
last, on tiles nothing else holds (no creature, item or trap), so the rest of the floor's
draws are as they were.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from emberdeep.engine.core.floor import Floor
from emberdeep.engine.creatures.spawning import Population, cumulative
from emberdeep.mapgen.hazards import everything_reachable, refresh, stairs_on_foot
from emberdeep.mapgen.populate import Arrival, pick_kinds
from emberdeep.mapgen.setpiece_forms import FORMS
from emberdeep.mapgen.setpiece_site import SetPieces, Site

TRIES = 3
"""Kinds tried, at most, for each set piece a floor asks for."""


def place(
    floor: Floor,
    pieces: SetPieces,
    *,
    population: Population,
    depth: int,
    rng: np.random.Generator,
    arrival: Arrival,
) -> list[tuple[str, tuple[int, int]]]:
    """Up to the depth's ``per_floor`` set pieces, each another kind; the (key, where)
    of each one laid."""
    wanted = pieces.per_floor.at(depth)
    kinds = [k for k in pieces.kinds if k.depths[0] <= depth <= k.depths[1] and k.weight > 0]
    laid: list[tuple[str, tuple[int, int]]] = []
    tries = wanted * TRIES
    while kinds and len(laid) < wanted and tries:
        tries -= 1
        weights = np.array([k.weight for k in kinds], dtype=np.float64)
        kind = kinds.pop(int(pick_kinds(rng, cumulative(weights), 1)[0]))
        site = Site(floor, kind, population, depth, rng, arrival)
        where = keep_whole(floor, functools.partial(FORMS[kind.form], site))
        if where is not None:
            laid.append((kind.key, where))
    return laid


def keep_whole(floor: Floor, build: Callable[[], tuple[int, int] | None]) -> tuple[int, int] | None:
    """``build``'s answer, or None with the floor as it was if it found no place or broke
    the floor: a walkable tile cut off, or the stairs no longer reachable on foot."""
    tiles = floor.tiles.copy()
    actors, items, traps = dict(floor.actors), list(floor.items), dict(floor.traps)
    where = build()
    if where is not None and everything_reachable(floor) and stairs_on_foot(floor):
        return where
    floor.tiles[...] = tiles
    refresh(floor)
    for actor in list(floor.actors.values()):
        if actor.id not in actors:
            floor.remove_actor(actor)
    floor.items[:] = items
    floor.traps.clear()
    floor.traps.update(traps)
    return None

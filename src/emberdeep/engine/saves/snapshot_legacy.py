"""Creatures saved one table each (save formats 1 to 3), still loaded and checked one by
one, with the names older versions gave their fields. Saves from format 4 hold a floor's
creatures as columns, checked whole (``snapshot_columns``): the bounds here are the same
bounds, one creature at a time; the rules of a valid world are ``rules.py``'s, judged on
the world built."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from emberdeep.engine.core.actors import MAX_LEVEL, MAX_STAT, Actor, Mode
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.play.rules import status_problem
from emberdeep.engine.saves.snapshot_reader import MAX_ACTION_TIME, Reader, SnapshotError

LEGACY_AI = {"player": "player", "hostile": "chase", "idle": "idle", "corpse": "idle"}
"""Saves of 0.1.0 named a creature's behaviour ``ai``, with these values."""
LEGACY_BEHAVIOURS = (
    *("player", "chase", "idle", "flee", "pack", "archer", "healer", "summoner", "fading"),
    *("blinker", "erratic", "guardian"),
)
"""What saves before 0.3 named a creature's behaviour (its kind now says how it acts)."""


def renamed_fields(raw: object) -> object:
    """A creature's fields as this version names them: before 0.3 a creature had an
    ``asleep`` flag (none in 0.1.0) and a ``behaviour`` (0.1.0's ``ai``), not a mode."""
    if not isinstance(raw, Mapping) or "mode" in raw:
        return raw
    renamed = {key: value for key, value in raw.items() if key not in ("asleep", "behaviour", "ai")}
    behaviour = raw.get("behaviour", raw.get("ai"))
    behaviour = LEGACY_AI.get(behaviour, behaviour) if isinstance(behaviour, str) else behaviour
    hunting = raw.get("hunting")
    aware = type(hunting) is int and hunting > 0
    if behaviour not in LEGACY_BEHAVIOURS:
        renamed["mode"] = "?"  # refused below as an impossible creature
    elif raw.get("asleep") is True:
        renamed["mode"] = Mode.ASLEEP
    elif aware:
        renamed["mode"] = Mode.HUNTING
    else:
        renamed["mode"] = Mode.GUARDING if behaviour == "guardian" else Mode.WANDERING
    return renamed


def actor_in_range(actor: Actor) -> bool:
    """Every number of a creature within what play can reach (well beyond, but bounded:
    a level of 2**62 would make the hall of fame's arithmetic run for ever)."""
    counters = (actor.confused, actor.hunting, actor.detour)
    lowest = -MAX_STAT if actor.is_player else 0  # equipment may take from the player
    return (
        actor.id >= 1
        and 1 <= actor.level <= MAX_LEVEL
        and all(0 <= s <= 2 * MAX_STAT for s in (actor.max_hp, actor.xp))
        and all(lowest <= s <= 2 * MAX_STAT for s in (actor.defense, actor.power))
        and all(0 <= c <= MAX_ACTION_TIME for c in counters)
    )


def checked_statuses(raw: object, where: str) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or not all(
        status_problem(name, turns) is None for name, turns in raw.items()
    ):
        raise SnapshotError(f"{where}.statuses: expected status names and turns left")
    return dict(raw)


SINCE_COLUMNS = ("shackles", "stays", "loot", "ablaze_by")
"""Creature fields added after the formats that saved creatures one table each."""


def load_legacy_actors(raw: Reader, floor: Floor, where: str) -> None:
    """Creatures saved one table each (formats 1 to 3), checked one by one."""
    names = {f.name: f.type for f in fields(Actor) if f.init}
    for n, fields_raw in enumerate(raw.entries("actors")):
        entry = Reader(renamed_fields(fields_raw), f"{where}.actors[{n}]")
        values: dict[str, Any] = {}
        for name, annotation in names.items():
            if name == "statuses":
                values[name] = checked_statuses(entry.data.get(name), entry.path)
                continue
            if name in SINCE_COLUMNS:
                continue  # no captive or ally was ever saved one table each: the default
            if name == "mode":
                mode = entry.get(name, str)
                if mode not in Mode._value2member_map_:
                    raise SnapshotError(f"{where}.actors[{n}]: impossible creature (mode)")
                values[name] = Mode(mode)
                continue
            kind = {"int": int, "str": str, "bool": bool}[str(annotation)]
            values[name] = entry.integer(name) if kind is int else entry.get(name, kind)
        actor = Actor(**values)
        if not actor_in_range(actor):
            raise SnapshotError(f"{where}.actors[{n}]: impossible creature")
        if not (
            1 <= actor.move_time <= MAX_ACTION_TIME and 1 <= actor.attack_time <= MAX_ACTION_TIME
        ):
            raise SnapshotError(f"{where}.actors[{n}]: impossible action times")
        if not floor.in_bounds(actor.x, actor.y):  # open ground: ``rules``
            raise SnapshotError(f"{where}.actors[{n}]: not on a floor tile")
        if actor.id in floor.actors:
            raise SnapshotError(f"{where}.actors[{n}]: duplicate id {actor.id}")
        floor.add_actor(actor)

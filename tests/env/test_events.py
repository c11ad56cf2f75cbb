"""``info["events"]``: what the player perceived in a step, as plain data for agents."""

from __future__ import annotations

import json
from typing import Any

from emberdeep.engine.acts.actions import DIRECTIONS
from emberdeep.engine.core.actors import PLAYER_ID
from emberdeep.engine.core.events import EVENT_KINDS, Refused, Thing, Who, as_dict, declared
from emberdeep.engine.core.floor import Tile
from emberdeep.env import ACTIONS, EmberdeepEnv

EVENT_NAMES = {kind.__name__ for kind in EVENT_KINDS}


def open_direction(env: EmberdeepEnv) -> tuple[int, int]:
    """A step the player can take now onto bare floor (no door to open), nobody there."""
    world = env.game
    floor, (x, y) = world.floor, world.player.position
    for dx, dy in DIRECTIONS:
        cell = (x + dx, y + dy)
        if floor.in_bounds(*cell) and floor.tiles[cell] == Tile.FLOOR and not floor.occupant[cell]:
            return dx, dy
    raise AssertionError(f"the player at {(x, y)} is walled in")


def assert_plain_events(events: Any) -> None:
    assert isinstance(events, list)
    for event in events:
        assert type(event) is dict and event["type"] in EVENT_NAMES, event
        assert json.loads(json.dumps(event)) == event  # only plain data: no tuples, no objects


def test_steps_report_what_happened_as_plain_dicts_and_a_refusal_reports_nothing() -> None:
    env = EmberdeepEnv()
    env.reset(seed=5)
    for _ in range(4):
        start = env.game.player.position
        dx, dy = open_direction(env)
        *_, info = env.step(ACTIONS.index(f"move_{dx}_{dy}"))
        assert info["refused"] == ""
        assert_plain_events(info["events"])
        mine = [e for e in info["events"] if e["type"] == "Moved" and e["who"]["id"] == PLAYER_ID]
        end = env.game.player.position
        assert end == (start[0] + dx, start[1] + dy)
        assert mine == [{"type": "Moved", "who": {"id": PLAYER_ID, "kind": "player"},
                         "start": list(start), "end": list(end)}]  # fmt: skip
    *_, info = env.step(ACTIONS.index("ascend"))  # no stairs up here: refused
    assert info["refused"] and info["events"] == []


SAMPLES: dict[str, tuple[object, object]] = {
    "str": ("x", ""),
    "int": (7, 0),
    "bool": (True, False),
    "Cell": ((3, 4), (0, 9)),
    "Who": (Who(5, "orc"), Who(1, "player")),
    "Who | None": (Who(6, "rat"), None),
    "Thing": (Thing("potion", 2, "murky", 1, "fire"), Thing("sword")),
    "Thing | None": (None, Thing("dart", 3)),
    "tuple[Cell, ...]": (((1, 2), (3, 4)), ()),
    "tuple[Who, ...]": ((Who(1, "player"), Who(2, "bat")), ()),
    "tuple[int, int] | None": ((1, 3), None),
}
"""Two values of every field type the event kinds use (a new type needs its samples)."""


def plain(value: object) -> object:
    """What ``as_dict`` must make of a field's value, by the rule it documents."""
    if isinstance(value, Who | Thing):
        return value._asdict()
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def test_every_kind_of_event_converts_each_field_by_the_rule() -> None:
    """``as_dict`` picks a converter per field from its declared type: whatever it picks,
    creatures and items become dicts, cells and sequences lists, the rest stays."""
    for kind in (*EVENT_KINDS, Refused):
        for sample in (0, 1):
            values = {name: SAMPLES[type_][sample] for name, type_ in declared(kind)}
            converted = as_dict(kind(**values))  # type: ignore[arg-type]
            expected = {"type": kind.__name__, **{k: plain(v) for k, v in values.items()}}
            assert converted == expected and list(converted) == list(expected), kind
            assert json.loads(json.dumps(converted)) == converted, kind

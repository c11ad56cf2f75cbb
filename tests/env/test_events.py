"""``info["events"]``: what the player perceived in a step, as plain data for agents."""

from __future__ import annotations

import json
from typing import Any

from emberdeep.engine.actions import DIRECTIONS
from emberdeep.engine.actors import PLAYER_ID
from emberdeep.engine.events import EVENT_KINDS
from emberdeep.engine.floor import Tile
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

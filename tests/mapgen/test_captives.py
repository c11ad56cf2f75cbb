"""Captives in shackles, about one floor in two from depth 2, watched by captors."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core import rng
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.play.invariants import floor_violations
from emberdeep.engine.play.world import new_floor
from emberdeep.mapgen.reach import Reach
from emberdeep.session.setup import floor_builder

CONTENT = loader.load()


def test_captives_from_depth_two_about_one_floor_in_two_with_captors_near() -> None:
    build = floor_builder(Settings(), CONTENT, "auto")
    found = 0
    for seed in range(1, 9):
        assert not any(
            a.mode == Mode.CAPTIVE for a in build(1, rng.floor_stream(seed, 1)).actors.values()
        )
        for depth in range(2, 8):
            floor = new_floor(build, seed, depth)
            captives = [a for a in floor.actors.values() if a.mode == Mode.CAPTIVE]
            assert len(captives) <= 1 and floor_violations(floor) == []
            if not captives:
                continue
            found += 1
            captive = captives[0]
            assert captive.shackles == CONTENT.population.captives.shackles  # type: ignore[union-attr]
            reach = Reach(floor.walkable)
            assert reach.to_array(reach.reached(floor.start))[captive.position]
            near = [
                a
                for a in floor.actors.values()
                if a is not captive and max(abs(a.x - captive.x), abs(a.y - captive.y)) <= 4
            ]
            assert near, f"seed {seed} depth {depth}: a captive with no captors"
    assert 15 <= found <= 36  # of 48 floors: about one in two


def test_the_same_seed_places_the_same_captive() -> None:
    build = floor_builder(Settings(), CONTENT, "auto")
    first = build(3, rng.floor_stream(2, 3))
    again = build(3, rng.floor_stream(2, 3))
    assert [(a.kind, a.position, a.mode) for a in first.actors.values()] == [
        (a.kind, a.position, a.mode) for a in again.actors.values()
    ]

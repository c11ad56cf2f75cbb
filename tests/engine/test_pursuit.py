"""A crowd reads the way to the player all at once, a few monsters one by one: the two
must give every monster the same distances and the same ranking of its steps."""

from __future__ import annotations

import pytest

from emberdeep.engine import pursuit
from emberdeep.engine.pursuit import Batch
from emberdeep.tools.bench import crowded_world


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_crowd_gathered_at_once_reads_as_one_by_one(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = crowded_world(80, 45, 120, seed)
    monsters = [a for a in world.floor.actors.values() if a is not world.player]
    assert len(monsters) > pursuit.ROW_BY_ROW
    crowd = Batch(world, monsters).pursuit
    at_once = [crowd.row(i) for i in range(len(monsters))]
    monkeypatch.setattr(pursuit, "ROW_BY_ROW", len(monsters))
    one_by_one = Batch(world, monsters).pursuit
    one_by_one_rows = [one_by_one.row(i) for i in range(len(monsters))]
    assert at_once == one_by_one_rows
    assert any(here < 10**6 for here, _, _ in one_by_one_rows)  # some have a way there

"""A save written by 0.1.0 itself (creatures with an ``ai`` field, no sleep) still loads
and plays: the fixture was written by the unmodified 0.1.0 code."""

from __future__ import annotations

from pathlib import Path

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move, PlayerCommand, Wait
from emberdeep.engine.core.actors import PLAYER_ID, Mode
from emberdeep.engine.play.invariants import violations
from emberdeep.storage import saves
from tests.helpers import builder_for

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
OLD_SAVE = Path(__file__).parent / "data" / "save-0.1.0.emberdeep"


def test_a_0_1_0_save_loads_with_modes_for_its_ai_names_and_plays_on() -> None:
    world, _ = saves.decode(
        OLD_SAVE.read_bytes(), builder_for, KINDS, CONTENT.looks, CONTENT.hero.kinds
    )
    actors = world.floor.actors.values()
    assert {a.mode for a in actors} <= {Mode.WANDERING, Mode.HUNTING}
    assert world.floor.actors[PLAYER_ID].mode == Mode.WANDERING
    assert any(not a.alive for a in actors) and not any(a.asleep for a in actors)
    moves: list[PlayerCommand] = [Wait(), Move(1, 0), Move(0, 1), Move(-1, 0), Move(0, -1)]
    for action in moves * 6:
        if not world.player.alive:
            break
        world.step(action)
        assert violations(world) == []

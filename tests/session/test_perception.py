"""What reaches the log is what the player perceived: checked over the bot's whole games.

Every event the engine emits is recorded with whether, at that moment, the player was
part of it or could see a cell of it; the driver may only report those. Blows between
monsters out of sight do happen (a bat blundering into a rat, a slime scalding a jelly),
and the test counts them: none may be told, only heard, once per command.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import get_args

import pytest

from emberdeep.agents.bot import Bot, take_turn
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.actors import PLAYER_ID
from emberdeep.engine.core.events import Attacked, Died, Event, Heard, Hurt, Missile, Moved
from emberdeep.engine.core.perception import RULES
from emberdeep.engine.play.world import World
from emberdeep.session.driver import Driver, Report
from emberdeep.session.narration import narrator_for
from emberdeep.session.setup import new_world

SEEDS = (11, 23, 37, 41, 59, 73, 89, 97)
TURNS_EACH = 2_500
"""8 seeds of 2,500 turns: 20,000 turns of the bot's play."""


def perceivable(world: World, event: Event) -> bool:
    """The player takes part, or can see a cell of it (the test's own reckoning)."""
    visible = world.floor.visible
    match event:
        case Attacked(attacker=a, target=t, start=start, end=end):
            return PLAYER_ID in (a.id, t.id) or bool(visible[start] or visible[end])
        case Moved(who=who, start=start, end=end):
            return who.id == PLAYER_ID or bool(visible[start] or visible[end])
        case Missile(who=who, path=path):
            return who.id == PLAYER_ID or any(visible[cell] for cell in path)
        case Died(who=who, at=at) | Hurt(who=who, at=at):
            return who.id == PLAYER_ID or bool(visible[at])
    return True


class Emitted:
    """Every event emitted, by identity, with whether it was perceivable then."""

    def __init__(self) -> None:
        self.perceivable: dict[int, bool] = {}
        self.unseen_deeds: list[Event] = []
        """Blows, shots, wounds and deaths out of the player's sight."""


@pytest.fixture
def emitted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Emitted]:
    record = Emitted()
    emit = World.emit

    def recording(world: World, event: Event) -> None:
        record.perceivable[id(event)] = ok = perceivable(world, event)
        if isinstance(event, Attacked | Missile | Hurt | Died) and not ok:
            record.unseen_deeds.append(event)
        emit(world, event)

    monkeypatch.setattr(World, "emit", recording)
    yield record


class Watched(Driver):
    """A driver that keeps every report it hands over."""

    reports: list[Report]

    def finish(self, save: bool = True) -> Report:
        report = super().finish(save)
        self.reports.append(report)
        return report


def test_over_20000_turns_the_log_tells_only_what_the_player_perceived(
    emitted: Emitted,
) -> None:
    content = loader.load()
    narrator = narrator_for(content)
    reports: list[Report] = []
    Watched.reports = reports
    turns = 0
    for seed in SEEDS:
        world = new_world(seed, Settings(), content)
        driver, bot = Watched(world, narrator), Bot(seed)
        for _ in range(TURNS_EACH):
            if world.over:  # a new game, so every seed plays its full share of turns
                world = new_world(seed + 1000 + turns, Settings(), content)
                driver = Watched(world, narrator)
            take_turn(driver, bot)
            turns += 1
    told = [event for report in reports for event in report.events]
    assert turns == 20_000 and len(told) > 10_000
    unseen_told = [e for e in told if not emitted.perceivable.get(id(e), True)]
    assert unseen_told == []
    # The check means something: deeds out of sight happened, and not one was told.
    assert emitted.unseen_deeds
    told_ids = {id(e) for e in told}
    assert not any(id(deed) in told_ids for deed in emitted.unseen_deeds)
    for report in reports:  # a sound is heard once per command, however many blows
        noises = [e.noise for e in report.events if isinstance(e, Heard)]
        assert len(noises) == len(set(noises))


def test_every_event_kind_has_a_perception_rule() -> None:
    assert set(RULES) == set(get_args(Event))

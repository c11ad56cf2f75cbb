from __future__ import annotations

from pathlib import Path

import pytest

from emberdeep.agents.bot import Bot, random_seed, take_turn
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.session.driver import Driver
from emberdeep.session.setup import new_world
from emberdeep.tools import soak


def test_the_bot_explores_fights_and_descends() -> None:
    world = new_world(random_seed(2, 0), Settings(), loader.load())
    driver, bot = Driver(world), Bot(0)
    explored = 0  # the most of one floor it saw (it may have just come down the stairs)
    for _ in range(1500):
        if not world.player.alive:
            break
        take_turn(driver, bot)
        explored = max(explored, int(world.floor.explored.sum()))
    assert world.depth >= 2
    assert sum(world.kills.values()) > 0
    assert explored > 100


def test_the_bot_is_deterministic() -> None:
    def run() -> str:
        world = new_world(7, Settings(), loader.load())
        driver, bot = Driver(world), Bot(7)
        for _ in range(300):
            take_turn(driver, bot)
        return world.state_hash()

    assert run() == run()


def test_a_short_soak_is_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reports = soak.soak(games=3, turns=300, seed=5, jobs=1, out=tmp_path)
    assert [r.problems for r in reports] == [[], [], []]
    progress = capsys.readouterr().err.splitlines()  # a line per game as it ends
    assert [line.split(",")[0] for line in progress] == [f"soak: game {n}/3" for n in (1, 2, 3)]
    assert sum(r.turns for r in reports) > 300
    text = soak.summary(reports, 1.0)
    assert "3 games" in text and "exceptions: 0, invariant violations: 0" in text


def test_a_crash_is_reported_with_a_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}

    def exploding(driver: Driver, bot: Bot) -> None:
        calls["n"] += 1
        if calls["n"] == 5:
            raise RuntimeError("boom")
        take_turn(driver, bot)

    monkeypatch.setattr(soak, "take_turn", exploding)
    report = soak.play_one(11, 50, tmp_path)
    assert report.outcome == "crashed" and "boom" in report.problems[0]
    assert Path(report.replay).exists()

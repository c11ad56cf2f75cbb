from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from emberdeep import __version__, cli
from emberdeep.engine.play.world import World
from emberdeep.storage import scores
from emberdeep.storage.scores import ScoreEntry, ScoresError
from emberdeep.ui import render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens import Pop, Stay
from emberdeep.ui.screens.hall_of_fame import HallOfFameScreen
from tests.helpers import floor_from_text

ROOM = """
#######
#@....#
#.....#
#....>#
#######
"""
WHEN = datetime(2026, 5, 9, 7, 35, 12, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EMBERDEEP_DATA_DIR", str(tmp_path / "data"))


def entry(
    score: int, name: str = "ann", day: int = 1, cause: str = "killed by an orc"
) -> ScoreEntry:
    date = (WHEN + timedelta(days=day)).isoformat(timespec="seconds")
    return ScoreEntry(score, name, 3, 2, 500, cause, 12345, date, "0.1.0")


def world() -> World:
    return World(2**63 - 1, lambda depth, rng: floor_from_text(ROOM))


def test_the_database_lives_in_the_data_folder(tmp_path: Path) -> None:
    assert scores.scores_path() == tmp_path / "data" / "scores.sqlite"
    assert scores.top() == []
    assert not scores.scores_path().exists()  # reading creates nothing
    scores.record(entry(10))
    assert scores.scores_path().exists()


def test_top_orders_by_score_then_date_and_record_returns_the_rank() -> None:
    assert scores.record(entry(100, "late", day=5)) == 1
    assert scores.record(entry(300, "best", day=9)) == 1
    assert scores.record(entry(100, "early", day=2)) == 2
    assert scores.record(entry(50, "low", day=0)) == 4
    assert scores.record(entry(100, "same-day", day=2)) == 3  # after "early": same date
    assert [e.name for e in scores.top()] == ["best", "early", "same-day", "late", "low"]
    assert [e.name for e in scores.top(2)] == ["best", "early"]
    assert scores.top()[0] == entry(300, "best", day=9)


def test_scores_persist_across_processes(tmp_path: Path) -> None:
    code = (
        "from emberdeep.storage import scores\n"
        "e = scores.ScoreEntry(777, 'other', 4, 3, 900, 'quit', 99, "
        "'2026-01-02T03:04:05+00:00', '0.1.0')\n"
        "print(scores.record(e))\n"
    )
    env = {**os.environ, "EMBERDEEP_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "1"
    scores.record(entry(800, "here"))
    assert [(e.name, e.score, e.cause) for e in scores.top()] == [
        ("here", 800, "killed by an orc"),
        ("other", 777, "quit"),
    ]


def test_schema_creation_is_idempotent_and_versioned(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    scores.record(entry(1), path)
    scores.record(entry(2), path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (scores.SCHEMA_VERSION,)
        assert db.execute("SELECT COUNT(*) FROM scores").fetchone() == (2,)
    db.close()


def test_a_corrupt_database_is_a_clear_error_and_left_alone(tmp_path: Path) -> None:
    path = scores.scores_path()
    path.parent.mkdir(parents=True)
    junk = b"this is not sqlite at all" * 100
    path.write_bytes(junk)
    with pytest.raises(ScoresError, match="damaged or is not an Emberdeep hall of fame"):
        scores.top()
    with pytest.raises(ScoresError, match=f"could not write to the hall of fame at {path}"):
        scores.record(entry(5))
    assert path.read_bytes() == junk


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(ScoresError, match="newer Emberdeep"):
        scores.top(path=path)


def test_damaged_rows_are_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    scores.record(entry(1), path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE scores SET score = 'lots'")
    db.close()
    with pytest.raises(ScoresError, match="damaged: score is 'lots'"):
        scores.top(path=path)


def test_an_unwritable_place_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ScoresError, match="could not write to the hall of fame"):
        scores.record(entry(1), blocker / "scores.sqlite")


def test_a_locked_database_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.sqlite"
    scores.record(entry(1), path)
    monkeypatch.setattr(scores, "LOCK_TIMEOUT", 0.05)
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(ScoresError, match="another Emberdeep is using it"):
            scores.record(entry(2), path)
    finally:
        holder.close()
    assert [e.score for e in scores.top(path=path)] == [1]


def test_score_entry_from_a_world() -> None:
    w = world()
    w.player.level = 3
    w.player.xp = 10
    w.depth = 4
    w.turn = 321
    w.kills["orc"] = 2
    local = datetime(2026, 5, 9, 9, 0, 0, tzinfo=timezone(timedelta(hours=2)))
    e = scores.score_entry(w, "killed by an orc", local, name="zed")
    spent = w.progression.xp_to_next(1) + w.progression.xp_to_next(2)
    assert e == ScoreEntry(
        score=spent + 10 + 100 * 16,
        name="zed",
        depth=4,
        level=3,
        turns=321,
        cause="killed by an orc",
        seed=2**63 - 1,
        date="2026-05-09T07:00:00+00:00",
        version=__version__,
    )
    assert scores.score_for(w, "victory") == e.score + scores.VICTORY_BONUS
    assert scores.score_entry(w, "quit", WHEN).name  # a default name
    assert scores.record(e) == 1 and scores.top() == [e]  # the largest seed fits


def test_cli_scores_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["scores"]) == 0
    assert capsys.readouterr().out.strip() == "No games yet."
    scores.record(entry(120, "ann", day=1))
    scores.record(entry(450, "bob", day=2, cause="quit"))
    assert cli.main(["scores"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "#",
        "Score",
        "Name",
        "Depth",
        "Lvl",
        "Turns",
        "Fate",
        "Seed",
        "Date",
    ]
    assert lines[1].split()[:3] == ["1", "450", "bob"] and "quit" in lines[1]
    assert lines[2].split()[:3] == ["2", "120", "ann"] and "killed by an orc" in lines[2]
    assert "2026-05-10" in lines[2]


def test_cli_scores_reports_a_corrupt_database(capsys: pytest.CaptureFixture[str]) -> None:
    path = scores.scores_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"garbage" * 200)
    assert cli.main(["scores"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("emberdeep: could not read the hall of fame") and "Traceback" not in err


def screen_text(screen: HallOfFameScreen) -> str:
    console = render.new_console()
    screen.draw(console)
    return "\n".join("".join(map(chr, console.ch[:, y])) for y in range(console.height))


def test_hall_of_fame_screen_shows_the_best_twenty_in_order() -> None:
    for i in range(25):
        scores.record(entry(i * 10, f"hero{i:02}", day=i))
    shown = screen_text(HallOfFameScreen())
    assert "Hall of fame" in shown
    assert shown.index("hero24") < shown.index("hero23") < shown.index("hero05")
    assert "hero04" not in shown


def test_hall_of_fame_screen_empty_error_and_closing(tmp_path: Path) -> None:
    screen = HallOfFameScreen()
    assert "No games yet" in screen_text(screen)
    assert screen.handle(KeyPress("x")) == Stay() and screen.handle(KeyPress("escape")) == Pop()
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"garbage" * 200)
    assert "damaged" in screen_text(HallOfFameScreen(path=bad))

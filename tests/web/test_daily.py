"""The daily game's day and seed: UTC, the same for everyone, typeable."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from emberdeep.web import daily
from emberdeep.web.database import Database


def test_the_day_is_utc_and_the_seed_follows_it() -> None:
    late = datetime(2026, 5, 9, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert daily.today(late) == "2026-05-10"
    seeds = {daily.seed_for(f"2026-05-{day:02d}") for day in range(1, 29)}
    assert len(seeds) == 28 and all(0 <= seed < 2**53 for seed in seeds)
    assert daily.seed_for("2026-05-10") == daily.seed_for("2026-05-10")


def test_one_attempt_each_day(tmp_path: Path) -> None:
    attempts = daily.Daily(Database(None, tmp_path))
    assert attempts.begin("ann", "2026-05-10")
    assert not attempts.begin("ann", "2026-05-10")
    assert attempts.played("ann", "2026-05-10") and not attempts.played("ann", "2026-05-11")
    assert attempts.begin("bob", "2026-05-10")
    folder = daily.folder(tmp_path / "players" / "ann", "2026-05-10")
    assert not daily.in_progress(folder)
    (folder / "games" / "g1").mkdir(parents=True)
    (folder / "games" / "g1" / "save.emberdeep").write_bytes(b"x")
    assert daily.in_progress(folder)

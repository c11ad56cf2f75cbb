"""Death is final and the score is kept: a process killed at any step of ending a death
leaves the dead game (Continue finishes its ending) or nothing, never the character
alive at the turn before, and one hall-of-fame row; on a disk that stays nearly full,
every ending keeps its score, not only the first."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Wait
from emberdeep.session import game, morgue
from emberdeep.session.game import GameOverError, GameSession, GameSetup
from emberdeep.storage import files, games, replays, saves, scores, wal


class Killed(BaseException):
    """Stands for ``kill -9``: nothing after it runs, nothing catches it."""


def starving(data: Path, seed: int = 5) -> GameSession:
    """A saved game whose player starves within a few turns; every command journalled
    as the driver does it, up to the fatal one (which the ending journals)."""
    session = GameSetup(loader.load(), Settings(), data=data).new_game(seed)
    session.world.nourishment = 3
    assert session.save() is None
    world = session.world
    while world.player.alive:
        world.player.statuses.clear()  # fainting would only slow it down
        world.step(Wait())
        if world.player.alive:
            session.after_turn()
    assert world.over
    return session


STEPS: list[tuple[Any, str]] = [
    (wal.CommandLog, "append"),
    (wal.CommandLog, "sync"),
    (games, "mark_ending"),
    (scores, "record"),
    (game, "keep_reserve"),
    (morgue, "write_morgue"),
    (GameSession, "write_replay"),
    (Path, "unlink"),  # each file of the game's folder as permadeath removes it
    (Path, "rmdir"),
]


def kill_after(monkeypatch: pytest.MonkeyPatch, steps: int) -> None:
    """Make the ``steps``-th call among ``STEPS`` the last thing the process does."""
    done = [0]
    for owner, name in STEPS:
        real: Callable[..., Any] = getattr(owner, name)

        def step(*args: Any, _real: Callable[..., Any] = real, **kwargs: Any) -> Any:
            result = _real(*args, **kwargs)
            done[0] += 1
            if done[0] == steps:
                raise Killed
            return result

        monkeypatch.setattr(owner, name, step)


def continued(data: Path) -> list[str]:
    """What Continue makes of every game left in ``data``: "over" for a game whose ending
    it finished; a living game fails the test."""
    setup = GameSetup(loader.load(), Settings(), data=data)
    found = []
    for listing in setup.saved_games():
        for backup in (False, True):
            try:
                session = setup.continue_game(listing.game, from_backup=backup)
            except GameOverError as exc:
                assert "ending is finished" in str(exc)
                found.append("over")
                break
            except saves.SaveError:
                continue
            session.release()
            pytest.fail(f"the dead character is alive again at turn {session.world.turn}")
    return found


def test_a_kill_at_each_step_of_ending_a_death_never_brings_the_character_back(
    tmp_path: Path,
) -> None:
    kills = 0
    while True:
        kills += 1
        data = tmp_path / str(kills)
        session = starving(data)
        with pytest.MonkeyPatch.context() as patch:
            kill_after(patch, kills)
            try:
                session.log.add("You starve to death...")
                session.end()
            except Killed:
                pass
            else:
                break  # ended whole: every step has had its kill
        session.release()  # the OS drops a killed process's locks and files
        left = continued(data)
        assert left in ([], ["over"])
        assert not continued(data)  # and once ended, nothing is left to continue
        rows = scores.top(10, data / scores.SCORES_NAME)
        assert len(rows) == 1, f"killed after step {kills}: {len(rows)} rows"
        assert rows[0].cause == "starved to death"
    assert kills > 10  # the journal, the mark, the score, ..., each file removed


def test_continue_of_a_game_killed_while_ending_finishes_it_with_the_same_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = starving(tmp_path)
    with pytest.MonkeyPatch.context() as patch:
        kill_after(patch, 5)  # after the score and the reserve, before the morgue
        with pytest.raises(Killed):
            session.end()
    session.release()
    (before,) = scores.top(10, tmp_path / scores.SCORES_NAME)
    assert continued(tmp_path) == ["over"]
    assert scores.top(10, tmp_path / scores.SCORES_NAME) == [before]
    assert list((tmp_path / "morgue").iterdir())  # the rest of the ending was done
    assert not list(games.games_dir(tmp_path).iterdir())


class Disk:
    """A disk of a fixed size holding the data folder, as the writers see it: the real
    files count, and a write that would not fit fails as on a full disk (ENOSPC)."""

    def __init__(self, root: Path, free: int) -> None:
        self.root = root
        self.size = self.used() + free

    def used(self) -> int:
        return sum(p.stat().st_size for p in self.root.rglob("*") if p.is_file())

    def free(self) -> int:
        return max(0, self.size - self.used())

    def install(self, patch: pytest.MonkeyPatch) -> None:
        real_stage, real_record = files.stage, scores.record
        real_append = replays.ReplayLog.append
        disk = self

        def stage(path: Path, data: bytes) -> files.Staged:
            if len(data) > self.free():
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_stage(path, data)

        def record(
            entry: scores.ScoreEntry, path: Path | None = None, *, once: bool = False
        ) -> int:
            if self.free() < 3 * files.PAGE:  # a new page and the rollback journal's two
                raise scores.ScoresError("could not write to the hall of fame: disk is full")
            return real_record(entry, path, once=once)

        def append(
            log: replays.ReplayLog, world: Any, final: bool = False, sync: bool = True
        ) -> str | None:
            size = log.path.stat().st_size if log.path.exists() else 0
            problem = real_append(log, world, final, sync)
            if self.free() == 0:  # it did not fit: what a full disk leaves is cut off
                os.truncate(log.path, size)
                return f"could not write the replay {log.path}: No space left on device"
            return problem

        class FullOs:
            """``os`` for ``storage/files.py``, whose raw writes (the reserve) fill up."""

            def __getattr__(self, name: str) -> Any:
                return getattr(os, name)

            @staticmethod
            def write(fd: int, data: bytes) -> int:
                room = disk.free()
                if room == 0:
                    raise OSError(errno.ENOSPC, "No space left on device")
                return os.write(fd, data[:room])

        patch.setattr(files, "stage", stage)
        patch.setattr(scores, "record", record)
        patch.setattr(replays.ReplayLog, "append", append)
        patch.setattr(files, "os", FullOs())


def test_sixty_deaths_in_a_row_on_a_full_disk_keep_sixty_scores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game is saved as it goes, then the disk is filled to the last byte (whatever
    the last ending gave back is taken again), then the player dies."""
    setup = GameSetup(loader.load(), Settings(), data=tmp_path)
    disk = Disk(tmp_path, free=1 << 20)
    disk.install(monkeypatch)
    for n in range(60):
        session = setup.new_game(100 + n)
        for _ in range(150):  # a checkpoint on the way
            session.world.step(Wait())
            session.after_turn()
        disk.size = disk.used()  # full
        session.world.player.hp = 0
        for _ in range(20):
            session.log.add("You die...")
        notes = session.end()
        assert notes[0].startswith("You rank #"), (n, notes)
    assert len(scores.top(100, tmp_path / scores.SCORES_NAME)) == 60

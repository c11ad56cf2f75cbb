"""Disk upkeep: temp files a killed writer left are removed at the next start (only ours,
never one a running game is writing); on a full disk the score is kept first."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.session.game import GameSetup
from emberdeep.storage import files, games, replays, scores


def test_stale_temps_go_and_held_or_foreign_files_stay(tmp_path: Path) -> None:
    folder = tmp_path / "games" / "20261126T000000-1"
    folder.mkdir(parents=True)
    stale = folder / "save.emberdeep.ab12_x9Z.tmp"
    held = folder / "save.emberdeep.bak.Qq0_abcd.tmp"
    foreign = [folder / "notes.tmp", tmp_path / "mine.tmp", folder / "save.emberdeep"]
    replay = tmp_path / "replays" / "2026-1.replay.json.zzzzzzzz.tmp"
    replay.parent.mkdir()
    for path in [stale, held, replay, *foreign]:
        path.write_bytes(b"x")
    with open(held, "rb") as holder:
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)  # a running game writing it now
        assert games.tidy(tmp_path) == 2
    assert not stale.exists() and not replay.exists()
    assert held.exists() and all(path.exists() for path in foreign)


def test_a_writer_killed_mid_write_leaves_a_temp_the_next_start_removes(tmp_path: Path) -> None:
    target = tmp_path / "big.bin"
    script = (
        "import os, time\n"
        "from pathlib import Path\n"
        "from emberdeep.storage.files import write_atomically\n"
        "os.fsync = lambda fd: (print('writing', flush=True), time.sleep(60))\n"
        f"write_atomically(Path({str(target)!r}), b'x' * 1000)\n"
    )
    writer = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
    )
    assert writer.stdout is not None and writer.stdout.readline() == b"writing\n"
    (temp,) = tmp_path.glob("*.tmp")
    assert files.remove_stale_temps(tmp_path) == 0  # still being written: held
    writer.send_signal(signal.SIGKILL)
    writer.wait(10)
    deadline = time.monotonic() + 5
    while files.remove_stale_temps(tmp_path) == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not temp.exists() and not target.exists()


def test_on_a_full_disk_the_score_comes_first_and_the_losses_are_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk is full (stood in for: the hall of fame fails while the room set aside at
    the start is still taken, the replay always fails): the reserve and the game's files
    are given back, the score is kept, and one line says what was not."""
    setup = GameSetup(loader.load(), Settings(), data=tmp_path)
    session = setup.new_game(3)
    reserve = tmp_path / files.RESERVE_NAME
    assert reserve.stat().st_size == files.RESERVE_BYTES
    real_record = scores.record

    def record(entry: scores.ScoreEntry, path: Path | None = None, *, once: bool = False) -> int:
        if reserve.exists():
            raise scores.ScoresError("could not write to the hall of fame: disk is full")
        return real_record(entry, path, once=once)

    def no_room(
        log: replays.ReplayLog, world: object, final: bool = False, sync: bool = True
    ) -> str:
        return f"could not write the replay {log.path}: No space left on device"

    monkeypatch.setattr(scores, "record", record)
    monkeypatch.setattr(replays.ReplayLog, "append", no_room)
    session.world.player.hp = 0
    session.log.add("The end.")
    notes = session.end()
    assert notes[0] == "You rank #1 in the hall of fame."
    assert notes[1].startswith("Morgue file: ")
    assert notes[2].startswith("Could not write the replay")
    assert notes[3] == f"In the data folder {tmp_path}."  # where the morgue file is
    assert notes[4] == "Kept: your score, the morgue file; not kept: the replay."
    assert len(scores.top(5, tmp_path / scores.SCORES_NAME)) == 1
    assert not session.save_file or not session.save_file.exists()

"""Disk upkeep: temp files a killed writer left are removed at the next start (only ours,
never one a running game is writing)."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from emberdeep.storage import files, games


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

"""One game, one process: a second process is refused, the same process is not."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.session.game import GameSetup
from emberdeep.storage.locks import GameLock
from emberdeep.storage.saves import SaveError


def test_a_second_process_cannot_open_a_game_another_one_plays(tmp_path: Path) -> None:
    setup = GameSetup(loader.load(), Settings(), data=tmp_path)
    first = setup.new_game(1)
    assert first.save() is None and first.save_file is not None
    save, game = first.save_file, first.save_file.parent.name
    first.release()
    before = save.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from pathlib import Path
            from emberdeep.storage.locks import GameLock
            GameLock(Path({str(save)!r})).acquire()
            print("held", flush=True)
            sys.stdin.read()
        """)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(SaveError, match="open in another Emberdeep"):
            setup.continue_game(game)
        assert save.read_bytes() == before  # nothing written
        assert "open in another" in (setup.delete_game(game) or "")
        assert save.exists()
    finally:
        holder.communicate("")
    session = setup.continue_game(game)
    assert session.save() is None
    session.release()


def test_this_process_may_look_at_its_own_game_and_a_released_lock_is_free(
    tmp_path: Path,
) -> None:
    save = tmp_path / "save.emberdeep"
    first, second = GameLock(save), GameLock(save)
    first.acquire()
    second.acquire()  # the same process: counted, not refused
    second.release()
    first.release()
    code = (
        "from pathlib import Path; from emberdeep.storage.locks import GameLock; "
        f"GameLock(Path({str(save)!r})).acquire()"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0

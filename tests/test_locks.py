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
from tests.lock_holder import held_elsewhere


def test_a_second_process_cannot_open_a_game_another_one_plays(tmp_path: Path) -> None:
    setup = GameSetup(loader.load(), Settings(), data=tmp_path)
    first = setup.new_game(1)
    assert first.save() is None and first.save_file is not None
    save, game = first.save_file, first.save_file.parent.name
    first.release()
    before = save.read_bytes()
    with held_elsewhere(save):
        with pytest.raises(SaveError, match="is safe: it is open in another Emberdeep"):
            setup.continue_game(game)
        assert save.read_bytes() == before  # nothing written
        assert "open in another" in (setup.delete_game(game) or "")
        assert save.exists()
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


def test_two_processes_on_two_games_in_one_folder_lose_nothing(tmp_path: Path) -> None:
    """Each saves its own game 40 times, at once: no save fails, both games load."""
    script = textwrap.dedent("""
        import sys
        from pathlib import Path
        from emberdeep.config import Settings
        from emberdeep.content import loader
        from emberdeep.engine.acts.actions import Wait
        from emberdeep.session.game import GameSetup
        setup = GameSetup(loader.load(), Settings(), data=Path(sys.argv[1]))
        session = setup.new_game(int(sys.argv[2]))
        failures = 0
        for _ in range(40):
            session.world.step(Wait())
            failures += session.save() is not None
        session.release()
        print(failures, session.world.turn)
    """)
    runs = [
        subprocess.Popen([sys.executable, "-c", script, str(tmp_path), str(seed)],
                         stdout=subprocess.PIPE, text=True)
        for seed in (4, 5)  # games where the hero outlives 40 turns of waiting
    ]  # fmt: skip
    outputs = [run.communicate(timeout=120)[0].split() for run in runs]
    assert [int(failures) for failures, _ in outputs] == [0, 0]
    setup = GameSetup(loader.load(), Settings(), data=tmp_path)
    listed = setup.saved_games()
    assert sorted(g.summary.seed for g in listed if g.summary) == [4, 5]
    for game in listed:
        session = setup.continue_game(game.game)
        assert session.world.turn == 40
        session.release()

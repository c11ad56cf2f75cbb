"""``play --seed``: a new game's lock and first save come right after its first frame
(``loop.run``'s ``then``), before the player's first key, and never lose a game that
had begun."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.storage import games
from emberdeep.ui import loop, render
from emberdeep.ui.app import App
from emberdeep.ui.input import CloseRequested, InputEvent, KeyPress
from emberdeep.ui.screens.main_menu import first_save, start_game
from emberdeep.ui.stack import ScreenStack
from tests.lock_holder import SRC, held_elsewhere


class Watcher:
    """A presenter that notes, at each frame and at each wait for input, whether the
    game's save is on disk and its lock held; the keys it hands over are ``keys``."""

    paused = False

    def __init__(self, save: Path, held: object, keys: list[InputEvent]) -> None:
        self.save, self.held, self.keys = save, held, keys
        self.seen: list[tuple[str, bool, bool]] = []

    def note(self, what: str) -> None:
        self.seen.append((what, self.save.exists(), self.held()))  # type: ignore[operator]

    def console_size(self) -> tuple[int, int]:
        return render.SCREEN_WIDTH, render.SCREEN_HEIGHT

    def present(self, console: tcod.console.Console) -> None:
        self.note("frame")

    def wait(self, timeout: float | None) -> list[InputEvent]:
        self.note("wait")
        return [self.keys.pop(0)] if self.keys else [CloseRequested()]


def test_the_first_frame_comes_before_the_lock_and_the_first_save_and_both_before_a_key(
    tmp_path: Path,
) -> None:
    app = App(loader.load(), Settings(), data=tmp_path)
    session = app.setup.new_game(7, lock=False)
    screen = start_game(app, session, save=False)
    assert session.save_file is not None and session.lock is None
    watcher = Watcher(session.save_file, lambda: session.lock is not None, [KeyPress(".")])
    then = functools.partial(first_save, screen, session)
    loop.run(ScreenStack(screen), watcher, then=then)
    first, second, third = watcher.seen[:3]
    assert first == ("frame", False, False)  # shown before the folder holds anything
    assert second == ("wait", True, True) and third == ("frame", True, True)
    listed = games.list_games(tmp_path)
    assert [listing.game for listing in listed] == [session.save_file.parent.name]
    assert listed[0].summary is not None and listed[0].summary.turn >= 1  # the key was played


def test_a_folder_opened_by_another_process_before_the_first_save_leaves_play_unsaved(
    tmp_path: Path,
) -> None:
    """No other process lists a folder with no save in it; one that opened it by name in
    that instant holds its lock: the new game goes on, says so once, and writes nothing."""
    app = App(loader.load(), Settings(), data=tmp_path)
    session = app.setup.new_game(8, lock=False)
    save = session.save_file
    assert save is not None
    screen = start_game(app, session, save=False)
    with held_elsewhere(save):
        first_save(screen, session)
    assert session.save_file is None and session.lock is None
    assert screen.log.texts(1) == [
        "Another Emberdeep opened this game's folder: it goes on unsaved."
    ]
    assert not save.exists() and games.list_games(tmp_path) == []


def test_play_with_a_seed_leaves_its_game_saved_after_one_frame(tmp_path: Path) -> None:
    """End to end, as ``emberdeep bench`` starts it: the game is on disk, listed, at
    turn 0, and its lock is free once the process is gone."""
    env = os.environ | {
        "PYTHONPATH": str(SRC),
        "EMBERDEEP_CACHE_DIR": str(tmp_path / "cache"),
        "EMBERDEEP_CONFIG_DIR": str(tmp_path / "config"),
        "EMBERDEEP_DATA_DIR": str(tmp_path / "data"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    done = subprocess.run(
        [sys.executable, "-m", "emberdeep", "play", "--seed", "3", "--frames", "1"],
        check=False, capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    listed = games.list_games(tmp_path / "data")
    assert len(listed) == 1 and not listed[0].problem
    assert listed[0].summary is not None and listed[0].summary.turn == 0

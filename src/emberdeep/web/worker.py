"""One game in its own process: the player's folder, the title screen or their saved game,
and the presenter loop with the browser presenter.

Each player has a folder of their own under the server's data folder, which is this
process's data and config folder (saves, journal, replays, morgue, hall of fame,
settings), so the game's own rules (``session/game.py``) apply unchanged: a saved game is
continued at once (a reload, a restart of the server); otherwise the title screen shows.
The process is forked from a warm server (``preload.py``), so a game starts in
milliseconds and shares the code's memory with the others.
"""

from __future__ import annotations

import contextlib
import os
import socket
import time
from pathlib import Path
from typing import Any

from emberdeep.session.game import GameSetup
from emberdeep.storage.locks import GameLock, GameLockedError
from emberdeep.ui import loop
from emberdeep.ui.app import App
from emberdeep.ui.screens import Screen
from emberdeep.ui.screens.main_menu import MainMenu
from emberdeep.ui.stack import ScreenStack
from emberdeep.web import preload
from emberdeep.web.pipe import PipeEnd
from emberdeep.web.presenter import WebPresenter

LOCK_WAIT = 10.0
"""Seconds to wait for an earlier process of the same game to finish saving (the server
was restarted, or the player came back the moment the grace period ended)."""


def wait_for_lock(setup: GameSetup, seconds: float = LOCK_WAIT) -> GameLock | None:
    """Hold the game's lock once the previous process has let it go (or give up quietly:
    the title screen then says the game is open elsewhere)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return setup.lock()
        except GameLockedError:
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.1)


def first_screen(app: App) -> Screen:
    """The saved game if there is one (as Continue would), else the title screen."""
    hold = wait_for_lock(app.setup)
    try:
        menu = MainMenu(app)
        if app.setup.has_save():
            resumed = menu.resume(from_backup=False)
            return menu if resumed is None else resumed
        return menu
    finally:
        if hold is not None:
            hold.release()


def status(app: App) -> dict[str, Any]:
    """What the front page lists for this game."""
    session = app.session
    if session is None or not session.world.player.alive:
        return {"playing": False}
    world = session.world
    return {"playing": True, "depth": world.depth, "turn": world.turn}


def run(sock: socket.socket, folder: str) -> None:
    """The worker's body (``multiprocessing`` target): play until the game closes."""
    os.environ["EMBERDEEP_DATA_DIR"] = folder
    os.environ["EMBERDEEP_CONFIG_DIR"] = folder
    Path(folder).mkdir(parents=True, exist_ok=True)
    pipe = PipeEnd(sock)
    try:
        app = preload.new_app()
        presenter = WebPresenter(pipe, lambda: status(app))
        loop.run(ScreenStack(first_screen(app)), presenter)
    finally:
        with contextlib.suppress(OSError):
            pipe.close()

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from emberdeep.session import collector, records
from emberdeep.storage import games
from emberdeep.storage.locks import GameLock, GameLockedError
from emberdeep.ui import loop
from emberdeep.ui.app import App
from emberdeep.ui.screens import Screen
from emberdeep.ui.screens.main_menu import MainMenu
from emberdeep.ui.stack import ScreenStack
from emberdeep.web import preload
from emberdeep.web.mirror import Mirror
from emberdeep.web.pipe import PipeEnd
from emberdeep.web.presenter import WebPresenter
from emberdeep.web.reader import Reader

MAX_PAPER = 4 * 1024 * 1024
"""Bytes of a morgue or a replay sent to the server (the pipe takes 8 MB a message)."""
LOCK_WAIT = 10.0
"""Seconds to wait for an earlier process of the same game to finish saving (the server
was restarted, or the player came back the moment the grace period ended)."""


def wait_for_lock(data: Path | None, game: str, seconds: float = LOCK_WAIT) -> None:
    """Return once no other process holds ``game`` (the previous worker has finished
    saving it), or after ``seconds``: the title screen then says why it cannot be opened."""
    if data is None:
        return
    try:
        lock = GameLock(games.save_file(data, game))
    except games.GameError:
        return
    deadline = time.monotonic() + seconds
    while True:
        try:
            lock.acquire()
        except GameLockedError:
            if time.monotonic() >= deadline:
                return
            time.sleep(0.1)
        else:
            lock.release()
            return


def first_screen(app: App, seed: int | None = None) -> Screen:
    """The newest saved game, as Continue would open it (a reload after the server
    restarted, or after the grace period), else the title screen (or, for the daily game,
    a new game with its ``seed``)."""
    menu = MainMenu(app)
    if not menu.listings:
        return menu if seed is None else menu.start(seed).screen
    game = menu.listings[0].game
    wait_for_lock(app.data, game)
    return menu.resume(game).screen


def status(app: App) -> dict[str, Any]:
    """What the lobby and the player's page list for this game."""
    game = app.game
    if game is None or game.world.over:
        return {"playing": False}
    world = game.world
    return {"playing": True, "depth": world.depth, "level": world.player.level, "turn": world.turn}


class Records:
    """The player's own hall of fame (``scores.sqlite`` in their folder), watched for new
    entries: the game writes one when it ends, and the server keeps them all for the
    hall of fame page. Checked after every frame by the file's size and time (a stat);
    read only when it changed."""

    def __init__(self, folder: Path) -> None:
        self.path = records.scores_file(folder)
        self.stamp: tuple[int, int] | None = None
        self.seen: set[tuple[str, int]] = set()
        self.new()  # what was there before this process: already told

    def _stamp(self) -> tuple[int, int] | None:
        try:
            stat = self.path.stat() if self.path is not None else None
        except OSError:
            return None
        return None if stat is None else (stat.st_mtime_ns, stat.st_size)

    def new(self) -> list[dict[str, Any]]:
        stamp = self._stamp()
        if stamp == self.stamp:
            return []
        self.stamp = stamp
        try:
            entries = records.top(1_000_000, self.path)
        except records.ScoresError:
            return []
        fresh = [e for e in entries if (e.date, e.seed) not in self.seen]
        self.seen.update((e.date, e.seed) for e in fresh)
        return [{**msgspec.structs.asdict(e), **self.papers(e.seed)} for e in fresh]

    def papers(self, seed: int) -> dict[str, str]:
        """The newest morgue and the replay of the game with ``seed`` that just ended, as
        text (the game writes them beside its hall of fame; either may be missing)."""
        found: dict[str, str] = {}
        if self.path is None:
            return found
        folder = self.path.parent
        for key, pattern in (
            ("morgue", "morgue/*.txt"),
            ("replay", f"replays/*-{seed}.replay.json*"),  # format 2 is .jsonl
        ):
            with contextlib.suppress(OSError, ValueError):
                newest = max(folder.glob(pattern), key=lambda path: path.stat().st_mtime_ns)
                if newest.stat().st_size <= MAX_PAPER:
                    found[key] = newest.read_text(encoding="utf-8")
        return found


def game_over(app: App) -> Callable[[], bool]:
    """For the daily game: whether the game, once under way, has ended (died, won, or
    saved and left), so that the worker stops instead of showing the title screen, where
    another game could be started."""
    started = False

    def over() -> bool:
        nonlocal started
        playing = bool(status(app)["playing"])
        started = started or playing
        return started and not playing

    return over


def run(
    sock: socket.socket, folder: str, daily_seed: int | None = None, told: bool | None = None
) -> None:
    """The worker's body (``multiprocessing`` target): play until the game closes (and is
    saved: by the player, a ``close`` from the server, a stop signal or the server gone).
    ``told`` (several hosts on one database): whether the server has the folder as it is
    (it just rebuilt it from the database), else it is sent whole; None: one host."""
    os.environ["EMBERDEEP_DATA_DIR"] = folder
    os.environ["EMBERDEEP_CONFIG_DIR"] = folder
    Path(folder).mkdir(parents=True, exist_ok=True)
    pipe = PipeEnd(sock)
    files = None if told is None else Mirror(Path(folder), told)  # before the game moves
    collector.activate()  # this process plays one game: no full collection's pause
    try:
        app = preload.new_app()
        over = game_over(app) if daily_seed is not None else None
        stack = ScreenStack(first_screen(app, daily_seed))
        records = Records(Path(folder)).new
        presenter = WebPresenter(pipe, lambda: status(app), records, over, Reader(app), files=files)
        loop.run(stack, presenter)
        presenter.flush()
    finally:
        with contextlib.suppress(OSError):
            pipe.close()

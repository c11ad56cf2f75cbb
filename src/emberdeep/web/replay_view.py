"""A finished game's replay in the page: the game's own replay screen in a worker process.

The page's canvas shows it exactly as ``emberdeep replay`` does in a window (``ui/screens/
replay.py``: space pauses, ``.`` steps, ``+``/``-`` change the speed); ``JumpingReplay``
adds a jump to a turn, typed as its digits and ``g`` (the page's "Jump to turn" box sends
them as keys, so the wire format is the game's). A jump back replays from the start, as
the recording is a seed and a list of commands. The replay never touches any save.
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Callable
from pathlib import Path

import tcod.console

from emberdeep.storage import replays
from emberdeep.ui import loop
from emberdeep.ui.input import InputEvent, KeyPress
from emberdeep.ui.screens import Result, Stay
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.replay import ReplayScreen
from emberdeep.ui.stack import ScreenStack
from emberdeep.web import preload
from emberdeep.web.pipe import PipeEnd
from emberdeep.web.presenter import WebPresenter

MAX_DIGITS = 7


class JumpingReplay:
    """``ReplayScreen`` and a jump to a turn (digits, then ``g``)."""

    def __init__(self, make: Callable[[], ReplayScreen]) -> None:
        self.make = make
        self.screen = make()
        self.digits = ""

    @property
    def tick_seconds(self) -> float | None:
        return self.screen.tick_seconds

    def tick(self) -> Result:
        return self.screen.tick()

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress(key) if len(key) == 1 and key.isdigit():
                self.digits = (self.digits + key)[-MAX_DIGITS:]
                return Stay()
            case KeyPress("g"):
                self.jump(int(self.digits or "0"))
                self.digits = ""
                return Stay()
        return self.screen.handle(event)  # its history opens over this screen, as over it

    def jump(self, turn: int) -> None:
        """Paused at the first command that reaches ``turn`` (or at the end)."""
        if turn < self.screen.play.world.turn:
            self.screen = self.make()
        self.screen.paused = True
        while not self.screen.finished and self.screen.play.world.turn < turn:
            self.screen.advance()
        self.screen.play.log.add(f"Jumped to turn {self.screen.play.world.turn}.")

    def draw(self, console: tcod.console.Console) -> None:
        self.screen.draw(console)


def run(sock: socket.socket, folder: str, replay: str) -> None:
    """The viewer's process (``multiprocessing`` target): show ``replay`` (a file the
    server has checked with ``replays.decode``) until the page leaves."""
    os.environ["EMBERDEEP_DATA_DIR"] = folder
    os.environ["EMBERDEEP_CONFIG_DIR"] = folder
    pipe = PipeEnd(sock)
    try:
        app = preload.new_app()
        app.data = None  # watching never touches anybody's saves
        recorded = replays.read(Path(replay))
        build = app.setup.builder_for(recorded.generator)

        def make() -> ReplayScreen:
            world = recorded.fresh_world(build, app.content.hero)
            play = PlayScreen.of(world, app.content, app.settings)
            play.log.add(f"Replay of seed {recorded.seed}: space pauses, . steps, +/- speed.")
            return ReplayScreen(play, recorded.journal)

        loop.run(ScreenStack(JumpingReplay(make)), WebPresenter(pipe))
    finally:
        with contextlib.suppress(OSError):
            pipe.close()

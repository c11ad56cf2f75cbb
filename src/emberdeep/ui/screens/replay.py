"""Watching a replay: the game's own play screen, fed from the journal instead of keys.

Space pauses and resumes, ``.`` or Right steps one command while paused, ``+`` and ``-``
change the speed, Esc leaves. The status line says where in the journal we are.
"""

from __future__ import annotations

import tcod.console

from emberdeep.engine.play import replay
from emberdeep.engine.play.journal import Journal, JournalError
from emberdeep.session.records import divergence_text
from emberdeep.ui.fitting import fit
from emberdeep.ui.input import Click, InputEvent, KeyPress, Wheel
from emberdeep.ui.screens import Push, Quit, Result, Stay
from emberdeep.ui.screens.history import HistoryScreen
from emberdeep.ui.screens.play import PlayScreen

SPEEDS = (1, 2, 5, 10, 20, 50, 100)
"""Commands per second."""


class ReplayScreen:
    def __init__(self, play: PlayScreen, journal: Journal) -> None:
        self.play = play
        self.journal = journal
        self.position = 0
        self.paused = False
        self.speed = 3  # index into SPEEDS
        self.divergence: replay.Divergence | None = None

    @property
    def finished(self) -> bool:
        return self.position >= len(self.journal.commands) or self.divergence is not None

    @property
    def tick_seconds(self) -> float | None:
        return None if self.paused or self.finished else 1 / SPEEDS[self.speed]

    def tick(self) -> Result:
        self.advance()
        return Stay()

    def advance(self) -> None:
        if self.finished:
            return
        world = self.play.world
        try:
            self.play.show(self.play.driver.replay(self.journal.commands[self.position]))
        except JournalError as exc:
            self.play.log.add(f"Stopped: the replay is damaged ({exc}).")
            self.position = len(self.journal.commands)
            return
        expected = self.journal.checksums[self.position]
        actual = world.journal.checksums[-1]
        if actual != expected:
            self.divergence = replay.Divergence(self.position, world.turn, expected, actual)
            self.play.log.add(f"Stopped: {divergence_text(self.divergence)}.")
        self.position += 1

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress("escape") | KeyPress("q"):
                return Quit()
            case KeyPress(" ") | Click(button=1):
                self.paused = not self.paused
            case KeyPress(".") | KeyPress("right"):
                self.paused = True
                self.advance()
            case KeyPress("+") | KeyPress("="):
                self.speed = min(self.speed + 1, len(SPEEDS) - 1)
            case KeyPress("-"):
                self.speed = max(self.speed - 1, 0)
            case KeyPress("v") | Wheel():
                return Push(HistoryScreen(self.play.log))
        return Stay()

    def draw(self, console: tcod.console.Console) -> None:
        self.play.draw_world(console)
        total = len(self.journal.commands)
        state = "finished" if self.finished else ("paused" if self.paused else "playing")
        text = (
            f" REPLAY {state}: command {self.position}/{total}, {SPEEDS[self.speed]}/s  "
            "space pause  . step  +/- speed  Esc leave "
        )
        view = self.play.layout.map
        console.print(view.x, view.y, fit(text, view.width), fg=(0, 0, 0), bg=(255, 200, 80))

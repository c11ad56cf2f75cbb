"""The one presenter loop: draw, wait for input or the next tick, tick.

Every front-end runs games through this loop; a presenter only shows a console and
returns input (``Presenter``): the SDL window (``ui/sdl.py``), the terminal
(``ui/terminal.py``), and later the browser. Nothing is drawn for nothing: the loop blocks
until input arrives, with a timeout only while a ticking screen (real time, a run, a
replay) is on top.
"""

from __future__ import annotations

import time
from typing import Protocol

import tcod.console

from emberdeep.content.loader import Content
from emberdeep.ui import render
from emberdeep.ui.input import InputEvent
from emberdeep.ui.stack import ScreenStack


class Presenter(Protocol):
    @property
    def paused(self) -> bool:
        """True while nothing can be shown (a terminal too small): no ticks then."""
        ...

    def present(self, console: tcod.console.Console) -> None: ...

    def wait(self, timeout: float | None) -> list[InputEvent]:
        """Input that arrives within ``timeout`` seconds (None: wait for it), in console
        cells; [] on timeout."""
        ...


def run(
    stack: ScreenStack,
    presenter: Presenter,
    *,
    untile: Content | None = None,
    frames: int | None = None,
) -> None:
    """Run until the stack is empty. With ``untile``, cells drawn in the tiles mode are
    shown as ``untile``'s ascii (a presenter without sprites). With ``frames``, return
    once that many frames are presented (``emberdeep bench`` times start-up this way)."""
    console = render.new_console()
    next_tick = time.monotonic()
    presented = 0
    while not stack.done:
        console.clear()
        stack.draw(console)
        if untile is not None:
            render.untile(console, untile)
        presenter.present(console)
        presented += 1
        if frames is not None and presented >= frames:
            return
        interval = None if presenter.paused else stack.tick_seconds
        timeout = None if interval is None else max(0.0, next_tick - time.monotonic())
        for event in presenter.wait(timeout):
            stack.handle(event)
            if stack.done:
                return
        if interval is not None and stack.tick_seconds is not None:
            now = time.monotonic()
            if now >= next_tick:
                stack.tick()
                # Never try to catch up more than one tick after a stall.
                next_tick = max(next_tick + interval, now)
        else:
            next_tick = time.monotonic()

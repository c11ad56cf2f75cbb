"""The one presenter loop: draw, wait for input or the next tick, tick.

Every front-end runs games through this loop; a presenter only shows a console and
returns input (``Presenter``): the SDL window (``ui/sdl.py``), the terminal
(``ui/terminal.py``), and later the browser. Nothing is drawn for nothing: the loop blocks
until input arrives, with a timeout only while a ticking screen (real time, a run, a
replay) is on top.

Keys land where they were meant: before a screen that has just opened (a level-up box,
a menu, a question) is first shown, the input already waiting was sent before the player
could see it, and the keys, clicks and wheel turns in it are dropped, as are those that
arrived in the same batch as the input that opened it (``ScreenStack.too_soon``). The
waiting input is read before the frame that shows the screen, never after it: a page
that answers a frame at once (a browser, a test in lockstep) had its next key read as
"waiting" and dropped, and its acknowledgement waited for a frame that never came.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from types import FrameType
from typing import TYPE_CHECKING, Protocol

import tcod.console

from emberdeep.ui import render
from emberdeep.ui.input import InputEvent
from emberdeep.ui.stack import ScreenStack

if TYPE_CHECKING:
    from emberdeep.content.loader import Content


class Presenter(Protocol):
    @property
    def paused(self) -> bool:
        """True while nothing can be shown (a terminal too small): no ticks then."""
        ...

    def console_size(self) -> tuple[int, int]:
        """The console to draw next frame into (a terminal's follows its size)."""
        ...

    def present(self, console: tcod.console.Console) -> None: ...

    def wait(self, timeout: float | None) -> list[InputEvent]:
        """Input that arrives within ``timeout`` seconds (None: wait for it), in console
        cells; [] on timeout."""
        ...


STOP_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")
"""What a closing terminal, a logout or ``kill`` send: each closes the game like the
window's close button, so it is saved."""


class Stopped(BaseException):
    """A stop signal arrived: leave the loop now (not an ``Exception``, so no ``except
    Exception`` on the way swallows it)."""


Handler = Callable[[int, FrameType | None], None]


@contextlib.contextmanager
def signal_handlers(wanted: Mapping[str, Handler]) -> Iterator[None]:
    """Install ``wanted`` (signal name -> handler) while the block runs, then put back what
    was there. Main thread only (Python delivers signals there); elsewhere, nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    try:
        for name, handler in wanted.items():
            number = getattr(signal, name, None)
            if number is not None:
                previous[number] = signal.signal(number, handler)
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, old)


def stop_signals() -> contextlib.AbstractContextManager[None]:
    """Turn the first stop signal into ``Stopped`` while the loop runs, and ignore the
    rest: a closing terminal sends several, and a second must never interrupt the save
    the first began."""
    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        if not stopping:
            stopping = True
            raise Stopped(signum)

    return signal_handlers(dict.fromkeys(STOP_SIGNALS, stop))


def run(
    stack: ScreenStack,
    presenter: Presenter,
    *,
    untile: Content | None = None,
    frames: int | None = None,
    then: Callable[[], None] | None = None,
) -> None:
    """Run until the stack is empty; a stop signal closes it (saving the game) once.
    With ``untile``, cells drawn in the tiles mode are shown as ``untile``'s ascii (a
    presenter without sprites). With ``frames``, return once that many frames are
    presented (``emberdeep bench`` times start-up this way). ``then`` runs once, right
    after the first frame is presented and before any input is read: work a start-up
    owes but the first frame does not need (a new game's lock and first save)."""
    with stop_signals():
        try:
            _loop(stack, presenter, untile, frames, then)
        except (Stopped, KeyboardInterrupt):
            stack.close()


def _hand(stack: ScreenStack, events: list[InputEvent]) -> bool:
    """Hand ``events`` to the stack in order, but none to a screen not yet shown that it
    was not meant for; False once the stack is empty."""
    for event in events:
        if not stack.too_soon(event):
            stack.handle(event)
        if stack.done:
            return False
    return True


def _loop(
    stack: ScreenStack,
    presenter: Presenter,
    untile: Content | None,
    frames: int | None,
    then: Callable[[], None] | None,
) -> None:
    console = render.new_console(*presenter.console_size())
    next_tick = time.monotonic()
    presented = 0
    while not stack.done:
        shown = stack.top
        if stack.unseen is not None and stack.unseen is shown:
            # What is already waiting was sent before this screen could be seen.
            if not _hand(stack, presenter.wait(0)):
                return
            stack.seen(shown)  # drawn and presented next, before any input is read
        size = presenter.console_size()
        if size != (console.width, console.height):
            console = render.new_console(*size)
        render.clear(console)
        stack.draw(console)
        if untile is not None:
            render.untile(console, untile)
        presenter.present(console)
        presented += 1
        if then is not None:
            job, then = then, None
            job()
        if frames is not None and presented >= frames:
            return
        interval = None if presenter.paused else stack.tick_seconds
        timeout = None if interval is None else max(0.0, next_tick - time.monotonic())
        if not _hand(stack, presenter.wait(timeout)):
            return
        if interval is not None and stack.tick_seconds is not None:
            now = time.monotonic()
            if now >= next_tick:
                stack.tick()
                # Never try to catch up more than one tick after a stall.
                next_tick = max(next_tick + interval, now)
        else:
            next_tick = time.monotonic()

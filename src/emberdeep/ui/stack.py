"""The screens being shown, top last, and the one way the game is closed.

The bottom screen (the title, a game, a replay) is shown alone or under the overlays
pushed on it (the inventory, targeting, help...); the presenter loop (``ui/loop.py``)
only ever talks to this stack. What a screen returns says in so many words what comes
next (``Push``, ``Pop``, ``PopTo``, ``Reset``, ``Stay``, ``Quit``: ``ui/screens``), and
the stack carries it out without asking what kind of screen it was given. Closing the window or the
terminal is handled here, not by whichever screen is on top, so a game is saved and
changed settings are written whatever overlay was open.

A screen that has just opened (a level-up box in the middle of a volley of throws, a
menu, a question) takes no key, click or wheel turn sent before it was first shown: the
player pressed those for the screen they saw, not for one they had not seen yet. The
stack names that screen (``unseen``) until the loop has shown it (``seen``), and
``too_soon`` says which input it must not be handed.

A box that opens unbidden (``screens.Unbidden``: the level-up choice, which a kill in the
middle of a volley opens) also drops the keys that keep coming just after it was shown:
a player typing "t c Enter" for the next throw has not read it yet, and "c" would choose
a stat. It takes input only after ``SETTLE_SECONDS`` without any, so the choice is made
by a key pressed after a pause, deliberately.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import tcod.console

from emberdeep.ui import render
from emberdeep.ui.input import Click, CloseRequested, InputEvent, KeyPress, Wheel
from emberdeep.ui.screens import (
    Closing,
    Pop,
    PopTo,
    Push,
    Quit,
    Reset,
    Result,
    Screen,
    Stay,
    as_ticking,
    opened_unbidden,
)

SETTLE_SECONDS = 0.6
"""How long an unbidden box must go without deliberate input before it takes any: longer
than the gap between keys typed in a stream, shorter than reading the box."""


class ScreenStack:
    def __init__(self, screen: Screen, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.screens: list[Screen] = [screen]
        self.unseen: Screen | None = None
        """A screen opened (pushed or put in place of the stack) since the last frame
        was shown, until the loop has shown it: input sent before then is not its."""
        self.clock = clock
        self.settling: tuple[Screen, float] | None = None
        """An unbidden box that has been shown, and the time until which it still drops
        deliberate input (pushed on by every input it drops)."""

    @property
    def top(self) -> Screen | None:
        return self.screens[-1] if self.screens else None

    @property
    def done(self) -> bool:
        return not self.screens

    def handle(self, event: InputEvent) -> None:
        top = self.top
        if top is None:
            return
        if isinstance(event, CloseRequested):
            self.close()
        else:
            self.follow(top.handle(event))

    def too_soon(self, event: InputEvent) -> bool:
        """Whether ``event`` is a deliberate input (a key, a click, the wheel) that would
        land on a screen the player has not seen yet, or on an unbidden box still
        settling: one to drop. Dropped on a settling box, it keeps the box settling."""
        if not isinstance(event, KeyPress | Click | Wheel):
            return False
        top = self.top
        if self.unseen is not None and self.unseen is top:
            return True
        if self.settling is None or self.settling[0] is not top:
            return False
        now = self.clock()
        if now >= self.settling[1]:
            return False
        self.settling = (top, now + SETTLE_SECONDS)
        return True

    def seen(self, screen: Screen | None) -> None:
        """``screen`` has been shown: input from now on is meant for it (an unbidden box's
        once it has settled)."""
        if screen is self.unseen:
            self.unseen = None
            if screen is not None and opened_unbidden(screen):
                self.settling = (screen, self.clock() + SETTLE_SECONDS)

    @property
    def tick_seconds(self) -> float | None:
        top = as_ticking(self.top)
        return None if top is None else top.tick_seconds

    def tick(self) -> None:
        top = as_ticking(self.top)
        if top is not None:
            self.follow(top.tick())

    def follow(self, result: Result) -> None:
        """Carry out what a screen said comes next (``ui/screens/__init__.py``)."""
        screens = self.screens
        match result:
            case Stay():
                pass
            case Push(screen):
                screens.append(screen)
                self.unseen = screen
            case Pop():
                screens.pop()
            case PopTo(screen):
                below = next((n for n, shown in enumerate(screens) if shown is screen), None)
                if below is None:
                    raise ValueError(f"PopTo a screen not on the stack: {screen!r}")
                del screens[below + 1 :]
            case Reset(screen):
                screens[:] = [screen]
                self.unseen = screen
            case Quit():
                screens.clear()

    def close(self) -> None:
        """The window or terminal is closing: every screen, top first, keeps what it
        must, then nothing is left."""
        for screen in reversed(self.screens):
            if isinstance(screen, Closing):
                screen.on_close()
        self.screens.clear()

    def draw(self, console: tcod.console.Console) -> None:
        """The top screen; over the bottom one (the play screen without its tooltip, the
        title without its menu) as a backdrop, dimmed unless the top works on the map
        itself (aiming, looking). Overlays between the two are not drawn, so no box ever
        shows through another."""
        top = self.top
        if top is None:
            return
        if len(self.screens) > 1:
            under = self.screens[0]
            backdrop = getattr(under, "draw_backdrop", under.draw)
            backdrop(console)
            if getattr(top, "dims", True):
                render.dim(console)
        top.draw(console)

"""The screens being shown, top last, and the one way the game is closed.

Overlays (the inventory, targeting, help...) sit on the screen that opened them; the
presenter loop (``ui/loop.py``) only ever talks to this stack. Closing the window or the
terminal is handled here, not by whichever screen is on top, so a game is saved and
changed settings are written whatever overlay was open.

A screen that has just opened (a level-up box in the middle of a volley of throws, a
menu, a question) takes no key, click or wheel turn sent before it was first shown: the
player pressed those for the screen they saw, not for one they had not seen yet. The
stack names that screen (``unseen``) until the loop has shown it (``seen``), and
``too_soon`` says which input it must not be handed.
"""

from __future__ import annotations

import tcod.console

from emberdeep.ui import render
from emberdeep.ui.input import Click, CloseRequested, InputEvent, KeyPress, Wheel
from emberdeep.ui.screens import Closing, Next, Screen, as_ticking, is_overlay


class ScreenStack:
    def __init__(self, screen: Screen) -> None:
        self.screens: list[Screen] = [screen]
        self.unseen: Screen | None = None
        """A screen opened (pushed or put in place of the stack) since the last frame
        was shown, until the loop has shown it: input sent before then is not its."""

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
        land on a screen the player has not seen yet: one to drop."""
        return (
            self.unseen is not None
            and self.unseen is self.top
            and isinstance(event, KeyPress | Click | Wheel)
        )

    def seen(self, screen: Screen | None) -> None:
        """``screen`` has been shown: input from now on is meant for it."""
        if screen is self.unseen:
            self.unseen = None

    @property
    def tick_seconds(self) -> float | None:
        top = as_ticking(self.top)
        return None if top is None else top.tick_seconds

    def tick(self) -> None:
        top = as_ticking(self.top)
        if top is not None:
            self.follow(top.tick())

    def follow(self, result: Next) -> None:
        """Apply what a screen said comes next (see ``ui/screens/__init__.py``)."""
        screens = self.screens
        if result is None:
            screens.clear()
        elif any(result is shown for shown in screens):
            del screens[[id(s) for s in screens].index(id(result)) + 1 :]
        elif is_overlay(result):
            screens.append(result)
            self.unseen = result
        else:
            screens[:] = [result]
            self.unseen = result

    def close(self) -> None:
        """The window or terminal is closing: every screen, top first, keeps what it
        must, then nothing is left."""
        for screen in reversed(self.screens):
            if isinstance(screen, Closing):
                screen.on_close()
        self.screens.clear()

    def draw(self, console: tcod.console.Console) -> None:
        """The top screen; under an overlay, the screen it was opened over, as a backdrop
        (the play screen without its tooltip, the title without its menu), dimmed unless
        the overlay works on the map itself (aiming, looking). Overlays between the two
        are not drawn, so no box ever shows through another."""
        top = self.top
        if top is None:
            return
        if is_overlay(top):
            under = next((s for s in reversed(self.screens) if not is_overlay(s)), None)
            if under is not None:
                backdrop = getattr(under, "draw_backdrop", under.draw)
                backdrop(console)
            if getattr(top, "dims", True):
                render.dim(console)
        top.draw(console)

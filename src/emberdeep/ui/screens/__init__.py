"""Screens: each handles input and draws itself; ``handle`` returns the screen to show next."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import tcod.console

from emberdeep.ui.input import InputEvent


class Screen(Protocol):
    def handle(self, event: InputEvent) -> Screen | None:
        """React to one input; return the next screen (``self`` to stay, None to quit)."""
        ...

    def draw(self, console: tcod.console.Console) -> None: ...


@runtime_checkable
class Ticking(Protocol):
    """A screen that wants ``tick`` called on a timer (real-time play)."""

    @property
    def tick_seconds(self) -> float | None:
        """Seconds between ticks, or None to wait for input only."""
        ...

    def tick(self) -> Screen | None: ...

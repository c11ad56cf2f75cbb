"""Screens: each handles input and draws itself, on a stack (``ui/stack.py``).

``handle`` returns what to show next: the screen itself (stay), a screen lower on the
stack (go back down to it, closing what is above), a new *overlay* (a screen with
``overlay = True``: pushed on top, the screen below still drawn under it), a new full
screen (it replaces every screen: the title after a game, a game after the title), or
None (quit). Closing the window or the terminal never reaches a screen: the stack closes
every screen through one path (``ScreenStack.close``), giving each that has an
``on_close`` (a game to save, settings to write) its say.
"""

from __future__ import annotations

from typing import Protocol, cast, runtime_checkable

import tcod.console

from emberdeep.ui.input import InputEvent


class Screen(Protocol):
    def handle(self, event: InputEvent) -> Next:
        """React to one input; say what to show next."""
        ...

    def draw(self, console: tcod.console.Console) -> None: ...


Next = Screen | None


@runtime_checkable
class Ticking(Protocol):
    """A screen that wants ``tick`` called on a timer (real-time play)."""

    @property
    def tick_seconds(self) -> float | None:
        """Seconds between ticks, or None to wait for input only."""
        ...

    def tick(self) -> Next: ...


def as_ticking(screen: object) -> Ticking | None:
    """``screen`` if it is ``Ticking`` (what ``isinstance(screen, Ticking)`` says: a
    ``tick`` method and a ``tick_seconds``), else None. Asked every frame, and a runtime
    protocol's ``isinstance`` takes about 50 us in Python 3.11 (it gathers the protocol's
    members afresh each time), some 4% of a web game's CPU a key; these lookups take
    less than a microsecond."""
    if callable(getattr(screen, "tick", None)) and hasattr(screen, "tick_seconds"):
        return cast("Ticking", screen)
    return None


@runtime_checkable
class Closing(Protocol):
    """A screen with something to keep when the window or terminal closes."""

    def on_close(self) -> None: ...


def is_overlay(screen: Screen) -> bool:
    """Overlays sit on the screen that opened them; others replace the whole stack."""
    return bool(getattr(screen, "overlay", False))

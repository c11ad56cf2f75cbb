"""Input as presenter-neutral data.

Presenters (the SDL window, later the terminal) translate their own events into these
few types, so every screen works the same wherever it is shown. Keys are named by the
character they type ("g", ">", "?") or, for keys that type nothing, by a lowercase name
("up", "kp_7", "enter", "escape", "tab", "f1"). What a key does is ``ui.commands``'s
(the bindings themselves are data: content/keys/*.toml and the player's keys.toml, read
by ``emberdeep.ui.keys``); this module names no command, so every screen, the title
screen first, takes input without importing the engine's actions.
"""

from __future__ import annotations

import msgspec


class KeyPress(msgspec.Struct, frozen=True):
    """A key by its ``keys.toml`` name (``a``, ``escape``, ``kp_7``...)."""

    key: str


class MouseMove(msgspec.Struct, frozen=True):
    """The pointer is over console cell (x, y)."""

    x: int
    y: int


class Click(msgspec.Struct, frozen=True):
    """A mouse button pressed over console cell (x, y)."""

    x: int
    y: int
    button: int  # 1 left, 2 middle, 3 right


class Wheel(msgspec.Struct, frozen=True):
    """The mouse wheel turned."""

    dy: int  # positive scrolls up


class Resized(msgspec.Struct, frozen=True):
    """The window or terminal changed size; screens may want to redraw."""


class CloseRequested(msgspec.Struct, frozen=True):
    """The window's close button or the terminal's hang-up: save and leave."""


class FocusLost(msgspec.Struct, frozen=True):
    """The window (or terminal) is no longer the one the player types into."""


InputEvent = KeyPress | MouseMove | Click | Wheel | Resized | CloseRequested | FocusLost

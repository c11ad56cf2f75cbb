"""Input as presenter-neutral data, and the key bindings that turn keys into commands.

Presenters (the SDL window, later the terminal) translate their own events into these
few types, so every screen works the same wherever it is shown. Keys are named by the
character they type ("g", ">", "?") or, for keys that type nothing, by a lowercase name
("up", "kp_7", "enter", "escape", "tab", "f1"). The bindings themselves are data
(content/keys/*.toml and the player's keys.toml, read by ``emberdeep.ui.keys``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from emberdeep.engine.acts.actions import Ascend, Descend, Move, PickUp, PlayerCommand, Wait
from emberdeep.engine.acts.item_actions import Search


@dataclass(frozen=True)
class KeyPress:
    """A key by its ``keys.toml`` name (``a``, ``escape``, ``kp_7``...)."""

    key: str


@dataclass(frozen=True)
class MouseMove:
    """The pointer is over console cell (x, y)."""

    x: int
    y: int


@dataclass(frozen=True)
class Click:
    """A mouse button pressed over console cell (x, y)."""

    x: int
    y: int
    button: int  # 1 left, 2 middle, 3 right


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel turned."""

    dy: int  # positive scrolls up


@dataclass(frozen=True)
class Resized:
    """The window or terminal changed size; screens may want to redraw."""


@dataclass(frozen=True)
class CloseRequested:
    """The window's close button or the terminal's hang-up: save and leave."""


@dataclass(frozen=True)
class FocusLost:
    """The window (or terminal) is no longer the one the player types into."""


InputEvent = KeyPress | MouseMove | Click | Wheel | Resized | CloseRequested | FocusLost


class UiCommand(Enum):
    """Commands that change what is shown, not the world."""

    QUIT = "quit"
    CYCLE_RENDER_MODE = "cycle_render_mode"
    HISTORY = "history"
    USE_ITEM = "use_item"  # opens the inventory; the menu picks the item
    DROP_ITEM = "drop_item"
    THROW_ITEM = "throw_item"  # the inventory, then aiming
    CHARACTER = "character"
    EXPLORE = "explore"
    REST = "rest"  # wait until healed or disturbed
    HELP = "help"  # the key bindings
    LOOK = "look"  # a cursor that describes what it is on
    PAUSE = "pause"  # real time: stop or restart the clock
    ORDER_ALLIES = "order_allies"  # the allies in view wait here, or follow again


Command = PlayerCommand | UiCommand

COMMANDS: dict[str, Command] = {
    "move_nw": Move(-1, -1),
    "move_n": Move(0, -1),
    "move_ne": Move(1, -1),
    "move_w": Move(-1, 0),
    "move_e": Move(1, 0),
    "move_sw": Move(-1, 1),
    "move_s": Move(0, 1),
    "move_se": Move(1, 1),
    "wait": Wait(),
    "pick_up": PickUp(),
    "descend": Descend(),
    "ascend": Ascend(),
    "search": Search(),
    **{command.value: command for command in UiCommand},
}

"""The commands keys are bound to: the world's (moves, waiting, the stairs...) and the
interface's own (``UiCommand``), by the names ``keys.toml`` uses.

Apart from ``ui.input`` (the events) and ``ui.keys`` (which key names which command,
and reads this module only when it needs a command itself), so that only what acts on
a command imports the engine's actions: the title screen's first frame does not.
"""

from __future__ import annotations

from enum import Enum

from emberdeep.engine.acts.actions import Ascend, Descend, Move, PickUp, PlayerCommand, Wait
from emberdeep.engine.acts.item_actions import Search


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

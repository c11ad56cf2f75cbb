"""The key help (``?``): every command with the keys bound to it, as they are now.

Keys can be rebound (``keys.toml``, presets), so a fixed help text would lie; this screen
is built from the keymap in use, grouped by command ("Move north: up, kp_8, k"), and says
where to change it. Commands come from ``ui.input.COMMANDS`` when the screen opens, so a
command added later shows up (with a name made from its key) without touching this file.

It is an overlay like the message history: the parent is drawn dimmed underneath, and
the list scrolls the same way (a top line, clamped to the size of the last draw).
"""

from __future__ import annotations

import textwrap

import tcod.console

from emberdeep import keys
from emberdeep.ui import input as ui_input
from emberdeep.ui import render
from emberdeep.ui.input import Click, CloseRequested, InputEvent, KeyPress, Wheel
from emberdeep.ui.messages import Color
from emberdeep.ui.screens import Screen
from emberdeep.ui.screens.game_over import dim

TITLE = "Keys"
HINT = "┤ ↑↓ PgUp PgDn Home End  Esc ? close ├"
UNBOUND = "(no key)"
MARGIN_X = 2
"""Columns of the (dimmed) parent left visible on each side, so it reads as an overlay."""
MARGIN_Y = 1
PAD_X = 1
WHEEL_LINES = 3
MAX_LABEL = 26
"""Friendly names are padded to a column at most this wide; longer ones push the keys."""

FRAME_FG: Color = (150, 130, 90)
FRAME_BG: Color = (0, 0, 0)
LABEL_FG: Color = (240, 220, 160)
KEYS_FG: Color = (220, 220, 220)
INFO_FG: Color = (120, 120, 120)

LINE_UP = frozenset({"up", "k", "kp_8"})
LINE_DOWN = frozenset({"down", "j", "kp_2"})
PAGE_UP = frozenset({"pageup", "kp_9"})
PAGE_DOWN = frozenset({"pagedown", "kp_3"})
TO_TOP = frozenset({"home", "kp_7"})
TO_BOTTOM = frozenset({"end", "kp_1"})
CLOSE = frozenset({"escape", "?"})

FRIENDLY: dict[str, str] = {
    "move_n": "Move north",
    "move_s": "Move south",
    "move_w": "Move west",
    "move_e": "Move east",
    "move_nw": "Move north-west",
    "move_ne": "Move north-east",
    "move_sw": "Move south-west",
    "move_se": "Move south-east",
    "wait": "Wait a turn",
    "pick_up": "Pick up",
    "descend": "Go down the stairs",
    "use_item": "Use an item",
    "drop_item": "Drop an item",
    "character": "Character sheet",
    "history": "Message history",
    "explore": "Explore automatically",
    "cycle_render_mode": "Switch the map's look",
    "help": "This help",
    "quit": "Save and leave",
}


def friendly_name(command: str) -> str:
    """What the player reads for ``command``: ``FRIENDLY``, else made from the name."""
    return FRIENDLY.get(command) or command.replace("_", " ").capitalize()


def bindings(keymap: dict[str, str]) -> list[tuple[str, list[str]]]:
    """(friendly name, keys) per command: every command of ``COMMANDS`` in its order
    (those without a key too), then any other name the keymap uses; keys in keymap order."""
    by_command: dict[str, list[str]] = {name: [] for name in ui_input.COMMANDS}
    for key, command in keymap.items():
        by_command.setdefault(command, []).append(key)
    return [(friendly_name(command), found) for command, found in by_command.items()]


def help_lines(keymap: dict[str, str], columns: int) -> list[tuple[str, Color]]:
    """The screen's text wrapped to ``columns``: one entry per command, then how to
    change the keys."""
    entries = bindings(keymap)
    label_width = min(MAX_LABEL, max(len(label) for label, _ in entries) + 1)
    lines: list[tuple[str, Color]] = []
    for label, found in entries:
        text = f"{label + ':':<{label_width}} {', '.join(found) or UNBOUND}"
        wrapped = textwrap.wrap(text, columns, subsequent_indent=" " * (label_width + 1))
        lines += [(line, LABEL_FG if not found else KEYS_FG) for line in wrapped or [""]]
    presets = ", ".join(f'"{name}"' for name in keys.preset_names())
    notes = [
        "",
        f"Change these in {keys.keys_path()}:",
        f'preset = ... picks a set ({presets}); under [keys], k = "move_n" binds a key '
        'and k = "" unbinds it.',
    ]
    for note in notes:
        lines += [(line, INFO_FG) for line in textwrap.wrap(note, columns) or [""]]
    return lines


def text_area(width: int, height: int) -> tuple[int, int]:
    """(columns, rows) available for text on a ``width`` x ``height`` console."""
    return max(1, width - 2 * (MARGIN_X + 1 + PAD_X)), max(1, height - 2 * (MARGIN_Y + 1))


class HelpScreen:
    def __init__(self, keymap: dict[str, str] | None, parent: Screen) -> None:
        """``keymap``: the bindings in use (None: the defaults)."""
        self.keymap = ui_input.DEFAULT_KEYS if keymap is None else keymap
        self.parent = parent
        self.top = 0
        """Index of the first line shown."""
        self.console_size = (render.SCREEN_WIDTH, render.SCREEN_HEIGHT)
        """Size of the last console drawn to; wrapping and page size depend on it."""
        self.close_keys = CLOSE | {key for key, name in self.keymap.items() if name == "help"}
        """Esc, ``?``, and whatever key opens this screen."""

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: InputEvent) -> Screen | None:
        match event:
            case CloseRequested():
                return self.parent.handle(event)  # the game saves before it closes
            case KeyPress(key) if key in self.close_keys:
                return self.parent
            case Click(button=3):
                return self.parent
            case KeyPress(key):
                self.scroll_key(key)
            case Wheel(dy):
                self.scroll(-WHEEL_LINES * dy)
        return self

    def scroll_key(self, key: str) -> None:
        columns, rows = text_area(*self.console_size)
        page = max(1, rows - 1)
        if key in LINE_UP:
            self.scroll(-1)
        elif key in LINE_DOWN:
            self.scroll(1)
        elif key in PAGE_UP:
            self.scroll(-page)
        elif key in PAGE_DOWN:
            self.scroll(page)
        elif key in TO_TOP:
            self.top = 0
        elif key in TO_BOTTOM:
            self.top = self.max_top(len(self.lines(columns)), rows)

    def scroll(self, lines: int) -> None:
        """Move the view ``lines`` down (negative: up), within the text."""
        columns, rows = text_area(*self.console_size)
        self.top = min(max(self.top + lines, 0), self.max_top(len(self.lines(columns)), rows))

    def lines(self, columns: int) -> list[tuple[str, Color]]:
        return help_lines(self.keymap, columns)

    @staticmethod
    def max_top(total: int, rows: int) -> int:
        return max(0, total - rows)

    # -- drawing -------------------------------------------------------------------------

    def draw(self, console: tcod.console.Console) -> None:
        self.parent.draw(console)
        dim(console, 0.5)
        self.console_size = (console.width, console.height)
        columns, rows = text_area(console.width, console.height)
        lines = self.lines(columns)
        total = len(lines)
        region = render.Region(  # as tall as the text needs, up to the whole console
            MARGIN_X,
            MARGIN_Y,
            console.width - 2 * MARGIN_X,
            min(console.height - 2 * MARGIN_Y, total + 2),
        )
        if region.width < 3 or region.height < 3:
            return
        render.draw_box(console, region, TITLE, fg=FRAME_FG, bg=FRAME_BG)
        self.top = min(self.top, self.max_top(total, rows))
        end = min(total, self.top + rows)
        text_x, text_y = region.x + 1 + PAD_X, region.y + 1
        for row, (text, color) in enumerate(lines[self.top : end]):
            console.print(text_x, text_y + row, text, fg=color)
        bottom = region.y + region.height - 1
        indicator = f"┤ lines {self.top + 1}-{end} of {total} ├" if total > rows else ""
        console.print(region.x + region.width - 2 - len(indicator), bottom, indicator, fg=INFO_FG)
        if len(HINT) + len(indicator) + 6 <= region.width:
            console.print(region.x + 2, bottom, HINT, fg=INFO_FG)

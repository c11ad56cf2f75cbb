"""The key help (``?``): every command with the keys bound to it, as they are now.

Keys can be rebound (``keys.toml``, presets), so a fixed help text would lie; this screen
is built from the keymap in use, grouped by command and written as players write keys
("Move north: Up, Keypad 8, k"), and says where to change it. Commands come from
``ui.commands.COMMANDS`` when the screen opens, so a command added later shows up (with a
name made from its key) without touching this file.

It is an overlay like the message history (``ui/pager.py``), but paged: PgDn shows the
next page, no line on two pages and no entry split between them (hand play read the
same lines again on each page, and one entry's name and keys on different pages).
"""

from __future__ import annotations

from emberdeep.content.looks import RENDER_MODES
from emberdeep.ui import keys, palette
from emberdeep.ui.commands import COMMANDS, UiCommand
from emberdeep.ui.fitting import home_path, wrap
from emberdeep.ui.pager import Line, Pager, text_area
from emberdeep.ui.palette import Color

UNBOUND = "(no key)"
MAX_LABEL = 34
"""The names' column: as wide as the longest name, but at most this (and half the box),
so the keys stay near their names; a longer name wraps inside it."""
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
    "ascend": "Go up the stairs (out, with the treasure)",
    "use_item": "Use an item",
    "drop_item": "Drop an item",
    "throw_item": "Throw an item (then aim)",
    "search": "Search around for traps",
    "order_allies": "Tell your allies in view to wait here, or to follow",
    "character": "Character sheet",
    "history": "Message history",
    "explore": "Explore automatically",
    "rest": "Rest until healed (or disturbed)",
    "cycle_render_mode": f"Switch the map's look ({', '.join(RENDER_MODES)}, in turn)",
    "help": "This help",
    "look": "Look around (a cursor)",
    "pause": "Pause or resume (real time)",
    "quit": "Save and quit (asks first)",
}


def friendly_name(command: str) -> str:
    """What the player reads for ``command``: ``FRIENDLY``, else made from the name."""
    return FRIENDLY.get(command) or command.replace("_", " ").capitalize()


TRAVEL = "Travel to a spot (look, move the cursor there)"
"""Travel has no key of its own (``look.py``: Enter in the look cursor, or a click), so
it follows the look's entry with the look's keys, "then Enter": hand play looked for it
in the help and found only the mouse's "Click a known tile"."""


def bindings(keymap: dict[str, str]) -> list[tuple[str, list[str], str]]:
    """(friendly name, keys, what follows them) per command: every command of
    ``COMMANDS`` in its order (those without a key too), then any other name the keymap
    uses; keys in keymap order. Travel follows look, with its keys."""
    by_command: dict[str, list[str]] = {name: [] for name in COMMANDS}
    for key, command in keymap.items():
        by_command.setdefault(command, []).append(key)
    listed = []
    for command, found in by_command.items():
        listed.append((friendly_name(command), found, ""))
        if command == UiCommand.LOOK.value:
            listed.append((TRAVEL, found, ", then Enter"))
    return listed


MOUSE = (
    "Hover a tile: what is there, and the path a click would walk.",
    "Click a known tile: travel there. Click a sidebar entry: look at it.",
    "Hover a sidebar entry: its tile lights up on the map, and the other way round.",
    "While aiming: the pointer moves the cursor, a left click fires, a right click cancels.",
    "Menus: hover to choose, click to take, right click to close, the wheel to scroll.",
    "The wheel over the map opens the message history.",
)


def help_lines(
    keymap: dict[str, str], columns: int, rows: int | None = None
) -> list[tuple[str, Color]]:
    """The screen's text wrapped to ``columns``: one entry per command (keys as players
    write them), then the mouse, then how to change the keys. Names and keys are two
    columns; a name longer than its column wraps inside it, its keys beside its last
    row, so every key starts at the same column. With ``rows`` (a page's), an entry
    that would straddle two pages starts the next (``pages``)."""
    entries = [
        (
            f"{label}:",
            ", ".join(dict.fromkeys(keys.key_label(key) for key in found)) + (then * bool(found)),
            bool(found),
        )
        for label, found, then in bindings(keymap)
    ]  # kp_5 and clear are one key, written once
    label_width = min(MAX_LABEL, max(len(label) for label, _, _ in entries), columns // 2)
    groups: list[list[tuple[str, Color]]] = []
    for label, named, bound in entries:
        left = wrap(label, label_width)
        right = [""] * (len(left) - 1) + wrap(named or UNBOUND, columns - label_width - 1)
        group = []
        for row, keys_row in enumerate(right):  # the keys follow the name's last row
            name = left[row] if row < len(left) else ""
            text = f"{name:<{label_width}} {keys_row}".rstrip()
            group.append((text, palette.TEXT_FG if bound else palette.HEADING_FG))
        groups.append(group)
    presets = ", ".join(f'"{name}"' for name in keys.preset_names())
    groups.append([("", palette.TEXT_FG), ("The mouse", palette.HEADING_FG)])
    for text in MOUSE:
        groups.append([(line, palette.TEXT_FG) for line in wrap(text, columns)])
    notes = [
        f"Change these in {home_path(keys.keys_path())}:",
        f'preset = ... picks a set ({presets}); under [keys], k = "move_n" binds a key '
        'and k = "" unbinds it. There keys go by their names: kp_7, pageup, escape, f1.',
    ]
    groups.append([("", palette.INFO_FG)])
    groups.append([(line, palette.INFO_FG) for note in notes for line in wrap(note, columns)])
    return pages(groups, rows)


def pages(groups: list[list[tuple[str, Color]]], rows: int | None) -> list[tuple[str, Color]]:
    """``groups`` one after another, a group that would straddle two pages of ``rows``
    (one that fits on a page) moved to the next whole; a blank line opening a page is
    left out."""
    lines: list[tuple[str, Color]] = []
    for group in groups:
        start = 0
        if rows is not None:
            used = len(lines) % rows
            if used and used + len(group) > rows and len(group) <= rows:
                lines += [("", palette.TEXT_FG)] * (rows - used)
                used = 0
            if used == 0 and lines:
                while start < len(group) and not group[start][0]:
                    start += 1  # a gap at the top of a page is no gap
        lines += group[start:]
    return lines


class HelpScreen(Pager):
    title = "Keys"
    fit_height = True
    paged = True

    def __init__(self, keymap: dict[str, str] | None) -> None:
        """``keymap``: the bindings in use (None: the defaults)."""
        super().__init__()
        self.keymap = keys.DEFAULT_KEYS if keymap is None else keymap
        self.close_keys = frozenset(
            {"escape", "?", *(key for key, name in self.keymap.items() if name == "help")}
        )
        """Esc, ``?``, and whatever key opens this screen."""

    def lines(self, columns: int) -> list[Line]:
        return help_lines(self.keymap, columns, text_area(*self.console_size)[1])

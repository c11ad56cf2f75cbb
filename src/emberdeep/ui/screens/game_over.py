"""The end of a run: the final map, dimmed, under a box that says how it ended (a death,
or the victory of climbing out with the treasure).

Death should not snap straight back to the shell: the player gets to see where it
happened, what hit them, and the figures worth remembering (depth, turns, XP, and the
seed to replay the same dungeon), and can still read the whole message log. The map is
drawn by the play screen (``parent_draw``) so this screen needs no rendering of its own.
"""

from __future__ import annotations

import textwrap

import tcod.console

from emberdeep.engine.events import MessageKind
from emberdeep.engine.world import World
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.messages import KIND_COLORS, MessageLog
from emberdeep.ui.palette import Color
from emberdeep.ui.screens import Next, Screen
from emberdeep.ui.screens.history import HistoryScreen

DIM = 0.4
"""The final map shows through at this brightness."""
PAD_X = 2
MAX_TEXT_WIDTH = 60
HELP = "Press Enter or Esc to leave, v for message history"
LEAVE_KEYS = frozenset({"enter", "escape"})

TITLE_FG: Color = (255, 48, 48)
VICTORY_FG: Color = (255, 210, 80)
TEXT_FG: Color = (220, 220, 220)
HELP_FG: Color = (140, 140, 140)
FRAME_FG: Color = (160, 40, 40)
BOX_BG: Color = (15, 5, 5)


class GameOverScreen:
    overlay = True

    def __init__(
        self,
        world: World,
        log: MessageLog,
        *,
        note: str = "",
        leave_to: Screen | None = None,
    ) -> None:
        self.world = world
        self.log = log
        self.note = note
        """Said under the stats, e.g. that the save was removed (permadeath)."""
        self.leave_to = leave_to
        """Where leaving goes (the main menu); None ends the program."""

    def handle(self, event: InputEvent) -> Next:
        match event:
            case KeyPress("v"):
                return HistoryScreen(self.log, parent=self)
            case KeyPress(key) if key in LEAVE_KEYS:
                return self.leave()
            case Click(button=1):
                return self.leave()
        return self

    def leave(self) -> Next:
        return self.leave_to

    def killing_blow(self) -> str | None:
        """The last enemy attack in the log: what most likely killed the player."""
        for entry in reversed(self.log.entries):
            if entry.kind == MessageKind.ENEMY_ATTACK:
                return entry.text
        return None

    def lines(self, width: int) -> list[tuple[str, Color]]:
        """The box's text, each line at most ``width`` columns."""
        world = self.world
        title = (
            ("YOU ESCAPED WITH THE TREASURE", VICTORY_FG) if world.won else ("YOU DIED", TITLE_FG)
        )
        lines: list[tuple[str, Color]] = [
            title,
            ("", TEXT_FG),
            (f"Deepest floor {world.deepest}", TEXT_FG),
            (f"Turns {world.turn}", TEXT_FG),
            (f"Seed {world.seed}", TEXT_FG),
            (f"XP {world.player.xp}", TEXT_FG),
        ]
        if self.note:
            lines.append(("", TEXT_FG))
            lines += [(line, TEXT_FG) for line in textwrap.wrap(self.note, width)]
        blow = None if world.won else self.killing_blow()
        if blow is not None:
            color = KIND_COLORS.get(MessageKind.ENEMY_ATTACK, TEXT_FG)
            lines.append(("", TEXT_FG))
            lines += [(line, color) for line in textwrap.wrap(blow, width)]
        lines.append(("", TEXT_FG))
        lines += [(line, HELP_FG) for line in textwrap.wrap(HELP, width)]
        return lines

    def draw(self, console: tcod.console.Console) -> None:
        text_width = max(1, min(MAX_TEXT_WIDTH, console.width - 2 * (PAD_X + 1)))
        lines = self.lines(text_width)
        inner = max(len(text) for text, _ in lines)
        width, height = inner + 2 * (PAD_X + 1), len(lines) + 4
        x, y = (console.width - width) // 2, (console.height - height) // 2
        console.draw_frame(
            x, y, width, height, clear=True, fg=FRAME_FG, bg=BOX_BG, decoration="╔═╗║ ║╚═╝"
        )
        for row, (text, color) in enumerate(lines):
            console.print(x + (width - len(text)) // 2, y + 2 + row, text, fg=color)

"""The end of a run: the final map, dimmed, under a box that tells how it ended.

Death should not snap straight back to the shell: the player gets to see where it
happened and is told what did it, where and when ("Killed by a wraith on depth 13 after
9,028 turns"), the last messages before it, the character that died and what was kept
(the hall of fame, the morgue file, the replay). A victory is a screen of its own: a
gold box of its own shape, every line centred under a rule, telling the climb out with
the treasure and the hero who made it (no last messages), never that death is
permanent. What the hero wore is named as the inventory names it ("+1 Dagger").
File paths are shown from ``~`` (never the account's absolute path) and whole: the box
widens, as far as the console allows, to a note that names a path, a path that still
does not fit goes whole onto a line of its own, and only one longer than the widest box
goes on after a folder; other lines wrap between words (``ui/fitting.wrap``). The map
is drawn by the play screen (``parent_draw``) so this screen needs no rendering of its
own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tcod.console

from emberdeep.content.loader import Content
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.play.world import World
from emberdeep.session.log import MessageLog
from emberdeep.session.names import describe
from emberdeep.session.narration import narrator_for
from emberdeep.ui.fitting import path_line, wrap
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.messages import KIND_COLORS
from emberdeep.ui.palette import Color
from emberdeep.ui.screens import Push, Quit, Reset, Result, Screen, Stay
from emberdeep.ui.screens.history import HistoryScreen

PAD_X = 2
MAX_TEXT_WIDTH = 64
LAST_MESSAGES = 5
"""The most of the log's last lines shown (fewer when the console is small)."""
HELP = "Enter or Esc to leave, v for the message history"
LEAVE_KEYS = frozenset({"enter", "escape"})

TITLE_FG: Color = (255, 48, 48)
TEXT_FG: Color = (220, 220, 220)
HELP_FG: Color = (140, 140, 140)
FRAME_FG: Color = (160, 40, 40)
BOX_BG: Color = (15, 5, 5)
VICTORY_FG: Color = (255, 210, 80)
VICTORY_FRAME_FG: Color = (200, 160, 40)
VICTORY_BG: Color = (18, 14, 4)
DEATH_FRAME = "╔═╗║ ║╚═╝"
VICTORY_FRAME = "┌─┐│ │└─┘"
VICTORY_RULE = "═"

Line = tuple[str, Color]


class GameOverScreen:
    def __init__(
        self,
        world: World,
        log: MessageLog,
        *,
        note: str = "",
        notes: Sequence[str] = (),
        content: Content | None = None,
        leave: Callable[[], Screen] | None = None,
    ) -> None:
        self.world = world
        self.log = log
        self.notes = [*notes, *([note] if note else [])]
        """What was kept, each its own line: the hall of fame, the morgue file, the save."""
        self.content = content
        """Names the killer; without it, the log's last blow is shown instead."""
        self.leave_to = leave
        """What leaving does (the game is let go, and the title shown); None ends the
        program."""

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress("v"):
                return Push(HistoryScreen(self.log))
            case KeyPress(key) if key in LEAVE_KEYS:
                return self.leave()
            case Click(button=1):
                return self.leave()
        return Stay()

    def leave(self) -> Result:
        return Quit() if self.leave_to is None else Reset(self.leave_to())

    def killing_blow(self) -> str | None:
        """The last enemy attack in the log: what most likely killed the player."""
        for entry in reversed(self.log.entries):
            if entry.kind == MessageKind.ENEMY_ATTACK:
                return entry.text
        return None

    def headline(self) -> str:
        """ "Killed by a wraith on depth 13 after 9,028 turns", or the victory's."""
        world = self.world
        turns = f"{world.turn:,} turn{'s' if world.turn != 1 else ''}"
        if world.won:
            return f"You climbed out with the treasure after {turns}."
        cause = "died"
        if self.content is not None:
            cause = narrator_for(self.content).cause_of_death(world.death)
        elif (blow := self.killing_blow()) is not None:
            cause = f"died: {blow.rstrip('.')}"
        return f"{cause[:1].upper()}{cause[1:]} on depth {world.depth} after {turns}."

    def character(self) -> list[str]:
        """The hero who ended here, in two lines: the numbers, then what was worn."""
        world = self.world
        player = world.player
        kills = sum(world.kills.values())
        worn = [describe(world.identity, item) for item in world.inventory if item.equipped]
        return [
            f"Level {player.level} · HP {max(player.hp, 0)}/{player.max_hp}"
            f" · Power {player.power} · Defense {player.defense}",
            f"Deepest floor {world.deepest} · {kills} kills · XP {player.xp} · Seed {world.seed}",
            "Wore " + (", ".join(worn) if worn else "nothing") + ".",
        ]

    def lines(self, width: int, height: int = 1000) -> list[Line]:
        """The box's text, each line at most ``width`` columns, and at most ``height``
        lines: the last messages give way first (fewer of them), then the notes."""
        if self.world.won:
            return self.victory_lines(width, height)
        head: list[Line] = [("YOU DIED", TITLE_FG), ("", TEXT_FG)]
        head += [(line, TEXT_FG) for line in wrap(self.headline(), width)]
        head.append(("", TEXT_FG))
        for text in self.character():
            head += [(line, TEXT_FG) for line in wrap(text, width)]
        notes: list[Line] = []
        for note in self.notes:
            notes += [(line, HELP_FG) for line in wrap(note, width)]
        tail: list[Line] = [("", TEXT_FG), *[(line, HELP_FG) for line in wrap(HELP, width)]]
        room = height - len(head) - len(tail) - (len(notes) + 1 if notes else 0)
        last: list[Line] = []
        entries = self.log.entries[-LAST_MESSAGES:]
        while entries:
            last = [("", TEXT_FG), ("Last messages:", HELP_FG)]
            for entry in entries:
                color = KIND_COLORS.get(entry.kind, TEXT_FG)
                last += [(line, color) for line in wrap(entry.full_text, width)]
            if len(last) <= room:
                break
            entries, last = entries[1:], []
        out = head + last
        if notes:
            out += [("", TEXT_FG), *notes]
        out += tail
        if len(out) > height:  # a tiny console: the help line last, whatever is cut
            out = out[: height - 1] + out[-1:]
        return out

    def victory_lines(self, width: int, height: int) -> list[Line]:
        """A victory's text: its title over a rule, how the climb ended, the hero, what
        was kept and how to leave; the notes give way first on a small console."""
        title = "YOU ESCAPED WITH THE TREASURE"
        out: list[Line] = [(line, VICTORY_FG) for line in wrap(title, width)]
        out.append((VICTORY_RULE * min(len(title), width), VICTORY_FG))
        out += [("", TEXT_FG), *[(line, VICTORY_FG) for line in wrap(self.headline(), width)]]
        out.append(("", TEXT_FG))
        for text in self.character():
            out += [(line, TEXT_FG) for line in wrap(text, width)]
        tail: list[Line] = [("", TEXT_FG), *[(line, HELP_FG) for line in wrap(HELP, width)]]
        notes: list[Line] = []
        for note in self.notes:
            notes += [(line, HELP_FG) for line in wrap(note, width)]
        if notes and len(out) + len(notes) + 1 + len(tail) <= height:
            out += [("", TEXT_FG), *notes]
        out += tail
        return out if len(out) <= height else out[: height - 1] + out[-1:]

    def draw(self, console: tcod.console.Console) -> None:
        won = self.world.won
        frame_fg, box_bg = (VICTORY_FRAME_FG, VICTORY_BG) if won else (FRAME_FG, BOX_BG)
        wanted = max([MAX_TEXT_WIDTH, *(path_line(note) for note in self.notes)])
        text_width = max(1, min(wanted, console.width - 2 * (PAD_X + 1)))
        lines = self.lines(text_width, max(1, console.height - 4))
        inner = max(len(text) for text, _ in lines)
        width, height = inner + 2 * (PAD_X + 1), len(lines) + 4
        x, y = (console.width - width) // 2, max(0, (console.height - height) // 2)
        decoration = VICTORY_FRAME if won else DEATH_FRAME
        console.draw_frame(
            x, y, width, height, clear=True, fg=frame_fg, bg=box_bg, decoration=decoration
        )
        for row, (text, color) in enumerate(lines):
            # A death's title is centred and the rest one block, left-aligned, so lines
            # of different lengths (the numbers) read as a column; a victory's all centred.
            centred = won or row == 0
            left = x + (width - len(text)) // 2 if centred else x + PAD_X + 1
            console.print(left, y + 2 + row, text, fg=color)

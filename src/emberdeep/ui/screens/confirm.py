"""A yes-or-no question in a small box, for what cannot be taken back in one key.

Leaving a game used to be Esc, the key that also closes every menu: one press too many
after a pop-up closed, and the game was gone to the title. Now the leaving command asks
first, and only ``y`` (or a click on Yes) goes ahead; ``n``, Esc and a right click keep
playing.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import tcod.console

from emberdeep.ui import palette, render
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.screens import Pop, Result, Stay

YES = frozenset({"y", "Y"})
NO = frozenset({"n", "N", "escape"})
ANSWERS = "[y] Yes    [n] No"
MAX_WIDTH = 44


class ConfirmScreen:
    def __init__(
        self,
        question: str,
        *,
        yes: Callable[[], Result],
        no: Callable[[], Result] = Pop,
        unbidden: bool = False,
    ) -> None:
        self.question = question
        self.yes = yes
        self.no = no
        """What ``n``, Esc or a right click does: by default the box closes, and that is all."""
        self.unbidden = unbidden
        """Asked in the middle of a stream of keys (a step held down met a trap): it
        settles before it takes input, so a key still coming in is not an answer."""
        self.box = render.Region(0, 0, 0, 0)
        """Where the box was last drawn: a click on its answers row is placed by it."""

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress(key) if key in YES:
                return self.yes()
            case KeyPress(key) if key in NO:
                return self.no()
            case Click(x, y, button=1) if y == self.answers_row:
                left = self.answers_left
                if left <= x < left + len(ANSWERS):
                    return self.yes() if x < left + ANSWERS.index("[n]") else self.no()
            case Click(button=3):
                return self.no()
        return Stay()

    @property
    def answers_left(self) -> int:
        return self.box.x + (self.box.width - len(ANSWERS)) // 2

    @property
    def answers_row(self) -> int:
        return self.box.y + self.box.height - 2

    def draw(self, console: tcod.console.Console) -> None:
        width = min(MAX_WIDTH, console.width)
        lines = textwrap.wrap(self.question, width - 4)
        height = len(lines) + 4
        self.box = render.Region(
            (console.width - width) // 2, (console.height - height) // 2, width, height
        )
        render.draw_box(console, self.box, "", fg=palette.FRAME_FG, bg=palette.BOX_BG)
        for row, line in enumerate(lines):
            console.print(self.box.x + 2, self.box.y + 1 + row, line, fg=palette.TEXT_FG)
        console.print(self.answers_left, self.answers_row, ANSWERS, fg=palette.HEADING_FG)

"""A one-line text prompt (the seed of a new game), drawn as a small box."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from emberdeep.ui import palette, render
from emberdeep.ui.fitting import fit
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.screens import Pop, Result, Stay

MAX_LENGTH = 40


class PromptScreen:
    """Letters type, Backspace deletes, Enter accepts, Esc or a right click goes back.
    ``accept`` returns the next screen, or a message to show while staying here."""

    def __init__(
        self,
        title: str,
        hint: str,
        accept: Callable[[str], Result | str],
    ) -> None:
        self.title = title
        self.hint = hint
        self.accept = accept
        self.text = ""
        self.error = ""

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress("escape") | Click(button=3):
                return Pop()
            case KeyPress("enter"):
                result = self.accept(self.text)
                if isinstance(result, str):
                    self.error = result
                    return Stay()
                return result
            case KeyPress("backspace"):
                self.text = self.text[:-1]
            case KeyPress(key) if len(key) == 1 and key.isprintable():
                if len(self.text) < MAX_LENGTH:
                    self.text += key
        return Stay()

    def draw(self, console: tcod.console.Console) -> None:
        width = min(MAX_LENGTH + 6, console.width)
        x = (console.width - width) // 2
        y = max(0, console.height // 2 - 4)
        region = render.Region(x, y, width, 8)
        render.draw_box(console, region, self.title, fg=palette.FRAME_FG, bg=palette.BOX_BG)
        console.print(x + 2, y + 2, self.hint, fg=palette.TEXT_FG)
        console.draw_rect(x + 2, y + 4, width - 4, 1, ch=ord(" "), bg=(40, 40, 60))
        console.print(x + 2, y + 4, self.text + "_", fg=(255, 255, 255))
        if self.error:
            console.print(x + 2, y + 6, fit(self.error, width - 4), fg=(255, 120, 120))

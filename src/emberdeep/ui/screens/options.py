"""Options: each entry shows its value; choosing it steps to the next value. Leaving the
screen writes ``settings.toml`` so the choice lasts."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import tcod.console

from emberdeep import config
from emberdeep.ui.app import App
from emberdeep.ui.input import InputEvent
from emberdeep.ui.menu import Cancelled, Chosen, Menu
from emberdeep.ui.screens import Pop, Result, Stay

RADII = (4, 6, 8, 10, 12, 15, 20, 0)

CHOICES: dict[str, tuple[str, tuple[object, ...]]] = {
    "render_mode": ("Render mode", config.choices("render_mode")),
    "fov_algorithm": ("Field of view", config.choices("fov_algorithm")),
    "torch_radius": ("Torch radius", RADII),
    "light_walls": ("Light walls", config.choices("light_walls")),
    "mode": ("Time", config.choices("mode")),
    "pace": ("Real-time pace (actions a second)", (1, 2, 3, 4, 5, 6, 8, 10)),
    "pause_on_hurt": ("Real time: pause when hurt", config.choices("pause_on_hurt")),
    "generator": ("Dungeon", config.choices("generator")),
    "palette": ("Colours", config.choices("palette")),
    "lighting": ("Light", (True, False)),
    "animation": ("Animation", config.choices("animation")),
}


def shown(value: object) -> str:
    if value is True:
        return "on"
    if value is False:
        return "off"
    if value == 0:
        return "unlimited"
    return str(value)


class OptionsScreen:
    def __init__(self, app: App) -> None:
        self.app = app
        self.menu = self.build_menu()
        self.error = ""

    def build_menu(self, highlight: int | None = None) -> Menu:
        settings = self.app.settings
        labels = [
            f"{label}: {shown(getattr(settings, key))}" for key, (label, _) in CHOICES.items()
        ]
        menu = Menu("Options", [*labels, "Done"])
        if highlight is not None:
            menu.highlight = highlight
        return menu

    def handle(self, event: InputEvent) -> Result:
        match self.menu.handle(event):
            case Chosen(index) if index < len(CHOICES):
                self.step(list(CHOICES)[index])
                self.menu = self.build_menu(index)
            case Chosen() | Cancelled():
                return self.leave()
        return Stay()

    def step(self, key: str) -> None:
        values = CHOICES[key][1]
        current = getattr(self.app.settings, key)
        following = (
            values[(values.index(current) + 1) % len(values)] if current in values else values[0]
        )
        changes: dict[str, Any] = {key: following}
        self.app.settings = replace(self.app.settings, **changes)
        if key == "palette":
            self.app.use_palette()

    def leave(self) -> Result:
        self.on_close()
        return Pop()

    def on_close(self) -> None:
        """Write the settings, whether the player leaves this screen or the window."""
        problem = config.save_settings(self.app.settings)
        if problem:
            self.app.notices.append(problem)

    def draw(self, console: tcod.console.Console) -> None:
        self.menu.draw(console)

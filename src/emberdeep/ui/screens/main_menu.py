"""The title screen: start, continue or configure a game."""

from __future__ import annotations

import secrets
import textwrap
from pathlib import Path

import tcod.console
import tcod.constants

from emberdeep import __version__
from emberdeep.engine import rng
from emberdeep.storage import saves
from emberdeep.storage.files import backup_path
from emberdeep.storage.scores import SCORES_NAME
from emberdeep.ui import render
from emberdeep.ui.app import App
from emberdeep.ui.input import CloseRequested, InputEvent
from emberdeep.ui.menu import Cancelled, Chosen, Menu
from emberdeep.ui.messages import MessageLog
from emberdeep.ui.screens import Screen
from emberdeep.ui.screens.prompt import PromptScreen

TITLE = [
    "#####  #   #  ####   #####  ####   ####   #####  #####  ####",
    "#      ## ##  #   #  #      #   #  #   #  #      #      #   #",
    "####   # # #  ####   ####   ####   #   #  ####   ####   ####",
    "#      #   #  #   #  #      #  #   #   #  #      #      #",
    "#####  #   #  ####   #####  #   #  ####   #####  #####  #",
]
TITLE_FG = (255, 140, 40)


class MainMenu:
    def __init__(self, app: App, message: str = "") -> None:
        self.app = app
        self.message = message
        self.actions: list[str] = []
        self.menu = self.build_menu()

    def build_menu(self) -> Menu:
        entries = [("new", "New game"), ("seed", "New game with a seed")]
        if self.app.has_save():
            entries.insert(0, ("continue", "Continue"))
        save_file = self.app.save_file
        if save_file is not None and self.message and backup_path(save_file).exists():
            entries.insert(1, ("backup", "Continue from the backup (one floor earlier)"))
        entries += [("scores", "Hall of fame"), ("options", "Options"), ("quit", "Quit")]
        self.actions = [key for key, _ in entries]
        return Menu("", [label for _, label in entries])

    def handle(self, event: InputEvent) -> Screen | None:
        if isinstance(event, CloseRequested):
            return None
        match self.menu.handle(event):
            case Chosen(index):
                return self.choose(self.actions[index])
            case Cancelled():
                return None
        return self

    def choose(self, action: str) -> Screen | None:
        from emberdeep.ui.screens.options import OptionsScreen

        match action:
            case "new":
                return self.start(secrets.randbelow(rng.MAX_SEED))
            case "seed":
                return PromptScreen(
                    "New game with a seed", "Type a number or any word:", self, self.seed_entered
                )
            case "continue":
                return self.resume(self.app.save_file)
            case "backup":
                return self.resume(backup_path(self.app.save_file) if self.app.save_file else None)
            case "options":
                return OptionsScreen(self.app, parent=self)
            case "scores":
                from emberdeep.ui.screens.hall_of_fame import HallOfFameScreen

                folder = self.app.save_file.parent if self.app.save_file else None
                return HallOfFameScreen(self, path=folder / SCORES_NAME if folder else None)
        return None

    def seed_entered(self, text: str) -> Screen | str:
        try:
            return self.start(rng.parse_seed(text))
        except ValueError as exc:
            return str(exc).capitalize() + "."

    def start(self, seed: int) -> Screen:
        from emberdeep.ui.screens.play import PlayScreen

        world = self.app.new_world(seed)
        log = MessageLog()
        for notice in self.app.notices:
            log.add(notice)
        log.add("Welcome to Emberdeep. Find the stairs down, and mind what hunts you.")
        screen = PlayScreen(world, self.app.content, self.app.settings, log, app=self.app)
        self.app.save(world, log)
        return screen

    def resume(self, path: Path | None) -> Screen:
        from emberdeep.ui.screens.play import PlayScreen

        app = self.app
        try:
            world = app.load(path)
        except saves.SaveError as exc:
            return MainMenu(
                app,
                f"Your saved game could not be loaded: {exc}. The file was left untouched "
                f"at {path}. You can start a new game.",
            )
        log = MessageLog()
        log.add(f"Welcome back. Depth {world.depth}, turn {world.turn}.")
        if path != app.save_file:
            app.save(world, log)  # the backup becomes the save again
        return PlayScreen(world, app.content, app.settings, log, app=app)

    def draw(self, console: tcod.console.Console) -> None:
        width = max(len(line) for line in TITLE)
        x = (render.SCREEN_WIDTH - width) // 2
        for row, line in enumerate(TITLE):
            console.print(x, 4 + row, line, fg=TITLE_FG)
        tagline = "a descent in the tradition of the Complete Roguelike Tutorial"
        console.print(
            render.SCREEN_WIDTH // 2,
            11,
            tagline,
            fg=(160, 160, 160),
            alignment=tcod.constants.CENTER,
        )
        self.menu.draw(console, render.Region(0, 13, render.SCREEN_WIDTH, 20))
        if self.message:
            lines = textwrap.wrap(self.message, render.SCREEN_WIDTH - 8)
            for row, line in enumerate(lines):
                console.print(4, 36 + row, line, fg=(255, 150, 120))
        footer = f"v{__version__}  -  arrows or mouse to choose, Enter or click, Esc to quit"
        console.print(render.SCREEN_WIDTH // 2, render.SCREEN_HEIGHT - 2, footer,
                      fg=(110, 110, 110), alignment=tcod.constants.CENTER)  # fmt: skip

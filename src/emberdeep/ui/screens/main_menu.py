"""The title screen: start, continue or configure a game."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import tcod.console
import tcod.constants

from emberdeep import __version__
from emberdeep.session.records import (
    GameError,
    GameLockedError,
    Listing,
    SaveError,
    has_backup,
    saved_games,
    scores_file,
)
from emberdeep.ui import render
from emberdeep.ui.fitting import fit, wrap
from emberdeep.ui.input import InputEvent
from emberdeep.ui.menu import Cancelled, Chosen, Menu
from emberdeep.ui.screens import Push, Quit, Reset, Result, Stay

if TYPE_CHECKING:
    from emberdeep.session.game import GameSession
    from emberdeep.ui.app import App
    from emberdeep.ui.screens.play import PlayScreen

# The first frame is this screen: what only its choices lead to (the session, the play
# screen and the other screens, a third of a start-up) is imported when one is chosen.

TITLE = [
    "#####  #   #  ####   #####  ####   ####   #####  #####  ####",
    "#      ## ##  #   #  #      #   #  #   #  #      #      #   #",
    "####   # # #  ####   ####   ####   #   #  ####   ####   ####",
    "#      #   #  #   #  #      #  #   #   #  #      #      #",
    "#####  #   #  ####   #####  #   #  ####   #####  #####  #",
]
TITLE_FG = (255, 140, 40)
TALL = 40
"""Consoles at least this tall get the roomy title; shorter ones (80x24) the compact one."""


class MainMenu:
    def __init__(self, app: App, message: str = "", failed: str | None = None) -> None:
        self.app = app
        app.title = functools.partial(MainMenu, app)
        self.message = message
        self.failed = failed
        """The game that could not be loaded: its backup is offered."""
        self.actions: list[str] = []
        self.listings: list[Listing] = []
        self.menu = self.build_menu()

    def build_menu(self) -> Menu:
        try:
            self.listings = saved_games(self.app.data)
        except GameError as exc:
            from emberdeep.session.game import sentence

            self.message = self.message or sentence(str(exc))
        entries = [("new", "New game"), ("seed", "New game with a seed")]
        if self.listings:
            latest = self.listings[0].summary
            where = f" (depth {latest.depth}, level {latest.level})" if latest else ""
            entries.insert(0, ("continue", "Continue" + where))
            entries.append(("games", f"Saved games ({len(self.listings)})"))
        if self.failed and self.backup_exists(self.failed):
            entries.insert(1, ("backup", "Continue from the backup (one save earlier)"))
        entries += [("scores", "Hall of fame"), ("options", "Options"), ("quit", "Quit")]
        self.actions = [key for key, _ in entries]
        return Menu("", [label for _, label in entries])

    def handle(self, event: InputEvent) -> Result:
        match self.menu.handle(event):
            case Chosen(index):
                return self.choose(self.actions[index])
            case Cancelled():
                return Quit()
        return Stay()

    def choose(self, action: str) -> Result:
        import secrets  # here: with hashlib, 4 ms of a start-up the title's frame never uses

        from emberdeep.engine.core import rng
        from emberdeep.ui.screens.hall_of_fame import HallOfFameScreen
        from emberdeep.ui.screens.options import OptionsScreen
        from emberdeep.ui.screens.prompt import PromptScreen
        from emberdeep.ui.screens.saved_games import SavedGamesScreen

        match action:
            case "new":
                return self.start(secrets.randbelow(rng.MAX_SEED))
            case "seed":
                prompt = "Type a number or any word:"
                return Push(PromptScreen("New game with a seed", prompt, self.seed_entered))
            case "continue":
                return self.resume(self.listings[0].game)
            case "backup" if self.failed:
                return self.resume(self.failed, from_backup=True)
            case "games":
                return Push(SavedGamesScreen(self.app, self.resume))
            case "options":
                return Push(OptionsScreen(self.app))
            case "scores":
                return Push(HallOfFameScreen(path=scores_file(self.app.data)))
        return Quit()

    def seed_entered(self, text: str) -> Result | str:
        from emberdeep.engine.core import rng

        try:
            return self.start(rng.parse_seed(text), text)
        except ValueError as exc:
            return str(exc).capitalize() + "."

    def start(self, seed: int, seed_name: str = "") -> Reset:
        try:
            session = self.app.setup.new_game(seed, seed_name)
        except GameLockedError as exc:
            return Reset(MainMenu(self.app, f"You cannot start a game here: {exc}."))
        return Reset(start_game(self.app, session))

    def backup_exists(self, game: str) -> bool:
        listing = next((g for g in self.listings if g.game == game), None)
        return listing is not None and has_backup(listing)

    def resume(self, game: str, from_backup: bool = False) -> Reset:
        from emberdeep.session.game import GameOverError

        app = self.app
        try:
            session = app.setup.continue_game(game, from_backup)
        except GameOverError as exc:
            return Reset(MainMenu(app, str(exc)))
        except SaveError as exc:
            listing = next((g for g in self.listings if g.game == game), None)
            where = f" at {listing.save}" if listing else ""
            return Reset(
                MainMenu(
                    app,
                    f"That saved game could not be loaded: {exc}. "
                    f"The file was left untouched{where}.",
                    failed=None if from_backup else game,
                )
            )
        log = session.log  # the saved lines, then these
        log.add(f"Welcome back. Depth {session.world.depth}, turn {session.world.turn}.")
        if session.recovered:
            log.add(f"The journal gave back your last {session.recovered} moves since the save.")
        return Reset(start_game(app, session, welcome=False))

    def draw_backdrop(self, console: tcod.console.Console) -> None:
        """The title and its words, without the menu: what overlays opened here sit on."""
        compact = console.height < TALL
        top = 1 if compact else 4
        width = max(len(line) for line in TITLE)
        x = max(0, (console.width - width) // 2)
        for row, line in enumerate(TITLE):
            console.print(x, top + row, fit(line, console.width), fg=TITLE_FG)
        tagline = "a descent in the tradition of the Complete Roguelike Tutorial"
        console.print(console.width // 2, top + len(TITLE) + 1, fit(tagline, console.width),
                      fg=(160, 160, 160), alignment=tcod.constants.CENTER)  # fmt: skip
        footer = f"v{__version__}  -  arrows or mouse to choose, Enter or click, Esc to quit"
        console.print(console.width // 2, console.height - (1 if compact else 2),
                      fit(footer, console.width), fg=(110, 110, 110),
                      alignment=tcod.constants.CENTER)  # fmt: skip

    def draw(self, console: tcod.console.Console) -> None:
        self.draw_backdrop(console)
        compact = console.height < TALL
        # The settings' and keys' mistakes stay here, where they can be read at 80x24
        # (a three-line log would scroll them away with the first steps of a game).
        lines = [
            line
            for text in (self.message, *self.app.notices)
            for line in (wrap(text, console.width - 8) if text else [])
        ]
        top = len(TITLE) + (3 if compact else 9)
        room = console.height - top - len(lines) - (2 if compact else 4)
        self.menu.draw(console, render.Region(0, top, console.width, min(20, max(3, room))))
        below = top + min(20, max(3, room))
        for row, line in enumerate(lines):
            console.print(4, below + row, line, fg=(255, 150, 120))


def start_game(
    app: App, session: GameSession, *, welcome: bool = True, save: bool = True
) -> PlayScreen:
    """The play screen for ``session``'s game, which becomes the app's (``App.game``),
    saved at once so that Continue finds it (``save=False``: by ``first_save``, later).
    ``welcome``: a new game's first lines (the start-up notices, then the welcome) go
    into its log."""
    from emberdeep.session import collector
    from emberdeep.session.playing import Game
    from emberdeep.ui.screens.play import PlayScreen

    if welcome:
        for notice in app.notices:
            session.log.add(notice)
        session.log.add("Welcome to Emberdeep. Find the stairs down, and mind what hunts you.")
    app.game = Game.start(session.world, app.content, app.settings, session)
    screen = PlayScreen(app.game, app.content, app.settings, app=app)
    if save:
        screen.save()
    collector.settle_game()
    return screen


def first_save(screen: PlayScreen, session: GameSession) -> None:
    """A new game's lock (``GameSetup.new_game(lock=False)``) and first save, once its
    first frame is shown and before the player's first key (``loop.run``'s ``then``):
    they import and write what that frame does not need, a tenth of a start-up. A game
    killed before them had not begun (no other process can find its empty folder)."""
    from emberdeep.engine.core.events import MessageKind

    problem = session.take_lock()
    if problem:
        screen.log.add(problem, MessageKind.REFUSED)
    screen.save()

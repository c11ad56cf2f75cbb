"""Saved games, one line each (depth, level, turns, seed, when): continue one, or delete
one after a yes. Every game has its own save, so this list is how a player finds the
game they want among several, and how one they gave up on goes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import tcod.console

from emberdeep.session.records import GameError, Listing, saved_games
from emberdeep.ui import palette, render
from emberdeep.ui.app import App
from emberdeep.ui.fitting import fit
from emberdeep.ui.input import InputEvent, KeyPress
from emberdeep.ui.menu import Cancelled, Chosen, Menu, Option
from emberdeep.ui.screens import Pop, Result, Stay

TITLE = "Saved games"
HINT = "Enter or click continues   Del or D deletes   Esc goes back"
DELETE = frozenset({"delete", "D"})
WARNING_FG = (255, 150, 120)


def when_text(when: str) -> str:
    """An ISO 8601 time as the player's local date and minute; as given if unreadable."""
    try:
        return datetime.fromisoformat(when).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return when


def option(listing: Listing) -> Option:
    summary = listing.summary
    if summary is None:
        return Option(f"{listing.game}: {listing.problem}", when_text(listing.when))
    label = (
        f"Depth {summary.depth:>2}  level {summary.level:>2}  turn {summary.turn:>6}"
        f"  seed {summary.seed}"
    )
    return Option(label, when_text(listing.when))


class SavedGamesScreen:
    def __init__(self, app: App, resume: Callable[[str], Result]) -> None:
        self.app = app
        self.resume = resume
        """Continue the game with this id (the title screen's way, which reports failure)."""
        self.message = ""
        self.confirming: Listing | None = None
        self.listings: list[Listing] = []
        self.menu = Menu(TITLE, [])
        self.refresh()

    def refresh(self) -> None:
        try:
            self.listings = saved_games(self.app.data)
        except GameError as exc:
            self.listings, self.message = [], str(exc)
        highlight = self.menu.highlight or 0
        self.menu = Menu(TITLE, [option(listing) for listing in self.listings],
                         empty_text="No saved games.")  # fmt: skip
        if self.listings:
            self.menu.highlight = min(highlight, len(self.listings) - 1)

    def handle(self, event: InputEvent) -> Result:
        if self.confirming is not None:
            return self.confirm(event)
        match event:
            case KeyPress(key) if key in DELETE and self.menu.highlight is not None:
                if self.listings:
                    self.confirming = self.listings[self.menu.highlight]
                return Stay()
        match self.menu.handle(event):
            case Chosen(index):
                return self.resume(self.listings[index].game)
            case Cancelled():
                return Pop()
        return Stay()

    def confirm(self, event: InputEvent) -> Result:
        if not isinstance(event, KeyPress):
            return Stay()
        game, self.confirming = self.confirming, None
        if event.key in ("y", "Y") and game is not None:
            problem = self.app.setup.delete_game(game.game)
            self.message = problem or "The game was deleted."
            self.refresh()
        else:
            self.message = "Nothing was deleted."
        return Stay()

    def draw(self, console: tcod.console.Console) -> None:
        bounds = render.Region(0, 2, console.width, max(3, console.height - 6))
        self.menu.draw(console, bounds)
        bottom = console.height - 3
        if self.confirming is not None:
            text = f"Delete the game {self._describe(self.confirming)} for good? y / n"
            line, color = text, WARNING_FG
        else:
            line, color = self.message or HINT, palette.INFO_FG if not self.message else WARNING_FG
        console.print(console.width // 2, bottom, fit(line, console.width), fg=color,
                      alignment=tcod.constants.CENTER)  # fmt: skip

    @staticmethod
    def _describe(listing: Listing) -> str:
        summary = listing.summary
        if summary is None:
            return listing.game
        return f"of seed {summary.seed} (depth {summary.depth}, turn {summary.turn})"

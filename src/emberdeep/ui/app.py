"""What the screens of one run share: content, settings, the keymap, notices, and the
game in progress.

Starting, saving and ending games is the session's job (``session/game.py``); screens
reach it through ``App.setup`` (to start or continue one) and ``App.game`` (the one being
played: world, turn driver, session, log; ``session/playing.py``), never through files of
their own. What reads a game without a screen (the web's screen-reader mode) reads
``App.game`` too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.session import records
from emberdeep.ui import theme
from emberdeep.ui.keys import DEFAULT_KEYS

if TYPE_CHECKING:
    from emberdeep.session.game import GameSetup
    from emberdeep.session.playing import Game
    from emberdeep.ui.screens import Screen


@dataclass
class App:
    """What every screen of a session shares: content, settings, keys, the data folder
    and the game being played."""

    content: Content
    settings: Settings
    notices: list[str] = field(default_factory=list)
    """Problems found at start-up (settings, font), shown to the player once."""
    data: Path | None = field(default_factory=records.data_dir)
    """The data folder (saved games, hall of fame, morgue, replays); None turns saving off
    (tests, replays)."""
    generator: str | None = None
    """A generator forced from the command line for this run."""
    keymap: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    """Key name -> command name: the player's ``keys.toml`` (``keys.load_keymap()``)."""
    square_tiles: bool = True
    """Whether the presenter shows sprites, so the tiles mode may draw a map tile as a
    square over two cells; False in a terminal, whose tiles mode is ascii at one cell a
    tile (``cli.present`` sets it)."""
    game: Game | None = None
    """The game being played, if any (set by whoever starts one; kept through its game
    over screen, gone once the player leaves it)."""
    title: Callable[[str], Screen] | None = None
    """The title screen, given a message to show: where a game is left for. Set by whoever
    makes the title screen, so the play screen needs no import of it."""

    def __post_init__(self) -> None:
        self.use_palette()

    def use_palette(self) -> None:
        """Recolour the content (and the boxes and the log) in ``settings.palette``: at
        start and whenever the options change it, so it applies at once."""
        self.content = self.content.recoloured(self.settings.palette)
        theme.use(self.content)

    @property
    def setup(self) -> GameSetup:
        """Made on demand: the options screen may have changed the settings. (Imported
        here: the title screen's first frame needs none of the session's machinery.)"""
        from emberdeep.session.game import GameSetup

        return GameSetup(self.content, self.settings, self.data, self.generator)

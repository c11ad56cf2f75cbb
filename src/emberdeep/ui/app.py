"""What the screens of one run share: content, settings, the keymap, notices, and the
game in progress.

Starting, saving and ending games is the session's job (``session/game.py``); screens
reach it through ``App.setup`` (to start or continue one) and ``App.game`` (the one being
played: world, turn driver, session, log; ``session/playing.py``), never through files of
their own. What reads a game without a screen (the web's screen-reader mode) reads
``App.game`` too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from emberdeep.session import records
from emberdeep.ui import sprites, theme
from emberdeep.ui.keys import DEFAULT_KEYS

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from emberdeep.config import Settings
    from emberdeep.content.loader import Content
    from emberdeep.session.game import GameSetup
    from emberdeep.session.playing import Game
    from emberdeep.ui.screens import Screen


class DeferredContent(msgspec.Struct, frozen=True):
    """Content to be loaded when a screen first needs it: the title screen needs none
    (``cli.load_app`` defers it when the files are the ones the loader last found valid,
    ``content/validated.py``), and loading it imports the engine's kinds, a sixth of a
    start-up. ``load`` loads it (and says what is wrong if it cannot)."""

    load: Callable[[], Content]
    plain_palettes: frozenset[str]
    """The palettes that change no colour (``validated.Validated``)."""


class App(msgspec.Struct, dict=True):
    """What every screen of a session shares: content, settings, keys, the data folder
    and the game being played."""

    source: Content | DeferredContent
    """The content, or how to load it when it is first asked for (``content``)."""
    settings: Settings
    notices: list[str] = msgspec.field(default_factory=list)
    """Problems found at start-up (settings, font), shown to the player once."""
    data: Path | None = msgspec.field(default_factory=records.data_dir)
    """The data folder (saved games, hall of fame, morgue, replays); None turns saving off
    (tests, replays)."""
    generator: str | None = None
    """A generator forced from the command line for this run."""
    keymap: dict[str, str] = msgspec.field(default_factory=lambda: dict(DEFAULT_KEYS))
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
        self._content: Content | None = None
        self.use_palette()

    @property
    def content(self) -> Content:
        """The content in ``settings.palette``, loaded when first asked for if it was
        deferred (``DeferredContent``)."""
        if self._content is None:
            source = self.source
            plain = source.load() if isinstance(source, DeferredContent) else source
            self._content = plain.recoloured(self.settings.palette)
            theme.use(self._content.palette)
        return self._content

    def use_palette(self) -> None:
        """Recolour the content (and the boxes and the log) in ``settings.palette``: at
        start and whenever the options change it, so it applies at once. Deferred content
        stays unloaded while the palette changes no colour: the boxes and the log take
        their own defaults, as that palette would have them."""
        source = self.source
        if (
            self._content is None
            and isinstance(source, DeferredContent)
            and self.settings.palette in source.plain_palettes
        ):
            theme.use(None)
            return
        self._content = self.content.recoloured(self.settings.palette)
        theme.use(self._content.palette)

    @property
    def drawable(self) -> bool:
        """Whether the content has sprite tiles for the tiles mode (``sprites.drawable``):
        content still deferred has, since the loader requires one for the shroud and
        every terrain (only a test's own content may lack them)."""
        return self._content is None or sprites.drawable(self.content)

    @property
    def setup(self) -> GameSetup:
        """Made on demand: the options screen may have changed the settings. (Imported
        here: the title screen's first frame needs none of the session's machinery.)"""
        from emberdeep.session.game import GameSetup

        return GameSetup(self.content, self.settings, self.data, self.generator)

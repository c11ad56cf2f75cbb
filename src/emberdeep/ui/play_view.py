"""What the overlays over a game need from the play screen, and nothing more.

The inventory, targeting, look, the details panel, the character sheet and the level-up
choice all work on the game being played: they read its world, place things in its map
view, and hand the command chosen back to be carried out. Typed against this protocol
rather than the concrete ``PlayScreen``, they do not depend on how the play screen draws,
runs the turn driver or keeps its log, and a test can open them over any play view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from emberdeep.content.loader import Content
    from emberdeep.engine.play.world import World
    from emberdeep.session.driver import Command
    from emberdeep.session.letters import ItemLetters
    from emberdeep.ui.layout import Layout
    from emberdeep.ui.screens import Result


class PlayView(Protocol):
    @property
    def world(self) -> World:
        """The game being played."""
        ...

    @property
    def content(self) -> Content:
        """The content in use (looks, descriptions): the options may change it."""
        ...

    @property
    def seed_name(self) -> str:
        """The game's seed as the player typed it (a word), else its number."""
        ...

    @property
    def keymap(self) -> dict[str, str] | None:
        """The key bindings in use; None: the defaults."""
        ...

    @property
    def letters(self) -> ItemLetters:
        """Each carried item's letter, kept from turn to turn and in the save (the game's)."""
        ...

    @property
    def layout(self) -> Layout:
        """The layout last drawn: its map view places the cursor, clicks and boxes."""
        ...

    def origin(self) -> tuple[int, int]:
        """The floor position shown at the map view's top-left."""
        ...

    aimed: tuple[int, int] | None
    """The cell last aimed at (a throw, a scroll, a staff), so the next aim with no foe
    to start on starts there (where the last target fell), not on the player."""

    focus: tuple[int, int] | None
    """Where the map's camera looks instead of at the player (the look cursor gone off
    the view: ``cursor.followed``); None: at the player."""

    def back(self) -> Result:
        """Close every overlay over the play view (Esc while aiming: one press)."""
        ...

    def perform(self, command: Command) -> Result:
        """Carry out ``command`` (a turn); back to the play view, or what it calls for."""
        ...

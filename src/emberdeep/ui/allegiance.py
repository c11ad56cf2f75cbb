"""How the map tells the player's allies from their foes: a goblin ally and a hostile
goblin share a glyph, a colour and a sprite, and hand play could tell them apart only
in the sidebar.

An ally's tile is drawn on a green ground, the green of its health bar in the sidebar
(``sidebar.ALLY_HEALTH``), in every render mode: the glyph modes colour the cell's
background (the terminal shows it too), the tiles mode tints the sprite, whose pixels
cover the background. Who is an ally is the engine's answer (``Mode.ALLY``), never
worked out here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine.core.actors import Mode
from emberdeep.ui import sprites

if TYPE_CHECKING:
    import tcod.console

    from emberdeep.engine.core.actors import Actor

Color = tuple[int, int, int]

ALLY_BG: Color = (28, 96, 52)
"""The ground an ally stands on: its health bar's green."""
ALLY_TINT: Color = (150, 255, 170)
"""What an ally's sprite is multiplied by: a green cast that keeps its pixels readable."""


def mark(
    console: tcod.console.Console, cell: tuple[int, int] | None, actor: Actor, columns: int
) -> None:
    """Draw ``actor``'s tile, already drawn at ``cell`` (``columns`` wide), as an ally's
    when the engine says it is one; anything else is left as drawn."""
    if cell is None or actor.mode is not Mode.ALLY:
        return
    tile = slice(cell[0], cell[0] + columns), cell[1]
    console.rgb["bg"][tile] = ALLY_BG
    sprite = np.asarray(console.ch[tile] >= sprites.SPRITE_BASE)
    console.rgb["fg"][tile] = np.where(
        sprite[..., None], np.array(ALLY_TINT), console.rgb["fg"][tile]
    )

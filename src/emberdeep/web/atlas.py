"""The game's font and sprites as one PNG for the page, with the codepoint of each tile.

The page draws the console exactly as the window does: the window's own tileset
(``ui/sdl.load_tileset``: the built-in font and, for the ``tiles`` mode, the sprites) laid
out in a grid, each tile multiplied by the cell's foreground over its background, as
libtcod draws them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

import numpy as np

from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.ui import font, png, sdl, sprites

COLUMNS = 32


@dataclass(frozen=True)
class Atlas:
    png: bytes
    index: bytes
    """JSON: tile size, columns, and codepoint -> tile number."""
    png_etag: str = field(init=False)
    index_etag: str = field(init=False)

    def __post_init__(self) -> None:
        for name, body in (("png_etag", self.png), ("index_etag", self.index)):
            object.__setattr__(self, name, '"' + hashlib.sha256(body).hexdigest()[:20] + '"')


def build(content: Content, settings: Settings | None = None) -> Atlas:
    settings = settings or Settings()
    tileset, _ = sdl.load_tileset(settings, content)
    codes = sorted(font.glyph_codepoints(settings.font_size))
    count = len(sprites.atlas(content))
    codes += [sprites.SPRITE_BASE + i for i in range(count)]
    codes += [sprites.WIDE_BASE + i for i in range(2 * count)]  # where the tiles are tall
    codes = [code for code in codes if code in tileset]
    width, height = tileset.tile_width, tileset.tile_height
    rows = -(-len(codes) // COLUMNS)
    sheet = np.zeros((rows * height, COLUMNS * width, 4), dtype=np.uint8)
    for number, code in enumerate(codes):
        y, x = divmod(number, COLUMNS)
        sheet[y * height : (y + 1) * height, x * width : (x + 1) * width] = tileset.get_tile(code)
    player = [code for (name, _), code in sprites.atlas(content).codes.items() if name == "player"]
    index = {
        "tile": [width, height],
        "columns": COLUMNS,
        "codes": {str(code): number for number, code in enumerate(codes)},
        # The tiles that show the player, so a phone's view can follow them (and "@").
        "player": [ord("@"), *player, *(sprites.wide_code(code) for code in player)],
    }
    return Atlas(png.encode_png(sheet), json.dumps(index, separators=(",", ":")).encode())

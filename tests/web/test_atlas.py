"""The page's tileset: the window's own tiles, the square sprite halves among them, and
the tiles that show the player (which a phone's view follows)."""

from __future__ import annotations

import json

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.ui import sprites
from emberdeep.web import atlas


def test_the_page_gets_the_square_halves_and_the_players_tiles() -> None:
    content = loader.load()
    built = atlas.build(content, Settings())
    index = json.loads(built.index)
    sheet = sprites.atlas(content)
    player = sheet.code("player", sprites.on("floor"))
    left = sprites.wide_code(player)
    for code in (player, left, left + 1, sprites.wide_code(sheet.code("wall", "lit"))):
        assert str(code) in index["codes"]
    assert {ord("@"), player, left} <= set(index["player"])
    orc = sheet.code("orc", sprites.on("floor"))
    assert orc not in index["player"] and sprites.wide_code(orc) not in index["player"]

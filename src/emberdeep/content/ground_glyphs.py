"""Terrain and light fixtures never drawn with an item's glyph.

Hand play read a lever (then ``/``) as a staff lying in a wall, and a rope bridge (then
``=``) as a row of rings: what is part of the floor must not look like something to pick
up, as no monster may (``creature_kinds.refuse_item_glyphs``). Checked when content
loads, each refusal naming the file, the line and the key, for every glyph mode's look of
every terrain (``tiles.toml``) and every fixture (``lights.toml``). A blank cell (the
solid mode draws most terrain as a colour) is no glyph. Terrain kinds may share a glyph
with each other (the doors' ``+``, water and lava's ``~``): they are told apart by colour
and by looking.
"""

from __future__ import annotations

from collections.abc import Mapping

from emberdeep.content.lights import Fixture
from emberdeep.content.looks import Look, TileLooks
from emberdeep.content.tomldata import Table


def refuse_item_glyphs_on_ground(
    tiles_table: Table,
    tiles: Mapping[str, Mapping[str, TileLooks]],
    lights_table: Table,
    fixtures: Mapping[str, Fixture],
    items: Mapping[str, Look],
) -> None:
    """Refuse a terrain look (``tiles``: mode -> tile -> looks, read from ``tiles_table``)
    or a fixture (read from ``lights_table``) drawn with one of ``items``' glyphs."""
    taken = {look.glyph for look in items.values()} - {" "}
    for mode, looks in tiles.items():
        for tile, look in looks.items():
            if look.lit.glyph in taken:
                problem = (
                    f"{look.lit.glyph!r} is an item's glyph: terrain must not look like an item"
                )
                raise tiles_table.sub(tile).sub(mode).error("glyph", problem)
    for name, fixture in fixtures.items():
        if fixture.glyph in taken:
            problem = f"{fixture.glyph!r} is an item's glyph: a fixture must not look like an item"
            raise lights_table.sub("fixtures").sub(name).error("glyph", problem)

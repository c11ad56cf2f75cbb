"""Palettes: loading and validation, the recolouring, and that every creature and item
can be seen on every ground it can stand on, in every palette and glyph render mode."""

from __future__ import annotations

import numpy as np
import pytest

from emberdeep.content import loader, palettes
from emberdeep.content.item_kinds import unknown_key
from emberdeep.content.loader import Content
from emberdeep.content.looks import GLYPH_MODES
from emberdeep.content.palettes import PALETTE_NAMES, contrast, lighten, luminance, nearest
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.things.items import UNIDENTIFIED

STANDING = ("floor", "stairs_down", "stairs_up", "open_door", "deep_water", "grass", "ash")
"""Where a creature or an item can be: walkable, and not a door that is shut (whoever
walks into one opens it first). Lava and chasms are never entered."""
LEAST = {"high-contrast": 4.5}
"""The least WCAG contrast of a figure on its ground (3:1, WCAG's for graphics, else)."""


def palette_content(name: str) -> Content:
    return loader.load().recoloured(name)


def figures(content: Content) -> dict[str, tuple[tuple[int, int, int], tuple[str, ...]]]:
    """Look key -> (foreground, the states of ground it can be seen on): creatures only
    in view (lit); items, the remains and traps in view and remembered."""
    population = content.population
    lit: tuple[str, ...] = ("lit",)
    both: tuple[str, ...] = ("lit", "dark")
    traps = population.traps.kinds if population.traps else ()
    found: dict[str, tuple[tuple[int, int, int], tuple[str, ...]]] = {
        kind.key: (content.looks[kind.key].fg, lit) for kind in population.monsters.kinds
    }
    found["player"] = (content.looks["player"].fg, lit)
    for key in [kind.key for kind in population.items.kinds] + [
        unknown_key(category) for category in UNIDENTIFIED
    ]:
        found[key] = (content.looks[key].fg, both)
    found |= {kind.key: (content.looks[kind.key].fg, both) for kind in traps}
    found["remains"] = (content.remains.fg, both)
    return found


@pytest.mark.parametrize("name", PALETTE_NAMES)
@pytest.mark.parametrize("mode", GLYPH_MODES)
def test_every_figure_stands_out_from_every_ground_it_can_stand_on(name: str, mode: str) -> None:
    content = palette_content(name)
    least = LEAST.get(name, 3.0)
    poor = []
    for key, (fg, states) in figures(content).items():
        for tile in STANDING:
            for state in states:
                bg = getattr(content.tiles[mode][tile], state).bg
                ratio = contrast(fg, bg)
                if ratio < least:
                    poor.append(f"{key} on {state} {tile}: {ratio:.2f}")
    assert poor == [], f"{name}, {mode}: below {least}:1: {poor}"


@pytest.mark.parametrize("name", PALETTE_NAMES)
def test_statuses_read_on_black(name: str) -> None:
    content = palette_content(name)
    least = LEAST.get(name, 3.0)
    assert all(contrast(look.fg, (0, 0, 0)) >= least for look in content.statuses.values())


def test_the_default_palette_is_the_content_itself() -> None:
    plain = loader.load()
    assert plain.recoloured("default") is plain
    assert plain.recoloured("high-contrast").recoloured("default") is plain


def test_recolouring_is_cached_and_keeps_glyphs_and_everything_else() -> None:
    plain = loader.load()
    bright = plain.recoloured("high-contrast")
    assert bright is plain.recoloured("high-contrast") is bright.recoloured("high-contrast")
    assert bright.palette is not None and bright.palette.name == "high-contrast"
    assert bright.population is plain.population and bright.sprites is plain.sprites
    assert {k: v.glyph for k, v in bright.looks.items()} == {
        k: v.glyph for k, v in plain.looks.items()
    }
    assert bright.looks != plain.looks
    assert bright.tiles["solid"]["floor"].lit.glyph == plain.tiles["solid"]["floor"].lit.glyph


def test_high_contrast_lightens_every_figure() -> None:
    content = palette_content("high-contrast")
    least = content.palette.min_luminance if content.palette else 1.0
    assert least > 0.2
    assert min(luminance([look.fg for look in content.looks.values()])) >= least - 0.005


def test_colour_blind_palette_keeps_to_the_okabe_ito_colours_and_neutrals() -> None:
    content = palette_content("colour-blind")
    assert content.palette is not None
    allowed = set(content.palette.snap_to)
    okabe_ito = {(230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178)}
    okabe_ito |= {(213, 94, 0), (204, 121, 167)}
    assert okabe_ito <= allowed
    assert all(r == g == b for r, g, b in allowed - okabe_ito)
    used = {look.fg for look in content.looks.values()} | {content.remains.fg}
    used |= {look.fg for look in content.statuses.values()}
    assert used <= allowed
    assert len(used & okabe_ito) >= 6, "the hues should be used, not just greys"


def test_nearest_and_lighten() -> None:
    assert nearest([(250, 10, 10), (10, 10, 240)], ((255, 0, 0), (0, 0, 255))) == [
        (255, 0, 0),
        (0, 0, 255),
    ]
    greens = ((0, 158, 115), (128, 128, 128), (190, 190, 190))
    assert nearest([(90, 160, 70), (150, 150, 170)], greens) == [greens[0], greens[1]], (
        "a green keeps a hue (though a grey is closer in RGB), a grey stays grey"
    )
    lifted = lighten([(0, 0, 128), (255, 255, 255)], 0.4)
    assert luminance([lifted[0]])[0] >= 0.4 and lifted[1] == (255, 255, 255)
    assert luminance([lifted[0]])[0] < 0.45, "lightened just enough"
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((10, 20, 30), (10, 20, 30)) == pytest.approx(1.0)


def parse(text: str) -> dict[str, palettes.Palette]:
    base = "\n".join(f"[{name}]" for name in PALETTE_NAMES if f"[{name}" not in text)
    table = Table.parse("palettes.toml", text + "\n" + base)
    return palettes.parse_palettes(table, ["orc", "remains"], GLYPH_MODES)


def test_a_palette_file_reads_named_and_literal_colours() -> None:
    found = parse(
        '[colours]\nred = [255, 0, 0]\n[default]\n[colour-blind]\nsnap_to = ["red"]\n'
        "[colour-blind.looks]\norc = [1, 2, 3]\n"
        '[colour-blind.tiles.solid.floor]\nlit = { fg = "red", bg = [0, 0, 9] }\n'
    )
    blind = found["colour-blind"]
    assert blind.snap_to == ((255, 0, 0),) and blind.looks == {"orc": (1, 2, 3)}
    assert blind.tiles[("solid", "floor", "lit")] == palettes.TileColours((255, 0, 0), (0, 0, 9))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[default.looks]\ntroll = [1, 2, 3]\n", "toml:2: default.looks.troll: unknown"),
        ('[colours]\nred = [255, 0, 0]\n[default.looks]\norc = "pink"\n', "no colour 'pink'"),
        ("[default]\nmin_luminance = 2.0\n", "palettes.toml:2: default.min_luminance: expected"),
        ("[default.tiles.tiles.floor]\n", "default.tiles.tiles: unknown key"),
        ("[default.tiles.solid.floor]\nlit = { fg = [1, 2, 3] }\n",
         "toml:2: default.tiles.solid.floor.lit.bg: expected a colour"),
        ("[sepia]\n", "sepia: unknown key"),
        ('[default]\nsnap_to = ["red"]\n', "default.snap_to: expected a list of names"),
        ("[default.box]\nborder = [1, 2, 3]\n", "default.box.border: unknown key"),
    ],
)  # fmt: skip
def test_mistakes_name_the_file_line_and_key(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message.replace(".", r"\.").replace("(", r"\(")):
        parse(text)


def test_every_palette_must_be_there() -> None:
    table = Table.parse("palettes.toml", "[default]\n[high-contrast]\n")
    with pytest.raises(DataError, match=r"no \[colour-blind\] palette"):
        palettes.parse_palettes(table, [], GLYPH_MODES)


BRIGHTEST = 4
"""In the tiles mode a figure is a picture with a dark outline, not one colour: its
lightest quarter of pixels (the body that catches the eye) is what must stand off the
ground."""


def test_every_sprite_stands_out_from_every_ground_in_the_tiles_mode() -> None:
    """The same in every palette: palettes leave sprites' colours alone."""
    content = loader.load()
    grounds = {
        tile: float(luminance(content.sprites[tile].rgba[..., :3].reshape(-1, 3)).mean())
        for tile in STANDING
    }
    poor = []
    traps = content.population.traps
    trap_keys = {kind.key for kind in traps.kinds} if traps else set()
    for key in figures(content):
        if key in trap_keys:
            continue  # traps are drawn on the floor by their own marks, never stood on
        sprite = content.sprites[key].rgba
        lum = np.sort(luminance(sprite[..., :3][sprite[..., 3] > 0]))
        body = float(lum[-max(1, len(lum) // BRIGHTEST) :].mean())
        for tile, ground in grounds.items():
            ratio = (max(body, ground) + 0.05) / (min(body, ground) + 0.05)
            if ratio < 3.0:
                poor.append(f"{key} on {tile}: {ratio:.2f}")
    assert poor == [], poor

"""Load and validate the game's data files once, into plain immutable objects.

Files are read through importlib.resources so the game finds them from any working
directory and inside a frozen binary. Any problem raises ``DataError`` naming the file,
the key and its line.

Each file is parsed beside the kinds it makes (``looks.py``, ``creature_kinds.py``,
``item_kinds.py``, ``floors.py``, and the sprites, palettes, lights and descriptions
modules); this module reads them in order, checks what spans files (no key drawn twice),
and assembles ``Content``, the one object the game holds, with its palette recolourings.
"""

from __future__ import annotations

import contextlib
import functools

import msgspec

from emberdeep import mapgen
from emberdeep.content import cached, validated
from emberdeep.content.creature_kinds import parse_hero, parse_monsters, refuse_item_glyphs
from emberdeep.content.descriptions import Descriptions, parse_descriptions
from emberdeep.content.floors import (
    SPAWN_KEYS,
    parse_captives,
    parse_dungeon,
    parse_placed,
    parse_traps,
)
from emberdeep.content.ground_glyphs import refuse_item_glyphs_on_ground
from emberdeep.content.item_kinds import parse_appearances, parse_items
from emberdeep.content.lights import Fixture, Light, Lights, parse_lights
from emberdeep.content.looks import GLYPH_MODES, Look, TileLooks, parse_statuses, parse_tiles
from emberdeep.content.palettes import Palette, TileColours, parse_palettes
from emberdeep.content.parsed import ParsedCache, cache_path, content_bytes, content_text
from emberdeep.content.pixelart import Sprite, parse_sprites
from emberdeep.content.setpieces import parse_setpieces
from emberdeep.content.shared_keys import by_depth
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.core.actors import Ability, ActorKind, KeepsDistance, Progression
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.engine.creatures.spawning import ByDepth, Captives, Goal, Population, SpawnTable
from emberdeep.engine.play.hero import Hero
from emberdeep.engine.terrain.traps import TrapKind
from emberdeep.engine.things.identify import Catalogue
from emberdeep.engine.things.items import UNIDENTIFIED, ItemKind
from emberdeep.mapgen.bsp import BspParams
from emberdeep.mapgen.caves import CavesParams
from emberdeep.mapgen.rooms import RoomsParams
from emberdeep.mapgen.setpiece_site import SetPieceKind, SetPieces


class Content(msgspec.Struct, frozen=True, eq=False):
    """Hashed by identity: loaded once, and used as a cache key by the renderer."""

    shroud: Look
    tiles: dict[str, dict[str, TileLooks]]  # mode -> tile name -> looks
    hero: Hero
    population: Population
    dungeon: tuple[mapgen.LevelPlan, ...]
    looks: dict[str, Look]  # monster and item kind keys, and "player" -> look
    remains: Look
    sprites: dict[str, Sprite] = msgspec.field(default_factory=dict)
    """Pixel art for the tiles mode: terrain names, "shroud", "player", monster, item and
    trap keys, "remains"."""
    statuses: dict[str, Look] = msgspec.field(default_factory=dict)
    """Status name -> its label (``glyph`` unused: the label is ``Look``'s text) and colour."""
    status_labels: dict[str, str] = msgspec.field(default_factory=dict)
    palettes: dict[str, Palette] = msgspec.field(default_factory=dict)
    """Every palette of ``palettes.toml`` by name."""
    palette: Palette | None = None
    """The palette these looks are in; None: as the content files draw them."""
    plain: Content | None = None
    """The content as loaded, which every palette recolours (None: this is it)."""
    lights: Lights = msgspec.field(default_factory=Lights)
    """What shines (``lights.toml``); the default lights nothing."""
    descriptions: Descriptions = msgspec.field(default_factory=Descriptions)
    """Flavour text for every monster and item (``descriptions.toml``)."""
    setpieces: SetPieces | None = None
    """The set pieces the floor builder lays (``setpieces.toml``); None: none."""

    def recoloured(self, name: str) -> Content:
        """This content in palette ``name`` (``palettes.toml``): the same object for the
        same name, so what is cached per content (look tables, the sprite atlas) stays
        cached. An unknown name is the plain content's own colours."""
        return _recoloured(self.plain or self, name)


@functools.cache
def _recoloured(plain: Content, name: str) -> Content:
    palette = plain.palettes.get(name)
    if palette is None or not _changes(palette):
        return plain
    remains_key = "remains"
    fgs = {key: look.fg for key, look in plain.looks.items()} | {remains_key: plain.remains.fg}
    fgs = palette.recolour(fgs, palette.looks)
    statuses = palette.recolour({k: v.fg for k, v in plain.statuses.items()}, palette.statuses)
    tiles = {mode: dict(looks) for mode, looks in plain.tiles.items()}
    for (mode, tile, state), colours in palette.tiles.items():
        old = tiles[mode][tile]
        look = getattr(old, state)
        new = Look(look.glyph, colours.fg, colours.bg)
        tiles[mode][tile] = msgspec.structs.replace(old, **{state: new})
    return msgspec.structs.replace(
        plain,
        looks={
            key: msgspec.structs.replace(look, fg=fgs[key]) for key, look in plain.looks.items()
        },
        remains=msgspec.structs.replace(plain.remains, fg=fgs[remains_key]),
        statuses={k: msgspec.structs.replace(v, fg=statuses[k]) for k, v in plain.statuses.items()},
        tiles=tiles,
        palette=palette,
        plain=plain,
    )


def _changes(palette: Palette) -> bool:
    """Whether ``palette`` changes anything at all (the default palette need not)."""
    rules = palette.snap_to or palette.min_luminance
    return bool(rules or palette.looks or palette.tiles or palette.statuses or palette.messages
                or palette.box)  # fmt: skip


def read_table(name: str, cache: ParsedCache | None = None) -> Table:
    try:
        text = content_text(name)
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{name}: cannot be read: {exc}") from None
    if cache is None:
        return Table.parse(name, text)
    return Table.parse(name, text, functools.partial(cache.loads, name))


FILES = (
    "tiles.toml", "spawns.toml", "monsters.toml", "items.toml", "traps.toml", "player.toml",
    "appearances.toml", "statuses.toml", "dungeon.toml", "captives.toml", "setpieces.toml",
    "sprites.toml", "palettes.toml", "lights.toml", "descriptions.toml",
)  # fmt: skip
"""The content files, in the order ``load`` reads them."""
RECORDS = (
    Content, Look, TileLooks, Hero, Progression, Catalogue, Population, SpawnTable, ByDepth,
    Captives, Goal, ActorKind, Ability, KeepsDistance, ItemKind, TrapKind, mapgen.LevelPlan,
    BspParams, RoomsParams, CavesParams, Sprite, Palette, TileColours, Lights, Light, Fixture,
    Descriptions, SetPieces, SetPieceKind,
)  # fmt: skip
"""Every class of record a ``Content`` holds: what its kept copy (``cached``) may name."""


@functools.cache
def load() -> Content:
    """All content, validated. Cached: the files never change while the game runs, and
    what was loaded and found valid is kept between runs (``cached``) and used again
    while the files and the code are the very same."""
    kept = cached.read(Content, FILES, content_bytes, RECORDS)
    if kept is not None:
        return kept
    content = load_checked()
    with contextlib.suppress(OSError):
        cached.write(content, {name: content_bytes(name) for name in FILES}, RECORDS)
    return content


def load_checked() -> Content:
    """Every file read (their parsed text is kept between runs, ``parsed``), checked, and
    built into the content; stamped as valid (``validated``)."""
    cache = ParsedCache(cache_path())
    tiles_table = read_table("tiles.toml", cache)
    shroud, tiles = parse_tiles(tiles_table)
    spawns = read_table("spawns.toml", cache)
    spawns.reject_unknown(SPAWN_KEYS)
    monsters_table = read_table("monsters.toml", cache)
    monsters, looks, remains = parse_monsters(monsters_table, by_depth(spawns, "monsters_per_room"))
    items, item_looks = parse_items(
        read_table("items.toml", cache),
        by_depth(spawns, "items_per_room"),
        [kind.key for kind in monsters.kinds],
    )
    refuse_item_glyphs(monsters_table, looks, item_looks)
    clash = set(looks) & set(item_looks)
    if clash:
        raise DataError(f"items.toml: {', '.join(sorted(clash))}: also a monster name")
    looks |= item_looks
    traps, trap_looks = parse_traps(
        read_table("traps.toml", cache), by_depth(spawns, "traps_per_floor")
    )
    clash = set(looks) & set(trap_looks)
    if clash:
        raise DataError(f"traps.toml: {', '.join(sorted(clash))}: also a monster or item name")
    looks |= trap_looks
    hero, looks["player"] = parse_hero(read_table("player.toml", cache), items, monsters)
    catalogue, unknown_looks = parse_appearances(read_table("appearances.toml", cache), items)
    hero = msgspec.structs.replace(hero, catalogue=catalogue)
    looks |= unknown_looks
    status_looks, status_labels = parse_statuses(read_table("statuses.toml", cache))
    plan, goal = parse_dungeon(read_table("dungeon.toml", cache), items, monsters)
    captives = parse_captives(read_table("captives.toml", cache), monsters)
    setpieces = parse_setpieces(read_table("setpieces.toml", cache), monsters, traps)
    drawn = [
        ("shroud", "the unexplored shroud ([shroud] in tiles.toml)"),
        *((name, f"terrain {name!r} (tiles.toml)") for name in TILE_NAMES),
        ("player", "the player (player.toml)"),
        *((kind.key, f"monster {kind.key!r} (monsters.toml)") for kind in monsters.kinds),
        ("remains", "the remains of the dead ([remains] in monsters.toml)"),
        *((kind.key, f"item {kind.key!r} (items.toml)") for kind in items.kinds),
        *((kind.key, f"trap {kind.key!r} (traps.toml)") for kind in traps.kinds),
        *((key, f"unknown items {key!r} (appearances.toml)") for key in unknown_looks),
        *((key, f"light fixture {key!r} (lights.toml)") for key in mapgen.fixtures.FIXTURES),
        ("flames", "fire on the floor ([flames] in sprites.toml)"),
        ("gas_cloud", "gas on the floor, tinted by its kind ([gas_cloud] in sprites.toml)"),
    ]
    sprites = parse_sprites(read_table("sprites.toml", cache), drawn)
    palettes = parse_palettes(read_table("palettes.toml", cache), [*looks, "remains"], GLYPH_MODES)
    glowing = [kind.key for kind in monsters.kinds] + [kind.key for kind in items.kinds]
    lights_table = read_table("lights.toml", cache)
    lights = parse_lights(lights_table, mapgen.fixtures.FIXTURES, glowing)
    refuse_item_glyphs_on_ground(
        tiles_table, tiles, lights_table, lights.fixtures, item_looks | unknown_looks
    )
    descriptions = parse_descriptions(
        read_table("descriptions.toml", cache),
        [kind.key for kind in monsters.kinds],
        [kind.key for kind in items.kinds],
        UNIDENTIFIED,
    )
    cache.save()
    validated.record(
        cache.read, [name for name, palette in palettes.items() if not _changes(palette)]
    )
    return Content(
        shroud=shroud,
        tiles=tiles,
        hero=hero,
        population=Population(
            monsters, items, traps, goal, *parse_placed(spawns, items), captives=captives
        ),
        dungeon=plan,
        looks=looks,
        remains=remains,
        sprites=sprites,
        statuses=status_looks,
        status_labels=status_labels,
        palettes=palettes,
        lights=lights,
        descriptions=descriptions,
        setpieces=setpieces,
    )

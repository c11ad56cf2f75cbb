"""Load and validate the game's data files once, into plain immutable objects.

Files are read through importlib.resources so the game finds them from any working
directory and inside a frozen binary. Any problem raises ``DataError`` naming the file,
the key and its line.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Collection
from dataclasses import dataclass, field, fields
from importlib import resources

from emberdeep import mapgen
from emberdeep.content.creatures import TRAIT_KEYS, traits
from emberdeep.content.descriptions import Descriptions, parse_descriptions
from emberdeep.content.lights import Lights, parse_lights
from emberdeep.content.palettes import Palette, parse_palettes
from emberdeep.content.parsed import ParsedCache, cache_path
from emberdeep.content.pixelart import Sprite, parse_sprites
from emberdeep.content.tomldata import Color, DataError, Table
from emberdeep.engine.actors import ActorKind, Progression
from emberdeep.engine.effects import EFFECTS
from emberdeep.engine.floor import TILE_NAMES
from emberdeep.engine.identify import MAX_LOOK, Catalogue
from emberdeep.engine.items import CATEGORIES, MAX_STACK, SLOTS, UNIDENTIFIED, ItemKind
from emberdeep.engine.spawning import ByDepth, Captives, Goal, Population, SpawnTable
from emberdeep.engine.statuses import MAX_TURNS, STATUSES
from emberdeep.engine.traps import EFFECTS as TRAP_EFFECTS
from emberdeep.engine.traps import TrapKind
from emberdeep.engine.world import Hero

GLYPH_MODES = ("ascii", "solid")
"""Render modes drawn with font glyphs, whose looks are in tiles.toml."""
RENDER_MODES = (*GLYPH_MODES, "tiles")
"""Every render mode; ``tiles`` draws the pixel art of sprites.toml (see ui/sprites.py)."""
BLACK: Color = (0, 0, 0)
MAX_STAT = 10_000
MAX_DEPTH = 1_000
MAX_POOLS = 20
"""The most hazard pools of one kind a floor may ask for."""


@dataclass(frozen=True)
class Look:
    """How one thing is drawn: a glyph and its colours."""

    glyph: str
    fg: Color
    bg: Color


@dataclass(frozen=True)
class TileLooks:
    """A terrain kind in one render mode: in view, and remembered."""

    lit: Look
    dark: Look


@dataclass(frozen=True, eq=False)
class Content:
    """Hashed by identity: loaded once, and used as a cache key by the renderer."""

    shroud: Look
    tiles: dict[str, dict[str, TileLooks]]  # mode -> tile name -> looks
    hero: Hero
    population: Population
    dungeon: tuple[mapgen.LevelPlan, ...]
    looks: dict[str, Look]  # monster and item kind keys, and "player" -> look
    remains: Look
    sprites: dict[str, Sprite] = field(default_factory=dict)
    """Pixel art for the tiles mode: terrain names, "shroud", "player", monster, item and
    trap keys, "remains"."""
    statuses: dict[str, Look] = field(default_factory=dict)
    """Status name -> its label (``glyph`` unused: the label is ``Look``'s text) and colour."""
    status_labels: dict[str, str] = field(default_factory=dict)
    palettes: dict[str, Palette] = field(default_factory=dict)
    """Every palette of ``palettes.toml`` by name."""
    palette: Palette | None = None
    """The palette these looks are in; None: as the content files draw them."""
    plain: Content | None = None
    """The content as loaded, which every palette recolours (None: this is it)."""
    lights: Lights = field(default_factory=Lights)
    """What shines (``lights.toml``); the default lights nothing."""
    descriptions: Descriptions = field(default_factory=Descriptions)
    """Flavour text for every monster and item (``descriptions.toml``)."""

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
        tiles[mode][tile] = dataclasses.replace(old, **{state: new})
    return dataclasses.replace(
        plain,
        looks={key: dataclasses.replace(look, fg=fgs[key]) for key, look in plain.looks.items()},
        remains=dataclasses.replace(plain.remains, fg=fgs[remains_key]),
        statuses={k: dataclasses.replace(v, fg=statuses[k]) for k, v in plain.statuses.items()},
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
        text = resources.files("emberdeep.content").joinpath(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{name}: cannot be read: {exc}") from None
    if cache is None:
        return Table.parse(name, text)
    return Table.parse(name, text, functools.partial(cache.loads, name))


def _look(table: Table) -> Look:
    table.reject_unknown(("glyph", "fg", "bg"))
    return Look(table.char("glyph"), table.color("fg"), table.color("bg"))


def parse_tiles(table: Table) -> tuple[Look, dict[str, dict[str, TileLooks]]]:
    table.reject_unknown(("shroud", *TILE_NAMES))
    shroud = _look(table.sub("shroud"))
    modes: dict[str, dict[str, TileLooks]] = {mode: {} for mode in GLYPH_MODES}
    for tile in TILE_NAMES:
        kind = table.sub(tile)
        kind.reject_unknown(GLYPH_MODES)
        for mode in GLYPH_MODES:
            looks = kind.sub(mode)
            looks.reject_unknown(("glyph", "lit", "dark"))
            glyph = looks.char("glyph")
            lit, dark = looks.sub("lit"), looks.sub("dark")
            for part in (lit, dark):
                part.reject_unknown(("fg", "bg"))
            modes[mode][tile] = TileLooks(
                Look(glyph, lit.color("fg"), lit.color("bg")),
                Look(glyph, dark.color("fg"), dark.color("bg")),
            )
    return shroud, modes


def by_depth(table: Table, name: str, lo: int = 0) -> ByDepth:
    """``[[from_depth, value], ...]`` with depths rising and values >= ``lo``."""
    raw = table.get(name, list)
    steps: list[tuple[int, int]] = []
    for step in raw:
        ok = (
            isinstance(step, list)
            and len(step) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in step)
        )
        if not ok or not 1 <= step[0] <= MAX_DEPTH or not lo <= step[1] <= MAX_STAT:
            raise table.error(name, f"expected [[from_depth, value], ...] pairs, got {step!r}")
        if steps and step[0] <= steps[-1][0]:
            raise table.error(name, "depths must rise from one step to the next")
        steps.append((step[0], step[1]))
    return ByDepth(tuple(steps))


SPAWN_KEYS = ("monsters_per_room", "items_per_room", "traps_per_floor", "per_floor", "on_floors")
"""What spawns.toml may hold."""


def parse_placed(
    spawns: Table, items: SpawnTable[ItemKind]
) -> tuple[tuple[tuple[ItemKind, ByDepth], ...], tuple[tuple[ItemKind, tuple[int, ...]], ...]]:
    """spawns.toml's ``[per_floor]`` (item key -> count by depth) and ``[on_floors]``
    (item key -> the floors it lies on once)."""
    by_key = {kind.key: kind for kind in items.kinds}
    per_floor, on_floors = [], []
    if "per_floor" in spawns:
        table = spawns.sub("per_floor")
        for key in table.data:
            if key not in by_key:
                raise table.error(key, "no such item in items.toml")
            per_floor.append((by_key[key], by_depth(table, key)))
    if "on_floors" in spawns:
        table = spawns.sub("on_floors")
        for key, floors in table.data.items():
            if key not in by_key:
                raise table.error(key, "no such item in items.toml")
            ok = isinstance(floors, list) and all(
                type(v) is int and 1 <= v <= MAX_DEPTH for v in floors
            )
            if not ok:
                raise table.error(key, f"expected a list of depths 1-{MAX_DEPTH}")
            on_floors.append((by_key[key], tuple(floors)))
    return tuple(per_floor), tuple(on_floors)


ARTICLES = ("a", "an", "the")
"""What a name's ``article`` key may say (``session/grammar.py`` writes them)."""
BLOW_VERBS = ("hit", "bite", "sting", "touch", "claw", "slash", "burn", "bash")
"""What a monster's blow may be called (the narration knows each one's noun)."""
CREATURE_KEYS = ("name", "glyph", "color", "hp", "defense", "power", "move_time", "attack_time")
MONSTER_KEYS = ("xp", "sleeps", "spawn", "verb", "plural", "article", *TRAIT_KEYS)


def actor_kind(
    key: str, table: Table, defaults: dict[str, int], monsters: Collection[str] = ()
) -> ActorKind:
    """A creature kind; for a monster (``monsters``: every monster kind's key, which its
    abilities may name), how it moves and what it can do."""

    def time(name: str) -> int:
        return table.integer(name, 1, MAX_STAT, defaults.get(name, 100))

    return ActorKind(
        key=key,
        name=table.get("name", str),
        hp=table.integer("hp", 1, MAX_STAT),
        defense=table.integer("defense", 0, MAX_STAT),
        power=table.integer("power", 0, MAX_STAT),
        move_time=time("move_time"),
        attack_time=time("attack_time"),
        xp=table.integer("xp", 0, MAX_STAT, 0),
        sleeps=table.integer("sleeps", 0, 100, 0),
        verb=table.choice("verb", BLOW_VERBS, "hit"),
        plural=plural_key(table),
        article=table.choice("article", ARTICLES, "") if "article" in table else "",
        **(traits(table, monsters) if monsters else {}),
    )


MAX_NAME = 40
"""The longest name or plural a message may carry."""


def plural_key(table: Table) -> str:
    """The ``plural`` key: how the log names more than one (a short, non-empty name)."""
    value = table.get("plural", str, "")
    if "plural" in table and not 0 < len(value.strip()) <= MAX_NAME:
        raise table.error("plural", f"expected a name of 1 to {MAX_NAME} characters")
    return value


def parse_monsters(
    table: Table, per_room: ByDepth
) -> tuple[SpawnTable[ActorKind], dict[str, Look], Look]:
    defaults_table = table.sub("defaults")
    defaults_table.reject_unknown(("move_time", "attack_time"))
    defaults = {n: defaults_table.integer(n, 1, MAX_STAT) for n in defaults_table.names()}
    remains_table = table.sub("remains")
    remains_table.reject_unknown(("glyph", "color"))
    remains = Look(remains_table.char("glyph"), remains_table.color("color"), BLACK)
    kinds, weights, looks = [], [], {}
    monster_keys = [key for key in table.names() if key not in ("defaults", "remains")]
    for key, monster in table.subtables():
        if key in ("defaults", "remains"):
            continue
        monster.reject_unknown((*CREATURE_KEYS, *MONSTER_KEYS))
        weights.append(by_depth(monster, "spawn"))
        kinds.append(
            dataclasses.replace(
                actor_kind(key, monster, defaults, monster_keys), spawn=weights[-1].steps
            )
        )
        looks[key] = Look(monster.char("glyph"), monster.color("color"), BLACK)
    if not kinds:
        raise DataError(f"{table.source}: no monsters defined")
    return SpawnTable(tuple(kinds), tuple(weights), per_room), looks, remains


ITEM_KEYS = (
    *("name", "glyph", "color", "effect", "amount", "range", "radius", "turns", "spawn"),
    *("slot", "power", "defense", "category", "status", "charges", "move_time"),
    *("attack_time", "noise", "description", "bundle", "plural", "article", "strength"),
    *("regeneration", "recharging", "known"),
)
GUESSED_CATEGORY = {
    "heal": "potion",
    "lightning": "scroll",
    "confusion": "scroll",
    "treasure": "treasure",
}
"""Categories of the tutorial's effects, for item tables written before categories."""
MAX_SLOWDOWN = 500
"""The most equipment may add to (or, negated, take from) an action's time."""


def parse_items(table: Table, per_room: ByDepth) -> tuple[SpawnTable[ItemKind], dict[str, Look]]:
    kinds, weights, looks = [], [], {}
    for key, item in table.subtables():
        item.reject_unknown(ITEM_KEYS)
        effect = item.choice("effect", sorted(EFFECTS))
        guess = GUESSED_CATEGORY.get(effect, "scroll")
        if effect == "equip":
            guess = item.choice("slot", SLOTS)
        category = item.choice("category", CATEGORIES, guess)
        if effect == "status" and "status" not in item:
            raise item.error("status", "a status effect needs a status")
        if category in ("weapon", "armor", "ring") and effect != "equip":
            raise item.error("effect", f'a {category} must have effect = "equip"')
        if category == "staff" and item.integer("charges", 0, MAX_TURNS, 0) < 1:
            raise item.error("charges", "a staff needs its level as charges >= 1")
        kinds.append(
            ItemKind(
                key=key,
                name=item.get("name", str),
                effect=effect,
                amount=item.integer("amount", 0, MAX_STAT, 0),
                range=item.integer("range", 0, MAX_STAT, 0),
                radius=item.integer("radius", 0, MAX_STAT, 0),
                turns=item.integer("turns", 0, MAX_STAT, 0),
                slot=item.choice("slot", SLOTS) if effect == "equip" else "",
                power=item.integer("power", -MAX_STAT, MAX_STAT, 0),
                defense=item.integer("defense", -MAX_STAT, MAX_STAT, 0),
                category=category,
                status=item.choice("status", STATUSES, "") if "status" in item else "",
                charges=item.integer("charges", 0, MAX_TURNS, 0),
                move_time=item.integer("move_time", -50, MAX_SLOWDOWN, 0),
                attack_time=item.integer("attack_time", -50, MAX_SLOWDOWN, 0),
                noise=item.integer("noise", -100, 100, 0),
                description=item.get("description", str, ""),
                bundle=item.integer("bundle", 1, MAX_STACK, 1),
                plural=plural_key(item),
                article=item.choice("article", ARTICLES, "") if "article" in item else "",
                strength=item.integer("strength", 0, 99, 0),
                regeneration=item.integer("regeneration", -100, 1000, 0),
                recharging=item.integer("recharging", -100, 1000, 0),
                known=item.get("known", bool, False),
            )
        )
        if effect == "status" and kinds[-1].turns <= 0:
            raise item.error("turns", "a status effect needs turns > 0")
        weights.append(by_depth(item, "spawn"))
        looks[key] = Look(item.char("glyph"), item.color("color"), BLACK)
    return SpawnTable(tuple(kinds), tuple(weights), per_room), looks


def parse_appearances(
    table: Table, items: SpawnTable[ItemKind]
) -> tuple[Catalogue, dict[str, Look]]:
    """The looks each unknown category deals (enough of them, distinct, short), and how an
    unknown one of each category is drawn (key ``unknown_<category>``)."""
    table.reject_unknown(UNIDENTIFIED)
    hidden = tuple(k for k in items.kinds if k.category in UNIDENTIFIED and not k.known)
    looks: dict[str, tuple[str, ...]] = {}
    drawn: dict[str, Look] = {}
    for category in UNIDENTIFIED:
        entry = table.sub(category)
        entry.reject_unknown(("glyph", "color", "looks"))
        raw = entry.get("looks", list)
        if not all(isinstance(v, str) and 0 < len(v) <= MAX_LOOK for v in raw):
            raise entry.error("looks", f"expected a list of looks of 1-{MAX_LOOK} characters")
        if len(set(raw)) != len(raw):
            raise entry.error("looks", "looks must differ")
        needed = sum(1 for kind in hidden if kind.category == category)
        if len(raw) < needed:
            raise entry.error("looks", f"{needed} kinds of {category} need {needed} looks")
        looks[category] = tuple(raw)
        drawn[unknown_key(category)] = Look(entry.char("glyph"), entry.color("color"), BLACK)
    return Catalogue(hidden, looks), drawn


def unknown_key(category: str) -> str:
    """The look and sprite key of an unknown item of ``category``."""
    return f"unknown_{category}"


TRAP_KEYS = ("name", "glyph", "color", "effect", "status", "turns", "amount", "spawn")


def parse_traps(table: Table, per_floor: ByDepth) -> tuple[SpawnTable[TrapKind], dict[str, Look]]:
    kinds, weights, looks = [], [], {}
    for key, trap in table.subtables():
        trap.reject_unknown(TRAP_KEYS)
        effect = trap.choice("effect", TRAP_EFFECTS)
        status = trap.choice("status", STATUSES) if effect == "status" else ""
        kinds.append(
            TrapKind(
                key=key,
                name=trap.get("name", str)[:MAX_LOOK],
                effect=effect,
                status=status,
                turns=trap.integer("turns", 1, MAX_TURNS) if status else 0,
                amount=trap.integer("amount", 1, MAX_TURNS) if effect == "gas" else 0,
            )
        )
        weights.append(by_depth(trap, "spawn"))
        looks[key] = Look(trap.char("glyph"), trap.color("color"), BLACK)
    return SpawnTable(tuple(kinds), tuple(weights), per_floor), looks


def parse_statuses(table: Table) -> tuple[dict[str, Look], dict[str, str]]:
    table.reject_unknown(STATUSES)
    looks, labels = {}, {}
    for name in STATUSES:
        entry = table.sub(name)
        entry.reject_unknown(("label", "color"))
        labels[name] = entry.get("label", str)
        looks[name] = Look(" ", entry.color("color"), BLACK)
    return looks, labels


def parse_hero(
    table: Table, items: SpawnTable[ItemKind], monsters: SpawnTable[ActorKind]
) -> tuple[Hero, Look]:
    table.reject_unknown((*CREATURE_KEYS, "start_items", "level_up"))
    by_key = {kind.key: kind for kind in items.kinds}
    start = []
    for key in table.get("start_items", list, []):
        if not isinstance(key, str) or key not in by_key:
            raise table.error("start_items", f"no item {key!r} in items.toml")
        start.append(by_key[key])
    gains = table.sub("level_up")
    gains.reject_unknown(("base", "factor", "hp", "power", "defense"))
    progression = Progression(
        *(gains.integer(name, 0, MAX_STAT) for name in ("base", "factor", "hp", "power", "defense"))
    )
    kind = actor_kind("player", table, {})
    kinds = {monster.key: monster for monster in monsters.kinds}
    look = Look(table.char("glyph"), table.color("color"), BLACK)
    return Hero(kind, tuple(start), progression, kinds=kinds), look


GOAL_DEPTHS = (12, 26)
"""Where the treasure may lie: deep enough for a whole game, shallow enough to finish."""


def parse_goal(table: Table, items: SpawnTable[ItemKind], monsters: SpawnTable[ActorKind]) -> Goal:
    table.reject_unknown(("depth", "treasure", "guardian"))
    item_keys = {kind.key: kind for kind in items.kinds}
    monster_keys = {kind.key: kind for kind in monsters.kinds}
    treasure = table.choice("treasure", sorted(item_keys))
    if item_keys[treasure].effect != "treasure":
        raise table.error("treasure", f'{treasure!r} is not an item with effect = "treasure"')
    return Goal(
        table.integer("depth", *GOAL_DEPTHS),
        item_keys[treasure],
        monster_keys[table.choice("guardian", sorted(monster_keys))],
    )


def parse_dungeon(
    table: Table, items: SpawnTable[ItemKind], monsters: SpawnTable[ActorKind]
) -> tuple[tuple[mapgen.LevelPlan, ...], Goal]:
    table.reject_unknown(("levels", "goal"))
    goal = parse_goal(table.sub("goal"), items, monsters)
    raw = table.get("levels", list)
    plan = []
    for n, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise table.error("levels", "expected [[levels]] tables")
        level = Table(table.source, table.text, entry, f"levels[{n}]")
        level.reject_unknown(("from", "generator", "params", "hazards", "vault"))
        from_depth = level.integer("from", 1, MAX_DEPTH)
        name = level.choice("generator", sorted(mapgen.GENERATORS))
        params = generator_params(level, mapgen.get(name).params_type)
        pools: list[tuple[str, int]] = []
        if "hazards" in level:
            table_ = level.sub("hazards")
            table_.reject_unknown(tuple(mapgen.hazards.HAZARDS))
            pools = [(kind, table_.integer(kind, 0, MAX_POOLS)) for kind in table_.names()]
        vault = level.integer("vault", 0, 100, 0)
        try:
            built = mapgen.get(name).params(**params)
        except (TypeError, ValueError) as exc:
            raise level.error("params", str(exc)) from None
        plan.append(mapgen.LevelPlan(from_depth, name, built, tuple(pools), vault))
        if len(plan) > 1 and from_depth <= plan[-2].from_depth:
            raise level.error("from", "depths must rise from one level to the next")
    if not plan or plan[0].from_depth != 1:
        raise table.error("levels", "the first level must be from = 1")
    return tuple(plan), goal


CAPTIVE_KEYS = ("from", "chance", "shackles", "captors")
MAX_SHACKLES = 100


def parse_captives(table: Table, monsters: SpawnTable[ActorKind]) -> Captives:
    """``captives.toml``: how often a captive is found, and which monsters may be, each a
    section named by its monster key with its own ``spawn`` weights by depth."""
    by_key = {kind.key: kind for kind in monsters.kinds}
    kinds, weights = [], []
    for key in table.names():
        if key in CAPTIVE_KEYS:
            continue
        if key not in by_key:
            raise table.error(key, f"{key!r} is not a monster in monsters.toml")
        entry = table.sub(key)
        entry.reject_unknown(("spawn",))
        kinds.append(by_key[key])
        weights.append(by_depth(entry, "spawn"))
    if not kinds:
        raise DataError(f"{table.source}: no captive kinds defined")
    return Captives(
        kinds=SpawnTable(tuple(kinds), tuple(weights), ByDepth(())),
        from_depth=table.integer("from", 1, MAX_DEPTH),
        chance=table.integer("chance", 0, 100),
        shackles=table.integer("shackles", 1, MAX_SHACKLES),
        captors=by_depth(table, "captors"),
    )


def generator_params(level: Table, params_type: type[mapgen.BaseParams]) -> dict[str, int]:
    """A level's ``params``, each checked against the generator's field: a wrong type or
    an absurd size would otherwise fail, or run for ever, only when the floor is built."""
    if "params" not in level:
        return {}
    table = level.sub("params")
    specs = {spec.name: spec for spec in fields(params_type)}
    table.reject_unknown(tuple(specs))
    return {
        name: table.get(name, bool)
        if isinstance(specs[name].default, bool)
        else table.integer(name, 0, MAX_STAT)
        for name in table.names()
    }


@functools.cache
def load() -> Content:
    """All content, validated. Cached: the files never change while the game runs (and
    their parsed text is kept between runs, ``parsed``)."""
    cache = ParsedCache(cache_path())
    shroud, tiles = parse_tiles(read_table("tiles.toml", cache))
    spawns = read_table("spawns.toml", cache)
    spawns.reject_unknown(SPAWN_KEYS)
    monsters, looks, remains = parse_monsters(
        read_table("monsters.toml", cache), by_depth(spawns, "monsters_per_room")
    )
    items, item_looks = parse_items(
        read_table("items.toml", cache), by_depth(spawns, "items_per_room")
    )
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
    hero = dataclasses.replace(hero, catalogue=catalogue)
    looks |= unknown_looks
    status_looks, status_labels = parse_statuses(read_table("statuses.toml", cache))
    plan, goal = parse_dungeon(read_table("dungeon.toml", cache), items, monsters)
    captives = parse_captives(read_table("captives.toml", cache), monsters)
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
    ]
    sprites = parse_sprites(read_table("sprites.toml", cache), drawn)
    palettes = parse_palettes(read_table("palettes.toml", cache), [*looks, "remains"], GLYPH_MODES)
    glowing = [kind.key for kind in monsters.kinds] + [kind.key for kind in items.kinds]
    lights = parse_lights(read_table("lights.toml", cache), mapgen.fixtures.FIXTURES, glowing)
    descriptions = parse_descriptions(
        read_table("descriptions.toml", cache),
        [kind.key for kind in monsters.kinds],
        [kind.key for kind in items.kinds],
        UNIDENTIFIED,
    )
    cache.save()
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
    )

"""``items.toml`` and ``appearances.toml`` into item kinds: each item's category, effect
and numbers, checked together (equipment must equip, a staff needs charges, a status
effect a status and turns), and the looks unknown potions, scrolls and wands are dealt.
"""

from __future__ import annotations

from collections.abc import Collection

from emberdeep.content.looks import BLACK, Look
from emberdeep.content.shared_keys import ARTICLES, MAX_STAT, by_depth, plural_key
from emberdeep.content.tomldata import Table
from emberdeep.engine.acts import magic, sorcery  # noqa: F401  (their effects register on import)
from emberdeep.engine.creatures.spawning import ByDepth, SpawnTable
from emberdeep.engine.creatures.statuses import MAX_TURNS, STATUSES
from emberdeep.engine.terrain.burst import BURSTS
from emberdeep.engine.things.effects import EFFECTS
from emberdeep.engine.things.identify import MAX_LOOK, Catalogue
from emberdeep.engine.things.items import CATEGORIES, MAX_STACK, SLOTS, UNIDENTIFIED, ItemKind

ITEM_KEYS = (
    *("name", "glyph", "color", "effect", "amount", "range", "radius", "turns", "spawn"),
    *("slot", "power", "defense", "category", "status", "charges", "move_time"),
    *("attack_time", "noise", "description", "bundle", "plural", "article", "strength"),
    *("regeneration", "recharging", "known", "bursts", "summons", "breaks", "awareness"),
    *("clairvoyance",),
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


def parse_items(
    table: Table, per_room: ByDepth, monsters: Collection[str] | None = None
) -> tuple[SpawnTable[ItemKind], dict[str, Look]]:
    """The item kinds; ``monsters`` (the monster kinds' keys) checks what an item
    calls up (``summons``) when given."""
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
                bursts=item.choice("bursts", BURSTS) if "bursts" in item else "",
                summons=item.get("summons", str, ""),
                breaks=item.integer("breaks", 0, 100, 0),
                awareness=item.integer("awareness", 0, 100, 0),
                clairvoyance=item.integer("clairvoyance", 0, 20, 0),
            )
        )
        if effect in ("gas", "incinerate") and not kinds[-1].bursts:
            raise item.error("bursts", f"a {effect} effect needs what it bursts into")
        if effect == "conjure" and not kinds[-1].summons:
            raise item.error("summons", "a conjuring effect needs the monster kind it calls up")
        if monsters is not None and kinds[-1].summons and kinds[-1].summons not in monsters:
            raise item.error("summons", f"no monster kind {kinds[-1].summons!r} (monsters.toml)")
        if kinds[-1].breaks and category != "thrown":
            raise item.error("breaks", 'only a thrown weapon (category = "thrown") breaks')
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

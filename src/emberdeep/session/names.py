"""What things and creatures are called: the nouns the log, the inventory, look and the
morgue all use, made from content's names and what the player knows.

An unknown potion, scroll or wand goes by its look ("a murky violet potion", 'a scroll
labelled "ZELGO MER"', "an oak wand"); known, by its kind's name. The engine names
nothing: its events carry kind keys and looks (``events.Thing``), and this module turns
them into words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import msgspec

from emberdeep.engine.core.actors import PLAYER_ID, ActorKind
from emberdeep.engine.core.events import Thing, Who
from emberdeep.engine.terrain.traps import TrapKind
from emberdeep.engine.things.identify import Identity
from emberdeep.engine.things.items import Item, ItemKind, worth
from emberdeep.session.gear_words import ring_description
from emberdeep.session.grammar import YOU, Noun

FORMS = {
    "potion": "{look} potion",
    "scroll": 'scroll labelled "{look}"',
    "wand": "{look} wand",
    "staff": "{look} staff",
}
"""How an unknown kind of each category is named from its look."""


def item_name(identity: Identity, kind: ItemKind) -> str:
    """The kind as the player knows it: its name, or its look."""
    if identity.is_known(kind):
        return kind.name
    return FORMS[kind.category].format(look=identity.looks[kind.key])


def gear_name(kind: ItemKind, enchant: int | None, runic: str) -> str:
    """Gear as known: "+2 Sword of Slowing", "-1 Chain Mail", "+3 Ring of Might", a
    plain "Dagger" at +0, a staff with its level ("Staff of Firebolt [3]"); ``enchant``
    None: not known."""
    if enchant is None or kind.category == "wand":
        return kind.name
    if kind.category == "staff":
        return f"{kind.name} [{max(1, kind.charges + enchant)}]"
    of = f" of {runic.capitalize()}" if runic else ""
    number = f"{enchant:+d} " if enchant else ""
    return f"{number}{kind.name}{of}"


def describe(identity: Identity, item: Item) -> str:
    """An item as the inventory lists it: count, name, enchantment and charges when
    known; one of a choice says so (taking it loses the others)."""
    name = item_name(identity, item.kind)
    thing = identity.thing(item)
    if thing.enchant is not None:
        name = gear_name(item.kind, thing.enchant, thing.runic)
    elif not item.known:
        name = f"{name} (?)"  # its enchantment not known yet
    if item.count > 1:
        name = f"{item.count} x {name}"
    if item.kind.category == "staff" and identity.is_known(item.kind):
        name = f"{item.kind.name} [{item.charges}/{item.capacity}]"  # charges of its level
    elif item.kind.category == "wand" and identity.is_known(item.kind):
        name = f"{name} ({item.charges}/{item.capacity})"
    if item.choice:
        name = f"{name} (choose one)"
    return name


LEADING_FIGURE = re.compile(r"^(Power|Defense) [+-]\d+")
"""A weapon's or armour's description opens with its kind's figure ("Power +2, quick")."""


FIGURE_CLAUSE = re.compile(r"^(Power|Defense) [+-]\d+[,;.]?\s*")
"""The leading figure as a clause of its own, with what parts it from the rest."""


def beyond_figure(text: str) -> str:
    """A description without its leading figure, for where the figures are shown on a
    line of their own (hand play read a Dagger's details say "Power +2" twice); "" when
    the figure was all it said."""
    rest = FIGURE_CLAUSE.sub("", text, count=1)
    return rest[:1].upper() + rest[1:]


def description(item: Item, strength: int) -> str:
    """The kind's description with gear's leading figure as it serves a wearer of
    ``strength`` (``items.worth``: its known enchantment, less the strength lacking;
    hand play read "+3 Dagger: Power +2", and "Defense +8" for plate giving +3)."""
    kind = item.kind
    text = kind.description or kind.name
    if kind.slot not in ("weapon", "armor"):
        return text
    gain = worth(item, strength).bonus
    figure = gain.power if kind.slot == "weapon" else gain.defense
    return LEADING_FIGURE.sub(lambda m: f"{m.group(1)} {figure:+d}", text)


def details(identity: Identity, item: Item, strength: int) -> str:
    """What is known of what it does to a wearer of ``strength``: the description, or
    that it is a mystery; for gear, the strength it needs when they lack it, what its
    runic does and whether its enchantment is known; a ring's led by what it gives
    (``gear_words.ring_description``: a row cut at its colon keeps the figure)."""
    if not identity.is_known(item.kind):
        return "Unknown: use it or read identify to learn it."
    text = description(item, strength)
    if item.kind.slot == "ring":
        text = ring_description(text, worth(item, strength).bonus)
    if item.kind.strength > strength:  # (enough strength is no news on a pack's row)
        text = f"{text} {needs_strength(item.kind, strength)}."
    if not item.known:
        return f"{text} Its enchantment is unknown: wear it a while, or read identify."
    if item.runic:
        text = f"{text} {RUNIC_TEXT.get(item.runic, '')}".rstrip()
    return text


RUNIC_TEXT = {
    "slaying": "Runic of slaying: now and then a blow kills outright.",
    "paralysis": "Runic of paralysis: now and then a blow holds its target still.",
    "slowing": "Runic of slowing: now and then a blow slows its target.",
    "confusion": "Runic of confusion: now and then a blow befuddles its target.",
    "mercy": "Runic of mercy (bad): now and then a blow heals its target.",
    "backlash": "Runic of backlash (bad): now and then you feel your own blow.",
    "absorption": "Runic of absorption: every blow at you is softened.",
    "reprisal": "Runic of reprisal: now and then who strikes you is hurt as much.",
    "respiration": "Runic of respiration: gas does not hurt you.",
    "vulnerability": "Runic of vulnerability (bad): every blow at you lands.",
    "clamour": "Runic of clamour (bad): it rattles, and sleepers wake.",
}
"""What each runic does, in words (``engine/creatures/runics.py`` has the rules)."""


class Names(msgspec.Struct):
    """Nouns for the creatures, items and traps that events name by key. A key content
    does not know (a test's creature) is named from itself."""

    creatures: Mapping[str, ActorKind] = msgspec.field(default_factory=dict)
    items: Mapping[str, ItemKind] = msgspec.field(default_factory=dict)
    traps: Mapping[str, TrapKind] = msgspec.field(default_factory=dict)
    allies: set[int] = msgspec.field(default_factory=set)
    """The ids of the player's allies on the floor now, named "your goblin" (set by the
    turn driver before each report is told: events name creatures by id alone)."""
    _nouns: dict[str, Noun] = msgspec.field(default_factory=dict)

    def kind(self, key: str) -> Noun:
        """A creature kind: "orc", "wolves" as its plural, "the Ember warden"."""
        noun = self._nouns.get(key)
        if noun is None:
            kind = self.creatures.get(key)
            if kind is None:
                noun = Noun.named(key.replace("_", " "))
            else:
                noun = Noun.named(kind.name, kind.plural, kind.article)
            self._nouns[key] = noun
        return noun

    def who(self, who: Who) -> Noun:
        """A creature in an event: "you", an ally ("your goblin"), or its kind."""
        if who.id == PLAYER_ID:
            return YOU
        if who.id in self.allies:
            return msgspec.structs.replace(self.kind(who.kind), yours=True)
        return self.kind(who.kind)

    def thing(self, thing: Thing) -> Noun:
        """An item as it was known when the event happened: its look while unknown."""
        kind = self.items.get(thing.kind)
        if thing.look and kind is not None and kind.category in FORMS:
            return Noun(FORMS[kind.category].format(look=thing.look))
        if kind is None:
            return Noun.named(thing.kind.replace("_", " "))
        if thing.enchant is not None and kind.category != "wand":
            return Noun.named(gear_name(kind, thing.enchant, thing.runic), kind.plural)
        return Noun.named(kind.name, kind.plural, kind.article)

    def category(self, thing: Thing) -> str:
        kind = self.items.get(thing.kind)
        return kind.category if kind is not None else ""

    def trap(self, key: str) -> Noun:
        kind = self.traps.get(key)
        return Noun.named(kind.name if kind is not None else key.replace("_", " "))


def needs_strength(kind: ItemKind, strength: int) -> str:
    """ "Needs Strength 17, you have 12": said only where it is too little."""
    return f"Needs Strength {kind.strength}, you have {strength}"

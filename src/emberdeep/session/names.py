"""What things and creatures are called: the nouns the log, the inventory, look and the
morgue all use, made from content's names and what the player knows.

An unknown potion, scroll or wand goes by its look ("a murky violet potion", 'a scroll
labelled "ZELGO MER"', "an oak wand"); known, by its kind's name. The engine names
nothing: its events carry kind keys and looks (``events.Thing``), and this module turns
them into words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from emberdeep.engine.actors import PLAYER_ID, ActorKind
from emberdeep.engine.events import Thing, Who
from emberdeep.engine.identify import Identity
from emberdeep.engine.items import Item, ItemKind
from emberdeep.engine.traps import TrapKind
from emberdeep.session.grammar import YOU, Noun

FORMS = {
    "potion": "{look} potion",
    "scroll": 'scroll labelled "{look}"',
    "wand": "{look} wand",
}
"""How an unknown kind of each category is named from its look."""


def item_name(identity: Identity, kind: ItemKind) -> str:
    """The kind as the player knows it: its name, or its look."""
    if identity.is_known(kind):
        return kind.name
    return FORMS[kind.category].format(look=identity.looks[kind.key])


def describe(identity: Identity, item: Item) -> str:
    """An item as the inventory lists it: count, name, charges when known; one of a
    choice says so (taking it loses the others)."""
    name = item_name(identity, item.kind)
    if item.count > 1:
        name = f"{item.count} x {name}"
    if item.kind.category == "wand" and identity.is_known(item.kind):
        name = f"{name} ({item.charges})"
    if item.choice:
        name = f"{name} (choose one)"
    return name


def details(identity: Identity, item: Item) -> str:
    """What is known of what it does: the description, or that it is a mystery."""
    if not identity.is_known(item.kind):
        return "Unknown: use it or read identify to learn it."
    return item.kind.description or item.kind.name


@dataclass
class Names:
    """Nouns for the creatures, items and traps that events name by key. A key content
    does not know (a test's creature) is named from itself."""

    creatures: Mapping[str, ActorKind] = field(default_factory=dict)
    items: Mapping[str, ItemKind] = field(default_factory=dict)
    traps: Mapping[str, TrapKind] = field(default_factory=dict)
    allies: set[int] = field(default_factory=set)
    """The ids of the player's allies on the floor now, named "your goblin" (set by the
    turn driver before each report is told: events name creatures by id alone)."""
    _nouns: dict[str, Noun] = field(default_factory=dict)

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
            return dataclasses.replace(self.kind(who.kind), yours=True)
        return self.kind(who.kind)

    def thing(self, thing: Thing) -> Noun:
        """An item as it was known when the event happened: its look while unknown."""
        kind = self.items.get(thing.kind)
        if thing.look and kind is not None and kind.category in FORMS:
            return Noun(FORMS[kind.category].format(look=thing.look))
        if kind is None:
            return Noun.named(thing.kind.replace("_", " "))
        return Noun.named(kind.name, kind.plural, kind.article)

    def category(self, thing: Thing) -> str:
        kind = self.items.get(thing.kind)
        return kind.category if kind is not None else ""

    def trap(self, key: str) -> Noun:
        kind = self.traps.get(key)
        return Noun.named(kind.name if kind is not None else key.replace("_", " "))

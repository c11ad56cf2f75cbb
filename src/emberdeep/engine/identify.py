"""What the player knows of their items: potions, scrolls and wands hide behind looks.

As in NetHack and Brogue, every game deals the looks ("murky violet", "ZELGO MER",
"oak") to the kinds afresh from the seed, so knowing which potion heals is learnt in
each game, by drinking one or reading a scroll of identify. The deal is made from its own
random stream (``rng.stream(seed, "looks")``), so it is the same for the same seed
whatever happens in play, and it is saved with the world along with what has been
learnt (``snapshot``), so a loaded game knows what the player knew.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

from emberdeep.engine import rng as rngs
from emberdeep.engine.events import Thing
from emberdeep.engine.items import UNIDENTIFIED, Item, ItemKind

MAX_LOOK = 40
GROWS = frozenset({"weapon", "armor", "ring", "staff", "wand"})
"""Categories whose items carry an enchantment (and a runic) worth naming."""
"""The longest look a save may hold."""


@dataclass(frozen=True)
class Catalogue:
    """What content hides: the unidentified kinds and the looks each category deals."""

    kinds: tuple[ItemKind, ...] = ()
    looks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Category -> looks to deal (at least as many as the category has kinds)."""

    @functools.cached_property
    def keys(self) -> dict[str, list[str]]:
        """Category -> the keys of its hidden kinds, sorted: the order looks are dealt in
        (worked out once: every new game deals)."""
        return {c: sorted(k.key for k in self.kinds if k.category == c) for c in UNIDENTIFIED}


@dataclass
class Identity:
    """The look dealt to each hidden kind, by key, and the keys the player knows."""

    looks: dict[str, str] = field(default_factory=dict)
    known: set[str] = field(default_factory=set)

    @classmethod
    def deal(cls, seed: int, catalogue: Catalogue) -> Identity:
        """This game's looks: each category's looks shuffled and dealt in key order."""
        stream = rngs.stream(seed, "looks")
        looks: dict[str, str] = {}
        for category, kinds in catalogue.keys.items():
            pool = catalogue.looks.get(category, ())
            if len(pool) < len(kinds):
                raise ValueError(f"{len(kinds)} kinds of {category} but {len(pool)} looks")
            order = stream.permutation(len(pool)).tolist()
            for key, index in zip(kinds, order, strict=False):
                looks[key] = pool[index]
        return cls(looks)

    def is_known(self, kind: ItemKind) -> bool:
        return kind.key not in self.looks or kind.key in self.known

    def learn(self, kind: ItemKind) -> bool:
        """The player now knows ``kind``; True when that is news."""
        if self.is_known(kind):
            return False
        self.known.add(kind.key)
        return True

    def thing(self, item: Item, count: int | None = None) -> Thing:
        """``item`` as an event names it: its kind, how many (``count`` of the stack, or
        all of it), and the look it wears while unknown."""
        known = self.is_known(item.kind)
        look = "" if known else self.looks[item.kind.key]
        quantity = item.count if count is None else count
        if known and item.known and item.kind.category in GROWS:
            return Thing(item.kind.key, quantity, look, item.enchant, item.runic)
        return Thing(item.kind.key, quantity, look)

    def state(self) -> tuple[object, ...]:
        return (sorted(self.looks.items()), sorted(self.known))


def display_key(identity: Identity, kind: ItemKind) -> str:
    """The look (and sprite) key to draw ``kind`` with: its own once known, else its
    category's unknown look, so the colour of an unknown potion gives nothing away."""
    return kind.key if identity.is_known(kind) else f"unknown_{kind.category}"

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

from emberdeep.engine.core import rng as rngs
from emberdeep.engine.core.events import Thing
from emberdeep.engine.things.items import UNIDENTIFIED, Item, ItemKind
from emberdeep.records import Record

MAX_LOOK = 40
GROWS = frozenset({"weapon", "armor", "ring", "staff", "wand"})
"""Categories whose items carry an enchantment (and a runic) worth naming."""
"""The longest look a save may hold."""


@dataclass(frozen=True, eq=False, repr=False)
class Catalogue(Record):
    """What content hides: the unidentified kinds and the looks each category deals."""

    kinds: tuple[ItemKind, ...] = ()
    looks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Category -> looks to deal (at least as many as the category has kinds)."""

    @functools.cached_property
    def keys(self) -> dict[str, list[str]]:
        """Category -> the keys of its hidden kinds, sorted: the order looks are dealt in
        (worked out once: every new game deals)."""
        return {c: sorted(k.key for k in self.kinds if k.category == c) for c in UNIDENTIFIED}

    @functools.cached_property
    def hidden(self) -> frozenset[str]:
        """The keys a deal gives a look to (every one of ``keys``): whether a kind is
        known needs no deal."""
        return frozenset(key for keys in self.keys.values() for key in keys)

    def check(self) -> None:
        """Refuse a catalogue with fewer looks than kinds in a category."""
        for category, kinds in self.keys.items():
            pool = self.looks.get(category, ())
            if len(pool) < len(kinds):
                raise ValueError(f"{len(kinds)} kinds of {category} but {len(pool)} looks")

    def dealt(self, seed: int) -> dict[str, str]:
        """Game ``seed``'s looks: each category's looks shuffled by the seed's own stream
        (``rng.stream(seed, "looks")``), dealt in key order."""
        stream = rngs.stream(seed, "looks")
        looks: dict[str, str] = {}
        for category, kinds in self.keys.items():
            pool = self.looks.get(category, ())
            order = stream.permutation(len(pool)).tolist()
            for key, index in zip(kinds, order, strict=False):
                looks[key] = pool[index]
        return looks


class Identity:
    """The look dealt to each hidden kind, by key, and the keys the player knows.

    A new game's looks are dealt when first read (``looks``), not when the game is
    made: dealing draws from a stream of its own (a tenth of a new game's time), so when
    it happens changes nothing, and an agent's episode that never names an unknown item
    never pays for it. Until then the catalogue says which kinds are hidden."""

    def __init__(self, looks: dict[str, str] | None = None, known: set[str] | None = None):
        self._looks: dict[str, str] = {} if looks is None else looks
        self.known: set[str] = set() if known is None else known
        self._pending: tuple[int, Catalogue] | None = None
        """(seed, catalogue) of a deal not made yet."""

    @classmethod
    def deal(cls, seed: int, catalogue: Catalogue) -> Identity:
        """This game's looks: each category's looks shuffled and dealt in key order
        (when first read; a catalogue short of looks is refused now)."""
        catalogue.check()
        identity = cls()
        identity._pending = (seed, catalogue)
        return identity

    @property
    def looks(self) -> dict[str, str]:
        """Hidden kind's key -> its look in this game."""
        if self._pending is not None:
            seed, catalogue = self._pending
            self._pending = None
            self._looks = catalogue.dealt(seed)
        return self._looks

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Identity):
            return NotImplemented
        return (self.looks, self.known) == (other.looks, other.known)

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def __repr__(self) -> str:
        return f"Identity(looks={self.looks!r}, known={self.known!r})"

    def is_known(self, kind: ItemKind) -> bool:
        hidden = self._looks if self._pending is None else self._pending[1].hidden
        return kind.key not in hidden or kind.key in self.known

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

"""Creatures: the player and monsters. Stats are copied from a content template so play
(level-ups, equipment) can change them without touching the template."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

import msgspec

from emberdeep.engine.core.events import Who
from emberdeep.records import Shown

PLAYER_ID = 1
"""Floors number their monsters from 2; the player is always 1."""
MAX_LEVEL = 1000
MAX_STAT = 1_000_000
"""Play saturates here (a level-up or a kill adds nothing past them), so every game
stays within what a save may hold and loads again; the loader allows twice ``MAX_STAT``
for what equipment adds on top."""


def saturating(value: int, gain: int) -> int:
    return min(MAX_STAT, value + gain)


class Mode(str, Enum):
    """What a monster is up to, set by the engine alone (``engine/monsters/minds.py`` and the
    world's turn) and read by everyone else: the sidebar, look, the bot, agents. A mode
    changes with a ``ModeChanged`` event. Each is its own string (``str``, not
    ``StrEnum``: Python 3.10 is supported), so saves and replays spell it as before."""

    ASLEEP = "asleep"
    WANDERING = "wandering"
    """Awake, and not (or no longer) aware of the player."""
    HUNTING = "hunting"
    """Knows where the player is (``Actor.hunting`` counts the turns it keeps knowing)."""
    FLEEING = "fleeing"
    GUARDING = "guarding"
    """Stands over something until roused (``ActorKind.guards``)."""
    ALLY = "ally"
    """On the player's side (``engine/chase/allies.py``): follows, or waits where told
    (``Actor.stays``), and fights the hostile."""
    CAPTIVE = "captive"
    """In shackles: does nothing, is left alone, and joins whoever frees it
    (``Actor.shackles``)."""

    def __str__(self) -> str:
        """Its value, as a plain string would print (words and messages use it)."""
        return self.value


HUNT_MEMORY = 10
"""Turns a monster keeps hunting after it last saw the player."""
AWARE = (Mode.HUNTING, Mode.FLEEING)
"""The modes of a monster that knows where the player is: exactly those with ``hunting``
turns left."""
UNALIGNED = (Mode.ALLY, Mode.CAPTIVE)
"""The modes of a creature that is not the player's foe: the sight of the player, an
alarm or a pack's call never set it hunting, and it is never dormant (a far-away
sleeper may be cheap to skip; an ally following the player, never)."""


class Ability(msgspec.Struct, frozen=True):
    """One thing a kind can do, as content gives it: a name in the engine's registry
    (``engine/monsters/abilities.py``), how often it is tried when its condition holds, and its
    numbers (checked on load against what the ability declares)."""

    name: str
    rate: int = 100
    """Percent of the turns its condition holds on which it is used."""
    values: Mapping[str, int | str] = msgspec.field(default_factory=dict)

    def number(self, name: str) -> int:
        value = self.values[name]
        assert isinstance(value, int)
        return value

    def text(self, name: str) -> str:
        return str(self.values[name])


class KeepsDistance(msgspec.Struct, frozen=True):
    """A monster that hangs back between ``near`` and ``far`` tiles from the player while
    ``reason`` holds: "always", "shot" (it has a clear shot) or "allies" (others of its
    side are near to hide behind)."""

    near: int
    far: int
    reason: str = "always"


class ActorKind(msgspec.Struct, frozen=True):
    """A creature as content describes it. Times are in world time units (100 = normal)."""

    key: str
    name: str
    hp: int
    defense: int
    power: int
    move_time: int = 100
    attack_time: int = 100
    xp: int = 0
    moves: str = "chase"
    """Its way of moving when it hunts: "chase" (the shared distance map, round others
    when blocked) or "still" (never moves)."""
    strays: int = 0
    """Percent of its moves that go astray (a bat's flitting)."""
    flees_below: int = 0
    """Percent of its health under which it runs (0: it never does)."""
    keeps_distance: KeepsDistance | None = None
    guards: int = 0
    """Tiles from it within which the player rouses it; 0: it does not stand guard."""
    abilities: tuple[Ability, ...] = ()
    """What it can do besides moving and striking, in the order it considers them."""
    leaves_remains: bool = True
    """False for what is only conjured (a spectral blade): it vanishes when it dies."""
    sleeps: int = 0
    """Percent chance to be found asleep on a new floor."""
    spawn: tuple[tuple[int, int], ...] = ()
    """Its spawn weights by depth, as (from_depth, weight) steps (``spawning.ByDepth``):
    what arrives on a floor over time is drawn by them too."""
    verb: str = "hit"
    """What its blow is called: "hit", "bite", "sting", "touch" (the log, and animation)."""
    plural: str = ""
    """How the log names more than one, when the regular rule is wrong ("Wolves")."""
    article: str = ""
    """"a" or "an" when the spelling misleads, "the" for a unique creature (``grammar``)."""
    habitat: str = ""
    """Where the floor builder puts it: "" (open floor), "water" (in deep water, and
    nowhere on a floor without any) or "wall" (in a niche dug into a room's wall). A kind
    with a habitat never arrives by the stairs and never follows the player on them."""
    band: tuple[str, ...] = ()
    """The kinds placed round it when the floor builder places it (a war party)."""

    def ability(self, name: str) -> Ability | None:
        """Its ability called ``name``, if it has one."""
        return next((a for a in self.abilities if a.name == name), None)

    @property
    def reach(self) -> int:
        """How far it can strike from (1: only in melee): for whoever must decide whether
        to wait for it or close in."""
        return max((a.number("reach") for a in self.abilities if a.name == "shoot"), default=1)


@dataclass(slots=True, eq=False, repr=False)
class Actor(Shown):
    """A live creature, the player too: its own copy of its kind's stats (level-ups and
    bites change them), where it stands, when it next acts and what it is up to."""

    id: int
    kind: str
    name: str
    x: int
    y: int
    hp: int
    max_hp: int
    defense: int
    power: int
    move_time: int
    attack_time: int
    xp: int
    mode: Mode = Mode.WANDERING
    """What it is up to (``Mode``); the player's is always wandering."""
    blocks: bool = True
    next_time: int = 0
    """World time at which this actor is due to act again."""
    confused: int = 0
    """Turns of random stumbling left."""
    hunting: int = 0
    """Turns a monster keeps chasing after losing sight of the player."""
    detour: int = 0
    """Turns left walking around other creatures instead of straight at the player."""
    level: int = 1
    statuses: dict[str, int] = field(default_factory=dict)
    """Status name -> turns left (``engine/creatures/statuses.py``; confusion is ``confused``)."""
    shackles: int = 0
    """A captive: the turns of work left to free it (0 for everyone else)."""
    stays: bool = False
    """An ally told to wait where it is rather than follow (``allies.Order``)."""
    loot: str = ""
    """The item kind a thief snatched from the player's pack and carries (one of a
    potion or a scroll: nothing else about it to keep), dropped where it dies
    (``monsters/thieves.py``); "" for none."""
    ablaze_by: int = 0
    """While it burns: the id of the creature whose fire set it ablaze (a potion or a
    bolt aimed at it), whose kill its death by burning is; 0 for nobody's."""
    _who: Who | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def spawn(cls, actor_id: int, kind: ActorKind, x: int, y: int) -> Actor:
        """A fresh creature of ``kind``, awake (``populate`` decides who sleeps) and
        standing guard if its kind does."""
        return cls(
            id=actor_id, kind=kind.key, name=kind.name, x=x, y=y, hp=kind.hp, max_hp=kind.hp,
            defense=kind.defense, power=kind.power, move_time=kind.move_time,
            attack_time=kind.attack_time, xp=kind.xp,
            mode=Mode.GUARDING if kind.guards else Mode.WANDERING,
        )  # fmt: skip

    @property
    def position(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def who(self) -> Who:
        """How events name it (made once: a creature's id and kind never change, and a
        copy made with ``replace`` starts without it)."""
        who = self._who
        if who is None:
            who = self._who = Who(self.id, self.kind)
        return who

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def is_player(self) -> bool:
        return self.id == PLAYER_ID

    @property
    def asleep(self) -> bool:
        return self.mode == Mode.ASLEEP

    @property
    def friendly(self) -> bool:
        """On the player's side: the player, or an ally."""
        return self.id == PLAYER_ID or self.mode == Mode.ALLY

    @property
    def hostile(self) -> bool:
        """The player's foe: neither on the player's side nor a captive."""
        return self.id != PLAYER_ID and self.mode not in UNALIGNED

    def state(self) -> tuple[object, ...]:
        """Everything that matters for determinism, for ``World.state_hash`` (the
        captive's and the ally's fields only when set, so games recorded before them
        keep their hashes)."""
        return (
            self.id, self.kind, self.name, self.x, self.y, self.hp, self.max_hp, self.defense,
            self.power, self.move_time, self.attack_time, self.xp, self.mode.value, self.blocks,
            self.next_time, self.confused, self.hunting, self.detour, self.level,
            tuple(sorted(self.statuses.items())),
        ) + ((self.shackles, self.stays) if self.shackles or self.stays else ()) + (
            (self.loot,) if self.loot else ()
        ) + ((self.ablaze_by,) if self.ablaze_by else ())  # fmt: skip


class Progression(msgspec.Struct, frozen=True):
    """Experience and levels: the next level costs ``base + factor * level`` experience
    and buys one of three ways to grow, each a trade (issue 41: a choice that changes
    how you play): Constitution (``hp`` more health), Might (``power`` more, and
    ``might_costs`` defense less: a brawler who must kill first) or Agility
    (``defense`` more, and ``agility_costs`` power less: a guard who lets staffs, wands
    and allies do the killing)."""

    base: int = 200
    factor: int = 150
    hp: int = 20
    power: int = 1
    defense: int = 1
    might_costs: int = 0
    agility_costs: int = 0

    def xp_to_next(self, level: int) -> int:
        return self.base + self.factor * level

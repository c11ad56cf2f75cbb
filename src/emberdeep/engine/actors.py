"""Creatures: the player and monsters. Stats are copied from a content template so play
(level-ups, equipment) can change them without touching the template."""

from __future__ import annotations

from dataclasses import dataclass, field

from emberdeep.engine.events import Who

PLAYER_ID = 1
"""Floors number their monsters from 2; the player is always 1."""
MAX_LEVEL = 1000
MAX_STAT = 1_000_000
"""Play saturates here (a level-up or a kill adds nothing past them), so every game
stays within what a save may hold and loads again; the loader allows twice ``MAX_STAT``
for what equipment adds on top."""


def saturating(value: int, gain: int) -> int:
    return min(MAX_STAT, value + gain)


@dataclass(frozen=True)
class ActorKind:
    """A creature as content describes it. Times are in world time units (100 = normal)."""

    key: str
    name: str
    hp: int
    defense: int
    power: int
    move_time: int = 100
    attack_time: int = 100
    xp: int = 0
    behaviour: str = "chase"
    """A name in ``behaviours.BEHAVIOURS`` ("player" for the hero, who is never asked)."""
    sleeps: int = 0
    """Percent chance to be found asleep on a new floor."""
    splits: bool = False
    """Struck in melee and not killed, it divides: half its health goes to a twin."""
    thorns: int = 0
    """Damage done to whoever strikes it in melee (fight it from afar)."""
    summons: str = ""
    """The kind of creature it calls up (``behaviour = "summoner"``)."""
    inflicts: str = ""
    """A status its blows give when they land (``statuses.STATUSES``: a spider's venom)."""
    inflict_turns: int = 0
    verb: str = "hit"
    """What its blow is called: "hit", "bite", "sting", "touch" (the log, and animation)."""
    plural: str = ""
    """How the log names more than one, when the regular rule is wrong ("Wolves")."""
    article: str = ""
    """"a" or "an" when the spelling misleads, "the" for a unique creature (``grammar``)."""


@dataclass(slots=True, eq=False)
class Actor:
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
    behaviour: str
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
    asleep: bool = False
    """Does nothing until it notices the player (``World`` wakes it); hit for triple damage."""
    statuses: dict[str, int] = field(default_factory=dict)
    """Status name -> turns left (``engine/statuses.py``; confusion is ``confused``)."""
    _who: Who | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def spawn(cls, actor_id: int, kind: ActorKind, x: int, y: int) -> Actor:
        """A fresh creature of ``kind`` (awake: ``populate`` decides who sleeps)."""
        return cls(
            id=actor_id, kind=kind.key, name=kind.name, x=x, y=y, hp=kind.hp, max_hp=kind.hp,
            defense=kind.defense, power=kind.power, move_time=kind.move_time,
            attack_time=kind.attack_time, xp=kind.xp, behaviour=kind.behaviour,
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

    def state(self) -> tuple[object, ...]:
        """Everything that matters for determinism, for ``World.state_hash``."""
        return (
            self.id, self.kind, self.name, self.x, self.y, self.hp, self.max_hp, self.defense,
            self.power, self.move_time, self.attack_time, self.xp, self.behaviour, self.blocks,
            self.next_time, self.confused, self.hunting, self.detour, self.level, self.asleep,
            tuple(sorted(self.statuses.items())),
        )  # fmt: skip


@dataclass(frozen=True)
class Progression:
    """Experience and levels, as in the tutorial: the next level costs
    ``base + factor * level`` experience and lets the player raise one stat."""

    base: int = 200
    factor: int = 150
    hp: int = 20
    power: int = 1
    defense: int = 1

    def xp_to_next(self, level: int) -> int:
        return self.base + self.factor * level

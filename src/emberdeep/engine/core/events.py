"""What happened, as data: the engine's only report of a step.

Every change an observer could notice is one event value naming who, where and the
numbers, never a sentence. The engine emits them all through ``World.emit``, which keeps
those the player perceives (``perception.py`` decides, in one place); the session turns
them into the log's English (``session/narration.py``), the screens animate them and the
agent environment returns them as plain dicts (``as_dict``). A refused action is not an
event but a result of its own (``Refused``), with a reason code the narration words.

Creatures are named by ``Who`` (their id and content kind) and items by ``Thing`` (the
kind, how many, and the look it wore when it happened, so "you drink the murky violet
potion" is still said of a potion the same step identifies). Positions are (x, y).

Adding an event kind: a frozen ``msgspec.Struct`` here, added to ``Event``; where it
happens ``world.emit(...)`` it; ``perception.py`` says what cells it is seen at (and
whether it carries as a sound); ``session/narration.py`` says it in English (or nothing).

Why ``msgspec.Struct`` and not a frozen dataclass: the game makes these forty classes at
every start, before its first frame, and ``msgspec`` makes a class in C (about 8 us)
where ``dataclasses`` compiles and runs methods for each (about 200 us); an event is
also made in C on every step. They behave as the dataclasses did: positional or keyword
fields with defaults, frozen, equal and hashed by their fields, shown as
``Name(field=value, ...)``. ``gc=False``: an event holds only immutable values (ints,
strings, named tuples, tuples of them), so it can never be part of a reference cycle,
and the collector need not track the many each turn makes. Their fields are read with
``declared``, not ``dataclasses.fields``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, NamedTuple

from msgspec import Struct

Cell = tuple[int, int]


class MessageKind(Enum):
    """What a line of the log is about, so screens colour it without reading it. The
    narration gives each line one; it lives here, the lowest layer, because saves keep
    it with the log and palettes colour it. The values are saved, so never renamed."""

    INFO = "info"
    """Plain news: stairs taken, a door opened, a run stopped."""
    REFUSED = "refused"
    """Nothing happened, and it cost no time."""
    PLAYER_ATTACK = "player_attack"
    """The player's blows, missiles and spells landing or missing."""
    ENEMY_ATTACK = "enemy_attack"
    """What hurts the player: blows, arrows, scalding."""
    ENEMY_DIED = "enemy_died"
    """A creature dies."""
    PLAYER_DIED = "player_died"
    STATUS = "status"
    """A status begins or ends, health comes back, a level is gained."""
    ITEM = "item"
    """Picked up, dropped, worn, taken off, thrown, lost."""
    DISCOVERY = "discovery"
    """Something learnt: an item identified, a trap found, what came into view."""
    ALERT = "alert"
    """A danger stirs: a sleeper wakes, an alarm rings, a creature is called up."""


class Who(NamedTuple):
    """A creature in an event: its id on its floor and its content kind ("player" for
    the hero, id 1)."""

    id: int
    kind: str


class Thing(NamedTuple):
    """An item in an event: its kind's key, how many, and its look when the event happened
    ("" when the player knew the kind); for gear and staffs the player knows, its
    enchantment and runic (None: not known, or nothing to know)."""

    kind: str
    quantity: int = 1
    look: str = ""
    enchant: int | None = None
    runic: str = ""


# -- creatures ---------------------------------------------------------------------------


class Moved(Struct, frozen=True, gc=False):
    """One step, door to door included."""

    who: Who
    start: Cell
    end: Cell


class Attacked(Struct, frozen=True, gc=False):
    """A blow or a shot. ``verb`` is the attacker's own blow ("hit", "bite"; "throw" or
    "bump" for a thrown ``thing``); ``shot`` the form of a missile that struck ("arrow",
    "spark"; "" for a blow); ``damage`` is 0 on a miss; ``sneak`` is a sleeper struck for
    more."""

    attacker: Who
    target: Who
    start: Cell
    end: Cell
    hit: bool
    damage: int
    verb: str
    sneak: bool = False
    thing: Thing | None = None
    """What was thrown ("throw", or "bump" for what is no weapon)."""
    shot: str = ""


class Missile(Struct, frozen=True, gc=False):
    """Something flew along ``path`` (first cell next to the thrower, last where it
    stopped): an arrow, a thrown dart (``thing``), a wand's bolt, a spark."""

    who: Who
    path: tuple[Cell, ...]
    form: str
    """"arrow", "spark", "bolt", "thrown"."""
    thing: Thing | None = None


class Area(Struct, frozen=True, gc=False):
    """An effect that filled ``cells`` at once around ``centre`` (an explosion, a cloud)."""

    who: Who | None
    centre: Cell
    cells: tuple[Cell, ...]
    form: str
    """"fire", "gas", "light"."""


class Cloud(Struct, frozen=True, gc=False):
    """A gas was let out at ``at``: ``gas`` is its name ("caustic", "confusion",
    "paralysis", "slowness", "darkness": ``engine/terrain/gas.py``)."""

    at: Cell
    gas: str


class Shattered(Struct, frozen=True, gc=False):
    """A potion (``thing``) thrown by ``who`` broke at ``at`` and burst ``into`` a gas
    (its name) or "fire"."""

    who: Who
    at: Cell
    thing: Thing
    into: str


class Ignited(Struct, frozen=True, gc=False):
    """Fire took hold of ``cells``: ``cause`` is "potion", "bolt", "scroll" (set by
    ``who``, when someone did) or "spread" (from a burning neighbour)."""

    who: Who | None
    cells: tuple[Cell, ...]
    cause: str


class Hurt(Struct, frozen=True, gc=False):
    """Damage that is not a blow: ``cause`` is "fire", "lightning", "bolt", "poison",
    "scald", "fall" or "thrown"; ``source`` did it, when someone did."""

    who: Who
    at: Cell
    amount: int
    cause: str
    source: Who | None = None
    thing: Thing | None = None
    """What struck (a thrown dart), when it was a thing."""


class Died(Struct, frozen=True, gc=False):
    """A creature is dead: ``killer`` when a creature did it; ``vanished`` when nothing
    is left behind (a summoned blade)."""

    who: Who
    at: Cell
    killer: Who | None
    cause: str
    """How the player's death is told in the hall of fame: "a goblin", "poison"..."""
    vanished: bool = False
    means: str = ""
    """A kill by the player's side, by what (``harm.MEANS``): "melee", "thrown",
    "magic" (a staff, wand or scroll), "ally" or "other" (a runic's reprisal...); ""
    when nobody on the player's side did it."""


class Healed(Struct, frozen=True, gc=False):
    """``who`` regained ``amount``: "potion", "mend" (by ``source``), "drain", "runic",
    "breath" (a fleeing monster out of sight catching it)."""

    who: Who
    at: Cell
    amount: int
    cause: str
    source: Who | None = None


class StatusChanged(Struct, frozen=True, gc=False):
    """A status began (``gained``) or ended. ``cause`` says what gave it: "blow" (with
    ``source``, the biter), "potion", "bolt", "trap", "gas", "scroll"; "" when it ran out."""

    who: Who
    at: Cell
    status: str
    gained: bool
    turns: int = 0
    cause: str = ""
    source: Who | None = None


class Teleported(Struct, frozen=True, gc=False):
    """Gone from ``start``, now at ``end``: "blink" (a wisp's), "teleport" (magic),
    "pounce" (a leap to its foe's side)."""

    who: Who
    start: Cell
    end: Cell
    cause: str


class Summoned(Struct, frozen=True, gc=False):
    """``who`` brought forth ``called``: "summon" (calls up), "split" (divides),
    "conjure" (a staff's blades), "plenty" (a double), "polymorph" (``who`` became
    ``called``)."""

    who: Who
    at: Cell
    called: tuple[Who, ...]
    kind: str
    cells: tuple[Cell, ...]
    cause: str


class ModeChanged(Struct, frozen=True, gc=False):
    """A monster's mode changed (``actors.Mode``): woke, noticed the player, fled..."""

    who: Who
    at: Cell
    mode: str
    previous: str
    cause: str = ""
    """"alarm", "called" (by its pack), "struck", "" (it saw the player)."""


class Followed(Struct, frozen=True, gc=False):
    """A monster took the stairs after the player (``way``: "down", "up") and now
    stands at ``at``, next to them: at their heels, or their ``ally``."""

    who: Who
    at: Cell
    way: str
    ally: bool = False


class LeftBehind(Struct, frozen=True, gc=False):
    """The player took the stairs (``way``: "down", "up"; "fell": through the floor,
    where no creature follows) while a following ally at ``at`` could not come along
    (too far; ``stuck``: paralysed, held or confused): it stays on the floor left, until the
    player comes back."""

    who: Who
    at: Cell
    way: str
    stuck: bool = False


class Shackles(Struct, frozen=True, gc=False):
    """The player worked at a captive's shackles: ``left`` turns of work to go."""

    who: Who
    at: Cell
    left: int


class Freed(Struct, frozen=True, gc=False):
    """A captive is free of its shackles and now the player's ally."""

    who: Who
    at: Cell


class Ordered(Struct, frozen=True, gc=False):
    """The player told the allies ``told`` to wait where they are (``stay``) or to
    follow."""

    told: tuple[Who, ...]
    stay: bool


class AllyDied(Struct, frozen=True, gc=False):
    """An ally is dead for good (told beside its ``Died``, for the bond): ``killer``
    when a creature did it, ``cause`` otherwise ("poison", "faded")."""

    who: Who
    at: Cell
    killer: Who | None
    cause: str


# -- things ------------------------------------------------------------------------------


class ItemMoved(Struct, frozen=True, gc=False):
    """An item changed hands: ``change`` is "picked", "dropped", "stolen" (by ``who``, a thief:
    it now lies under it), "swept" (off by deep water, gone), "washed" (off by deep water,
    it lies at ``at`` on the shore), "lost" (fallen below), "caged" (the rest of a choice,
    once one was taken), "wielded", "worn", "unwielded", "removed", "thrown", "landed"
    (thrown, it struck no one and lies at ``at``)."""

    who: Who
    at: Cell
    thing: Thing
    change: str


class ItemUsed(Struct, frozen=True, gc=False):
    """An item was drunk, read, zapped or used (said before what it does). ``charges``:
    for a wand or staff whose kind the player knows, the charges left after this use
    and how many it holds (hand play read "You raise the staff of firebolt [2]" and
    could not tell the charge had gone)."""

    who: Who
    thing: Thing
    category: str
    charges: tuple[int, int] | None = None


class Identified(Struct, frozen=True, gc=False):
    """The player learnt what ``thing`` (in its old look) is: the kind ``thing.kind``.
    ``cause`` is "use" or "scroll"."""

    thing: Thing
    cause: str


class Enchanted(Struct, frozen=True, gc=False):
    """A scroll of enchanting was spent on ``thing`` (as it is now), or, with ``sapped``
    naming who, a creature's touch took a point of it away."""

    thing: Thing
    sapped: Who | None = None


class Corroded(Struct, frozen=True, gc=False):
    """Acid (``who``'s) ate a point of the player's worn ``thing`` (as it is now)."""

    who: Who
    thing: Thing


class RunicFlared(Struct, frozen=True, gc=False):
    """The runic on ``thing`` (worn or wielded by ``who``) did its work on ``target``
    (None: on its wearer), which told the player what it is."""

    who: Who
    target: Who | None
    at: Cell
    runic: str
    thing: Thing


class Grew(Struct, frozen=True, gc=False):
    """A lasting change to the player: a gain from a rare item, "strength" or "health" by
    ``amount``, or a loss (``amount`` below 0) to ``source``'s blow (a vampire's bite)."""

    stat: str
    amount: int
    source: Who | None = None


class Fizzled(Struct, frozen=True, gc=False):
    """An item was used up and did nothing the player could see: "use" (nothing much
    happens), "identify" (nothing to learn), "teleport" (nowhere to go)."""

    thing: Thing
    cause: str


# -- the dungeon -------------------------------------------------------------------------


class DoorOpened(Struct, frozen=True, gc=False):
    who: Who
    at: Cell
    unlocked: bool = False


class TrapFound(Struct, frozen=True, gc=False):
    trap: str
    at: Cell


class TrapSprung(Struct, frozen=True, gc=False):
    """``who`` stepped on a trap: sprung, or (``avoided``) stepped over with care."""

    who: Who
    trap: str
    at: Cell
    avoided: bool = False


class Searched(Struct, frozen=True, gc=False):
    """The player searched and found ``found`` traps (each also a ``TrapFound``)."""

    who: Who
    at: Cell
    found: int


class Alarm(Struct, frozen=True, gc=False):
    """Every creature on the floor woke and came for the player."""

    at: Cell
    cause: str
    """"trap" or "scroll"."""


class TerrainChanged(Struct, frozen=True, gc=False):
    """Cells changed, or became known: "mapped" (a scroll showed the whole floor: no
    ``cells`` stands for all of it)."""

    cells: tuple[Cell, ...]
    cause: str


class StairsTaken(Struct, frozen=True, gc=False):
    """The player left depth ``start`` for ``end``: "down", "up", "fell" (a trapdoor,
    ``cause`` "trapdoor") or a leap into a chasm (``cause`` "chasm")."""

    start: int
    end: int
    way: str
    cause: str = "stairs"


class LevelGained(Struct, frozen=True, gc=False):
    level: int
    stat: str


class Victory(Struct, frozen=True, gc=False):
    """Out of the dungeon with the treasure."""

    depth: int


class Hunger(Struct, frozen=True, gc=False):
    """The player's hunger (``hunger.STATES``) changed: the clock ran down to ``state``
    ("time"), or they ate ``amount`` turns of food ("ate")."""

    state: str
    cause: str = "time"
    amount: int = 0


class Arrived(Struct, frozen=True, gc=False):
    """Something came onto the floor out of the player's view, on their trail: a calm
    floor's visitor (``arrivals.tick``; a climb's hunters are told by the climb). It is
    heard, never seen, so it names no creature: only where it came in (``at``) and its
    ``way``: "down" (by the stairs from above), "up" (by the stairs from below) or ""
    (elsewhere, every cell by the stairs being in view)."""

    at: Cell
    way: str


class Heard(Struct, frozen=True, gc=False):
    """A sound from out of sight: "fighting", "death" (a scream), "blast", "alarm"...
    said once per command. ``at`` is where it came from."""

    noise: str
    at: Cell


Event = (
    Moved | Attacked | Missile | Area | Cloud | Shattered | Ignited | Hurt | Died | Healed
    | StatusChanged | Teleported
    | Summoned | ModeChanged | Followed | LeftBehind | Shackles | Freed | Ordered | AllyDied
    | ItemMoved | ItemUsed | Identified | Enchanted | Corroded | RunicFlared | Grew | Fizzled
    | DoorOpened
    | TrapFound | TrapSprung | Searched | Alarm | TerrainChanged | StairsTaken | LevelGained
    | Victory | Hunger | Heard | Arrived
)  # fmt: skip
EVENT_KINDS: tuple[type[Event], ...] = Event.__args__
"""Every kind, for tests and tools that must cover them all."""


class Refused(Struct, frozen=True, gc=False):
    """The action was impossible and cost no time. ``reason`` is a code from
    ``REFUSALS`` (the narration words it); ``thing`` or ``detail`` fill it in."""

    reason: str
    thing: Thing | None = None
    detail: str = ""


REFUSALS = (
    "blocked", "lava", "dead", "no_target", "no_door", "no_closed_door", "no_locked_door",
    "locked", "need_key", "player_only", "nothing_here", "inventory_full", "no_such_item",
    "no_stairs_down", "no_stairs_up", "need_treasure", "not_ready", "unknown_stat",
    "not_visible", "throw_unseen", "throw_elsewhere", "take_off_first", "throw_it",
    "key_use", "no_charges", "aim_at_creature", "full_health", "nobody_near",
    "select_enemy", "not_yourself", "nobody_in_radius", "treasure", "hesitate",
    "out_of_range", "no_clear_line", "nobody_to_mend", "nothing_to_negate", "nowhere", "no_room",
    "nothing_answers", "nothing_happens", "monster_in_view", "already_rested",
    "choose_item", "cannot_enchant", "aim_elsewhere", "nothing_to_learn", "no_allies",
    "not_hungry", "too_hungry", "sealed", "stairs_not_found",
    "deadly_poison", "monster_aiming", "no_healing",
)  # fmt: skip
"""Every reason an action or a run may be refused for (a monster's are never shown)."""


def declared(kind: type[Event | Refused]) -> tuple[tuple[str, str], ...]:
    """Each field of an event kind, in order, with its type as written here ("Cell",
    "Who | None"): what ``as_dict`` converts by and what the schedule reads to find the
    creatures an event names."""
    annotations = kind.__annotations__
    return tuple((name, annotations[name]) for name in kind.__struct_fields__)


def as_dict(event: Event | Refused) -> dict[str, object]:
    """``event`` as plain data (for agents, tools and files): ``{"type": "Attacked",
    "attacker": {"id": 5, "kind": "orc"}, "end": [3, 4], ...}``."""
    kind = type(event)
    spec = _FIELDS.get(kind)
    if spec is None:
        spec = _FIELDS[kind] = tuple((name, _BY_TYPE.get(type_)) for name, type_ in declared(kind))
    out: dict[str, object] = {"type": kind.__name__}
    for name, convert in spec:
        value = getattr(event, name)
        if convert is not None:
            out[name] = convert(value)
        else:
            out[name] = _plain(value) if isinstance(value, tuple) else value
    return out


_BY_TYPE: dict[str, Callable[[Any], object]] = {"Cell": list, "Who": Who._asdict}
"""The fields whose type says how to convert them (most of every step's events: who
moved, from and to), without ``_plain``'s tests; the rest go through ``_plain``."""
_FIELDS: dict[type, tuple[tuple[str, Callable[[Any], object] | None], ...]] = {}
"""Each kind's field names and converters, found once (every agent step converts its
events)."""
_RECORDS = (Who, Thing)
"""A tuple, not ``Who | Thing``: that union is a new object on every call."""


def _plain(value: tuple[object, ...]) -> object:
    """A tuple as plain data: a creature or item a dict, anything else a list."""
    if isinstance(value, _RECORDS):
        return value._asdict()
    return [_plain(v) if isinstance(v, tuple) else v for v in value]

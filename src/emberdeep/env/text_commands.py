"""Text commands for ``Emberdeep-Text-v0``, parsed into the environment's action numbers.

Commands (case and the articles "the", "a", "an" do not matter)::

    move north | go south-west | north | ne       step (or attack what stands there)
    attack the orc | attack orc | attack          hit a creature next to you
    wait | search | pick up | descend | ascend | look | help
    map                                           the whole remembered floor (no time)
    quaff b | drink b | read c | zap d | wear e | wield e | use f
    read the scroll labelled "ZELGO MER"           an item by (part of) its name
    drop b | throw b                               (throw: at the nearest foe it reaches)
    level up power | level up hp | level up defense

A command that cannot be carried out as written gets a ``CommandError`` whose message
says why and what would work; the environment passes no time for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import ascii_lowercase

from emberdeep.engine.acts.actions import DIRECTIONS
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.play.world import World
from emberdeep.env.actions import NUMBERS
from emberdeep.session.names import describe

DIRECTION_NAMES: dict[str, tuple[int, int]] = {
    "north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
    "north-east": (1, -1), "north-west": (-1, -1), "south-east": (1, 1), "south-west": (-1, 1),
}  # fmt: skip
SHORT = {"n": "north", "s": "south", "e": "east", "w": "west", "ne": "north-east",
         "nw": "north-west", "se": "south-east", "sw": "south-west"}  # fmt: skip
SIMPLE = {
    "wait": "wait", "rest": "wait", "search": "search", "pick up": "pick_up",
    "pickup": "pick_up", "get": "pick_up", "take": "pick_up", "descend": "descend",
    "go down": "descend", "down": "descend", "ascend": "ascend", "go up": "ascend",
    "up": "ascend", "climb": "ascend",
}  # fmt: skip
USES: dict[str, tuple[str, ...]] = {
    "quaff": ("potion",), "drink": ("potion",), "read": ("scroll",), "zap": ("wand",),
    "wear": (), "wield": (), "remove": (), "take off": (), "use": (),
}  # fmt: skip
"""Verb -> the item categories it takes (empty: any; wear and wield: what can be worn)."""
STATS = {"hp": "hp", "health": "hp", "power": "power", "strength": "power",
         "defense": "defense", "defence": "defense"}  # fmt: skip
HELP = (
    "Commands: move <north|south|east|west|north-east|...>, attack <creature>, wait, "
    "search, pick up, descend, ascend, look, quaff/read/zap/wear/wield/use <letter or "
    "name>, drop <letter>, throw <letter>, level up <hp|power|defense>, map (the whole "
    "remembered floor), help."
)
COMMANDS = (
    "move north", "go south-west", "north", "ne", "attack the orc", "attack", "wait",
    "search", "pick up", "descend", "ascend", "look", "help", "map", "quaff b", "read c",
    "read the scroll labelled \"ZELGO MER\"", "zap d", "wear e", "wield e", "use f",
    "drop b", "throw b", "level up power",
)  # fmt: skip
"""Every form the documentation shows (a test parses each)."""


ARTICLES = ("the", "a", "an", "to", "at")


class CommandError(ValueError):
    """The command cannot be carried out as written; the message is for the agent."""


@dataclass(frozen=True)
class Parsed:
    """An action number for the environment, or ``help`` (no action at all)."""

    action: int | None
    help: bool = False
    floor_map: bool = False
    """``map``: the whole remembered floor, no action."""


def normalise(text: str) -> list[str]:
    words = text.strip().lower().replace("northeast", "north-east").replace(
        "northwest", "north-west").replace("southeast", "south-east").replace(
        "southwest", "south-west").split()  # fmt: skip
    # An article is dropped unless it is the last word: "read a" reads slot a.
    last = len(words) - 1
    return [w for n, w in enumerate(words) if n == last or w not in ARTICLES]


def parse(text: object, world: World) -> Parsed:
    """The action ``text`` asks for in ``world``; ``CommandError`` if there is none."""
    if not isinstance(text, str) or not text.strip():
        raise CommandError("Say what to do (try 'help').")
    words = normalise(text)
    phrase = " ".join(words)
    if phrase == "help":
        return Parsed(None, help=True)
    if phrase in ("map", "whole map", "floor map"):
        return Parsed(None, floor_map=True)
    if phrase == "look":
        return Parsed(NUMBERS["look"])
    if phrase in SIMPLE:
        return Parsed(NUMBERS[SIMPLE[phrase]])
    if words[0] in ("move", "go", "walk", "step") and len(words) == 2:
        return Parsed(move(words[1]))
    if len(words) == 1 and (words[0] in DIRECTION_NAMES or words[0] in SHORT):
        return Parsed(move(words[0]))
    if words[0] in ("attack", "fight", "hit", "kill"):
        return Parsed(attack(" ".join(words[1:]), world))
    if words[:2] == ["level", "up"] and len(words) == 3 and words[2] in STATS:
        return Parsed(NUMBERS[f"level_up_{STATS[words[2]]}"])
    verb, rest = words[0], words[1:]
    if phrase.startswith("take off "):
        verb, rest = "take off", words[2:]
    if verb in USES or verb in ("drop", "throw"):
        if not rest:
            raise CommandError(f"{verb.capitalize()} what? Name an item by its letter.")
        slot = item_slot(text, rest, world, USES.get(verb, ()), verb)
        base = {"drop": "drop", "throw": "throw"}.get(verb, "use")
        return Parsed(NUMBERS[f"{base}_{slot}"])
    raise CommandError(f"Unknown command {text.strip()!r}. {HELP}")


def move(name: str) -> int:
    name = SHORT.get(name, name)
    if name not in DIRECTION_NAMES:
        raise CommandError(f"{name!r} is not a direction: north, south-east, ... or n, se, ...")
    return DIRECTIONS.index(DIRECTION_NAMES[name])


def attack(name: str, world: World) -> int:
    """A step into the named creature next to the player (any one, if unnamed)."""
    floor, player = world.floor, world.player
    near = [
        a for a in floor.actors.values()
        if a.alive and a is not player and in_sight(floor, a)
        and max(abs(a.x - player.x), abs(a.y - player.y)) == 1
    ]  # fmt: skip
    named = [a for a in near if not name or name in (a.name.lower(), a.kind.lower())]
    if not named:
        who = f"no {name}" if name else "nobody"
        beside = ", ".join(a.name for a in near)
        raise CommandError(
            f"There is {who} next to you" + (f" (next to you: {beside})." if beside else ".")
        )
    target = min(named, key=lambda a: a.id)
    return DIRECTIONS.index((target.x - player.x, target.y - player.y))


def item_slot(
    text: str, words: list[str], world: World, categories: tuple[str, ...], verb: str
) -> int:
    """The slot named by a letter, or by (part of) the item's name as the player knows
    it ("scroll labelled zelgo mer"); checked against what the verb takes."""
    items = world.inventory
    if len(words) == 1 and len(words[0]) == 1 and words[0] in ascii_lowercase:
        slot = ascii_lowercase.index(words[0])
        if slot >= len(items):
            raise CommandError(f"You carry nothing as {words[0]!r}.")
    else:
        wanted = " ".join(words).replace('"', "").replace("'", "")
        names = [describe(world.identity, i).lower().replace('"', "") for i in items]
        matches = [n for n, name in enumerate(names) if wanted in name]
        if not matches:
            raise CommandError(f"You carry nothing called {wanted!r}.")
        slot = matches[0]
    item = items[slot]
    if categories and item.kind.category not in categories:
        name = describe(world.identity, item)
        raise CommandError(f"You cannot {verb} {name}: it is not a {' or '.join(categories)}.")
    if verb in ("wear", "wield", "remove", "take off") and not item.kind.facts.worn:
        raise CommandError(f"You cannot {verb} {describe(world.identity, item)}.")
    return slot

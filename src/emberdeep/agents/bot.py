"""A headless player for soak runs, benchmarks, replay tests and the agent environment's
baseline policy (``env/baseline.py``).

It sends only the actions a player can (``Move``, ``Use``, ``Descend``...), chosen from
what the player can see, so it exercises the game the way people do: it explores, fights
what it meets, drinks when hurt, reads scrolls at monsters, zaps wands and throws darts,
tries unknown potions and scrolls when it is safe (and so learns them), never uses what
it knows to be bad, wears better gear, rests before going on, creeps past strong
sleepers, searches for traps before leaving a floor, spends its levels, goes down the
stairs, and once it holds the treasure climbs back out. Where the only way on is
through a known danger (deep water, a found trap), it says yes and takes it, as a
person asked by a run would. It is deterministic: the same
seed plays the same game. ``build`` makes it always raise one stat (for the balance
figures: no single stat should win), or mix them ("mixed"). It explores every room, as
a person does (``WaySense.explore``); ``rest_to_full`` makes it rest to full after every
fight, as a careful person does. Every
way of playing does what anyone would before taking the Heart (which stops healing):
rests to full and eats if the stomach has room; so the variants differ only in how they
play the floors, which is what ``emberdeep balance`` compares.

``Bot`` holds the bot's state and the order of its decisions (``choose``); the decisions
themselves come from the three parts it is made of, each a module: where to go
(``bot_ways.WaySense``), what to make of its pack (``bot_items.ItemSense``) and how to
fight (``bot_fights.FightSense``).
"""

from __future__ import annotations

import collections

import numpy as np

from emberdeep.agents.bot_fights import FightSense
from emberdeep.agents.bot_items import ItemSense, feeds, wins
from emberdeep.agents.bot_ways import WaySense, wades_with_food
from emberdeep.content import loader
from emberdeep.engine.acts.actions import (
    LEVEL_UP_STATS,
    Descend,
    Drop,
    LevelUp,
    PlayerCommand,
    Use,
    Wait,
)
from emberdeep.engine.acts.item_actions import Search
from emberdeep.engine.core import rng
from emberdeep.engine.core.distance import distance_map
from emberdeep.engine.core.events import Event
from emberdeep.engine.creatures import hunger
from emberdeep.engine.play import autopilot
from emberdeep.engine.play.autopilot import Stop
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import INVENTORY_SIZE
from emberdeep.session.driver import Driver

SEARCHES = 3
"""Searches before leaving each floor."""
REST_BELOW = 0.5
"""With nobody in sight, the bot waits to heal up to this share before going on (the
time is paid in food and in what a calm floor draws; ``rest_to_full`` rests to full)."""
WADE_FED = 0.5
"""Before wading deep water with food, it eats when the stomach holds at least this
share of it: less is wasted than the current would likely take."""
FLEE_UP = 0.5
"""Carrying the Heart (no healing but potions) and under this share of health, it runs
for the up stairs past whatever is in view rather than fight it (on the stairs a foe
beside it follows; one further back is left behind)."""
BUILDS = ("mixed", *LEVEL_UP_STATS)
POLICIES = ("mixed", "weapon", "armor", "staffs")
"""Where the bot spends its scrolls of enchanting: its weapon first, its armour first,
its staffs (and allies) first, or each in turn."""
FREES_CAPTIVES = frozenset({"staffs", "mixed"})
"""The policies that free the captives they find: allies-and-staffs first, and mixed."""


class Bot(FightSense, ItemSense, WaySense):
    """A deterministic player: its state, and ``choose``, which asks its parts in turn
    (levels, gear, fights, items, rest, ways) and takes the first answer."""

    def __init__(
        self,
        seed: int,
        build: str = "mixed",
        policy: str = "mixed",
        *,
        rest_to_full: bool = False,
        stair_dance: bool = False,
    ) -> None:
        goal = loader.load().population.goal
        self.goal_depth = goal.depth if goal is not None else 10**6
        """It goes no deeper than the treasure: the win is what it plays for."""
        self.rng = rng.stream(seed, "bot")
        self.patience = 0
        self.searched: dict[int, int] = {}
        """Searches made on each depth."""
        self.build = build
        self.policy = policy
        self.rest_below = 1.0 if rest_to_full else REST_BELOW
        self.stair_dance = stair_dance
        self.dancing = False
        """It went up or down the stairs to shake a foe: it goes straight back."""
        self.worn: tuple[object, ...] = ()
        """The pack and strength it last chose what to wear from."""
        self.enchanted: dict[str, int] = {}
        """Scrolls of enchanting spent, by the category of what they went on."""
        self.last_seen: tuple[int, int] | None = None
        self.chasing = 0
        """Turns it keeps going to where it last saw what it was after (so stepping out
        of sight does not turn it back, and back again, for ever)."""
        self.pursued = collections.Counter[int]()
        """Turns it has walked toward each foe, by id (``PURSUIT_TURNS``)."""
        self.items_used: dict[str, int] = {}
        self.leaving = 0
        """The depth whose unexplored rest lies past deep water or a trap: left for the
        stairs."""
        self.lurked: dict[int, set[tuple[int, int]]] = {}
        """Where lurkers showed themselves, by depth (``WaySense.shunned``)."""
        self.refusals = 0
        """Refused commands in a row: after two, it stops reaching for items."""
        self.left_behind: set[int] = set()
        """Captives whose only way lies along a lurker's shore (``free_captives``)."""
        self.frees_captives = policy in FREES_CAPTIVES
        """Whether it walks to the captives it knows of and frees them (``free_captives``)."""

    def choose(self, world: World) -> PlayerCommand:
        """The next command (``decide``), but never food carried into deep water that
        could have been eaten first."""
        command = self.decide(world)
        if wades_with_food(world, command):
            return self.eat_with_room(world, WADE_FED) or command
        return command

    def decide(self, world: World) -> PlayerCommand:
        player = world.player
        if world.can_level_up:
            if self.build in LEVEL_UP_STATS:
                return LevelUp(self.build)
            return LevelUp(LEVEL_UP_STATS[player.level % 3])
        enemies = self.visible_enemies(world)
        worn = (world.strength, *((id(i), i.enchant, i.known, i.equipped) for i in world.inventory))
        if worn != self.worn and not self.acid_beside(world, enemies):  # what to wear
            # changes only when the pack or strength does (and no blade beside acid)
            for wearing in (True, False):  # what comes off first: putting a ring on
                for slot, item in enumerate(world.inventory):  # takes off the oldest
                    worn_now = item.equipped is wearing and item.kind.facts.worn
                    if worn_now and self.better(world, slot) != item.equipped:
                        return Use(slot)
            self.worn = worn
        dance = self.dance(world, enemies)
        if dance is not None:
            return dance
        spend = self.enchant(world)
        if spend is not None:
            return spend
        sustain = self.sustain(world, bool(enemies))
        if sustain is not None:
            return sustain
        if enemies and self.find(world, wins) is not None and player.hp < player.max_hp * FLEE_UP:
            return self.climb_out(world)  # the Heart stops healing: run for the stairs
        if enemies:
            return self.fight(world, enemies)
        self.patience = 0
        chase = self.round_the_corner(world)
        if chase is not None:
            return chase
        away = self.out_of_danger(world)
        if away is not None:
            return away
        junk = self.junk(world) if len(world.inventory) >= INVENTORY_SIZE - 1 else None
        if junk is not None:
            return Drop(junk)  # room for food and better things
        carrying = self.find(world, wins) is not None
        hungry = hunger.state(world.nourishment) and self.find(world, feeds) is None
        treasure = None if carrying else self.known_treasure(world)
        rest_below = 1.0 if treasure is not None else self.rest_below
        if player.hp < player.max_hp * rest_below and not (carrying or hungry):
            return self.off_the_water(world) or Wait()  # (the Heart stops healing by
            # rest: with it, climb on; nor does a hungry bot with nothing to eat wait for
            # its wounds to close; nor does it rest where an eel may bite; and every bot
            # rests to full before it takes the Heart, as anyone would)
        if self.frees_captives and (freeing := self.free_captives(world)) is not None:
            return freeing
        if carrying or world.depth > self.goal_depth:
            return self.climb_out(world)  # out with it, or back up after a fall too far
        if treasure is not None:
            return self.eat_with_room(world, 1.0) or self.take(world, treasure)
        trial = self.try_unknown(world)
        if trial is not None:
            return trial
        choice = self.to_a_choice(world)
        if choice is not None:
            return choice
        step = self.explore(world)
        if not isinstance(step, Stop):
            return step
        if step == autopilot.BLOCKED:
            unexplored = ~world.floor.explored
            forced = self.through(
                world, distance_map(autopilot.known_cost(world), unexplored, 2, 3)
            )
            if forced is not None:
                return forced
        if self.searched.get(world.depth, 0) < SEARCHES:
            self.searched[world.depth] = self.searched.get(world.depth, 0) + 1
            return Search()
        if player.position == world.floor.stairs and world.depth < self.goal_depth:
            return Descend()
        if world.depth < self.goal_depth:
            jump = self.to_chasm(world)  # the stairs out of reach: down the quick way
            if jump is not None:
                return jump
        return self.wander()  # on the goal's floor, the treasure is not found yet


def take_turn(driver: Driver, bot: Bot) -> list[Event]:
    """One player turn: the bot's choice, or a wait if the game refused it (a refused
    action costs no time, and choosing it again would never end). Returns what the
    player perceived of it (the balance tool counts kills by their means)."""
    world = driver.world
    command = bot.choose(world)
    used = world.inventory[command.slot].kind.key if isinstance(command, Use) else ""
    report = driver.command(command)
    if report.refused is not None:
        bot.refusals += 1
        return driver.command(Wait()).events
    bot.refusals = 0
    if used:
        bot.items_used[used] = bot.items_used.get(used, 0) + 1
    return report.events


def random_seed(base: int, game: int) -> int:
    """The seed of game ``game`` of a soak run started from ``base``."""
    return int(np.random.SeedSequence([base, game]).generate_state(1, np.uint64)[0] >> 1)

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
figures: no single stat should win), or mix them ("mixed").
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.content import loader
from emberdeep.engine import autopilot, hunger, rng, statuses
from emberdeep.engine.actions import (
    DIRECTIONS,
    LEVEL_UP_STATS,
    Ascend,
    Descend,
    Drop,
    LevelUp,
    Move,
    PickUp,
    PlayerCommand,
    Use,
    Wait,
)
from emberdeep.engine.actors import Actor, Mode
from emberdeep.engine.autopilot import Stop
from emberdeep.engine.distance import distance_map
from emberdeep.engine.floor import Tile
from emberdeep.engine.gas import HARMFUL
from emberdeep.engine.item_actions import THROW_RANGE, Search, Throw
from emberdeep.engine.items import INVENTORY_SIZE, SLOT_SIZES, Item, bonus
from emberdeep.engine.magic import first_in_line
from emberdeep.engine.runics import RUNICS
from emberdeep.engine.world import World
from emberdeep.session.driver import Driver

LOW_HEALTH = 0.25
SAFE_HEALTH = 0.7
"""Unknown potions and scrolls are tried only above this share of health, alone."""
BAD = frozenset({"poisoned", "confused", "paralysed", "slowed"})
"""Statuses the bot never gives itself on purpose."""
BAD_EFFECTS = frozenset({"aggravate", "gas"})
KEEPS = frozenset({"food", "key", "treasure", "enchant", "heal", "strength", "life"})
"""What the bot never drops to make room."""
SEARCHES = 3
"""Searches before leaving each floor."""
REST_BELOW = 0.5
"""With nobody in sight, the bot waits to heal up to this share before going on (food
is the clock: resting to full after every fight is what it cannot afford)."""
SNEAK_PAST = 3
"""A sleeper that would take more than this many of the bot's average blows is left
asleep."""
BUILDS = ("mixed", *LEVEL_UP_STATS)
POLICIES = ("mixed", "weapon", "armor", "staffs")
"""Where the bot spends its scrolls of enchanting: its weapon first, its armour first,
its staffs (and allies) first, or each in turn."""
ENCHANT_ORDER: dict[str, tuple[str, ...]] = {
    "weapon": ("weapon", "armor", "ring", "staff"),
    "armor": ("armor", "weapon", "ring", "staff"),
    "staffs": ("staff", "armor", "ring", "weapon"),
}
ATTACK_STAFFS = frozenset({"bolt", "arc"})
FREES_CAPTIVES = frozenset({"staffs", "mixed"})
"""The policies that free the captives they find: allies-and-staffs first, and mixed."""
DANCE_HEALTH = 0.5
"""With ``stair_dance``, below this share of health with a foe in view, the bot takes
the stairs it stands by and comes straight back (the exploit it measures)."""
CHASE_TURNS = 10


class Bot:
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
        self.items_used: dict[str, int] = {}
        self.leaving = 0
        """The depth whose unexplored rest lies past deep water or a trap: left for the
        stairs."""
        self.refusals = 0
        """Refused commands in a row: after two, it stops reaching for items."""
        self.frees_captives = policy in FREES_CAPTIVES
        """Whether it walks to the captives it knows of and frees them (``free_captives``)."""

    def choose(self, world: World) -> PlayerCommand:
        player = world.player
        if world.can_level_up:
            if self.build in LEVEL_UP_STATS:
                return LevelUp(self.build)
            return LevelUp(LEVEL_UP_STATS[player.level % 3])
        worn = (world.strength, *((id(i), i.enchant, i.known, i.equipped) for i in world.inventory))
        if worn != self.worn:  # what to wear changes only when the pack or strength does
            for slot, item in enumerate(world.inventory):
                kind = item.kind
                if kind.effect == "equip" and self.better(world, slot) != item.equipped:
                    return Use(slot)
            self.worn = worn
        enemies = self.visible_enemies(world)
        dance = self.dance(world, enemies)
        if dance is not None:
            return dance
        spend = self.enchant(world)
        if spend is not None:
            return spend
        sustain = self.sustain(world, bool(enemies))
        if sustain is not None:
            return sustain
        if enemies:
            return self.fight(world, enemies)
        self.patience = 0
        if self.chasing and self.last_seen is not None:  # after it, round the corner
            self.chasing -= 1
            step = autopilot.travel_action(world, self.last_seen, dare=True)
            if not isinstance(step, Stop):
                return step
        away = self.out_of_danger(world)
        if away is not None:
            return away
        junk = self.junk(world) if len(world.inventory) >= INVENTORY_SIZE - 1 else None
        if junk is not None:
            return Drop(junk)  # room for food and better things
        carrying = self.find(world, "treasure") is not None
        hungry = hunger.state(world.nourishment) and self.find(world, "food") is None
        if player.hp < player.max_hp * self.rest_below and not (carrying or hungry):
            return Wait()  # (the Heart stops healing by rest: with it, climb on; nor
            # does a hungry bot with nothing to eat wait for its wounds to close)
        if self.frees_captives and (freeing := self.free_captives(world)) is not None:
            return freeing
        if carrying or world.depth > self.goal_depth:
            return self.climb_out(world)  # out with it, or back up after a fall too far
        treasure = self.known_treasure(world)
        if treasure is not None:
            return self.take(world, treasure)
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

    def explore(self, world: World) -> PlayerCommand | Stop:
        """Explore round deep water, traps and gas; once the rest of the floor lies only
        beyond them, leave it for the known stairs (deep water washes a pack's stacks
        away: bots starved with their rations gone downstream), and wade only where
        there is no other way on."""
        if self.leaving != world.depth:
            step = autopilot.explore_action(world)
            if step != autopilot.RISKY:
                return step
            self.leaving = world.depth  # (or it steps to and fro between the two goals)
        floor, player = world.floor, world.player
        if floor.explored[floor.stairs]:
            if player.position == floor.stairs:
                return Stop("explored_stairs")
            way = autopilot.travel_action(world, floor.stairs)
            if way == autopilot.RISKY:  # the stairs only through it: wade
                way = autopilot.travel_action(world, floor.stairs, dare=True)
            if not isinstance(way, Stop):
                return way
        return autopilot.explore_action(world, dare=True)

    @staticmethod
    def out_of_danger(world: World) -> PlayerCommand | None:
        """A step toward the nearest cell out of harmful gas, when it stands in some:
        nobody rests in a cloud of poison (deep water and traps it crosses on purpose)."""
        floor = world.floor
        if not floor.gas_active or floor.gas[world.player.position] < HARMFUL:
            return None
        danger = floor.gas >= HARMFUL
        safe = floor.walkable & floor.explored & ~danger
        dist = distance_map(floor.walkable.astype(np.int32), safe, 2, 3)
        return autopilot.downhill(world, dist)

    @staticmethod
    def to_chasm(world: World) -> PlayerCommand | None:
        floor = world.floor
        chasms = (floor.tiles == Tile.CHASM) & floor.explored
        if not chasms.any():
            return None
        cost = (floor.walkable & floor.explored).astype(np.int32)
        dist = distance_map(cost, chasms, 2, 3)
        player, best, step = world.player, int(dist[world.player.position]), None
        for dx, dy in DIRECTIONS:
            x, y = player.x + dx, player.y + dy
            if floor.in_bounds(x, y) and floor.is_free(x, y) and int(dist[x, y]) < best:
                best, step = int(dist[x, y]), Move(dx, dy)
        return step

    @staticmethod
    def to_a_choice(world: World) -> PlayerCommand | None:
        """One of a vault's choice (the first it knows of, as they lie) and the way to it,
        when there is room in the pack and a way; explore never takes one."""
        floor, player = world.floor, world.player
        if len(world.inventory) >= INVENTORY_SIZE:
            return None
        for item in floor.items:
            if not item.choice or not floor.explored[item.position]:
                continue
            if item.position == player.position:
                return PickUp()
            step = autopilot.travel_action(world, item.position, dare=True)
            if not isinstance(step, Stop):
                return step
        return None

    def junk(self, world: World) -> int | None:
        """A slot it would miss least: a known kind it never uses on itself (poison,
        caustic gas, aggravation...), a spent wand, spare armour or weapon; else, when
        food lies in sight and it has none to stack it on, the newest unworn thing it
        can spare (never food, keys, healing, the currency)."""
        identity = world.identity
        for slot, item in enumerate(world.inventory):
            kind = item.kind
            bad = kind.effect in BAD_EFFECTS or (kind.effect == "status" and kind.status in BAD)
            if bad and kind.category in ("potion", "scroll") and identity.is_known(kind):
                return slot
            if kind.category == "wand" and identity.is_known(kind) and item.charges <= 0:
                return slot
        spares = [
            slot
            for slot, item in enumerate(world.inventory)
            if item.kind.slot in ("weapon", "armor") and not item.equipped
        ]
        if spares:
            return spares[-1]
        floor = world.floor
        carries_food = any(i.kind.effect == "food" for i in world.inventory)
        food_seen = any(
            i.kind.effect == "food" and floor.explored[i.position] and not i.dropped
            for i in floor.items
        )
        if carries_food or not food_seen:
            return None
        rest = [  # food it cannot stack lies in sight: the newest thing it can spare
            slot
            for slot, item in enumerate(world.inventory)
            if not item.equipped and item.kind.effect not in KEEPS
        ]
        return rest[-1] if rest else None

    @staticmethod
    def known_treasure(world: World) -> tuple[int, int] | None:
        floor = world.floor
        for item in floor.items:
            if item.kind.effect == "treasure" and floor.explored[item.position]:
                return item.position
        return None

    def take(self, world: World, where: tuple[int, int]) -> PlayerCommand:
        """Make room in a full pack (away from the treasure, or it would pick up what it
        dropped), go to the treasure and pick it up."""
        if len(world.inventory) >= INVENTORY_SIZE and world.player.position != where:
            spare = [s for s, item in enumerate(world.inventory) if not item.equipped]
            return Drop(spare[-1])
        if world.player.position != where:
            step = autopilot.travel_action(world, where, dare=True)
            return step if not isinstance(step, Stop) else self.wander()
        return PickUp()

    def climb_out(self, world: World) -> PlayerCommand:
        """With the treasure: to the up stairs of every floor, and up (exploring first
        where the known map does not reach them: after a fall, say)."""
        if world.player.position == world.floor.start:
            return Ascend()
        for step in (
            autopilot.travel_action(world, world.floor.start, dare=True),
            self.through(world, autopilot.travel_map(world, world.floor.start)),
            autopilot.explore_action(world, pick_up=False, dare=True),
        ):
            if step is not None and not isinstance(step, Stop):
                return step
        return self.wander()

    @staticmethod
    def through(world: World, dist: NDArray[np.int32]) -> PlayerCommand | None:
        """The step down ``dist`` even if a creature stands there (moving into it attacks
        it): a sleeper it meant to creep past, lying in the only doorway, gets fought."""
        player, floor = world.player, world.floor
        best, step = int(dist[player.position]), None
        for dx, dy in DIRECTIONS:
            x, y = player.x + dx, player.y + dy
            if floor.in_bounds(x, y) and floor.walkable[x, y] and int(dist[x, y]) < best:
                best, step = int(dist[x, y]), Move(dx, dy)
        return step

    def fight(self, world: World, enemies: list[Actor]) -> PlayerCommand:
        player = world.player
        nearest = min(enemies, key=lambda m: max(abs(m.x - player.x), abs(m.y - player.y)))
        gap = max(abs(nearest.x - player.x), abs(nearest.y - player.y))
        if gap <= 1:
            return Move(nearest.x - player.x, nearest.y - player.y)
        ranged = None if self.refusals >= 2 else self.ranged(world, nearest, gap)
        if ranged is not None:
            return ranged
        for effect, reach in (("lightning", 5), ("fireball", 99), ("confusion", 99)):
            if self.refusals >= 2:
                break  # its items keep being refused here: go and fight instead
            slot = self.find(world, effect)
            if slot is None or gap > reach:
                continue
            if effect == "fireball" and gap <= world.inventory[slot].kind.radius:
                continue  # too close: it would burn us too
            target = None if effect == "lightning" else nearest.position
            return Use(slot, target)
        self.patience += 1
        if self.patience < 3 and world.kinds[nearest.kind].reach <= 1:
            return Wait()  # let it come to us (but never stand and be shot)

        def order(m: Actor) -> tuple[bool, int]:  # who can hurt it from afar first
            return world.kinds[m.kind].reach <= 1, max(abs(m.x - player.x), abs(m.y - player.y))

        for foe in sorted(enemies, key=order)[:3]:  # the first it can get to
            step = autopilot.travel_action(world, foe.position, dare=True)
            if not isinstance(step, Stop):
                if foe.position != self.last_seen:  # a new lead (never the same one for ever)
                    self.last_seen, self.chasing = foe.position, CHASE_TURNS
                return step
        explore = autopilot.explore_action(world, dare=True)  # no way to any: explore on
        return explore if not isinstance(explore, Stop) else self.wander()

    def wander(self) -> PlayerCommand:
        return Move(*DIRECTIONS[int(self.rng.integers(len(DIRECTIONS)))])

    def ranged(self, world: World, target: Actor, gap: int) -> PlayerCommand | None:
        """A known good potion before a fight, a wand with charges (known or not), or
        something to throw, at ``target`` ``gap`` tiles away."""
        haste = self.find(world, "status", statuses.HASTED)
        if haste is not None and not statuses.has(world.player, statuses.HASTED):
            return Use(haste)
        if first_in_line(world.floor, world.player.position, target.position) is not target:
            return None  # a wall or another creature in the way
        for slot, item in enumerate(world.inventory):
            category, effect = item.kind.category, item.kind.effect
            if item.charges > 0 and (
                category == "wand" or (category == "staff" and effect in ATTACK_STAFFS)
            ):  # every wand helps, and every staff that strikes
                return Use(slot, target.position)
        if gap <= THROW_RANGE:
            for slot, item in enumerate(world.inventory):
                if item.kind.effect == "thrown" and not item.equipped:
                    return Throw(slot, target.position)
        return None

    def sustain(self, world: World, fighting: bool) -> PlayerCommand | None:
        """Badly hurt in a fight, it drinks healing (else an unknown potion, as a
        gamble; out of a fight it rests instead); hungry, it eats (in a fight only once
        weak with hunger)."""
        player = world.player
        if fighting and player.hp < player.max_hp * LOW_HEALTH:
            potion = self.find(world, "heal")
            if potion is None:
                potion = self.unknown(world, "potion")
            if potion is not None:
                return Use(potion)
        state = hunger.state(world.nourishment)
        if not state or (fighting and state == "hungry"):
            return None
        slot = self.find(world, "food")
        return None if slot is None else Use(slot)

    def try_unknown(self, world: World) -> PlayerCommand | None:
        """Alone and healthy: read an unknown scroll or drink an unknown potion, to learn
        it (identify first, when known)."""
        player = world.player
        if player.hp < player.max_hp * SAFE_HEALTH:
            regen = self.find(world, "status", statuses.REGENERATING)
            return Use(regen) if regen is not None and player.hp < player.max_hp // 2 else None
        if any(not world.identity.is_known(i.kind) for i in world.inventory):
            identify = self.find(world, "identify")
            if identify is not None:
                return Use(identify)
        for category in ("scroll", "potion"):
            slot = self.unknown(world, category)
            if slot is not None:
                return Use(slot)
        return None

    @staticmethod
    def unknown(world: World, category: str) -> int | None:
        """The first unknown item of ``category`` that needs no aim."""
        for slot, item in enumerate(world.inventory):
            kind = item.kind
            unknown = kind.category == category and not world.identity.is_known(kind)
            if unknown and kind.targeting == "none":
                return slot
        return None

    def free_captives(self, world: World) -> PlayerCommand | None:
        """With no threat in view, the way to the nearest captive it has seen and the
        work at its shackles (a step into it, a turn's work each); None when there is
        none, or no way to one."""
        floor, player = world.floor, world.player
        captives = [
            a
            for a in floor.actors.values()
            if a.alive and a.mode == Mode.CAPTIVE and floor.explored[a.position]
        ]
        if not captives or autopilot.threats(world):
            return None
        nearest = min(captives, key=lambda a: max(abs(a.x - player.x), abs(a.y - player.y)))
        dx, dy = nearest.x - player.x, nearest.y - player.y
        if max(abs(dx), abs(dy)) == 1:
            return Move(dx, dy)
        step = autopilot.travel_action(world, nearest.position, dare=True)
        return None if isinstance(step, Stop) else step

    @staticmethod
    def visible_enemies(world: World) -> list[Actor]:
        """What it means to fight: in view, and not a sleeper too strong to wake."""
        floor, player = world.floor, world.player
        ids = autopilot.visible_monsters(world)
        return [
            floor.actors[i]
            for i in ids
            if floor.actors[i].hostile
            and not (floor.actors[i].asleep and floor.actors[i].hp > SNEAK_PAST * player.power)
        ]

    @staticmethod
    def find(world: World, effect: str, status: str = "") -> int | None:
        """A known item with ``effect`` (and ``status``) that is worth using."""
        for slot, item in enumerate(world.inventory):
            kind = item.kind
            if kind.effect != effect or not world.identity.is_known(kind):
                continue
            if kind.effect in BAD_EFFECTS or (kind.status in BAD and kind.category == "potion"):
                continue
            if status and kind.status != status:
                continue
            return slot
        return None

    @staticmethod
    def better(world: World, slot: int) -> bool:
        """Whether the item in ``slot`` should be worn: the best the bot knows of for
        its slot by power and defense as they would count (a known bad one never; an
        unknown one is worth trying over a plain one; two rings)."""
        item = world.inventory[slot]
        if item.known and (item.enchant < 0 or (item.runic and RUNICS[item.runic].bad)):
            return False
        rivals = [i for i in world.inventory if i.kind.slot == item.kind.slot and i is not item]
        worth = Bot.worth(world, item)
        better_rivals = sum(
            1 for i in rivals if (Bot.worth(world, i), i.equipped) > (worth, item.equipped)
        )
        return better_rivals < SLOT_SIZES[item.kind.slot]

    @staticmethod
    def worth(world: World, item: Item) -> int:
        """What wearing ``item`` seems worth: its power and defense, its enchantment
        counted only when known (an unknown one as if +0), a ring's by its points."""
        if not item.known and item.kind.slot != "ring":
            probe = Item(item.kind)
        elif not item.known:
            probe = Item(item.kind, enchant=1)
        else:
            probe = item
        gain = bonus(probe, world.strength)
        runic = 2 if probe.runic and not RUNICS[probe.runic].bad else 0
        other = gain.regeneration // 25 + gain.recharging // 20 - gain.noise // 3
        return 2 * gain.power + 2 * gain.defense - gain.move_time // 10 + runic + other

    def enchant(self, world: World) -> PlayerCommand | None:
        """A scroll of enchanting, spent by the policy: on the first worn (or carried)
        item of the first category in its order; "mixed" goes round them."""
        scroll = next(
            (s for s, i in enumerate(world.inventory) if i.kind.effect == "enchant"), None
        )
        if scroll is None:
            return None
        order: tuple[str, ...] | None = ENCHANT_ORDER.get(self.policy)
        if order is None:  # mixed: the category with the fewest scrolls so far
            order = tuple(sorted(("weapon", "armor", "ring", "staff"), key=self.spent_on))
        for category in order:
            candidates = [
                (not i.equipped, i.kind.amount <= 0, -i.capacity, s)  # a staff that
                # hurts before one that slows or entrances
                for s, i in enumerate(world.inventory)
                if i.kind.category == category
                and (i.equipped or category == "staff")
                and (category != "staff" or i.kind.effect in ATTACK_STAFFS)
            ]
            if candidates:
                slot = min(candidates)[-1]
                self.enchanted[category] = self.spent_on(category) + 1
                return Use(scroll, on=slot)
        return None

    def spent_on(self, category: str) -> int:
        return self.enchanted.get(category, 0)

    def dance(self, world: World, enemies: list[Actor]) -> PlayerCommand | None:
        """With ``stair_dance``: hurt, with a foe in view, standing on stairs, take them;
        and having taken them so, take them straight back."""
        player, floor = world.player, world.floor
        if self.dancing:
            self.dancing = False
            if player.position == floor.stairs and world.depth < self.goal_depth:
                return Descend()
            if player.position == floor.start and world.depth > 1:
                return Ascend()
        if not (self.stair_dance and enemies and player.hp < player.max_hp * DANCE_HEALTH):
            return None
        if player.position == floor.stairs:
            self.dancing = True
            return Descend()
        if player.position == floor.start and world.depth > 1:
            self.dancing = True
            return Ascend()
        return None


def take_turn(driver: Driver, bot: Bot) -> None:
    """One player turn: the bot's choice, or a wait if the game refused it (a refused
    action costs no time, and choosing it again would never end)."""
    world = driver.world
    command = bot.choose(world)
    used = world.inventory[command.slot].kind.key if isinstance(command, Use) else ""
    if driver.command(command).refused is not None:
        bot.refusals += 1
        driver.command(Wait())
        return
    bot.refusals = 0
    if used:
        bot.items_used[used] = bot.items_used.get(used, 0) + 1


def random_seed(base: int, game: int) -> int:
    """The seed of game ``game`` of a soak run started from ``base``."""
    return int(np.random.SeedSequence([base, game]).generate_state(1, np.uint64)[0] >> 1)

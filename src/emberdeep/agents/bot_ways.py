"""How the bot gets about a floor: exploring round deep water, traps and gas (and leaving
a floor whose rest lies only beyond them), stepping out of harmful gas, reaching a
vault's choice, the treasure, the captives it frees, the up stairs with the treasure,
a chasm when the stairs are out of reach, and a step through a creature when that is
the only way on. Deep water is waded with food only where it must be (and then fed
first when there is room: ``ItemSense.before_wading``).

These are the bot's decisions about where to go, apart from what it fights and what
it does with its pack; ``Bot`` (``agents/bot.py``) orders them in its ``choose``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.acts.actions import DIRECTIONS, Ascend, Drop, Move, PickUp, PlayerCommand
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.distance import distance_map
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import statuses
from emberdeep.engine.monsters import lurkers
from emberdeep.engine.play import approach, autopilot
from emberdeep.engine.play.autopilot import Stop
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain import danger
from emberdeep.engine.things.items import INVENTORY_SIZE

LURK_BERTH = 4
"""How far along the shore from where a lurker showed itself the bot keeps off (it swims
to its foe under the water)."""


class WaySense:
    """The bot's ways about a floor, a part of ``Bot``, which holds the state they read."""

    rng: np.random.Generator
    leaving: int
    lurked: dict[int, set[tuple[int, int]]]
    left_behind: set[int]
    goal_depth: int

    def explore(self, world: World) -> PlayerCommand | Stop:
        """Explore round deep water, traps and gas; once the rest of the floor lies only
        beyond them, leave it for the known stairs (deep water washes a pack's stacks
        away: bots starved with their rations gone downstream), and wade only where
        there is no other way on. It explores every room, past found traps and gas too,
        as a person does (but no careful player wades with their food): leaving a
        floor's rest beyond them, the bot won half as often as the one that went on
        (15% of 100 games on seed 40 to 33%). On the
        treasure's floor there is no leaving: it explores on, through what it must
        (bots that left its rest beyond deep water wandered there till they starved)."""
        shun = self.shunned(world)  # (and off a lurker's shore where there is a way)
        if world.depth >= self.goal_depth:
            return autopilot.explore_action(world, dare=True, shun=shun)
        if self.leaving != world.depth:
            step = autopilot.explore_action(world, shun=shun)
            if not autopilot.is_risky(step):
                return step
            dared = autopilot.explore_action(world, dare=True, shun=shun)
            if isinstance(dared, Move) and not (wading(world, dared) or ashore(world, dared, shun)):
                return dared  # past a found trap or gas, never through deep water nor
                # along a lurker's shore (careful bots went back to it after every rest)
            self.leaving = world.depth  # (or it steps to and fro between the two goals)
        floor, player = world.floor, world.player
        if floor.explored[floor.stairs]:
            if player.position == floor.stairs:
                return Stop("explored_stairs")
            way = autopilot.travel_action(world, floor.stairs, shun=shun)
            if autopilot.is_risky(way):  # the stairs only through it: wade
                way = autopilot.travel_action(world, floor.stairs, dare=True, shun=shun)
            if not isinstance(way, Stop):
                return way
        return autopilot.explore_action(world, dare=True, shun=shun)

    @staticmethod
    def out_of_danger(world: World) -> PlayerCommand | None:
        """A step toward the nearest cell out of fire or harmful gas, when it stands in
        some: nobody rests in a cloud of poison or in flames (deep water and traps it
        crosses on purpose)."""
        floor = world.floor
        hazards = danger.current(floor)
        if hazards is None or not hazards[world.player.position]:
            return None
        safe = floor.walkable & floor.explored & ~hazards
        dist = distance_map(floor.walkable.astype(np.int32), safe, 2, 3)
        return autopilot.downhill(world.floor, world.player, dist)

    @staticmethod
    def off_the_water(world: World) -> PlayerCommand | None:
        """A step toward the nearest seen tile no lurker can strike (``lurkers.shore``),
        when it stands where one can: nobody rests where something may strike from under
        the water (careful bots that rested on a shore with no dry step beside it were
        bitten at every rest until they starved)."""
        floor, player = world.floor, world.player
        water = floor.tiles == Tile.DEEP_WATER
        reach = lurkers.shore(floor) | water
        if not reach[player.position]:
            return None
        ground = floor.walkable & floor.explored & ~water
        dist = distance_map(ground.astype(np.int32), ground & ~reach, 2, 3)
        return autopilot.downhill(floor, player, dist)

    def shunned(self, world: World) -> NDArray[np.bool_] | None:
        """The shore (``lurkers.shore``) within ``LURK_BERTH`` of where a lurker showed
        itself on this floor: explore and travel go round it when they can, and stop
        before it when they cannot (``leaving`` the floor's rest, as for deep water)."""
        seen = self.lurked.get(world.depth)
        if not seen:
            return None
        near = np.zeros(world.floor.tiles.shape, dtype=np.bool_)
        for x, y in seen:
            b = LURK_BERTH
            near[max(0, x - b) : x + b + 1, max(0, y - b) : y + b + 1] = True
        return near & lurkers.shore(world.floor)

    @staticmethod
    def off_the_shore(world: World) -> PlayerCommand | None:
        """A step to a seen free tile no lurker can strike, when it stands where one can."""
        floor, player = world.floor, world.player
        reach = lurkers.shore(floor)
        if not reach[player.position]:
            return None
        for dx, dy in DIRECTIONS:
            x, y = player.x + dx, player.y + dy
            dry = floor.tiles[x, y] != Tile.DEEP_WATER
            if floor.is_free(x, y) and floor.explored[x, y] and dry and not reach[x, y]:
                return Move(dx, dy)
        return None

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
            if not isinstance(step, Stop) and not wades_with_food(world, step):
                return step
        return None

    @staticmethod
    def known_treasure(world: World) -> tuple[int, int] | None:
        floor = world.floor
        for item in floor.items:
            if item.kind.facts.wins and floor.explored[item.position]:
                return item.position
        return None

    def take(self, world: World, where: tuple[int, int]) -> PlayerCommand:
        """Make room in a full pack (away from the treasure, or it would pick up what it
        dropped), go to the treasure and pick it up."""
        if len(world.inventory) >= INVENTORY_SIZE and world.player.position != where:
            spare = [s for s, item in enumerate(world.inventory) if not item.equipped]
            return Drop(spare[-1])
        if world.player.position != where:
            return self.toward(world, where)
        return PickUp()

    def climb_out(self, world: World) -> PlayerCommand:
        """With the treasure: to the up stairs of every floor, and up (exploring first
        where the known map does not reach them: after a fall, say)."""
        if world.player.position == world.floor.start:
            return Ascend()
        return self.toward(world, world.floor.start)

    def toward(self, world: World, where: tuple[int, int]) -> PlayerCommand:
        """A step on the way to ``where``: over the known map, through a creature in
        the way, or exploring where the known map does not reach it (the Heart seen
        across a chasm sent the bot wandering at random for 15,000 turns)."""
        for step in (
            autopilot.travel_action(world, where, dare=True),
            self.through(world, autopilot.travel_map(world, where)),
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

    def wander(self) -> PlayerCommand:
        return Move(*DIRECTIONS[int(self.rng.integers(len(DIRECTIONS)))])

    def free_captives(self, world: World) -> PlayerCommand | None:
        """With no threat in view, the way to the nearest captive it has seen and the
        work at its shackles (a step into it, a turn's work each); None when there is
        none, or no way to one off a lurker's shore."""
        floor, player = world.floor, world.player
        captives = [
            a
            for a in floor.actors.values()
            if a.alive
            and a.mode == Mode.CAPTIVE
            and floor.explored[a.position]
            and a.id not in self.left_behind
        ]
        if not captives or approach.threats(world):
            return None
        nearest = min(captives, key=lambda a: max(abs(a.x - player.x), abs(a.y - player.y)))
        dx, dy = nearest.x - player.x, nearest.y - player.y
        if max(abs(dx), abs(dy)) == 1:
            return Move(dx, dy)
        shun = self.shunned(world)  # not along a lurker's shore: bitten, the bot
        # stepped off, rested and came back the same way until it starved
        step = autopilot.travel_action(world, nearest.position, dare=True, shun=shun)
        if isinstance(step, Stop) or wades_with_food(world, step):
            return None
        if ashore(world, step, shun):
            self.left_behind.add(nearest.id)  # its only way is the shore: left there
            return None
        return step


def ashore(world: World, step: PlayerCommand | Stop, shun: NDArray[np.bool_] | None) -> bool:
    """Whether ``step`` goes from outside ``shun`` (``WaySense.shunned``) into it."""
    if shun is None or not isinstance(step, Move):
        return False
    player = world.player
    return bool(shun[player.x + step.dx, player.y + step.dy] and not shun[player.position])


def wading(world: World, step: Move) -> bool:
    """Whether ``step`` goes into deep water (a step into a creature there is a blow:
    held by a bog monster, the bot that took it for a wade ate instead, and drowned)."""
    player, floor = world.player, world.floor
    x, y = player.x + step.dx, player.y + step.dy
    return bool(floor.tiles[x, y] == Tile.DEEP_WATER) and floor.blocker_at(x, y) is None


def wades_with_food(world: World, step: PlayerCommand) -> bool:
    """Whether ``step`` takes food into deep water (the current may take it: bots lost
    their only ration so and starved a floor later). What it does not have to reach (a
    vault's choice, a captive, a foe round the corner) is not worth the food."""
    if not isinstance(step, Move) or statuses.has(world.player, statuses.LEVITATING):
        return False
    return wading(world, step) and any(i.kind.facts.feeds for i in world.inventory)

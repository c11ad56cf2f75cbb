"""Auto-explore and travel: choosing the next step from what the player knows.

Both are distance maps (tcod.path) over the tiles the player has seen, so they never use
knowledge the player lacks: unexplored tiles are assumed open until seen. They only
*choose* ordinary actions (``Move``, ``PickUp``); the caller performs them one at a time
with monsters acting in between, which is why the UI, the bot and replays can all use
them and replays need no special support. ``Watch`` holds the disturb rules that stop a
run: a monster comes into view, the player is hurt, an item turns up, the stomach empties
to a worse hunger state (Brogue stops a rest at "Hungry": one press of rest once ran
through every state to starvation), something is heard coming onto the floor.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterable, Mapping

import msgspec
import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.acts.actions import DIRECTIONS, Move, PickUp, PlayerCommand
from emberdeep.engine.chase import allies
from emberdeep.engine.chase.pursuit import gap
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.distance import UNREACHABLE, distance_map
from emberdeep.engine.core.events import Thing
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.creatures import awareness, hunger, statuses
from emberdeep.engine.play.approach import Standoff, threats, visible_monsters
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain import danger
from emberdeep.engine.things.items import INVENTORY_SIZE, MAX_STACK, Item

RISK_COST = 1000
"""Deep water (the current may wash what you carry ashore), a found trap, fire and harmful gas are
crossed only when there is no other way, and a run stops before the first step into
one (``Stop("risky")``, which names it): the player takes that step, or not."""
BERTH = awareness.WAKE_CHANCES[1][0]
"""Auto-explore (given ``sleepers``) keeps this far from a sleeper seen, where each turn's
chance of waking it is small, and stops before it would come closer (``Stop("sleeper")``;
inside it, before any step nearer):
walking up to a sleeper wakes it, and the sneak attack's triple damage is lost."""


def known_cost(world: World) -> NDArray[np.int32]:
    """1 where the player believes they can walk (seen floor, or not seen yet), 0 for
    seen walls; known dangers cost more (``avoid``)."""
    floor = world.floor
    cost = avoid(world, (floor.walkable | ~floor.explored).astype(np.int32))
    for cell in captive_cells(floor):
        cost[cell] = 0  # shackled there for good: a wall to walk round
    return cost


def captive_cells(floor: Floor) -> tuple[tuple[int, int], ...]:
    """Where captives wait in shackles (they never move; what lies under one is out of
    reach until it is freed)."""
    return tuple(a.position for a in floor.actors.values() if a.mode == Mode.CAPTIVE)


def avoid(world: World, cost: NDArray[np.int32]) -> NDArray[np.int32]:
    """``cost`` with what the player knows to fear priced in (``risky``), a locked door a
    wall without a key, a sealed door a wall, and a chasm one unless levitating."""
    floor = world.floor
    known = floor.explored
    if not any(item.kind.effect == "key" for item in world.inventory):
        cost[(floor.tiles == Tile.LOCKED_DOOR) & known] = 0
    cost[(floor.tiles == Tile.SEALED_DOOR) & known] = 0
    if not statuses.has(world.player, statuses.LEVITATING):
        cost[(floor.tiles == Tile.CHASM) & known] = 0  # a walk, not a fall
    cost[risky(world.floor, world.player) & (cost > 0)] = RISK_COST
    return cost


def risky(floor: Floor, player: Actor) -> NDArray[np.bool_]:
    """Where the player knows a step may cost them: seen deep water (unless levitating),
    found traps, fire (unless fireproof: ``danger.harming``) and harmful gas in view."""
    found = np.zeros(floor.tiles.shape, dtype=np.bool_)
    if not statuses.has(player, statuses.LEVITATING):
        found |= (floor.tiles == Tile.DEEP_WATER) & floor.explored
    for trap in floor.traps.values():
        found[trap.position] |= not trap.hidden
    hazards = danger.harming(floor, player)
    if hazards is not None:
        found |= hazards & floor.visible
    return found


def unless_risky(
    floor: Floor,
    player: Actor,
    step: Move,
    shun: NDArray[np.bool_] | None = None,
    swim: bool = False,
) -> Move | Stop:
    """``step``, or a stop before it when it leaves safe ground for a risk (or for a
    tile in ``shun``: a run asks first, the player takes such a step themselves);
    ``swim``: deep water is no stop (the player said yes to swimming across)."""
    there = (player.x + step.dx, player.y + step.dy)
    danger = risky(floor, player) if shun is None else risky(floor, player) | shun
    if swim:
        danger &= floor.tiles != Tile.DEEP_WATER
    if danger[there] and not danger[player.position]:
        return Stop("risky", at=there, risk=risk_at(floor, there))
    return step


def risk_at(floor: Floor, at: tuple[int, int]) -> str:
    """What makes the step onto ``at`` a risk, for the stop's words: a found trap's kind,
    "deep_water", "fire", "gas", or "" (a tile the caller shuns)."""
    trap = floor.traps.get(at)
    if trap is not None and not trap.hidden:
        return trap.kind.key
    if floor.tiles[at] == Tile.DEEP_WATER:
        return "deep_water"
    if floor.fire[at] > 0:
        return "fire"
    hazards = danger.current(floor)
    return "gas" if hazards is not None and hazards[at] else ""


def is_risky(choice: object) -> bool:
    """Whether a run's choice is a stop before a risk (wherever it lies)."""
    return isinstance(choice, Stop) and choice.why == "risky"


def downhill(floor: Floor, player: Actor, dist: NDArray[np.int32]) -> Move | None:
    """The step that most reduces ``dist`` onto a free, seen floor tile (or one an ally
    stands on: the step swaps places), if any."""
    best, best_step = int(dist[player.position]), None
    for dx, dy in DIRECTIONS:
        x, y = player.x + dx, player.y + dy
        free = floor.in_bounds(x, y) and floor.explored[x, y] and passable(floor, x, y)
        if free and int(dist[x, y]) < best:
            best, best_step = int(dist[x, y]), Move(dx, dy)
    return best_step


def passable(floor: Floor, x: int, y: int) -> bool:
    """Free, or held by an ally (walking into it swaps places)."""
    if floor.is_free(x, y):
        return True
    ally = floor.blocker_at(x, y)
    return ally is not None and ally.mode == Mode.ALLY and floor.walkable.item(x, y)


class Stop(msgspec.Struct, frozen=True):
    """Why a run (explore, travel, rest) stops, as data for the narration: ``why`` is
    "monsters" (``monsters`` in view, by kind and count, nearest first), "items"
    (``things`` in view), "badly_hurt" ("badly_hurt_open": and a rest would not heal),
    "hurt", "picked_up", "floor", "blocked",
    "no_way", "risky" (the way on is through a known danger, the step onto ``at``, of
    kind ``risk``: ``risk_at``; "risky_stairs": and the stairs down can be reached
    without one), "arrived",
    "explored_stairs", "explored", "rested", "freed" (the captive worked at is free, or
    gone), "interrupted", "sleeper" (the way on passes close to the sleepers in
    ``monsters``, the nearest remembered at ``at``), "ally_behind" (the allies in
    ``monsters`` fell behind), or a worse hunger state ("hungry", "weak", "faint"), or
    "arrival" (something came onto the floor on the player's trail: ``arrivals``)."""

    why: str
    monsters: tuple[tuple[str, int], ...] = ()
    things: tuple[Thing, ...] = ()
    at: tuple[int, int] | None = None
    risk: str = ""


BLOCKED = Stop("blocked")


def travel_map(
    world: World, target: tuple[int, int], shun: NDArray[np.bool_] | None = None
) -> NDArray[np.int32]:
    floor = world.floor
    cost = avoid(world, (floor.walkable & floor.explored).astype(np.int32))
    if shun is not None:
        cost[shun & (cost > 0)] = RISK_COST
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    goals[target] = True
    return distance_map(cost, goals, 2, 3)


def travel_action(
    world: World,
    target: tuple[int, int],
    *,
    dare: bool = False,
    shun: NDArray[np.bool_] | None = None,
    swim: bool = False,
) -> PlayerCommand | Stop:
    """The next step toward ``target`` over explored tiles, or why there is none.
    ``dare``: take a step into a known danger too (the player said yes); ``shun``:
    tiles priced as a danger too (as ``explore_action``'s); ``swim``: deep water is no
    stop (the player said yes to swimming across, asked before the walk began:
    ``way_ahead.risk_ahead``), any other risk still is; deep water keeps its price, so
    a dry way known is still the one taken."""
    floor = world.floor
    if not floor.in_bounds(*target) or not floor.explored[target]:
        return Stop("no_way")
    if world.player.position == target:
        return Stop("arrived")
    dist = travel_map(world, target, shun)
    if dist[world.player.position] == UNREACHABLE:
        return Stop("no_way")
    step = downhill(world.floor, world.player, dist)
    if step is None:
        return BLOCKED
    return step if dare else unless_risky(world.floor, world.player, step, shun, swim)


def explore_action(
    world: World,
    pick_up: bool = True,
    *,
    dare: bool = False,
    sleepers: Mapping[int, tuple[int, int]] | None = None,
    shun: NDArray[np.bool_] | None = None,
    shunned_kinds: bool = False,
    spare: int = 0,
    risky_items: bool = True,
) -> PlayerCommand | Stop:
    """The next step toward the nearest unexplored place (or item worth taking), or why
    exploring stops. When nothing is left, it heads for the stairs if they are known.
    ``dare`` as for ``travel_action``; ``sleepers`` (id -> where each was seen asleep:
    a person's explore, the bot picks its own fights) keeps a ``BERTH`` from them, in
    view or not: a sleeper that went out of sight is still there, and forgetting it would
    send explore back towards it, to stop again when it comes into view. ``shun``: tiles
    priced and stopped before as a known danger is (the bot's shore where a lurker
    showed itself). ``shunned_kinds`` (a person's explore) leaves lying every item of a
    kind the player has dropped on this floor, not only the ones dropped (DCSS's rule:
    hand play dropped potions of slowness to make room, and explore went to pick up
    another). ``spare``: pack slots it leaves free for the player's own choice (a
    person's explore leaves one: with one slot left, hand play's explore took a vault
    key, chain mail and a potion of darkness, and each was dropped again); what stacks
    with something carried is still taken. ``risky_items`` False (a person's explore)
    leaves an item on a found trap or in deep water for the player to fetch (every press
    stopped before a scroll on a tripwire, the rest of the floor unexplored)."""
    floor, player = world.floor, world.player
    room = len(world.inventory) < INVENTORY_SIZE - spare
    stacks = {i.kind.key: i.count for i in world.inventory if i.kind.stacks}
    held = captive_cells(floor)
    shunned = {i.kind.key for i in floor.items if i.dropped} if shunned_kinds else set()
    known_items = [
        i.position
        for i in floor.items
        if floor.explored[i.position] and not floor.mapped[i.position]
        and not (i.dropped or i.choice) and i.position not in held
        and i.kind.key not in shunned
        and (room or stacks.get(i.kind.key, MAX_STACK) + i.count <= MAX_STACK)  # a full
        # pack still takes more of what it stacks
    ]  # fmt: skip
    if not risky_items and known_items:
        known_risk = risky(floor, player)
        known_items = [at for at in known_items if not known_risk[at]]
    wants_items = pick_up and bool(known_items)
    if wants_items and player.position in known_items:
        return PickUp()
    berth = near_sleepers(floor, sleepers.values()) if sleepers else None
    priced = berth if shun is None else shun if berth is None else berth | shun
    dist = _explore_map(world, known_items if wants_items else [], priced)
    if dist[player.position] != UNREACHABLE:
        step = downhill(world.floor, world.player, dist)
        if step is None:
            return BLOCKED
        there = (player.x + step.dx, player.y + step.dy)
        if (
            berth is not None
            and berth[there]
            and (not berth[player.position] or nearer(sleepers or {}, player.position, there))
        ):
            near = min((sleepers or {}).values(), key=lambda at: gap_to(at, there))
            return Stop("sleeper", sleeping_near(floor, sleepers or {}, there), at=near)
        return step if dare else unless_risky(world.floor, world.player, step, shun)
    if floor.explored[floor.stairs] and player.position != floor.stairs:
        action = travel_action(world, floor.stairs, dare=dare, shun=shun)
        if isinstance(action, Move) or is_risky(action):
            return action
    return Stop("explored_stairs" if floor.explored[floor.stairs] else "explored")


def or_stairs(world: World, stop: Stop) -> Stop:
    """A person's explore stopped before a risk (``is_risky``): when the known stairs down
    can be reached without one, by a long dry way round, the stop says so
    ("risky_stairs": hand play was told only of the water while ``>`` would have walked
    to the stairs). What is left to explore is all beyond the risk: a dry way to it
    would cost less than ``RISK_COST`` a step."""
    floor = world.floor
    if not is_risky(stop) or not floor.explored[floor.stairs]:
        return stop
    way = travel_action(world, floor.stairs)
    if isinstance(way, Move) or way == Stop("arrived"):
        return Stop("risky_stairs", at=stop.at, risk=stop.risk)
    return stop


_EXPLORE_MAPS: weakref.WeakKeyDictionary[Floor, tuple[tuple[object, ...], NDArray[np.int32]]]
_EXPLORE_MAPS = weakref.WeakKeyDictionary()
"""Each floor's last explore map and what it was made from: a run asks every step, and
the map changes only when what it is made of does."""


def near_sleepers(floor: Floor, places: Iterable[tuple[int, int]]) -> NDArray[np.bool_]:
    """The tiles within ``BERTH`` of the sleepers at ``places``."""
    near = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for x, y in places:
        near[max(0, x - BERTH) : x + BERTH + 1, max(0, y - BERTH) : y + BERTH + 1] = True
    return near


def nearer(
    sleepers: Mapping[int, tuple[int, int]], here: tuple[int, int], there: tuple[int, int]
) -> bool:
    """Whether a step from ``here`` to ``there`` comes nearer a remembered sleeper: one
    that came into view already within ``BERTH`` (a door opened beside it) stops explore
    too, which once walked on past it and back, waking it."""

    return any(gap_to(there, at) < gap_to(here, at) for at in sleepers.values())


def gap_to(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def sleeping_near(
    floor: Floor, sleepers: Mapping[int, tuple[int, int]], cell: tuple[int, int]
) -> tuple[tuple[str, int], ...]:
    """The kinds of the remembered sleepers within ``BERTH`` of ``cell``, and how many."""
    counts: dict[str, int] = {}
    for actor_id, (x, y) in sleepers.items():
        actor = floor.actors.get(actor_id)
        if actor is not None and max(abs(x - cell[0]), abs(y - cell[1])) <= BERTH:
            counts[actor.kind] = counts.get(actor.kind, 0) + 1
    return tuple(counts.items())


def _explore_map(
    world: World, items: list[tuple[int, int]], berth: NDArray[np.bool_] | None = None
) -> NDArray[np.int32]:
    """Steps to the nearest unexplored tile or item worth taking, over ``known_cost``
    (with the ``berth`` round sleepers priced as a risk): made again only when the
    explored tiles (they only grow, so their count names them), the terrain, the items,
    the found traps, the berth or what the player carries for crossing change; never
    kept while gas drifts or fire burns."""
    floor = world.floor
    key = (
        int(np.count_nonzero(floor.explored)), int(np.count_nonzero(floor.mapped)),
        floor.terrain_version, tuple(items),
        sum(not trap.hidden for trap in floor.traps.values()),
        any(item.kind.effect == "key" for item in world.inventory),
        statuses.has(world.player, statuses.LEVITATING), captive_cells(floor),
        None if berth is None else np.flatnonzero(berth).tobytes(),
    )  # fmt: skip
    kept = None if floor.gas_active or floor.fire_active else _EXPLORE_MAPS.get(floor)
    if kept is not None and kept[0] == key:
        return kept[1]
    goals = ~floor.explored | floor.mapped
    for position in items:
        goals[position] = True
    cost = known_cost(world)
    if berth is not None:
        cost[berth & (cost > 0)] = RISK_COST
    dist = distance_map(cost, goals, 2, 3)
    _EXPLORE_MAPS[floor] = (key, dist)
    return dist


def in_view(floor: Floor) -> list[Item]:
    """The items lying in view."""
    return [item for item in floor.items if floor.visible[item.position]]


def visible_items(floor: Floor) -> int:
    return len(in_view(floor))


def seen(
    floor: Floor, player: Actor, among: Collection[int] | None = None
) -> tuple[tuple[str, int], ...]:
    """The kinds of monster in view (those of ``among`` alone, when given) and how many
    of each, nearest kind first."""
    counts: dict[str, int] = {}
    near: dict[str, int] = {}
    ids = visible_monsters(floor, player)
    for actor_id in ids if among is None else [i for i in ids if i in among]:
        actor = floor.actors[actor_id]
        gap = max(abs(actor.x - player.x), abs(actor.y - player.y))
        counts[actor.kind] = counts.get(actor.kind, 0) + 1
        near[actor.kind] = min(near.get(actor.kind, gap), gap)
    order = sorted(counts, key=lambda kind: near[kind])  # stable: ties in floor order
    return tuple((kind, counts[kind]) for kind in order)


def things(world: World, items: list[Item]) -> tuple[Thing, ...]:
    """Each kind of item in ``items`` once, as the player knows it, with how many lie there."""
    counts: dict[Thing, int] = {}
    for item in items:
        thing = world.identity.thing(item, count=1)
        counts[thing] = counts.get(thing, 0) + item.count
    return tuple(thing._replace(quantity=n) for thing, n in counts.items())


class Watch(msgspec.Struct):
    """The disturb rules of a run of steps: compare the world now with the last check."""

    hp: int
    items_seen: int
    carried: int
    depth: int
    monsters_seen: set[int]
    hunger: str
    """The hunger state (``hunger.STATES``) at the last check."""
    poisoned: bool = False
    """Whether the player was poisoned at the last check: poison's sting since then is
    expected, not a reason to stop (a rest stopped at every sting, step after step)."""
    behind: frozenset[int] = frozenset()
    """The following allies already fallen behind (``lagging``) at the last check: a run
    stops once when one falls behind, not at every step after."""
    calm_since: int = 0
    """When the floor's calm began, at the last check: a later start on the same floor,
    with a creature newer than ``newest``, is an arrival heard (``arrivals.tick``; a
    foe in view begins the calm again too), which stops a run."""
    newest: int = 0
    """The floor's newest creature's id at the last check."""

    @classmethod
    def start(cls, world: World) -> Watch:
        return cls(
            world.player.hp,
            visible_items(world.floor),
            len(world.inventory),
            world.depth,
            set(visible_monsters(world.floor, world.player)),
            hunger.state(world.nourishment),
            statuses.POISONED in world.player.statuses,
            lagging(world.floor, world.player),
            world.floor.calm_since,
            max(world.floor.actors),
        )

    def check(
        self,
        world: World,
        pick_up: bool = True,
        low_hp_percent: int = 0,
        standoff: Standoff | None = None,
        quiet: Collection[int] = (),
    ) -> Stop | None:
        """Why to stop now, or None to go on. Updates what it remembers. Below
        ``low_hp_percent`` of full health a walk stops (rest first); ``standoff`` as
        for ``threats``. Losing health stops it, but for poison's sting. A monster of
        ``quiet`` (sleepers seen before, still asleep: ``sleepers.Sleepers``) coming
        into view again is no news."""
        reason = None
        player = world.player
        items = in_view(world.floor)
        monsters = set(visible_monsters(world.floor, world.player))
        if monsters - self.monsters_seen - set(quiet) or (monsters and threats(world, standoff)):
            reason = Stop("monsters", monsters=seen(world.floor, world.player))
        elif player.alive and player.hp * 100 < player.max_hp * low_hp_percent:
            reason = Stop("badly_hurt" if world.heals_by_resting else "badly_hurt_open")
        elif world.player.hp < self.hp - (statuses.POISON_DAMAGE if self.poisoned else 0):
            reason = Stop("hurt")
        elif hungrier(self.hunger, hunger.state(world.nourishment)):
            reason = Stop(hunger.state(world.nourishment))
        elif world.depth == self.depth and self.arrived(world.floor):
            reason = Stop("arrival")
        elif lag := lagging(world.floor, player) - self.behind:
            reason = Stop("ally_behind", monsters=kinds_of(world.floor, lag))
        elif len(world.inventory) > self.carried:
            reason = Stop("picked_up")  # "You pick up a dart." said it, in its place
        elif not pick_up and len(items) > self.items_seen:
            reason = Stop("items", things=things(world, items))
        elif world.depth != self.depth or not world.player.alive:
            reason = Stop("floor")
        self.hp, self.items_seen = world.player.hp, len(items)
        self.carried, self.depth = len(world.inventory), world.depth
        self.monsters_seen, self.hunger = monsters, hunger.state(world.nourishment)
        self.poisoned = statuses.POISONED in player.statuses
        self.behind = lagging(world.floor, player)
        self.calm_since, self.newest = world.floor.calm_since, max(world.floor.actors)
        return reason

    def arrived(self, floor: Floor) -> bool:
        return floor.calm_since != self.calm_since and max(floor.actors) > self.newest


def lagging(floor: Floor, player: Actor) -> frozenset[int]:
    """The following allies farther from the player than they keep (``allies.LEASH``):
    a run walking on would leave them behind, and the stairs without them."""
    return frozenset(a.id for a in allies.following(floor) if gap(a, player) > allies.LEASH)


def kinds_of(floor: Floor, ids: Collection[int]) -> tuple[tuple[str, int], ...]:
    """The kinds of the creatures ``ids`` and how many of each, in floor order."""
    counts: dict[str, int] = {}
    for actor_id in sorted(ids):
        kind = floor.actors[actor_id].kind
        counts[kind] = counts.get(kind, 0) + 1
    return tuple(counts.items())


def hungrier(before: str, now: str) -> bool:
    """Whether the stomach went from hunger state ``before`` to a worse one (eating
    makes it better: no reason to stop)."""
    return hunger.STATES.index(now) > hunger.STATES.index(before)

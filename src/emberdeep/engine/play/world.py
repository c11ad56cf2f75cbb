"""The game state and the entry points that advance it.

Turn-based play calls ``step(action)``: the player acts, then monsters act until the
player is due again. Real-time play calls ``advance(until)`` from a timer and
``player_act(action)`` whenever the player is due and has pressed a key. Both move the
same clock, so the two modes are one engine.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np

from emberdeep.engine.acts import sorcery  # noqa: F401  (its effects register on import)
from emberdeep.engine.acts.actions import (
    WAIT,
    Action,
    ActionResult,
    Alternative,
    Move,
    PlayerCommand,
    Stumble,
    Succeeded,
)
from emberdeep.engine.acts.struggle import let_go
from emberdeep.engine.core import rng as rngs
from emberdeep.engine.core.actors import (
    MAX_LEVEL,
    PLAYER_ID,
    Actor,
    ActorKind,
    Progression,
    saturating,
)
from emberdeep.engine.core.events import (
    Died,
    Event,
    Heard,
    LevelGained,
    Refused,
    StairsTaken,
    Victory,
)
from emberdeep.engine.core.floor import REMAINS_KEY, Floor, FloorBuilder, Tile
from emberdeep.engine.core.fov import FovSettings, Sight, update_fov
from emberdeep.engine.core.hunt import Hunt
from emberdeep.engine.core.perception import perceive
from emberdeep.engine.core.schedule import Schedule
from emberdeep.engine.creatures import gear, hunger, statuses
from emberdeep.engine.creatures.fellowship import Fellowship
from emberdeep.engine.monsters import abilities, arrivals, monster_turns, stairs
from emberdeep.engine.play.hero import Hero
from emberdeep.engine.play.journal import Journal, encode_action
from emberdeep.engine.terrain import fire, gas, traps
from emberdeep.engine.things import identify, items
from emberdeep.engine.things.identify import Identity, display_key

ACTION_TIME = 100
"""Time one ordinary action takes; all costs are integers on this scale."""
REGEN_FULL = 250
"""Turns the player takes to heal from nothing to full by resting, at any level (1,200
starved careful players, who rest to full after every fight: two of four games played
by hand, and most of the careful bot's deaths at 600; Brogue's is 300; at 450, once
the new monsters of depths 1-16 came, the bot won none of 30 games and got no deeper
than depth 5 on average)..."""
REGEN_FASTEST = 100
"""...and never fewer, however many rings of regeneration."""
HALT_WHEN_HURT = 2
"""The bit of a recorded advance's flags that stops the clock at the first hurt."""
MAX_ALTERNATIVES = 8
"""An action may hand over to another this many times (a guard against a cycle)."""


class World:
    """Everything that is simulated. Deterministic: seed + actions decide it all."""

    def __init__(
        self,
        seed: int,
        build_floor: FloorBuilder,
        fov: FovSettings | None = None,
        hero: Hero | None = None,
    ) -> None:
        hero = hero or Hero()
        floor = new_floor(build_floor, seed, 1)
        player = Actor.spawn(PLAYER_ID, hero.kind, *floor.start)
        self._assemble(
            seed=seed,
            build_floor=build_floor,
            fov=fov or FovSettings(),
            progression=hero.progression,
            floor=floor,
            player=player,
            kinds=hero.kinds,
        )
        self.identity = identify.Identity.deal(seed, hero.catalogue)
        for kind in hero.start_items:
            self.identity.learn(kind)  # the hero knows their own kit
            item = items.add_to(self.inventory, items.Item(kind))
            if kind.effect == "equip" and item is not None:
                items.toggle_equipment(self, self.player, item)
        self.events.clear()  # the hero starts dressed: nothing to tell
        self.journal.start_fov = [self.fov.algorithm, self.fov.radius, self.fov.light_walls]
        self.enter(floor)

    def _assemble(
        self,
        *,
        seed: int,
        build_floor: FloorBuilder,
        fov: FovSettings,
        progression: Progression,
        floor: Floor,
        player: Actor,
        kinds: Mapping[str, ActorKind],
        rng: np.random.Generator | None = None,
    ) -> None:
        self.seed = seed
        self.kinds = dict(kinds)
        """Every creature kind by key: how each monster here decides, what may be called up."""
        self.build_floor = build_floor
        self.fov = fov
        self.progression = progression
        self.floor = floor
        self.player = player
        self.rng = rngs.stream(seed, "play") if rng is None else rng
        self.time = 0
        self.turn = 0
        self.depth = floor.depth
        self.hunt = Hunt()
        self.inventory: list[items.Item] = []
        self.strength = items.STARTING_STRENGTH
        """The player's strength: heavy gear needs it (``items.effective_enchant``)."""
        self.nourishment = hunger.STOMACH
        """Turns of food in the player's stomach (``engine/creatures/hunger.py``)."""
        self.identity = identify.Identity()
        self.kills: dict[str, int] = {}
        self.fellowship = Fellowship()
        """What the player's allies did: freed, kills, losses
        (``engine/creatures/fellowship.py``)."""
        self.death: Died | None = None
        """How the player died (the event), for the hall of fame and the morgue."""
        self.won = False
        """The player climbed out of the dungeon with the treasure: the game is over."""
        self.kept: dict[int, Floor] = {}
        """Floors the player has left, by depth, as they were left (their creatures wait)."""
        self.schedule = Schedule()
        self.journal = Journal()
        self._recorded: tuple[int, np.random.Generator | None] = (-1, None)
        """The journal's length and the random stream when it last recorded a checksum
        (``_record``)."""
        self._fov_key: tuple[object, ...] = ()
        self._sight = Sight()
        self.events: list[Event] = []
        """What the player perceived since the last ``take_events`` (``emit``)."""
        self._heard: set[str] = set()
        self.idle_kinds: dict[str, bool] = {}
        """Kind key -> whether an unaware monster of it only waits (``monster_turns``)."""

    @classmethod
    def restore(
        cls,
        *,
        seed: int,
        build_floor: FloorBuilder,
        fov: FovSettings,
        progression: Progression,
        floor: Floor,
        kinds: Mapping[str, ActorKind],
    ) -> World:
        """A world around a floor that already holds the player (id 1), as a save left it.
        The caller then sets the clock, the random state (of a ``rngs.blank`` generator),
        the inventory and the kills."""
        world = cls.__new__(cls)
        world._assemble(
            seed=seed,
            build_floor=build_floor,
            fov=fov,
            progression=progression,
            floor=floor,
            player=floor.actors[PLAYER_ID],
            kinds=kinds,
            rng=rngs.blank(),
        )
        world.schedule.reset([a for a in floor.actors.values() if a.alive and a.id != PLAYER_ID])
        world.refresh_fov()
        return world

    def emit(self, event: Event) -> None:
        """Something happened: kept if the player perceives it (``perception``), a sound
        heard from out of sight once per command. A resting monster it names is woken
        (``Schedule.wake_named``)."""
        if self.schedule.resting:
            self.schedule.wake_named(event, self.floor)
        perceived = perceive(self.floor, self.player, event)
        if perceived is None:
            return
        if type(perceived) is Heard:
            if perceived.noise in self._heard:
                return
            self._heard.add(perceived.noise)
        self.events.append(perceived)

    def take_events(self) -> list[Event]:
        """The events perceived since the last call, oldest first; a new command starts
        hearing afresh."""
        events, self.events = self.events, []
        if self._heard:
            self._heard.clear()
        return events

    def enter(self, floor: Floor, at: tuple[int, int] | None = None) -> None:
        """Put the player on ``floor`` at ``at`` (its start by default) and wake its clock.
        A creature standing there (a floor left by a trapdoor keeps no one off its stairs)
        steps aside to the nearest free cell; with none, the player takes that cell."""
        self.floor = floor
        x, y = at or floor.start
        standing = floor.blocker_at(x, y)
        if standing is not None:
            aside = floor.free_near(x, y, reach=8)
            if aside is not None:
                floor.move_actor(standing, *aside)
            else:
                x, y = floor.free_near(x, y, reach=max(floor.tiles.shape)) or (x, y)
        self.player.x, self.player.y = x, y
        floor.add_actor(self.player)
        monsters = [a for a in floor.actors.values() if a.alive and a is not self.player]
        for monster in monsters:
            monster.next_time = max(monster.next_time, self.time)
        self.schedule.reset(monsters)
        self.refresh_fov()

    def set_fov(self, settings: FovSettings) -> None:
        """Change how far and how the player sees (it changes what monsters notice, so
        it is a recorded command)."""
        self.fov = settings
        self.refresh_fov()
        self._record(["f", settings.algorithm, settings.radius, settings.light_walls])

    def _record(self, command: list[object], refused: bool = False) -> None:
        """Journal ``command`` with the checksum after it. A refused command changed
        nothing (``perform``), so it takes the last checksum again, as long as that was
        recorded here with this same stream (a branch's reseed brings a new one): a fifth
        of an agent's random actions are refused, and the checksum was a sixth of
        their cost."""
        journal = self.journal
        if refused and journal.checksums and self._recorded == (journal.total, self.rng):
            checksum = journal.checksums[-1]
        else:
            checksum = self.checksum()
        journal.add(command, checksum)
        self._recorded = (journal.total, self.rng)

    def checksum(self) -> int:
        """A cheap digest taken after every command, to find where a replay diverged."""
        rng_state = self.rng.bit_generator.state["state"]["state"]
        summary = (self.time, self.turn, self.depth, self.player.state(), rng_state)
        return zlib.crc32(repr((summary, len(self.floor.actors), len(self.inventory))).encode())

    def refresh_fov(self) -> None:
        """Recompute FOV only if the viewpoint, the terrain or the settings changed."""
        floor = self.floor
        key = (self.player.position, id(floor), floor.terrain_version, floor.dark_version, self.fov)
        if key != self._fov_key:
            before = floor.visible.copy()
            update_fov(floor, self.player.position, self.fov, self._sight)
            self._fov_key = key
            if self.schedule.resting:
                self.schedule.wake_in_view(floor)
            # What was in view until now (a dart just thrown) and what is now, at once:
            # nothing moves between the two, so one pass over both views is the same.
            np.logical_or(before, floor.visible, out=before)
            remember_items(floor, self.identity, before)

    @property
    def player_due(self) -> bool:
        return self.player.alive and self.player.next_time <= self.time

    def step(self, action: PlayerCommand) -> list[Event] | Refused:
        """Turn-based play: the player acts, then the world runs until the player is due.
        Returns what the player perceived, or why the action was refused (no time
        passed)."""
        refused = self.perform(self.player, action)
        if refused is None:
            monster_turns.advance(self, self.player.next_time, stop_for_player=True)
        self._record(["s", *encode_action(action)], refused is not None)
        return refused or self.take_events()

    def player_act(self, action: PlayerCommand) -> list[Event] | Refused:
        """Resolve the player's action now; an impossible one is refused and costs no time."""
        refused = self.perform(self.player, action)
        self._record(["a", *encode_action(action)], refused is not None)
        return refused or self.take_events()

    def advance(
        self, until: int, stop_for_player: bool = False, halt_when_hurt: bool = False
    ) -> list[Event]:
        """Let monsters act up to time ``until``. With ``stop_for_player``, monsters due at
        the same moment as the player wait for the player (turn-based: the player goes
        first on ties). With ``halt_when_hurt``, the clock stops right after the first
        monster action that hurts the player (real time's pause: the rest wait)."""
        hp = self.player.hp if halt_when_hurt else -1
        monster_turns.advance(self, until, stop_for_player, hp)
        self._record(["t", until, int(stop_for_player) | HALT_WHEN_HURT * halt_when_hurt])
        return self.take_events()

    def perform(self, actor: Actor, action: Action) -> Refused | None:
        """``actor`` does ``action`` (or what it hands over to) and pays its time; what
        happened is emitted. A refused action costs nothing and leaves no events; a free
        one (a level-up) is not a turn."""
        if actor.hp <= 0:
            return Refused("dead")
        if actor.statuses or (actor.confused and actor is self.player):
            instead = statuses.redirect(self, actor, isinstance(action, Move))
            if instead:
                action = WAIT if instead == "wait" else Stumble()
        emitted = len(self.events)
        result = action.perform(self, actor)
        if type(result) is not Succeeded:
            if type(result) is Alternative:
                result = self._follow(result, actor)
            if type(result) is not Succeeded:
                del self.events[emitted:]
                return result if isinstance(result, Refused) else Refused("hesitate")
        cost = result.cost
        if cost:
            if actor.statuses:
                cost = statuses.cost(actor, cost)
            due, now = actor.next_time, self.time
            actor.next_time = (due if due > now else now) + cost
            if actor is self.player:
                self.turn += 1
                self.regenerate()
                self.player_turn()
                self.refresh_fov()
            elif actor.statuses:
                statuses.tick(self, actor)
        return None

    def player_turn(self) -> None:
        """What one player turn does besides the action: statuses run down, gas spreads
        and is breathed, fire spreads and burns, hidden traps next to the player may be
        noticed, something may arrive on a floor that has been calm too long."""
        player = self.player
        if player.statuses or player.confused:
            statuses.tick(self, player)
            let_go(self, player)  # the grip of one no longer beside the player
        if self.floor.gas_active:
            gas.turn(self)
        if self.floor.fire_active:
            fire.turn(self)
        if self.floor.traps and player.alive:
            traps.notice(self)
        if player.alive:
            arrivals.tick(self)
        if self.inventory:
            gear.tick(self)
        if player.alive:
            hunger.tick(self)

    def regenerate(self) -> None:
        """The player heals their whole health over ``REGEN_FULL`` turns at any level
        (faster with a ring of regeneration), a point at a time on the turns the sum
        crosses one; not at all while the Heart keeps the wounds open
        (``heals_by_resting``): the climb is paid for in potions."""
        player = self.player
        if not player.alive or player.hp >= player.max_hp or not self.heals_by_resting:
            return
        full = REGEN_FULL
        if self.inventory:
            faster = items.worn_total(self, "regeneration")
            if faster:
                full = max(REGEN_FASTEST, full * 100 // max(25, 100 + faster))
        turn, most = self.turn, player.max_hp
        gained = turn * most // full - (turn - 1) * most // full
        player.hp = min(most, player.hp + gained)

    @property
    def heals_by_resting(self) -> bool:
        """Whether time heals the player: not while they carry the Heart, nor while it
        lies on their floor where they put it down (a tester dropped it, rested to full
        and took it up again). ``regenerate`` and every refusal or stop that would
        advise a rest ask this one question."""
        if self.inventory and arrivals.carrying_the_heart(self):
            return False
        return not any(i.dropped and i.kind.facts.wins for i in self.floor.items)

    @property
    def xp_to_next(self) -> int:
        return self.progression.xp_to_next(self.player.level)

    @property
    def can_level_up(self) -> bool:
        player = self.player
        return player.alive and player.xp >= self.xp_to_next and player.level < MAX_LEVEL

    def level_up(self, stat: str) -> None:
        """Spend experience on ``stat`` (``actions.LevelUp`` checks that it may)."""
        player, gains = self.player, self.progression
        player.xp -= self.xp_to_next
        player.level += 1
        if stat == "hp":
            player.max_hp = saturating(player.max_hp, gains.hp)
            player.hp = min(player.max_hp, player.hp + gains.hp)
        elif stat == "power":
            player.power = saturating(player.power, gains.power)
            player.defense = max(0, player.defense - gains.might_costs)
        else:
            player.defense = saturating(player.defense, gains.defense)
            player.power = max(1, player.power - gains.agility_costs)
        self.emit(LevelGained(player.level, stat))

    @property
    def deepest(self) -> int:
        """The deepest floor the player has stood on."""
        return max(self.depth, *self.kept) if self.kept else self.depth

    @property
    def over(self) -> bool:
        """Dead, or out of the dungeon with the treasure."""
        return self.won or not self.player.alive

    def descend(self, cause: str = "stairs") -> None:
        """The floor below: as it was left, or built from its own stream. The stairs are
        no free heal. ``cause``: "stairs", or how the player fell ("trapdoor", "chasm")."""
        way = "down" if cause == "stairs" else "fell"
        self.emit(StairsTaken(self.depth, self.depth + 1, way, cause))
        self.change_floor(self.depth + 1, by_stairs=cause == "stairs")

    def ascend(self) -> None:
        """Back to the floor above, arriving on its down stairs."""
        self.emit(StairsTaken(self.depth, self.depth - 1, "up"))
        self.change_floor(self.depth - 1)

    def escape(self) -> None:
        """Out of the dungeon with the treasure: the game is won."""
        self.won = True
        self.emit(Victory(self.depth))

    def change_floor(self, depth: int, *, by_stairs: bool = True) -> None:
        """To ``depth``: the monsters at the player's heels come along (by the stairs
        alone), and a floor come back to has lived the time (``monsters/stairs.py``)."""
        left = self.floor
        going_up = depth < self.depth
        way = "up" if going_up else "down" if by_stairs else "fell"
        coming = stairs.followers(self.floor, self.player, self.kinds, by_stairs=by_stairs)
        stairs.leave_behind(self, coming, way)
        left.remove_actor(self.player)
        left.visible[...] = False  # out of sight, only remembered
        left.sight_changed()
        left.left_at = self.time
        self.player.blocks = True
        self.kept[self.depth] = left
        self.depth = depth
        kept = self.kept.pop(depth, None)
        floor = kept or new_floor(self.build_floor, self.seed, depth)
        if kept is None:
            floor.calm_since = self.time
        self.enter(floor, floor.stairs if going_up else floor.start)
        if kept is not None:
            stairs.live_the_time(self, kept)
        stairs.bring_along(self, left, coming, way)
        if going_up and arrivals.carrying_the_heart(self):
            arrivals.climbed(self, left)

    def _follow(self, result: ActionResult, actor: Actor) -> ActionResult:
        """Perform what an action handed over to, and what that hands over to, in turn."""
        for _ in range(MAX_ALTERNATIVES):
            if type(result) is not Alternative:
                return result
            result = result.action.perform(self, actor)
        return Refused("hesitate")

    def react(self, striker: Actor, target: Actor) -> None:
        """A melee blow landed and hurt: what the two creatures' kinds do about it."""
        abilities.react(self, striker, target)

    def state_hash(self) -> str:
        """A digest of the whole simulated state, for determinism and save/replay tests."""
        self.schedule.settle()
        h = hashlib.blake2b(digest_size=16)
        h.update(
            repr(
                (self.seed, self.time, self.turn, self.depth, self.fov, self.won, self.strength)
            ).encode()
        )
        h.update(repr((self.progression, sorted(self.kills.items()), self.nourishment)).encode())
        h.update(repr(self.fellowship.state()).encode() if self.fellowship.state() else b"")
        h.update(repr(self.rng.bit_generator.state).encode())
        h.update(repr([item.state() for item in self.inventory]).encode())
        h.update(repr(self.identity.state()).encode())
        for depth, floor in sorted({**self.kept, self.depth: self.floor}.items()):
            h.update(repr((depth, floor.start, floor.stairs)).encode())
            for array in (floor.tiles, floor.explored, floor.mapped, floor.visible, floor.occupant):
                h.update(np.ascontiguousarray(array).tobytes())
            for actor in floor.actors.values():
                h.update(repr(actor.state()).encode())
            h.update(repr([item.state() for item in floor.items]).encode())
            h.update(repr([trap.state() for trap in floor.traps.values()]).encode())
            h.update(np.ascontiguousarray(floor.gas).tobytes())
            h.update(np.ascontiguousarray(floor.gas_kind).tobytes())
            h.update(np.ascontiguousarray(floor.fire).tobytes())
        return h.hexdigest()


def new_floor(build_floor: FloorBuilder, seed: int, depth: int) -> Floor:
    """Floor ``depth`` from its own stream, with the up stairs where the player arrives."""
    floor = build_floor(depth, rngs.floor_stream(seed, depth))
    floor.tiles[floor.start] = Tile.STAIRS_UP
    return floor


def remember_items(
    floor: Floor, identity: Identity, view: np.ndarray[Any, np.dtype[np.bool_]] | None = None
) -> None:
    """The remembered map's things: what is in ``view`` (the floor's ``visible`` by
    default) replaces what was seen there. Remains are remembered under the items
    (``REMAINS_KEY``); an item is remembered as the player knows it, so an unknown potion
    stays an unknown potion."""
    seen = floor.seen_items
    in_view = (floor.visible if view is None else view).item  # a cell as a Python bool: quick
    for position in [p for p in seen if in_view(*p)]:
        del seen[position]
    for actor in floor.actors.values():
        if actor.hp <= 0 and actor.id != PLAYER_ID and in_view(actor.x, actor.y):
            seen[actor.x, actor.y] = REMAINS_KEY
    for item in floor.items:
        if in_view(item.x, item.y):
            seen[item.x, item.y] = display_key(identity, item.kind)

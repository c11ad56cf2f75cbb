"""How the bot fights: which creatures in view are foes worth waking (strong sleepers are
crept past), the foe to close with or wait for, a wand, staff, scroll or throw at range,
the foe to chase round a corner, and (with ``stair_dance``) the stairs taken to shake a
foe and straight back.

Threats and the answer to them, apart from the way about the floor and the judgement
of items that they use (``WaySense``, ``ItemSense``); ``Bot`` (``agents/bot.py``)
fights when ``visible_enemies`` finds any.
"""

from __future__ import annotations

import collections
from collections.abc import Callable

from emberdeep.agents.bot_items import ItemSense, attacks, grenade, recharges, status_potion
from emberdeep.agents.bot_ways import WaySense, ashore, wades_with_food
from emberdeep.engine.acts import targets
from emberdeep.engine.acts.actions import (
    DIRECTIONS,
    Ascend,
    Descend,
    Move,
    PlayerCommand,
    Use,
    Wait,
)
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import statuses
from emberdeep.engine.monsters.abilities import summoner
from emberdeep.engine.monsters.bursts import bursting
from emberdeep.engine.monsters.corrosion import corrodes_blades
from emberdeep.engine.monsters.lurkers import in_water, lurks
from emberdeep.engine.play import approach, autopilot
from emberdeep.engine.play.autopilot import Stop
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain import burst, fire
from emberdeep.engine.terrain.gas import HARMFUL
from emberdeep.engine.things.effects import Aim, Effect
from emberdeep.engine.things.items import Item, ItemKind

SNEAK_PAST = 3
"""A sleeper that would take more than this many of the bot's average blows is left
asleep."""
DANCE_HEALTH = 0.5
"""With ``stair_dance``, below this share of health with a foe in view, the bot takes
the stairs it stands by and comes straight back (the exploit it measures)."""
CHASE_TURNS = 10
PURSUIT_TURNS = 150
"""Turns in all the bot walks toward one foe before it gives it up and explores on past
it: an arrow turret seen from one step and not from the next drew it to and fro until
it starved (game 24 of ``balance --seed 40``)."""
GRENADE_CROWD = 2
"""A known malevolent potion is thrown at a foe with at least this many foes within
``GRENADE_REACH`` of it (a crowd to catch), or at one this much stronger than the bot."""
GRENADE_REACH = 2
GRENADE_SAFE = 4
"""...and only at a foe at least this far off: the cloud or the fire spreads."""
SPELLS = (Aim.NOTHING, Aim.CELLS, Aim.FOES)
"""The scrolls that strike, in the order the bot reads them: what finds its own mark
(lightning), then a blast on a cell (fireball), then what is aimed at a foe (confusion)."""


SUMMON_NEAR = 5
"""A foe this near (in steps) is worth conjuring blades against."""


def dangerous(world: World, foe: Actor) -> bool:
    """A foe that would likely win a straight fight: three of its blows take what health
    is left, or it would take more than eight of the bot's."""
    player = world.player
    return foe.power * 3 >= player.hp or foe.hp > 8 * max(1, player.power)


def lurking(world: World, foe: Actor) -> bool:
    """Whether ``foe`` strikes from deep water and is in some (one stranded on land is
    fought as anything else is)."""
    return lurks(world.kinds[foe.kind]) and in_water(world.floor, foe.x, foe.y)


def spell(aims: Aim) -> Callable[[Effect, ItemKind], bool]:
    """A scroll that strikes foes and is aimed so."""
    return lambda facts, kind: kind.category == "scroll" and facts.strikes and facts.aims is aims


class FightSense(ItemSense, WaySense):
    """The bot's fighting, a part of ``Bot``, which holds the state it reads and keeps."""

    patience: int
    refusals: int
    last_seen: tuple[int, int] | None
    chasing: int
    pursued: collections.Counter[int]
    stair_dance: bool
    dancing: bool
    goal_depth: int

    def fight(self, world: World, enemies: list[Actor]) -> PlayerCommand:
        player = world.player
        nearest = min(enemies, key=lambda m: (targets.steps(player, m), not self.caller(world, m)))
        gap = max(abs(nearest.x - player.x), abs(nearest.y - player.y))
        if lurking(world, nearest) and not statuses.has(player, statuses.HELD):
            answer = self.lurker(world, nearest)  # (held fast, it strikes back)
            if answer is not None:
                return answer
        if gap <= 1:
            blade = self.blade_to_sheathe(world, enemies)
            if blade is not None:
                return Use(blade)  # bare hands against acid
            if bursting(world.kinds[nearest.kind]) and self.refusals < 2:
                back = self.step_back(world, nearest)  # then pop it from there
                if back is not None and self.ranged(world) is not None:
                    return back
            if self.refusals < 2 and self.outmatched(world, enemies):
                magic = self.point_blank(world)
                if magic is not None:
                    return magic
            return Move(nearest.x - player.x, nearest.y - player.y)
        ranged = None if self.refusals >= 2 else self.ranged(world)
        if ranged is not None:
            return ranged
        for aims in SPELLS:
            if self.refusals >= 2:
                break  # its items keep being refused here: go and fight instead
            slot = self.find(world, spell(aims))
            if slot is None:
                continue
            kind = world.inventory[slot].kind
            if kind.range and gap > kind.range:
                continue
            if gap <= kind.radius:
                continue  # too close: it would burn us too
            if aims is Aim.NOTHING:
                return Use(slot)
            foe = targets.aim_for(world.floor, player, world.inventory[slot])
            if foe is not None:
                return Use(slot, foe.position)
        self.patience += 1
        if self.patience < 3 and world.kinds[nearest.kind].reach <= 1:
            return Wait()  # let it come to us (but never stand and be shot)

        def order(m: Actor) -> tuple[bool, bool, int]:  # who calls up others, then who
            # can hurt it from afar, first
            far = world.kinds[m.kind].reach <= 1
            return not self.caller(world, m), far, targets.steps(player, m)

        shun = self.shunned(world)  # never to a foe along a lurker's shore: it waits
        chased = [m for m in enemies if self.pursued[m.id] < PURSUIT_TURNS]
        for foe in sorted(chased, key=order)[:3]:  # the first it can get to
            step = autopilot.travel_action(world, foe.position, dare=True, shun=shun)
            if not isinstance(step, Stop) and not ashore(world, step, shun):
                self.pursued[foe.id] += 1
                if foe.position != self.last_seen:  # a new lead (never the same one for ever)
                    self.last_seen, self.chasing = foe.position, CHASE_TURNS
                return step
        explore = autopilot.explore_action(world, dare=True, shun=shun)  # no way: explore on
        if ashore(world, explore, shun):
            return Wait()
        return explore if not isinstance(explore, Stop) else self.wander()

    @staticmethod
    def outmatched(world: World, enemies: list[Actor]) -> bool:
        """A melee not to fight with the blade alone: a foe beside it that would likely
        win a straight fight, or more than one foe beside it."""
        player = world.player
        beside = [m for m in enemies if targets.steps(player, m) <= 1]
        return len(beside) > 1 or any(dangerous(world, m) for m in beside)

    def point_blank(self, world: World) -> PlayerCommand | None:
        """In a melee it is losing: a wand or staff that harms (``zap``), else a scroll
        that strikes (never one whose blast would catch it) at the foe the engine aims at."""
        zap = self.zap(world)
        if zap is not None:
            return zap
        floor, player = world.floor, world.player
        for aims in (Aim.NOTHING, Aim.FOES):
            scroll = self.find(world, spell(aims))
            if scroll is None or world.inventory[scroll].kind.radius:
                continue
            if aims is Aim.NOTHING:
                return Use(scroll)
            foe = targets.aim_for(floor, player, world.inventory[scroll])
            if foe is not None:
                return Use(scroll, foe.position)
        return None

    def round_the_corner(self, world: World) -> PlayerCommand | None:
        """A step after the foe it last saw, for ``CHASE_TURNS`` (so stepping out of
        sight does not turn it back, and back again, for ever), never into deep water
        with food nor onto a lurker's shore."""
        if not self.chasing or self.last_seen is None:
            return None
        self.chasing -= 1
        shun = self.shunned(world)
        step = autopilot.travel_action(world, self.last_seen, dare=True, shun=shun)
        if isinstance(step, Stop) or wades_with_food(world, step) or ashore(world, step, shun):
            return None
        return step

    def lurker(self, world: World, lurker: Actor) -> PlayerCommand | None:
        """A lurker showed itself: nobody trades blows from the shore with what dives
        after each bite. Remembered (``shunned``), it is shot at from off the shore, or
        left: a step off the shore, or on the way round it; a bot already leaving the
        floor walks on past (off and back on would feed it for ever). None: fight it."""
        self.lurked.setdefault(world.depth, set()).add(lurker.position)
        if self.leaving != world.depth:
            away = self.off_the_shore(world)
            if away is not None:
                return away
            ranged = None if self.refusals >= 2 else self.ranged(world)
            if ranged is not None:
                return ranged
        step = self.explore(world)
        return step if isinstance(step, Move) else None

    @staticmethod
    def acid_beside(world: World, enemies: list[Actor]) -> bool:
        """Whether a foe whose acid eats blades is next to it."""
        player = world.player
        return any(
            corrodes_blades(world.kinds[m.kind])
            and max(abs(m.x - player.x), abs(m.y - player.y)) <= 1
            for m in enemies
        )

    def blade_to_sheathe(self, world: World, enemies: list[Actor]) -> int | None:
        """The slot of the weapon it wields, when acid is beside it (taken off: the gear
        is put back on once no acid is near, ``Bot.choose``)."""
        if not self.acid_beside(world, enemies) or self.refusals >= 2:
            return None
        return next(
            (n for n, i in enumerate(world.inventory) if i.equipped and i.kind.slot == "weapon"),
            None,
        )

    @staticmethod
    def step_back(world: World, foe: Actor) -> Move | None:
        """A step to a free tile out of ``foe``'s reach and out of gas, if there is one."""
        floor, player = world.floor, world.player
        for dx, dy in DIRECTIONS:
            x, y = player.x + dx, player.y + dy
            if (
                floor.is_free(x, y)
                and max(abs(x - foe.x), abs(y - foe.y)) > 1
                and floor.tiles[x, y] == Tile.FLOOR
                and floor.gas[x, y] < HARMFUL
            ):
                return Move(dx, dy)
        return None

    def ranged(self, world: World) -> PlayerCommand | None:
        """A known good potion before a fight, a wand or staff with charges (known or
        not), or something to throw, at the nearest foe it reaches (``targets``: never
        through an ally, a captive or a wall)."""
        haste = self.find(world, status_potion(statuses.HASTED))
        if haste is not None and not statuses.has(world.player, statuses.HASTED):
            return Use(haste)
        answer = self.answer(world)
        if answer is not None:
            return answer
        zap = self.zap(world)
        if zap is not None:
            return zap
        shatter = self.throw_potion(world)
        if shatter is not None:
            return shatter
        for slot, item in enumerate(world.inventory):
            if item.kind.facts.thrown and not item.equipped:
                foe = self.mark(world, item, throw=True)
                if foe is not None:
                    return Throw(slot, foe.position)
        return None

    def zap(self, world: World) -> PlayerCommand | None:
        """A wand or staff with charges that harms (known or not), at the foe ``mark``
        picks; never a fire bolt from grass (it lights the grass on its way)."""
        kindling = self.on_kindling(world)
        for slot, item in enumerate(world.inventory):
            if item.charges > 0 and attacks(item.kind):
                if kindling and item.kind.bursts == burst.FIRE:
                    continue
                foe = self.mark(world, item)
                if foe is not None:
                    return Use(slot, foe.position)
        return None

    def mark(self, world: World, item: Item, *, throw: bool = False) -> Actor | None:
        """The foe to send ``item`` at: of those it reaches (``targets.choices``), the
        nearest that calls up others (reach it before it calls more), else the nearest."""
        found = targets.choices(world.floor, world.player, item, throw=throw)
        return next((m for m in found if self.caller(world, m)), found[0] if found else None)

    @staticmethod
    def caller(world: World, foe: Actor) -> bool:
        return summoner(world.kinds[foe.kind])

    @staticmethod
    def on_kindling(world: World) -> bool:
        """Whether fire would spread to where it stands or beside it (``fire.flammable``:
        a bot that shot a fire bolt from grass burned to death in the blaze)."""
        floor, player = world.floor, world.player
        return any(
            floor.in_bounds(player.x + dx, player.y + dy)
            and fire.flammable(floor, (player.x + dx, player.y + dy))
            for dx, dy in ((0, 0), *DIRECTIONS)
        )

    def throw_potion(self, world: World) -> PlayerCommand | None:
        """A known potion that shatters into fire or harmful gas, thrown at the foe it
        reaches that has a crowd round it (or is far the stronger), far enough off that
        the cloud or the blaze will not reach the bot first."""
        slot = self.find(world, lambda facts, kind: grenade(kind))
        if slot is None:
            return None
        floor, player = world.floor, world.player
        foe = targets.aim_for(floor, player, world.inventory[slot], throw=True)
        if foe is None or max(abs(foe.x - player.x), abs(foe.y - player.y)) < GRENADE_SAFE:
            return None
        near = [
            m
            for m in self.visible_enemies(world)
            if max(abs(m.x - foe.x), abs(m.y - foe.y)) <= GRENADE_REACH
        ]
        if len(near) >= GRENADE_CROWD or foe.hp >= GRENADE_CROWD * player.max_hp // 3:
            return Throw(slot, foe.position)
        return None

    def answer(self, world: World) -> PlayerCommand | None:
        """The known items whose worth depends on the foe: a scroll of recharging when a
        staff is spent, blades conjured when a foe comes near, negation at conjured
        things, a pull at an archer, a binding at a foe near death worth keeping, a
        gamble (polymorph) at a foe that would win anyway."""
        floor, player, identity = world.floor, world.player, world.identity
        spent = any(i.kind.category == "staff" and i.charges <= 0 for i in world.inventory)
        refill = self.find(world, recharges)
        if spent and refill is not None:
            return Use(refill)
        enemies = self.visible_enemies(world)
        near = min((targets.steps(player, m) for m in enemies), default=99)
        conjured = [m for m in enemies if not world.kinds[m.kind].leaves_remains]
        for slot, item in enumerate(world.inventory):
            kind, facts = item.kind, item.kind.facts
            if not identity.is_known(kind) or kind.category not in ("wand", "staff", "scroll"):
                continue
            if kind.category != "scroll" and item.charges <= 0:
                continue
            if facts.aims is Aim.NOTHING:
                if kind.summons and near <= SUMMON_NEAR:
                    return Use(slot)
                if facts.negates and len(conjured) >= 2:
                    return Use(slot)
                continue
            if facts.aims is not Aim.FOES:
                continue
            foe = targets.aim_for(floor, player, item)
            if foe is None:
                continue
            fits = (
                (facts.negates and foe in conjured)
                or (
                    facts.pulls
                    and world.kinds[foe.kind].reach > 1
                    and targets.steps(player, foe) > 2
                )
                or (facts.binds and foe.hp * 4 < foe.max_hp and foe.max_hp >= player.max_hp // 3)
                or (facts.gamble and dangerous(world, foe))
            )
            if fits:
                return Use(slot, foe.position)
        return None

    @staticmethod
    def visible_enemies(world: World) -> list[Actor]:
        """What it means to fight: in view, and not a sleeper too strong to wake."""
        floor, player = world.floor, world.player
        ids = approach.visible_monsters(world.floor, world.player)
        return [
            floor.actors[i]
            for i in ids
            if floor.actors[i].hostile
            and not (floor.actors[i].asleep and floor.actors[i].hp > SNEAK_PAST * player.power)
        ]

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

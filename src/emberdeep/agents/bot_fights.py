"""How the bot fights: which creatures in view are foes worth waking (strong sleepers are
crept past), the foe to close with or wait for, a wand, staff, scroll or throw at range,
the foe to chase round a corner, and (with ``stair_dance``) the stairs taken to shake a
foe and straight back.

Threats and the answer to them, apart from the way about the floor and the judgement
of items that they use (``WaySense``, ``ItemSense``); ``Bot`` (``agents/bot.py``)
fights when ``visible_enemies`` finds any.
"""

from __future__ import annotations

from emberdeep.agents.bot_items import ATTACK_STAFFS, ItemSense
from emberdeep.agents.bot_ways import WaySense
from emberdeep.engine import autopilot, statuses
from emberdeep.engine.actions import Ascend, Descend, Move, PlayerCommand, Use, Wait
from emberdeep.engine.actors import Actor
from emberdeep.engine.autopilot import Stop
from emberdeep.engine.item_actions import THROW_RANGE, Throw
from emberdeep.engine.magic import first_in_line
from emberdeep.engine.world import World

SNEAK_PAST = 3
"""A sleeper that would take more than this many of the bot's average blows is left
asleep."""
DANCE_HEALTH = 0.5
"""With ``stair_dance``, below this share of health with a foe in view, the bot takes
the stairs it stands by and comes straight back (the exploit it measures)."""
CHASE_TURNS = 10


class FightSense(ItemSense, WaySense):
    """The bot's fighting, a part of ``Bot``, which holds the state it reads and keeps."""

    patience: int
    refusals: int
    last_seen: tuple[int, int] | None
    chasing: int
    stair_dance: bool
    dancing: bool
    goal_depth: int

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

"""What the bot makes of its pack: which known items are worth using (``find``) and which
never, what to wear (``better`` by ``worth``), what to drop when the pack is full, when
to drink, eat or try an unknown potion or scroll, and where a scroll of enchanting goes
by the bot's policy.

The judgements about items, apart from where the bot goes and what it fights; ``Bot``
(``agents/bot.py``) orders them in its ``choose``.
"""

from __future__ import annotations

from collections.abc import Callable

from emberdeep.engine.acts.actions import PlayerCommand, Use
from emberdeep.engine.creatures import hunger, statuses
from emberdeep.engine.creatures.runics import RUNICS
from emberdeep.engine.play import approach
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain import burst
from emberdeep.engine.things.effects import Aim, Effect
from emberdeep.engine.things.items import SLOT_SIZES, Item, ItemKind, bonus

LOW_HEALTH = 0.25
REGENERATE_BELOW = 0.5
"""In a fight under this share of health, it drinks a known potion of regeneration."""
SAFE_HEALTH = 0.7
"""Unknown potions and scrolls are tried only above this share of health, alone."""
BAD = frozenset({"poisoned", "confused", "paralysed", "slowed"})
"""Statuses the bot never gives itself on purpose."""
Wanted = Callable[[Effect, ItemKind], bool]
"""What the bot looks for in its pack, by the facts of an item's effect (``find``)."""
ENCHANT_ORDER: dict[str, tuple[str, ...]] = {
    "weapon": ("weapon", "armor", "ring", "staff"),
    "armor": ("armor", "weapon", "ring", "staff"),
    "staffs": ("staff", "armor", "ring", "weapon"),
}


def keeps(facts: Effect) -> bool:
    """What the bot never drops to make room: food, keys, the treasure, healing, and
    what improves it for good."""
    return facts.feeds or facts.opens or facts.wins or facts.mends or facts.lasting


def bad(kind: ItemKind) -> bool:
    """What the bot never uses on itself: what backfires, a potion of a bad status."""
    return kind.facts.backfires or (kind.category == "potion" and kind.status in BAD)


def grenade(kind: ItemKind) -> bool:
    """A potion that shatters, thrown, into fire or a gas that harms: thrown at foes."""
    return kind.category == "potion" and bool(kind.bursts) and burst.harms(kind.bursts)


def attacks(kind: ItemKind) -> bool:
    """A wand or staff aimed at foes that plainly harms them: not one whose worth
    depends on the foe (a gamble, a binding, a pull, a negation: ``FightSense.answer``
    judges those)."""
    facts = kind.facts
    special = facts.gamble or facts.binds or facts.pulls or facts.negates
    return kind.category in ("wand", "staff") and facts.aims is Aim.FOES and not special


def escapes(facts: Effect, kind: ItemKind) -> bool:
    return facts.escapes


def recharges(facts: Effect, kind: ItemKind) -> bool:
    return facts.recharges


def status_potion(status: str) -> Wanted:
    return lambda facts, kind: kind.category == "potion" and kind.status == status


def heals(facts: Effect, kind: ItemKind) -> bool:
    return facts.mends


def feeds(facts: Effect, kind: ItemKind) -> bool:
    return facts.feeds


def identifies(facts: Effect, kind: ItemKind) -> bool:
    return facts.identifies


def wins(facts: Effect, kind: ItemKind) -> bool:
    return facts.wins


class ItemSense:
    """The bot's sense of its pack, a part of ``Bot``, which holds the state it reads."""

    policy: str
    enchanted: dict[str, int]

    def junk(self, world: World) -> int | None:
        """A slot it would miss least: a known kind it never uses on itself (poison,
        caustic gas, aggravation...), a spent wand, spare armour or weapon; else, when
        food lies in sight and it has none to stack it on, the newest unworn thing it
        can spare (never food, keys, healing, the currency)."""
        identity = world.identity
        for slot, item in enumerate(world.inventory):
            kind = item.kind
            known = identity.is_known(kind)
            if bad(kind) and kind.category in ("potion", "scroll") and known and not grenade(kind):
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
        carries_food = any(i.kind.facts.feeds for i in world.inventory)
        food_seen = any(
            i.kind.facts.feeds and floor.explored[i.position] and not i.dropped for i in floor.items
        )
        if carries_food or not food_seen:
            return None
        rest = [  # food it cannot stack lies in sight: the newest thing it can spare
            slot
            for slot, item in enumerate(world.inventory)
            if not item.equipped and not keeps(item.kind.facts)
        ]
        return rest[-1] if rest else None

    def sustain(self, world: World, fighting: bool) -> PlayerCommand | None:
        """Badly hurt in a fight (under ``LOW_HEALTH``, or no more health than the foes
        at hand could take before its next turn: ``approach.peril``), it drinks healing,
        else escapes, else drinks an unknown potion as a gamble (out of a fight it rests
        instead); hurt in a fight, it drinks regeneration; hungry, it eats (in a fight
        only once weak with hunger)."""
        player = world.player
        if fighting and (
            player.hp < player.max_hp * LOW_HEALTH or player.hp <= approach.peril(world)
        ):
            potion = self.find(world, heals)
            if potion is None and self.find(world, wins) is None:  # (never off the climb)
                potion = self.find(world, escapes)
            if potion is None:
                potion = self.unknown(world, "potion")
            if potion is not None:
                return Use(potion)
        if fighting and player.hp < player.max_hp * REGENERATE_BELOW:
            regen = self.find(world, status_potion(statuses.REGENERATING))
            if regen is not None and not statuses.has(player, statuses.REGENERATING):
                return Use(regen)
        state = hunger.state(world.nourishment)
        if not state or (fighting and state == "hungry"):
            return None
        slot = self.find(world, feeds)
        return None if slot is None else Use(slot)

    def eat_with_room(self, world: World, room: float) -> PlayerCommand | None:
        """Eat the first food whose ``room`` share (1: all of it) the stomach can hold
        now, if any: before a climb the Heart makes long, or a wade that may wash the
        food away (``Bot.choose``)."""
        slot = self.find(world, feeds)
        if slot is None:
            return None
        amount = world.inventory[slot].kind.amount
        return Use(slot) if world.nourishment + amount * room <= hunger.STOMACH else None

    def try_unknown(self, world: World) -> PlayerCommand | None:
        """Alone and healthy: read an unknown scroll or drink an unknown potion, to learn
        it (identify first, when known)."""
        player = world.player
        if player.hp < player.max_hp * SAFE_HEALTH:
            regen = self.find(world, status_potion(statuses.REGENERATING))
            return Use(regen) if regen is not None and player.hp < player.max_hp // 2 else None
        if any(not world.identity.is_known(i.kind) for i in world.inventory):
            identify = self.find(world, identifies)
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
            if unknown and kind.facts.aims is Aim.NOTHING:
                return slot
        return None

    @staticmethod
    def find(world: World, wanted: Wanted) -> int | None:
        """The first known item that is ``wanted`` and worth using."""
        for slot, item in enumerate(world.inventory):
            kind = item.kind
            if wanted(kind.facts, kind) and world.identity.is_known(kind) and not bad(kind):
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
        worth = ItemSense.worth(world, item)
        better_rivals = sum(
            1 for i in rivals if (ItemSense.worth(world, i), i.equipped) > (worth, item.equipped)
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
        other += gain.awareness // 10 + gain.clairvoyance
        return 2 * gain.power + 2 * gain.defense - gain.move_time // 10 + runic + other

    def enchant(self, world: World) -> PlayerCommand | None:
        """A scroll of enchanting, spent by the policy: on the first worn (or carried)
        item of the first category in its order; "mixed" goes round them."""
        scroll = next(
            (
                s
                for s, i in enumerate(world.inventory)
                if i.kind.facts.aims is Aim.ITEMS and i.kind.facts.lasting
            ),
            None,
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
                and (category != "staff" or attacks(i.kind))
            ]
            if candidates:
                slot = min(candidates)[-1]
                self.enchanted[category] = self.spent_on(category) + 1
                return Use(scroll, on=slot)
        return None

    def spent_on(self, category: str) -> int:
        return self.enchanted.get(category, 0)

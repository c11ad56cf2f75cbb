"""The log's English: perceived events in, lines out (each with the kind it is coloured
by). The only place the game's sentences are written; the engine reports events, and
what the player perceives was decided before they reach here (``engine/perception.py``).

Each event kind has one function (``NARRATORS``); one that is only seen (a step, a
missile's flight) says nothing. A refusal, the reason a run stops and a cause of death
are worded here too, so a screen, the agent environment and the morgue say the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from emberdeep.content.loader import Content
from emberdeep.engine.actions import SHOT_VERBS
from emberdeep.engine.actors import PLAYER_ID
from emberdeep.engine.autopilot import Stop
from emberdeep.engine.events import (
    Alarm,
    AllyDied,
    Area,
    Attacked,
    Died,
    DoorOpened,
    Enchanted,
    Event,
    Fizzled,
    Followed,
    Freed,
    Grew,
    Healed,
    Heard,
    Hunger,
    Hurt,
    Identified,
    ItemMoved,
    ItemUsed,
    LeftBehind,
    LevelGained,
    MessageKind,
    ModeChanged,
    Ordered,
    Refused,
    RunicFlared,
    Searched,
    Shackles,
    StairsTaken,
    StatusChanged,
    Summoned,
    Teleported,
    TerrainChanged,
    TrapFound,
    TrapSprung,
    Victory,
    Who,
)
from emberdeep.session.grammar import Noun, capitalized, hit_points, listed, sentence
from emberdeep.session.names import Names


@dataclass(frozen=True)
class Line:
    """One line of the log and what it is about."""

    text: str
    kind: MessageKind = MessageKind.INFO


STATUS_BEGUN = {
    "poisoned": ("be", "poisoned"),
    "hasted": ("speed", "up"),
    "slowed": ("slow", "down"),
    "confused": ("look", "confused"),
    "paralysed": ("be", "paralysed"),
    "levitating": ("float", "up"),
    "regenerating": ("glow", "with health"),
}
"""What is said when a status begins: a verb (agreeing with who has it) and the rest;
the player "feels" confused where a monster "looks" it."""
STATUS_ENDED = {
    "poisoned": "no longer poisoned",
    "hasted": "no longer hasted",
    "slowed": "no longer slowed",
    "confused": "no longer confused",
    "paralysed": "able to move again",
    "levitating": "no longer floating",
    "regenerating": "no longer regenerating",
}
STATUS_GIVEN = {
    "poisoned": "poisons",
    "hasted": "hastens",
    "slowed": "chills",
    "confused": "confuses",
    "paralysed": "paralyses",
    "levitating": "lifts",
    "regenerating": "heals",
}
"""What a blow that gives a status does: "The vampire bat's bite confuses you!"."""
BLOWS = {
    "hit": "blow", "bite": "bite", "sting": "sting", "touch": "touch", "claw": "claws",
    "slash": "blade", "burn": "touch", "bash": "blow", "shoot": "arrow", "zap": "spark",
    "blast": "bolt",
}  # fmt: skip
"""A blow's verb -> what the blow itself is called."""
USE_VERBS = {"potion": "drink", "scroll": "read", "wand": "zap", "staff": "raise", "food": "eat"}
"""What using an item of a category is called ("use" for the rest)."""
HEARD = {
    "fighting": "You hear fighting nearby.",
    "death": "You hear a dying cry.",
    "blast": "You hear an explosion.",
}
REFUSALS = {
    "blocked": "That way is blocked.",
    "lava": "The lava would burn you to a cinder.",
    "dead": "You are dead.",
    "no_target": "There is nothing there to attack.",
    "no_door": "There is no door there.",
    "no_closed_door": "There is no closed door there.",
    "no_locked_door": "There is no locked door there.",
    "locked": "The door is locked.",
    "need_key": "The door is locked. Its key must be somewhere on this floor.",
    "player_only": "Only the player can do that.",
    "nothing_here": "There is nothing here to pick up.",
    "inventory_full": "Your inventory is full.",
    "no_such_item": "You have no such item.",
    "no_stairs_down": "There are no stairs here.",
    "no_stairs_up": "There are no stairs up here.",
    "need_treasure": "You will not leave without the treasure that lies far below.",
    "not_ready": "You are not ready to advance.",
    "not_visible": "You cannot target an area that you cannot see.",
    "throw_unseen": "You cannot throw at a spot you cannot see.",
    "throw_elsewhere": "You must throw it somewhere else.",
    "take_off_first": "Take it off first.",
    "throw_it": "Throw it instead (t).",
    "key_use": "Walk into a locked door to unlock it.",
    "aim_at_creature": "You must aim the wand at a creature in view.",
    "full_health": "Your health is already full.",
    "nobody_near": "No enemy is close enough to strike.",
    "select_enemy": "You must select an enemy to target.",
    "not_yourself": "You cannot confuse yourself!",
    "nobody_in_radius": "There are no targets in the radius.",
    "hesitate": "You hesitate.",
    "out_of_range": "Out of range.",
    "no_clear_line": "There is no clear line.",
    "nobody_to_mend": "Nobody needs mending.",
    "nowhere": "Nowhere to go.",
    "no_room": "No room.",
    "nothing_answers": "Nothing answers.",
    "nothing_happens": "Nothing happens.",
    "treasure": "It glows warm in your hands. Carry it up and out!",
    "no_charges": "It has no charges left.",
    "choose_item": "Choose an item to enchant.",
    "cannot_enchant": "That cannot be enchanted.",
    "nothing_to_learn": "You know all there is to know about that.",
    "aim_elsewhere": "Aim it at a place you can see, away from you.",
    "monster_in_view": "Not with a monster in view!",
    "already_rested": "You are already at full health.",
    "no_allies": "There is no ally in view to tell.",
    "not_hungry": "You are not hungry enough to eat that yet.",
}
"""A refusal's words, by reason (those that need a name are written in ``refusal``)."""
STOPS = {
    "badly_hurt": "You are badly hurt: rest first (Z).",
    "hurt": "You are hurt.",
    "picked_up": "",
    "floor": "Stopped.",
    "interrupted": "Stopped.",
    "blocked": "Something is in the way.",
    "no_way": "You don't know a way there.",
    "risky": "The way on is through deep water, a trap or gas: take that step yourself.",
    "arrived": "You have arrived.",
    "explored_stairs": "Explored. The stairs down are here: press > to descend.",
    "explored": "Explored everything you can reach.",
    "rested": "You feel rested.",
    "freed": "",
}
"""Why a run stopped ("" stops without a word: what was picked up was just said)."""


class Narrator:
    """Turns events into lines for one game's names."""

    def __init__(self, names: Names) -> None:
        self.names = names

    def lines(self, events: Iterable[Event]) -> list[Line]:
        out: list[Line] = []
        for event in events:
            say = NARRATORS.get(type(event))
            if say is not None:
                out += say(self, event)
        return out

    def texts(self, events: Iterable[Event]) -> list[str]:
        return [line.text for line in self.lines(events)]

    def who(self, who: Who) -> Noun:
        return self.names.who(who)

    def refusal(self, refused: Refused) -> Line:
        reason = refused.reason
        if reason == "treasure" and refused.thing is not None:
            noun = self.names.thing(refused.thing)
            text = sentence(noun, "glow", "warm in your hands. Carry it up and out!")
        elif reason == "nothing_to_learn" and refused.thing is not None:
            thing = self.names.thing(refused.thing)
            text = f"You know all there is to know about {thing.the}."
        elif reason == "cannot_enchant" and refused.thing is not None:
            text = sentence(self.names.thing(refused.thing), "cannot", "be enchanted.")
        elif reason == "no_charges" and refused.thing is not None:
            text = sentence(self.names.thing(refused.thing), "have", "no charges left.")
        elif reason == "monster_in_view" and refused.detail in self.names.creatures:
            text = f"Not with {self.names.kind(refused.detail).the} in view!"
        elif reason == "unknown_stat":
            text = f"Unknown stat {refused.detail!r}."
        else:
            text = REFUSALS.get(reason, "You cannot do that.")
        return Line(text, MessageKind.REFUSED)

    def stop(self, stop: Stop) -> str:
        """Why a run stopped, or "" to say nothing."""
        if stop.why == "monsters":
            seen = [self.names.kind(kind).count(n) for kind, n in stop.monsters]
            return f"You see {listed(seen)}."
        if stop.why == "items":
            seen = [self.names.thing(t).count(t.quantity) for t in stop.things]
            return f"You see {listed(seen)}."
        return STOPS.get(stop.why, "Stopped.")

    def cause_of_death(self, died: Died | None) -> str:
        """How the hall of fame says it: "killed by a goblin", "killed by poison"."""
        if died is None:
            return "died"
        if died.killer is not None:
            if died.killer.id == PLAYER_ID:
                return "killed by their own magic"
            return f"killed by {self.names.kind(died.killer.kind).a}"
        if died.cause == "starvation":
            return "starved to death"
        if died.cause:
            return f"killed by {died.cause}"
        return "died"


def narrator_for(content: Content) -> Narrator:
    """The narrator for a game of ``content``'s creatures, items and traps."""
    population = content.population
    traps = population.traps.kinds if population.traps is not None else ()
    names = Names(
        creatures=content.hero.kinds,
        items={kind.key: kind for kind in population.items.kinds},
        traps={kind.key: kind for kind in traps},
    )
    return Narrator(names)


def _attack_kind(attacker: Who, target: Who) -> MessageKind:
    """The player's blows, blows at the player, and (plain news) one creature's at another."""
    if attacker.id == PLAYER_ID:
        return MessageKind.PLAYER_ATTACK
    return MessageKind.ENEMY_ATTACK if target.id == PLAYER_ID else MessageKind.INFO


def _hurt_kind(who: Who, source: Who | None) -> MessageKind:
    if who.id == PLAYER_ID:
        return MessageKind.ENEMY_ATTACK
    if source is not None and source.id == PLAYER_ID:
        return MessageKind.PLAYER_ATTACK
    return MessageKind.STATUS


def attacked(n: Narrator, e: Attacked) -> list[Line]:
    kind = _attack_kind(e.attacker, e.target)
    whom = n.who(e.target)
    if e.verb in ("throw", "bump") and e.thing is not None:
        noun = n.names.thing(e.thing)
        if e.verb == "bump":
            return [Line(sentence(noun, "bounce", f"off {whom.the}."), kind)]
        if not e.hit:
            return [Line(sentence(noun, "miss", f"{whom.the}."), kind)]
        return [Line(sentence(noun, "hit", f"{whom.the} for {hit_points(e.damage)}."), kind)]
    who = n.who(e.attacker)
    if not e.hit:
        if e.verb in SHOT_VERBS.values():  # "The goblin archer shoots at you, and misses."
            return [Line(sentence(who, e.verb, f"at {whom.the}, and {who.verb('miss')}."), kind)]
        return [Line(sentence(who, "miss", f"{whom.the}."), kind)]
    victim = f"the sleeping {whom.singular}" if e.sneak and not whom.is_you else whom.the
    stop = "!" if e.sneak else "."
    return [Line(sentence(who, e.verb, f"{victim} for {hit_points(e.damage)}{stop}"), kind)]


def hurt(n: Narrator, e: Hurt) -> list[Line]:
    noun, kind = n.who(e.who), _hurt_kind(e.who, e.source)
    points = hit_points(e.amount)
    match e.cause:
        case "lightning":
            text = f"A lightning bolt strikes {noun.the} with a loud thunder, for {points}!"
        case "bolt":
            text = f"The bolt strikes {noun.the} for {points}!"
        case "backlash" | "reprisal":
            text = sentence(noun, "take", f"{points} of {e.cause}.")
        case "fire":
            rest = f"engulfed in a fiery explosion, and {noun.verb('take')} {points}!"
            text = sentence(noun, "be", rest)
        case "scald" if e.source is not None:
            text = sentence(noun, "be", f"scalded by {n.who(e.source).the} for {points}!")
        case _:
            text = sentence(noun, "take", f"{points}.")
    return [Line(text, kind)]


def died(n: Narrator, e: Died) -> list[Line]:
    if e.who.id == PLAYER_ID:
        if e.cause == "starvation":
            return [Line("You starve to death...", MessageKind.PLAYER_DIED)]
        return [Line("You die...", MessageKind.PLAYER_DIED)]
    noun = n.who(e.who)
    if e.cause == "faded":
        return [Line(sentence(noun, "fade", "away."), MessageKind.STATUS)]
    if e.vanished:
        return [Line(sentence(noun, "vanish", "!"), MessageKind.ENEMY_DIED)]
    if e.killer is not None and e.killer.id == PLAYER_ID:
        return [Line(f"You kill {noun.the}!", MessageKind.ENEMY_DIED)]
    return [Line(sentence(noun, "die", "."), MessageKind.ENEMY_DIED)]


def healed(n: Narrator, e: Healed) -> list[Line]:
    if e.cause == "mend" and e.source is not None:
        wounds = f", and {n.who(e.who).possessive} wounds close."
        return [Line(sentence(n.who(e.source), "chant", wounds), MessageKind.STATUS)]
    if e.who.id == PLAYER_ID:
        text = f"You feel better, and recover {hit_points(e.amount)}."
        return [Line(text, MessageKind.STATUS)]
    return [Line(sentence(n.who(e.who), "look", "better."), MessageKind.STATUS)]


def status_changed(n: Narrator, e: StatusChanged) -> list[Line]:
    noun = n.who(e.who)
    if not e.gained:
        ended = STATUS_ENDED.get(e.status, f"no longer {e.status}")
        return [Line(sentence(noun, "be", f"{ended}."), MessageKind.STATUS)]
    kind = MessageKind.ENEMY_ATTACK if noun.is_you and e.cause == "blow" else MessageKind.STATUS
    if e.cause == "blow" and e.source is not None:
        blow = (
            BLOWS.get(n.names.creatures[e.source.kind].verb, "blow")
            if (e.source.kind in n.names.creatures)
            else "blow"
        )
        given = STATUS_GIVEN.get(e.status, "affects")
        source = n.who(e.source).possessive
        return [Line(capitalized(f"{source} {blow} {given} {noun.the}!"), kind)]
    if e.cause == "hunger":
        return [Line("You faint from hunger!", MessageKind.ENEMY_ATTACK)]
    if e.cause == "frenzy":
        return [Line(sentence(noun, "fly", "into a frenzy!"), kind)]
    if e.cause == "scroll" and e.status == "confused" and not noun.is_you:
        text = f"The eyes of {noun.the} look vacant, as it starts to stumble around!"
        return [Line(text, kind)]
    verb, rest = STATUS_BEGUN.get(e.status, ("be", e.status))
    if noun.is_you and verb == "look":
        verb = "feel"
    return [Line(sentence(noun, verb, f"{rest}!"), kind)]


def teleported(n: Narrator, e: Teleported) -> list[Line]:
    if e.cause == "blink":
        return [Line(sentence(n.who(e.who), "blink", "away!"), MessageKind.STATUS)]
    return [Line(sentence(n.who(e.who), "be", "whisked away!"), MessageKind.STATUS)]


def summoned(n: Narrator, e: Summoned) -> list[Line]:
    who = n.who(e.who)
    if e.cause == "split":
        return [Line(sentence(who, "split", "in two!"), MessageKind.ALERT)]
    what = n.names.kind(e.kind).count(len(e.called))
    return [Line(sentence(who, "call", f"up {what}!"), MessageKind.ALERT)]


def mode_changed(n: Narrator, e: ModeChanged) -> list[Line]:
    if e.cause == "alarm":  # the alarm said it for all of them
        return []
    noun = n.who(e.who)
    if e.previous == "asleep":
        return [Line(sentence(noun, "wake", "up!"), MessageKind.ALERT)]
    if e.mode == "fleeing":
        return [Line(sentence(noun, "turn", "to flee!"), MessageKind.INFO)]
    if e.mode == "hunting" and e.previous == "fleeing":
        return [Line(sentence(noun, "turn", "to fight!"), MessageKind.ALERT)]
    if e.mode == "hunting" and e.previous == "guarding":  # a wanderer in view is seen
        return [Line(sentence(noun, "notice", "you!"), MessageKind.ALERT)]
    return []


def followed(n: Narrator, e: Followed) -> list[Line]:
    if e.ally:
        return [
            Line(sentence(n.who(e.who), "follow", f"you {e.way} the stairs."), MessageKind.INFO)
        ]
    return [Line(sentence(n.who(e.who), "follow", f"you {e.way} the stairs!"), MessageKind.ALERT)]


def left_behind(n: Narrator, e: LeftBehind) -> list[Line]:
    ally = n.names.kind(e.who.kind).singular  # told after the floor changed: no longer "yours"
    text = f"You go {e.way} the stairs without your {ally}: it was too far away to follow."
    return [Line(text, MessageKind.ALERT)]


def shackles(n: Narrator, e: Shackles) -> list[Line]:
    whose = n.who(e.who).possessive
    text = f"You work at {whose} shackles ({e.left} more to go)."
    return [Line(text, MessageKind.INFO)]


def freed(n: Narrator, e: Freed) -> list[Line]:
    text = f"You free {n.names.kind(e.who.kind).the} from its shackles. It joins you!"
    return [Line(text, MessageKind.DISCOVERY)]


def ordered(n: Narrator, e: Ordered) -> list[Line]:
    whom = n.who(e.told[0]).the if len(e.told) == 1 else "your allies"
    what = "to wait here" if e.stay else "to follow you"
    return [Line(f"You tell {whom} {what}.", MessageKind.INFO)]


def ally_died(n: Narrator, e: AllyDied) -> list[Line]:
    return [Line("You feel a sense of loss.", MessageKind.PLAYER_DIED)]


ITEM_CHANGES = {
    "wielded": "wield", "worn": "put on", "unwielded": "put away", "removed": "take off",
}  # fmt: skip


def item_moved(n: Narrator, e: ItemMoved) -> list[Line]:
    noun = n.names.thing(e.thing)
    match e.change:
        case "picked":
            return [Line(f"You pick up {noun.count(e.thing.quantity)}.", MessageKind.ITEM)]
        case "dropped":
            what = noun.the if e.thing.quantity == 1 else noun.count(e.thing.quantity)
            return [Line(f"You drop {what}.", MessageKind.ITEM)]
        case "thrown":
            return [Line(f"You throw {noun.a}.", MessageKind.ITEM)]
        case "landed":
            return [Line(sentence(noun, "strike", "nothing and falls."), MessageKind.ITEM)]
        case "swept":  # the current takes one at a time
            text = f"{capitalized(noun.a)} from your pack slips away in the deep water!"
            return [Line(text, MessageKind.ITEM)]
        case "lost":
            return [Line(sentence(noun, "be", "lost below."), MessageKind.ITEM)]
        case "caged":
            text = f"Bars slam down over {noun.count(e.thing.quantity)}: you chose."
            return [Line(text, MessageKind.ITEM)]
        case change if change in ITEM_CHANGES:
            return [Line(f"You {ITEM_CHANGES[change]} {noun.the}.", MessageKind.ITEM)]
    return []


def item_used(n: Narrator, e: ItemUsed) -> list[Line]:
    verb = USE_VERBS.get(e.category, "use")
    return [Line(f"You {verb} {n.names.thing(e.thing).the}.", MessageKind.ITEM)]


def identified(n: Narrator, e: Identified) -> list[Line]:
    if e.thing.enchant is not None:  # gear: its enchantment and runic now known
        plain = n.names.thing(e.thing._replace(enchant=None, runic=""))
        now = n.names.thing(e.thing)
        how = "You know" if e.cause == "worn" else "The scroll shows"
        return [Line(f"{how} your {plain.singular} now: {now.a}.", MessageKind.DISCOVERY)]
    before = n.names.thing(e.thing)
    now = n.names.thing(e.thing._replace(look=""))
    if e.cause == "use":
        return [Line(capitalized(f"{before.the} was {now.a}!"), MessageKind.DISCOVERY)]
    return [Line(sentence(before, "be", f"{now.a}."), MessageKind.DISCOVERY)]


FIZZLES = {
    "use": "Nothing much seems to happen.",
    "identify": "You feel knowledgeable, about nothing.",
    "teleport": "You feel a tug, and nothing more.",
}


def enchanted(n: Narrator, e: Enchanted) -> list[Line]:
    thing = n.names.thing(e.thing)
    return [Line(f"Your {thing.singular} gleams briefly in the darkness.", MessageKind.DISCOVERY)]


RUNIC_DEEDS = {
    "slaying": "{target} is slain outright!",
    "paralysis": "{target} is held fast!",
    "slowing": "{target} slows!",
    "confusion": "{target} reels!",
    "mercy": "{target} is healed by your blade!",
    "backlash": "your blow turns on you!",
    "absorption": "it softens the blow.",
    "reprisal": "{target} is hurt by its own blow!",
}


def runic_flared(n: Narrator, e: RunicFlared) -> list[Line]:
    thing = n.names.thing(e.thing._replace(enchant=None, runic=""))
    target = n.who(e.target).the if e.target is not None else "it"
    deed = RUNIC_DEEDS.get(e.runic, "").format(target=target)
    text = f"Your {thing.singular} flares with a runic of {e.runic}: {deed}".rstrip(": ")
    return [Line(capitalized(text), MessageKind.DISCOVERY)]


def grew(n: Narrator, e: Grew) -> list[Line]:
    if e.stat == "strength":
        return [Line("Newfound strength surges through your body.", MessageKind.DISCOVERY)]
    text = f"You feel more resilient: {hit_points(e.amount)} more health, for good."
    return [Line(text, MessageKind.DISCOVERY)]


def fizzled(n: Narrator, e: Fizzled) -> list[Line]:
    return [Line(FIZZLES.get(e.cause, "Nothing happens."))]


def door_opened(n: Narrator, e: DoorOpened) -> list[Line]:
    if e.who.id != PLAYER_ID:
        return [Line(sentence(n.who(e.who), "open", "a door."))]
    if e.unlocked:
        return [Line("You unlock the door.", MessageKind.STATUS)]
    return [Line("You open the door.")]


def trap_found(n: Narrator, e: TrapFound) -> list[Line]:
    return [Line(f"You find {n.names.trap(e.trap).a}!", MessageKind.DISCOVERY)]


def trap_sprung(n: Narrator, e: TrapSprung) -> list[Line]:
    trap = n.names.trap(e.trap)
    if e.avoided:
        return [Line(f"You step carefully over {trap.the}.")]
    return [Line(f"You trigger {trap.a}!", MessageKind.ALERT)]


def searched(n: Narrator, e: Searched) -> list[Line]:
    return [] if e.found else [Line("You find nothing.")]


def alarm(n: Narrator, e: Alarm) -> list[Line]:
    return [Line("A shrill alarm rings out through the level!", MessageKind.ALERT)]


def area(n: Narrator, e: Area) -> list[Line]:
    if e.form == "gas":
        return [Line("Caustic gas billows out!", MessageKind.STATUS)]
    return []


def terrain_changed(n: Narrator, e: TerrainChanged) -> list[Line]:
    if e.cause == "mapped":
        return [Line("A map of the level forms in your mind!", MessageKind.DISCOVERY)]
    return []


FALLS = {"trapdoor": "The floor gives way beneath you!", "chasm": "You leap into the chasm!"}


def stairs_taken(n: Narrator, e: StairsTaken) -> list[Line]:
    if e.way == "up":
        return [Line("You climb back up the stairs.")]
    if e.way == "fell":
        return [
            Line(FALLS.get(e.cause, "You fall!"), MessageKind.STATUS),
            Line("You descend deeper into the heart of the dungeon..."),
            Line("You land hard, and hurt yourself.", MessageKind.ENEMY_ATTACK),
        ]
    return [Line("You descend deeper into the heart of the dungeon...")]


def level_gained(n: Narrator, e: LevelGained) -> list[Line]:
    return [Line(f"You advance to level {e.level}!", MessageKind.STATUS)]


def victory(n: Narrator, e: Victory) -> list[Line]:
    return [Line("You climb into the daylight, the treasure in your pack. You win!")]


HUNGER = {
    "hungry": ("You are hungry.", MessageKind.ALERT),
    "weak": ("You feel weak with hunger.", MessageKind.ALERT),
    "faint": ("You feel faint with hunger! Eat, or you will pass out.", MessageKind.ALERT),
}
"""What the clock running down to each hunger state says."""


def hunger(n: Narrator, e: Hunger) -> list[Line]:
    if e.cause == "ate":
        return [Line("That food tasted delicious!", MessageKind.STATUS)]
    text, kind = HUNGER.get(e.state, ("Your stomach rumbles.", MessageKind.ALERT))
    return [Line(text, kind)]


def heard(n: Narrator, e: Heard) -> list[Line]:
    return [Line(HEARD.get(e.noise, "You hear something."), MessageKind.ALERT)]


NARRATORS: dict[type, Callable[[Narrator, Any], Sequence[Line]]] = {
    Attacked: attacked, Hurt: hurt, Died: died, Healed: healed,
    StatusChanged: status_changed, Teleported: teleported, Summoned: summoned,
    ModeChanged: mode_changed, Followed: followed, LeftBehind: left_behind,
    Shackles: shackles, Freed: freed,
    Ordered: ordered, AllyDied: ally_died, ItemMoved: item_moved, ItemUsed: item_used,
    Identified: identified, Enchanted: enchanted, RunicFlared: runic_flared, Grew: grew,
    Fizzled: fizzled, DoorOpened: door_opened,
    TrapFound: trap_found, TrapSprung: trap_sprung, Searched: searched, Alarm: alarm,
    Area: area, TerrainChanged: terrain_changed, StairsTaken: stairs_taken,
    LevelGained: level_gained, Victory: victory, Hunger: hunger, Heard: heard,
}  # fmt: skip
"""Event kind -> its words. Kinds not here (a step, a missile's flight) are only seen."""

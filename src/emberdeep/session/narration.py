"""The log's English: perceived events in, lines out (each with the kind it is coloured
by). The game's sentences are written here and in the families of event sentences this
dispatches to (``creature_sentences.py``, ``item_sentences.py``, ``world_sentences.py``);
the engine reports events, and what the player perceives was decided before they reach
here (``engine/core/perception.py``).

Each event kind has one function (``NARRATORS``); one that is only seen (a step, a
missile's flight) says nothing. A refusal, the reason a run stops and a cause of death
are worded here too, so a screen, the agent environment and the morgue say the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from emberdeep.content.loader import Content
from emberdeep.engine.core.actors import PLAYER_ID
from emberdeep.engine.core.events import (
    Alarm,
    AllyDied,
    Area,
    Arrived,
    Attacked,
    Cloud,
    Corroded,
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
    Ignited,
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
    Shattered,
    StairsTaken,
    StatusChanged,
    Summoned,
    Teleported,
    TerrainChanged,
    Thing,
    TrapFound,
    TrapSprung,
    Victory,
    Who,
)
from emberdeep.engine.play.autopilot import Stop
from emberdeep.session import stairs_walk
from emberdeep.session.beast_sentences import corroded
from emberdeep.session.creature_sentences import (
    ally_died,
    attacked,
    died,
    followed,
    freed,
    healed,
    hurt,
    left_behind,
    mode_changed,
    ordered,
    shackles,
    status_changed,
    summoned,
    teleported,
)
from emberdeep.session.grammar import Noun, listed, sentence
from emberdeep.session.item_sentences import (
    enchanted,
    fizzled,
    grew,
    identified,
    item_moved,
    item_used,
    runic_flared,
)
from emberdeep.session.log_line import Line
from emberdeep.session.names import Names
from emberdeep.session.risk_words import risk_stop, way_to
from emberdeep.session.world_sentences import (
    alarm,
    area,
    arrived,
    cloud,
    door_opened,
    heard,
    hunger,
    ignited,
    level_gained,
    searched,
    shattered,
    stairs_taken,
    terrain_changed,
    trap_found,
    trap_sprung,
    victory,
)

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
    "sealed": "The stone door is sealed. A lever somewhere on this floor must open it.",
    "nothing_here": "There is nothing here to pick up.",
    "inventory_full": "Your pack is full.",
    "no_such_item": "You have no such item.",
    "no_stairs_down": "There are no stairs here.",
    "no_stairs_up": "There are no stairs up here.",
    "need_treasure": "You will not leave without the treasure that lies far below.",
    "not_ready": "You are not ready to advance.",
    "not_visible": "You cannot target an area that you cannot see.",
    "throw_unseen": "You cannot throw at a spot you cannot see.",
    "throw_elsewhere": "You cannot throw it at your own feet: move the aim to where it"
    " should land.",
    "take_off_first": "Take it off first.",
    "throw_it": "Throw it instead (t).",
    "key_use": "Walk into a locked door to unlock it.",
    "aim_at_creature": "Aim it at a creature in view.",
    "full_health": "Your health is already full.",
    "nobody_near": "No enemy is close enough to strike.",
    "select_enemy": "You must select an enemy to target.",
    "not_yourself": "You cannot confuse yourself!",
    "nobody_in_radius": "There are no targets in the radius.",
    "hesitate": "You hesitate.",
    "out_of_range": "Out of range.",
    "no_clear_line": "There is no clear line.",
    "nobody_to_mend": "Nobody needs mending.",
    "nothing_to_negate": "There is no magic there to negate.",
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
    "monster_in_view": "Not with a monster coming at you! Fight, or flee: > and < step a press.",
    "monster_aiming": "Not while a monster has you in its sights! Step out of them, or fight.",
    "already_rested": "You are already at full health: explore (x) on.",
    "no_allies": "There is no ally in view to tell.",
    "not_hungry": "You are not hungry enough to eat that yet.",
    "too_hungry": "You are faint with hunger: eat (i, then a ration) before you rest.",
    "deadly_poison": "The poison in you would kill you before it wears off: drink a potion"
    " of healing, do not rest.",
    "no_healing": "The Heart's heat keeps your wounds open: rest will not heal you. Drink a"
    " potion of healing, or climb on (< to the stairs up).",
    "stairs_not_found": "You have not found the stairs down yet: explore (x) to find them.",
}
AIMED_WORDS = {
    "aim_at_creature": "You must aim {the} at a creature in view.",
    "out_of_range": "Too far: {the} reaches {reach} steps.",
    "no_clear_line": "Something is in the way: {the} cannot reach there in a straight line.",
}
"""An aimed use refused, naming the item (``targets.missed``): hand play was told to aim
a staff at a creature in view while aiming at a pale bloat in view, out of its reach."""
"""A refusal's words, by reason (those that need a name are written in ``refusal``)."""
STOPS = {
    "badly_hurt": "You are badly hurt: rest (Z) first, or travel (> to the stairs).",
    "badly_hurt_open": "You are badly hurt, and the Heart's heat keeps your wounds open:"
    " drink a potion of healing, or travel (< to the stairs up).",
    "hurt": "You are hurt.",
    "picked_up": "",
    "floor": "",  # a new floor (or the end) says itself
    "interrupted": "You stop: a key was pressed.",
    "blocked": "Something is in the way: step round it yourself.",
    "no_way": "You don't know a way there: explore (x) first.",
    "arrived": "You have arrived.",
    "explored_stairs": "Explored. The stairs down are here: press > to descend.",
    "explored": "Explored everything you can reach: search (s) for a hidden way on.",
    "rested": "You feel rested.",
    "freed": "",
    "hungry": "You stop, hungry: eat a ration (i) when you can.",
    "weak": "You stop, weak with hunger: eat a ration (i) now.",
    "faint": "You stop, faint with hunger: eat a ration (i), or you will pass out.",
    "arrival": "You stop to listen.",  # after what was heard ("Arrived")
}
"""Why a run stopped ("" stops without a word: what was picked up was just said)."""


class Narrator:
    """Turns events into lines for one game's names."""

    def __init__(self, names: Names, goal: tuple[int, str] | None = None) -> None:
        self.names = names
        self.goal = goal
        """The floor the treasure lies on and the treasure's name, said on coming down
        to it (a tester walked past the Heart's floor and on two floors deeper)."""

    def lines(self, events: Iterable[Event]) -> list[Line]:
        """The lines for ``events``; none after a victory, the game's last line (the
        monsters' turn that ends the step still runs: hand play's morgue showed a sylph
        acting after "You win!")."""
        out: list[Line] = []
        for event in events:
            say = NARRATORS.get(type(event))
            if say is not None:
                out += say(self, event)
            if type(event) is Victory:
                break
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
        elif reason in AIMED_WORDS and refused.thing is not None:
            aimed = self.names.thing(refused.thing._replace(enchant=None))  # no [charges]
            text = AIMED_WORDS[reason].format(the=aimed.the, reach=refused.detail)
        elif reason == "no_charges" and refused.thing is not None:
            text = sentence(self.names.thing(refused.thing), "have", "no charges left.")
        elif reason == "monster_in_view" and refused.detail in self.names.creatures:
            text = (
                f"Not with {self.names.kind(refused.detail).the} coming at you! "
                "Fight it, or flee: > and < walk to the stairs one step per key."
            )
        elif reason == "monster_aiming" and refused.detail in self.names.creatures:
            text = (
                f"Not while {self.names.kind(refused.detail).the} has you in its sights! "
                "Step out of its sight, or fight it."
            )
        elif reason == "inventory_full" and refused.thing is not None:
            text = f"Your pack is full: no room for {self.names.thing(refused.thing).the}."
        elif reason == "blocked" and refused.detail == "doorway":
            text = "That way is blocked: from a doorway, take a straight step first."
        elif reason == "nobody_near" and refused.detail:
            text = f"No enemy in view is within {refused.detail} steps for it to strike."
        elif reason == "unknown_stat":
            text = f"Unknown stat {refused.detail!r}."
        else:
            text = REFUSALS.get(reason, "You cannot do that.")
        return Line(text, MessageKind.REFUSED)

    def left_here(self, thing: Thing) -> Line:
        """Stepping onto an item with no room for it: said, so a full pack is never
        silent."""
        text = f"Your pack is full: {self.names.thing(thing).the} stays here."
        return Line(text, MessageKind.REFUSED)

    def stop(self, stop: Stop, here: tuple[int, int] = (0, 0), again: bool = False) -> str:
        """Why a run stopped, or "" to say nothing; ``here``: where the player stands
        (a risk ahead is named with its way from there; ``again``: told before)."""
        if stop.why in ("risky", "risky_stairs"):
            return risk_stop(self.names, stop, here, again)
        if stop.why == "monsters":
            return self.sighting(stop.monsters)
        if stop.why == "sleeper":
            asleep = listed([self.names.kind(kind).count(n) for kind, n in stop.monsters])
            one = sum(n for _, n in stop.monsters) == 1
            them, they = ("it", "it sleeps") if one else ("them", "they sleep")
            return (  # which way: one seen asleep may be out of sight now
                f"The way on passes close to {asleep}, asleep{way_to(stop.at, here)}: walk"
                f" past {them} yourself, or strike first while {they}."
            )
        if stop.why == "ally_behind":
            lagging = listed([self.names.kind(kind).count(n) for kind, n in stop.monsters])
            return (
                f"You stop: your allies are falling behind ({lagging}). Wait a turn or two"
                " (s) for them to catch up, or go on without them."
            )
        if stop.why == "left_behind":
            return stairs_walk.stop_words(self.names, stop.monsters)
        if stop.why == "items":
            seen = [self.names.thing(t).count(t.quantity) for t in stop.things]
            return f"You see {listed(seen)}."
        return STOPS.get(stop.why, "Stopped.")

    def sighting(self, monsters: Sequence[tuple[str, int]]) -> str:
        """Monsters in view by kind and count, nearest first, introduced in one line:
        "You see an ogre and 2 jackals." (a run stopped by them, or newcomers in view)."""
        seen = [self.names.kind(kind).count(n) for kind, n in monsters]
        return f"You see {listed(seen)}."

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
    goal = population.goal
    return Narrator(names, None if goal is None else (goal.depth, goal.treasure.name))


NARRATORS: dict[type, Callable[[Narrator, Any], Sequence[Line]]] = {
    Attacked: attacked, Hurt: hurt, Died: died, Healed: healed,
    StatusChanged: status_changed, Teleported: teleported, Summoned: summoned,
    ModeChanged: mode_changed, Followed: followed, LeftBehind: left_behind,
    Shackles: shackles, Freed: freed,
    Ordered: ordered, AllyDied: ally_died, ItemMoved: item_moved, ItemUsed: item_used,
    Identified: identified, Enchanted: enchanted, Corroded: corroded,
    RunicFlared: runic_flared, Grew: grew,
    Fizzled: fizzled, DoorOpened: door_opened,
    TrapFound: trap_found, TrapSprung: trap_sprung, Searched: searched, Alarm: alarm,
    Area: area, Cloud: cloud, Shattered: shattered, Ignited: ignited,
    TerrainChanged: terrain_changed, StairsTaken: stairs_taken,
    LevelGained: level_gained, Victory: victory, Hunger: hunger, Heard: heard,
    Arrived: arrived,
}  # fmt: skip
"""Event kind -> its words. Kinds not here (a step, a missile's flight) are only seen."""

"""What the log says of creatures: blows and misses, wounds, deaths, healing, statuses
begun and ended, teleports, summoning, a monster's change of mind, and allies (following,
left behind, shackled, freed, ordered, lost).

The largest family of the narration's sentences, one function per event kind, which
``NARRATORS`` in ``narration.py`` dispatches to; kept together with the words only these
rules use (a status's verbs, what a blow is called).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import PLAYER_ID
from emberdeep.engine.core.events import (
    AllyDied,
    Attacked,
    Died,
    Followed,
    Freed,
    Healed,
    Hurt,
    LeftBehind,
    MessageKind,
    ModeChanged,
    Ordered,
    Shackles,
    StatusChanged,
    Summoned,
    Teleported,
    Who,
)
from emberdeep.session.beast_sentences import status_trick
from emberdeep.session.grammar import capitalized, hit_points, sentence
from emberdeep.session.log_line import Line
from emberdeep.session.news import news_kind, status_kind

if TYPE_CHECKING:
    from emberdeep.session.narration import Narrator


STATUS_BEGUN = {
    "poisoned": ("be", "poisoned"),
    "hasted": ("speed", "up"),
    "slowed": ("slow", "down"),
    "confused": ("look", "confused"),
    "paralysed": ("be", "paralysed"),
    "levitating": ("float", "up"),
    "regenerating": ("glow", "with health"),
    "burning": ("catch", "fire"),
    "weakened": ("look", "weak"),
    "held": ("be", "held fast"),
    "shielded": ("shimmer", "behind a spectral shield"),
    "invisible": ("fade", "from sight"),
    "submerged": ("slip", "under the water"),
    "image": ("shimmer", "into being"),
    "fireproof": ("look", "proof against fire"),
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
    "burning": "no longer burning",
    "weakened": "no longer weakened",
    "held": "no longer held",
    "shielded": "no longer shielded",
    "invisible": "visible again",
    "submerged": "out of the water",
    "image": "real now",
    "fireproof": "no longer proof against fire",
}
STATUS_GIVEN = {
    "poisoned": "poisons",
    "hasted": "hastens",
    "slowed": "chills",
    "confused": "confuses",
    "paralysed": "paralyses",
    "levitating": "lifts",
    "regenerating": "heals",
    "burning": "sets fire to",
    "weakened": "weakens",
    "held": "grips",
    "shielded": "shields",
    "invisible": "hides",
    "submerged": "drowns",
    "image": "mirrors",
    "fireproof": "wards",
}
"""What a blow that gives a status does: "The vampire bat's bite confuses you!"."""
SHOT_VERBS = {"arrow": "shoot", "spark": "zap", "bolt": "blast"}
"""What a shot of each form (``Attacked.shot``) is called, as a blow's verb."""
BLOWS = {
    "hit": "blow", "bite": "bite", "sting": "sting", "touch": "touch", "claw": "claws",
    "slash": "blade", "burn": "touch", "bash": "blow", "shoot": "arrow", "zap": "spark",
    "blast": "bolt",
}  # fmt: skip
"""A blow's verb -> what the blow itself is called."""


def _attack_kind(attacker: Who, target: Who) -> MessageKind:
    """The player's blows, blows at the player, and (plain news) one creature's at another."""
    if attacker.id == PLAYER_ID:
        return MessageKind.PLAYER_ATTACK
    return MessageKind.ENEMY_ATTACK if target.id == PLAYER_ID else MessageKind.INFO


def _hurt_kind(n: Narrator, who: Who, source: Who | None) -> MessageKind:
    if who.id == PLAYER_ID:
        return MessageKind.ENEMY_ATTACK
    if source is not None and source.id == PLAYER_ID:
        return MessageKind.PLAYER_ATTACK
    return news_kind(n.names, who, False)  # an ally's hurt is bad news, a foe's good


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
    verb = SHOT_VERBS.get(e.shot, "shoot") if e.shot else e.verb
    if not e.hit:
        if e.shot:  # "The goblin archer shoots at you, and misses."
            return [Line(sentence(who, verb, f"at {whom.the}, and {who.verb('miss')}."), kind)]
        return [Line(sentence(who, "miss", f"{whom.the}."), kind)]
    victim = f"the sleeping {whom.singular}" if e.sneak and not whom.is_you else whom.the
    stop = "!" if e.sneak else "."
    return [Line(sentence(who, verb, f"{victim} for {hit_points(e.damage)}{stop}"), kind)]


def hurt(n: Narrator, e: Hurt) -> list[Line]:
    noun, kind = n.who(e.who), _hurt_kind(n, e.who, e.source)
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
        case "burning":
            text = sentence(noun, "burn", f"for {points}.")
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
    if e.cause == "negated":
        return [Line(sentence(noun, "be", "unmade!"), MessageKind.ENEMY_DIED)]
    if e.vanished:
        return [Line(sentence(noun, "vanish", "!"), MessageKind.ENEMY_DIED)]
    if e.killer is not None and e.killer.id == PLAYER_ID:
        return [Line(f"You kill {noun.the}!", MessageKind.ENEMY_DIED)]
    return [Line(sentence(noun, "die", "."), MessageKind.ENEMY_DIED)]


def healed(n: Narrator, e: Healed) -> list[Line]:
    if e.cause == "mend" and e.source is not None:
        wounds = f", and {n.who(e.who).possessive} wounds close."
        kind = news_kind(n.names, e.who, True)  # a foe's wounds closing: danger
        return [Line(sentence(n.who(e.source), "chant", wounds), kind)]
    if e.who.id == PLAYER_ID:
        text = f"You feel better, and recover {hit_points(e.amount)}."
        return [Line(text, MessageKind.STATUS)]
    return [Line(sentence(n.who(e.who), "look", "better."), news_kind(n.names, e.who, True))]


def status_changed(n: Narrator, e: StatusChanged) -> list[Line]:
    trick = status_trick(n, e)
    if trick is not None:
        return trick
    noun = n.who(e.who)
    if not e.gained:
        ended_kind = status_kind(n.names, e.who, e.status, False)
        if e.cause == "water":
            return [Line(sentence(noun, "be", "put out by the water."), ended_kind)]
        ended = STATUS_ENDED.get(e.status, f"no longer {e.status}")
        if e.cause == "negation" and e.source is not None:  # "... is no longer hasted!"
            caster = n.who(e.source)
            text = f"{sentence(caster, 'chant', 'a negation:')} {noun.the} {noun.verb('be')}"
            return [Line(f"{text} {ended}!", MessageKind.ENEMY_ATTACK)]
        return [Line(sentence(noun, "be", f"{ended}."), ended_kind)]
    kind = status_kind(n.names, e.who, e.status, True)
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
    if e.cause == "pounce":
        return [Line(sentence(n.who(e.who), "leap", "out of the dark!"), MessageKind.ALERT)]
    if e.cause == "blink":
        return [Line(sentence(n.who(e.who), "blink", "away!"), MessageKind.STATUS)]
    if e.cause == "lunge":
        return [Line(sentence(n.who(e.who), "blink", "to the attack!"), MessageKind.ALERT)]
    if e.cause == "charge":
        return [Line(sentence(n.who(e.who), "charge", "!"), MessageKind.ALERT)]
    if e.cause == "beckon":
        return [Line(sentence(n.who(e.who), "be", "yanked towards you!"), MessageKind.STATUS)]
    return [Line(sentence(n.who(e.who), "be", "whisked away!"), MessageKind.STATUS)]


def summoned(n: Narrator, e: Summoned) -> list[Line]:
    who = n.who(e.who)
    if e.cause == "split":
        return [Line(sentence(who, "split", "in two!"), MessageKind.ALERT)]
    if e.cause == "polymorph":
        what = n.names.kind(e.kind).a
        rest = f"and {who.verb('change')} into {what}!"
        return [Line(sentence(who, "twist", rest), MessageKind.ALERT)]
    if e.cause == "plenty":
        rest = f"and {who.verb('become')} two!"
        return [Line(sentence(who, "shimmer", rest), MessageKind.ALERT)]
    what = n.names.kind(e.kind).count(len(e.called))
    if e.cause == "scatter":
        return [Line(sentence(who, "burst", f"into {what}!"), MessageKind.ALERT)]
    if e.cause == "images":
        return [Line(sentence(who, "shimmer", "and multiplies!"), MessageKind.ALERT)]
    return [Line(sentence(who, "call", f"up {what}!"), MessageKind.ALERT)]


def mode_changed(n: Narrator, e: ModeChanged) -> list[Line]:
    if e.cause == "alarm":  # the alarm said it for all of them
        return []
    noun = n.who(e.who)
    if e.cause == "dominated":
        return [Line(sentence(noun, "bow", "to your will!"), MessageKind.DISCOVERY)]
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
    if e.way == "fell":
        text = f"Your {ally} is left behind on the floor above."
    else:
        why = "was in no state to follow" if e.stuck else "was too far away to follow"
        text = f"You go {e.way} the stairs without your {ally}: it {why}."
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

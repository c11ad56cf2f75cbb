"""What the log says of items: picked up, dropped, thrown, swept away, worn and taken
off, used, identified, enchanted, a runic flaring, a potion's lasting gain, and magic that
fizzles.

One family of the narration's sentences, one function per event kind, which ``NARRATORS``
in ``narration.py`` dispatches to; the words for items read together in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.events import (
    Enchanted,
    Fizzled,
    Grew,
    Identified,
    ItemMoved,
    ItemUsed,
    MessageKind,
    RunicFlared,
)
from emberdeep.session.beast_sentences import stolen
from emberdeep.session.grammar import capitalized, hit_points, sentence
from emberdeep.session.log_line import Line

if TYPE_CHECKING:
    from emberdeep.session.narration import Narrator


USE_VERBS = {"potion": "drink", "scroll": "read", "wand": "zap", "staff": "raise", "food": "eat"}
"""What using an item of a category is called ("use" for the rest)."""


ITEM_CHANGES = {
    "wielded": "wield", "worn": "put on", "unwielded": "put away", "removed": "take off",
}  # fmt: skip


def item_moved(n: Narrator, e: ItemMoved) -> list[Line]:
    noun = n.names.thing(e.thing)
    match e.change:
        case "picked":
            lines = [Line(f"You pick up {noun.count(e.thing.quantity)}.", MessageKind.ITEM)]
            kind = n.names.items.get(e.thing.kind)
            if kind is not None and kind.facts.wins:  # World.heals_by_resting's rule
                text = "Its heat seeps into you: near it, resting will not heal you."
                lines.append(Line(text, MessageKind.ALERT))
            return lines
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
        case "washed":
            text = (
                f"{capitalized(noun.a)} from your pack slips away in the deep water: "
                "the current carries it to the shore."
            )
            return [Line(text, MessageKind.ITEM)]
        case "lost":
            return [Line(sentence(noun, "be", "lost below."), MessageKind.ITEM)]
        case "stolen":
            return stolen(n, e)
        case "broke":
            return [Line(sentence(noun, "break", "on the blow."), MessageKind.ITEM)]
        case "recharged":
            text = f"Your {noun.singular} hums with power: its charges are full."
            return [Line(text, MessageKind.DISCOVERY)]
        case "caged":
            text = f"Bars slam down over {noun.count(e.thing.quantity)}: you chose."
            return [Line(text, MessageKind.ITEM)]
        case change if change in ITEM_CHANGES:
            return [Line(f"You {ITEM_CHANGES[change]} {noun.the}.", MessageKind.ITEM)]
    return []


def item_used(n: Narrator, e: ItemUsed) -> list[Line]:
    verb = USE_VERBS.get(e.category, "use")
    left = "" if e.charges is None else " ({} of {} charges left)".format(*e.charges)
    return [Line(f"You {verb} {n.names.thing(e.thing).the}{left}.", MessageKind.ITEM)]


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
    "negation": "A wave of stillness passes, and finds no magic to undo.",
    "shatter": "The air hums, but there is no wall near enough to break.",
    "recharge": "Power crackles round your pack, and finds no staff to fill.",
    "polymorph": "The bolt shivers over its mark, and nothing changes.",
    "beckon": "The bolt tugs at its mark, but nothing comes.",
    "dominate": "Its will resists yours.",
    "plenty": "The bolt glows round its mark, and fades.",
}


def enchanted(n: Narrator, e: Enchanted) -> list[Line]:
    thing = n.names.thing(e.thing)
    if e.sapped is not None:
        thief = n.who(e.sapped).the
        return [Line(capitalized(f"{thief} drinks the glow from your {thing.singular}!"),
                     MessageKind.ENEMY_ATTACK)]  # fmt: skip
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
    if e.amount < 0:
        taker = n.who(e.source).the if e.source is not None else "something"
        text = f"{capitalized(taker)} withers you: {hit_points(-e.amount)} less health, for good!"
        return [Line(text, MessageKind.ENEMY_ATTACK)]
    text = f"You feel more resilient: {hit_points(e.amount)} more health, for good."
    return [Line(text, MessageKind.DISCOVERY)]


def fizzled(n: Narrator, e: Fizzled) -> list[Line]:
    return [Line(FIZZLES.get(e.cause, "Nothing happens."))]

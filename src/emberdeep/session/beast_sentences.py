"""What the log says of the bestiary's tricks: a thief's snatch, acid eating your gear,
a lurker diving and surfacing, a grip and the struggle against it, a mystic's shield,
a pounce. Kept apart from ``creature_sentences.py`` (blows, wounds, the plain statuses)
so each family stays small; ``status_changed`` there asks ``status_trick`` first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.events import Corroded, ItemMoved, MessageKind, StatusChanged
from emberdeep.session.grammar import capitalized, sentence
from emberdeep.session.log_line import Line
from emberdeep.session.news import news_kind

if TYPE_CHECKING:
    from emberdeep.session.narration import Narrator


def status_trick(n: Narrator, e: StatusChanged) -> list[Line] | None:
    """The words of a status a trick gave or took, or None for the plain ones'."""
    noun = n.who(e.who)
    source = n.who(e.source) if e.source is not None else None
    match (e.status, e.gained, e.cause):
        case ("submerged", True, "dive"):
            return [Line(sentence(noun, "dive", "out of sight."), news_kind(n.names, e.who, True))]
        case ("submerged", False, "surface"):
            return [Line(sentence(noun, "surge", "up out of the water!"), MessageKind.ALERT)]
        case ("held", True, "blow") if source is not None:
            return [Line(sentence(source, "seize", f"{noun.the}!"), MessageKind.ENEMY_ATTACK)]
        case ("held", True, "struggle") if source is not None:
            text = sentence(noun, "struggle", f"in {source.possessive} grip.")
            return [Line(text, news_kind(n.names, e.who, False))]
        case ("held", False, "struggle") if source is not None:
            text = sentence(noun, "break", f"free of {source.the}!")
            return [Line(text, news_kind(n.names, e.who, True))]
        case ("held", False, "released"):
            return [
                Line(sentence(noun, "be", "free of the grip."), news_kind(n.names, e.who, True))
            ]
        case ("shielded", True, "shield") if source is not None:
            text = sentence(source, "cast", f"a spectral shield over {noun.the}!")
            return [Line(text, MessageKind.ALERT)]
        case ("shielded", False, "absorbed"):
            text = capitalized(f"{noun.possessive} spectral shield takes the blow and shatters!")
            return [Line(text, news_kind(n.names, e.who, False))]
    return None


def stolen(n: Narrator, e: ItemMoved) -> list[Line]:
    """A thief's snatch: "The monkey snatches a murky violet potion from your pack!"."""
    thing = n.names.thing(e.thing)
    text = sentence(n.who(e.who), "snatch", f"{thing.a} from your pack!")
    return [Line(text, MessageKind.ENEMY_ATTACK)]


def corroded(n: Narrator, e: Corroded) -> list[Line]:
    thing = n.names.thing(e.thing._replace(enchant=None, runic=""))
    text = f"{capitalized(n.who(e.who).possessive)} acid eats at your {thing.singular}!"
    return [Line(text, MessageKind.ENEMY_ATTACK)]

"""English for the message log: articles, plurals, the second person, verb agreement.

Pure functions on text, so every message family reads the same way and is tested in one
table. Names come from content ("Orc", "Potion of Healing") and are written in lower
case in sentences ("the orc", "a potion of healing") unless content marks the thing as
unique (``article = "the"``: "the Ember Heart", kept as written). Content may also give a
plural the regular rule gets wrong ("wolves") and an article the spelling gets wrong
("a unicorn" is caught by ``A_SOUNDS``; "an hour" by ``AN_SOUNDS``). The player is
``YOU``: "You hit the orc.", "The orc hits you.", "Your 3 darts slip away."
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

A_SOUNDS = ("one", "once", "uni", "use", "usu", "uti", "ure", "eu", "ewe", "ufo")
"""Words that begin with a vowel letter but a consonant sound: "a unicorn"."""
AN_SOUNDS = ("hour", "honest", "honor", "honour", "heir")
"""Words that begin with a consonant letter but a vowel sound: "an hour"."""
INVARIANT = frozenset({"remains", "sheep", "deer", "fish", "moose", "mail", "armor", "armour"})
"""Nouns whose plural is the singular."""
IRREGULAR = {
    "man": "men", "woman": "women", "child": "children", "foot": "feet", "tooth": "teeth",
    "mouse": "mice", "louse": "lice", "goose": "geese", "person": "people", "ox": "oxen",
}  # fmt: skip
"""Common irregular plurals (content's ``plural`` key covers the rest)."""
HEAD_SPLITS = (" of ", " labelled ", " named ")
"""A phrase's head noun comes before these: "potions of healing", 'scrolls labelled "X"'."""
THIRD_PERSON = {"be": "is", "have": "has", "do": "does", "go": "goes"}


def capitalized(text: str) -> str:
    """The first letter upper case, the rest as it was: a sentence's start."""
    return text[:1].upper() + text[1:]


def indefinite(phrase: str) -> str:
    """ "a" or "an" for ``phrase``, by the sound of its first word."""
    word = phrase.lstrip("\"'").lower()
    if word.startswith(AN_SOUNDS):
        return "an"
    if word.startswith(A_SOUNDS):
        return "a"
    return "an" if word[:1] in ("a", "e", "i", "o", "u") else "a"


def plural_word(word: str) -> str:
    """The regular plural of one word (keeping a capital: "Dart" -> "Darts")."""
    lower = word.lower()
    if lower in INVARIANT:
        return word
    if lower in IRREGULAR:
        plural = IRREGULAR[lower]
        return capitalized(plural) if word[:1].isupper() else plural
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if lower.endswith("y") and lower[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return word[:-1] + "ies"
    return word + "s"


def pluralized(phrase: str) -> str:
    """The regular plural of a noun phrase: its head noun made plural ("giant spiders",
    "potions of healing", 'scrolls labelled "XYZZY"')."""
    for split in HEAD_SPLITS:
        head, found, tail = phrase.partition(split)
        if found and head:
            return pluralized(head) + found + tail
    before, _, last = phrase.rpartition(" ")
    return f"{before} {plural_word(last)}" if before else plural_word(last)


def third_person(verb: str) -> str:
    """ "hit" -> "hits", "miss" -> "misses", "fly" -> "flies", "be" -> "is"."""
    if verb in THIRD_PERSON:
        return THIRD_PERSON[verb]
    if verb.endswith(("s", "x", "z", "ch", "sh", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return verb[:-1] + "ies"
    return verb + "s"


class Noun(msgspec.Struct, frozen=True):
    """A thing the log names. ``singular`` is as written in a sentence; ``plural`` and
    ``article`` override the regular rules ("" keeps them). ``article = "the"`` is a
    unique thing, always definite. ``many`` is a noun that is plural in itself
    ("remains"); ``person = 2`` is the player, "you"."""

    singular: str
    plural_form: str = ""
    article: str = ""
    many: bool = False
    person: int = 3
    yours: bool = False
    """The player's own (an ally): "your goblin" where another would be "the goblin"."""

    @classmethod
    def named(cls, name: str, plural: str = "", article: str = "") -> Noun:
        """A content name in a sentence: lower case, unless unique ("the Ember Heart")."""
        if article == "the":
            return cls(name, plural, article)
        return cls(name.lower(), plural.lower(), article)

    @property
    def is_you(self) -> bool:
        return self.person == 2

    @property
    def plural(self) -> str:
        if self.is_you or self.many:
            return self.singular
        return self.plural_form or pluralized(self.singular)

    @property
    def unique(self) -> bool:
        return self.article == "the"

    @property
    def the(self) -> str:
        """ "the orc", "you"."""
        if self.yours:
            return f"your {self.singular}"
        return "you" if self.is_you else f"the {self.singular}"

    @property
    def a(self) -> str:
        """ "an orc", "the Ember Heart" (unique), "you"."""
        if self.is_you or self.unique or self.many or self.yours:
            return self.the
        return f"{self.article or indefinite(self.singular)} {self.singular}"

    @property
    def possessive(self) -> str:
        """ "the orc's", "the remains'", "your"."""
        if self.is_you:
            return "your"
        return f"{self.the}'" if self.the.endswith("s") and self.many else f"{self.the}'s"

    def count(self, n: int) -> str:
        """ "a dart", "3 darts" (a unique thing is always "the ...")."""
        if n == 1 or self.unique or self.is_you:
            return self.a
        return f"{n} {self.plural}"

    def counted(self, n: int) -> Noun:
        """This noun for ``n`` of them, as a subject: "3 darts" takes "slip", not "slips"."""
        if n == 1 or self.unique or self.is_you:
            return self
        return Noun(self.plural, self.plural, "", many=True)

    def verb(self, verb: str) -> str:
        """``verb`` agreeing with this noun as its subject: "you hit", "the orc hits"."""
        if self.is_you or self.many:
            return "are" if verb == "be" else verb
        return third_person(verb)


YOU = Noun("you", "you", person=2)
HIT_POINT = Noun("hit point")


def remains(of: Noun) -> Noun:
    """What a dead creature leaves: "the remains of the orc" (plural in itself)."""
    return Noun(f"remains of {of.the}", many=True)


def sentence(subject: Noun, verb: str, rest: str = "", *, definite: bool = True) -> str:
    """``subject`` ``verb`` ``rest``, the verb agreeing and the first letter capital:
    ``sentence(orc, "hit", "you for 1 hit point.")`` -> "The orc hits you for 1 hit
    point." ``rest`` carries its own full stop or exclamation mark."""
    who = subject.the if definite else subject.a
    words = f"{who} {subject.verb(verb)}"
    if rest:
        words += rest if rest[:1] in ".!?,;" else f" {rest}"
    return capitalized(words)


def listed(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def hit_points(n: int) -> str:
    """ "1 hit point", "3 hit points"."""
    return f"{n} {HIT_POINT.singular if n == 1 else HIT_POINT.plural}"

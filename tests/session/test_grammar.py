"""The log's English, as tables: articles, plurals, verbs, sentences."""

from __future__ import annotations

import pytest

from emberdeep.content import loader
from emberdeep.session import grammar
from emberdeep.session.grammar import YOU, Noun, listed, remains, sentence


@pytest.mark.parametrize(
    ("phrase", "article"),
    [
        ("orc", "an"), ("troll", "a"), ("ogre", "an"), ("ember slime", "an"),
        ("unicorn", "a"), ("user", "a"), ("one-eyed giant", "a"), ("eucalyptus wand", "a"),
        ("hour glass", "an"), ("honest man", "an"), ("heir", "an"), ("hound", "a"),
        ("umbral wisp", "an"), ("iron wand", "an"), ("yak", "a"),
        ('"ZELGO MER" scroll', "a"), ('"ELAM EBOW" scroll', "an"), ("Orc", "an"),
    ],
)  # fmt: skip
def test_a_or_an_by_sound(phrase: str, article: str) -> None:
    assert grammar.indefinite(phrase) == article


@pytest.mark.parametrize(
    ("singular", "plural"),
    [
        ("orc", "orcs"), ("jackal", "jackals"), ("pink jelly", "pink jellies"),
        ("kobold shaman", "kobold shamans"), ("will o' the wisp", "will o' the wisps"),
        ("dart", "darts"), ("box", "boxes"), ("witch", "witches"), ("bush", "bushes"),
        ("key", "keys"), ("potion of healing", "potions of healing"),
        ('scroll labelled "ZELGO MER"', 'scrolls labelled "ZELGO MER"'),
        ("murky violet potion", "murky violet potions"), ("remains", "remains"),
        ("chain mail", "chain mail"), ("man", "men"), ("giant mouse", "giant mice"),
        ("ring of strength", "rings of strength"), ("Dart", "Darts"),
    ],
)  # fmt: skip
def test_regular_and_common_irregular_plurals(singular: str, plural: str) -> None:
    assert grammar.pluralized(singular) == plural


@pytest.mark.parametrize(
    ("verb", "third"),
    [
        ("hit", "hits"), ("miss", "misses"), ("shoot", "shoots"), ("be", "is"),
        ("have", "has"), ("fly", "flies"), ("say", "says"), ("catch", "catches"),
        ("go", "goes"), ("slip", "slips"),
    ],
)  # fmt: skip
def test_verbs_agree_with_a_third_person(verb: str, third: str) -> None:
    assert grammar.third_person(verb) == third
    assert Noun("orc").verb(verb) == third
    assert YOU.verb(verb) == ("are" if verb == "be" else verb)


ORC = Noun.named("Orc")
WOLF = Noun.named("Wolf", "Wolves")
HEART = Noun.named("Ember Heart", article="the")
UNICORN = Noun.named("Unicorn")
HOUR = Noun.named("Hourglass", article="an")


@pytest.mark.parametrize(
    ("made", "text"),
    [
        (ORC.a, "an orc"), (ORC.the, "the orc"), (ORC.count(1), "an orc"),
        (ORC.count(3), "3 orcs"), (WOLF.count(2), "2 wolves"), (WOLF.a, "a wolf"),
        (HEART.a, "the Ember Heart"), (HEART.count(2), "the Ember Heart"),
        (UNICORN.a, "a unicorn"), (HOUR.a, "an hourglass"), (YOU.a, "you"),
        (ORC.possessive, "the orc's"), (YOU.possessive, "your"),
        (remains(ORC).the, "the remains of the orc"),
        (remains(ORC).a, "the remains of the orc"),
        (remains(ORC).plural, "remains of the orc"),
        (Noun.named("Potion of Healing").a, "a potion of healing"),
    ],
)  # fmt: skip
def test_nouns_with_articles_and_counts(made: str, text: str) -> None:
    assert made == text


@pytest.mark.parametrize(
    ("made", "text"),
    [
        (sentence(YOU, "hit", "the orc for 3 hit points."), "You hit the orc for 3 hit points."),
        (sentence(ORC, "hit", "you for 1 hit point."), "The orc hits you for 1 hit point."),
        (sentence(ORC, "miss", "you."), "The orc misses you."),
        (sentence(YOU, "miss", "the troll."), "You miss the troll."),
        (sentence(ORC, "die", "."), "The orc dies."),
        (sentence(YOU, "be", "poisoned!"), "You are poisoned!"),
        (sentence(ORC, "be", "poisoned!"), "The orc is poisoned!"),
        (sentence(remains(ORC), "lie", "here."), "The remains of the orc lie here."),
        (sentence(Noun.named("Dart").counted(3), "slip", "away."), "The darts slip away."),
        (sentence(Noun.named("Dart").counted(1), "slip", "away."), "The dart slips away."),
        (sentence(HEART, "glow", "warm."), "The Ember Heart glows warm."),
        (sentence(ORC, "wake", "up!", definite=False), "An orc wakes up!"),
        (grammar.hit_points(1), "1 hit point"), (grammar.hit_points(2), "2 hit points"),
        (listed([]), ""), (listed(["an ogre"]), "an ogre"),
        (listed(["an ogre", "2 jackals"]), "an ogre and 2 jackals"),
        (listed(["an ogre", "2 jackals", "a rat"]), "an ogre, 2 jackals and a rat"),
    ],
)  # fmt: skip
def test_sentences_capitalised_and_agreeing(made: str, text: str) -> None:
    assert made == text


def test_every_shipped_name_reads_in_a_sentence() -> None:
    """Each monster and item of the shipped content, as the log names it: lower case
    (unique things as written), one article, a plural that is not the singular."""
    content = loader.load()
    monsters = {k.key: Noun.named(k.name, k.plural, k.article) for k in content.hero.kinds.values()}
    assert monsters["wolf"].count(2) == "2 wolves"
    assert monsters["ogre"].a == "an ogre" and monsters["ember_slime"].a == "an ember slime"
    assert monsters["goblin_archer"].count(3) == "3 goblin archers"
    items = {k.key: Noun.named(k.name, k.plural, k.article) for k in content.population.items.kinds}
    assert items["ember_heart"].a == "the Ember Heart"
    for noun in [*monsters.values(), *items.values()]:
        assert noun.a.split(" ", 1)[0] in ("a", "an", "the")
        assert noun.unique or noun.singular == noun.singular.lower()
        assert noun.plural != noun.singular or noun.singular.endswith(("mail", "armor"))

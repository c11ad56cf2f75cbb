"""Items keep their letters when another leaves the pack, and a letter that left is not
dealt to something new while another is free."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.things.items import Item, ItemKind
from emberdeep.session.letters import ItemLetters


def kinds() -> dict[str, ItemKind]:
    return {kind.key: kind for kind in loader.load().population.items.kinds}


def pack(*keys: str) -> list[Item]:
    found = kinds()
    return [Item(found[key]) for key in keys]


def test_an_item_lost_from_the_middle_leaves_the_others_their_letters() -> None:
    inventory = pack("health_potion", "darts", "dagger", "leather_armor")
    letters = ItemLetters()
    assert letters.of(inventory) == ["a", "b", "c", "d"]
    del inventory[1]  # the darts slipped away in deep water
    assert letters.of(inventory) == ["a", "c", "d"]
    assert letters.saved(inventory) == "acd"
    kept = ItemLetters(zip(inventory, "acd", strict=True))  # as Continue reads them
    assert kept.of(inventory) == ["a", "c", "d"]


def test_a_new_item_does_not_take_a_letter_that_just_left() -> None:
    inventory = pack("health_potion", "darts", "dagger")
    letters = ItemLetters()
    letters.of(inventory)
    del inventory[1]  # (b) lost
    inventory.extend(pack("leather_armor"))
    assert letters.of(inventory) == ["a", "c", "d"]  # not (b): ``i b`` meant the darts
    inventory.extend(pack("darts"))  # the darts found again: (b) once more
    assert letters.of(inventory)[-1] == "b"


def test_only_the_last_letters_to_leave_are_passed_over() -> None:
    inventory = pack("health_potion", "darts", "dagger", "leather_armor", "chain_mail")
    letters = ItemLetters()
    letters.of(inventory)
    del inventory[:4]  # (a) to (d) left, (a) longest ago
    inventory.extend(pack("fireball_scroll"))
    assert letters.of(inventory) == ["e", "a"]  # (b), (c), (d) still mean what left

"""The README says what a scroll of identify does, as the engine does it (``magic.identify``):
hand play read "at the item you choose" and found an unknown scroll picked for itself."""

from __future__ import annotations

from pathlib import Path

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Use
from emberdeep.engine.things.items import Item
from tests.helpers import world_from_text

README = Path(__file__).resolve().parents[2] / "README.md"
KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}
HALL = """
#######
#@....#
#######
"""


def readme() -> str:
    return " ".join(README.read_text(encoding="utf-8").split())


def test_the_readme_says_an_unknown_identify_reveals_the_kind_carried_longest() -> None:
    text = readme()
    assert "at the item you choose" not in text
    assert "A known scroll of identify reveals the item you choose" in text
    assert "read while still unknown, it cannot ask, and reveals the unknown kind you" in text
    world = world_from_text(HALL)
    longest, later = Item(KINDS["speed_potion"]), Item(KINDS["fireball_scroll"])
    world.inventory += [longest, later, Item(KINDS["identify_scroll"])]
    world.step(Use(2))
    assert world.identity.is_known(longest.kind) and not world.identity.is_known(later.kind)


def test_the_readme_says_with_no_unknown_kind_it_reveals_gear_worn_first() -> None:
    assert "with none the enchantment of a piece of gear not yet known (worn gear first)" in (
        readme()
    )
    world = world_from_text(HALL)
    carried, worn = Item(KINDS["sword"], known=False), Item(KINDS["protection_ring"])
    worn.known, worn.equipped = False, True
    world.inventory += [carried, worn, Item(KINDS["identify_scroll"])]
    world.step(Use(2))
    assert worn.known and not carried.known

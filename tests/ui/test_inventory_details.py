"""Every item the player knows shows what it does on its inventory row at 80x24: the
row keeps a description's leading clauses that fit (``menu.leading_clauses``), so each
description must lead with a clause short enough (hand play saw the Staff of Blinking's
and the Staff of Poison's rows empty on the right, the Staff of Firebolt's not)."""

from __future__ import annotations

import re

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item, ItemKind
from emberdeep.ui import render
from emberdeep.ui.screens.details import figures
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import world_from_text

CONTENT = loader.load()
KINDS = [kind for kind in CONTENT.population.items.kinds if kind.description]
HALL = """
######
#.@..#
######
"""


def first_row(item: Item, strength: int | None = None) -> tuple[str, InventoryScreen]:
    """The pack's first row at 80x24 as drawn, with every kind known and ``item`` the
    only thing carried; and the menu drawn."""
    world = world_from_text(HALL)
    if strength is not None:
        world.strength = strength
    for known in CONTENT.population.items.kinds:
        world.identity.learn(known)
    world.inventory.append(item)
    return pack_row(world)


def pack_row(world: World) -> tuple[str, InventoryScreen]:
    """The first row of ``world``'s pack at 80x24 as drawn, and the menu drawn."""
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False, animation="off"))
    console = render.new_console(80, 24)
    screen.draw(console)
    menu = InventoryScreen(screen, "use")
    menu.draw(console)
    y = menu.menu.row_of(0)
    assert y is not None
    return "".join(map(chr, console.ch[:, y])), menu


@pytest.mark.parametrize("kind", KINDS, ids=[kind.key for kind in KINDS])
def test_each_known_item_shows_what_it_does_on_its_inventory_row(kind: ItemKind) -> None:
    row, menu = first_row(Item(kind, count=3 if kind.stacks else 1))  # "3 x ...": longer
    label = menu.menu.options[0].label
    after = row[row.index(label) + len(label) :]
    shown = after.strip(" │|")
    assert shown, f"{kind.key}: nothing of {menu.menu.options[0].detail!r} on {row!r}"
    assert menu.menu.options[0].detail.startswith(shown)


FIGURE = re.compile(
    r"(Power|Defense) [+-]\d+|moves take \d+% (longer|less time)"
    r"|sleepers wake \d+% (likelier|less often)|\d+ damage|heals \d+% of health"
    r"|\d+ turns of food|calls up \d+|\d+ turns|Radius \d+|Range \d+"
    r"|healing \d+% faster|staffs recharge \d+% faster|\d+% likelier to notice a trap"
    r"|walls seen through within \d+ tiles|its enchantment gives [+-]\d+"
    r"|needs Strength \d+(, you have \d+: -\d+)?"
)
"""Every figure the details box may show, each with its unit (hand play read a ration's
"Strength 1800", the ring of quickness's "moves take -6", plate's "moves take 30")."""


@pytest.mark.parametrize("kind", KINDS, ids=[kind.key for kind in KINDS])
def test_each_items_figures_carry_their_own_labels(kind: ItemKind) -> None:
    world = world_from_text(HALL)
    world.strength = 12  # heavy gear lacks some
    for known in CONTENT.population.items.kinds:
        world.identity.learn(known)
    item = Item(kind, enchant=2 if kind.slot else 0, known=True)
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False, animation="off"))
    for figure in figures(screen, item):
        assert FIGURE.fullmatch(figure), f"{kind.key}: {figure!r}"


def test_food_and_the_ring_of_quickness_say_what_their_figures_are() -> None:
    screen = PlayScreen.of(world_from_text(HALL), CONTENT, Settings())
    by_key = {kind.key: kind for kind in KINDS}
    assert figures(screen, Item(by_key["ration"])) == ["1800 turns of food"]
    ring = Item(by_key["quickness_ring"], enchant=1, known=True)
    assert figures(screen, ring) == ["moves take 6% less time"]


RINGS = [kind for kind in KINDS if kind.slot == "ring"]


@pytest.mark.parametrize("kind", RINGS, ids=[kind.key for kind in RINGS])
def test_a_worn_rings_row_shows_its_figure(kind: ItemKind) -> None:
    """A +2 ring's row at 80x24 leads with what it gives, number and all: hand play
    read "worn; Power" (its description's label, cut at the colon)."""
    row, _ = first_row(Item(kind, enchant=2, known=True, equipped=True))
    shown = row[row.index("worn; ") + len("worn; ") :].strip(" │|")
    assert re.fullmatch(r"[A-Z][a-z]+ \+[1-9]\d*%?", shown), shown  # "Power +2", "Speed +12%"


GEAR = [kind for kind in KINDS if kind.slot in ("weapon", "armor")]


@pytest.mark.parametrize("kind", GEAR, ids=[kind.key for kind in GEAR])
def test_weapons_and_armour_rows_read_alike(kind: ItemKind) -> None:
    """Every worn weapon's and armour's row at 80x24 is its figure, then "; " and more
    when it fits, and no closing full stop: hand play read "worn; Power +2, quick"
    above "worn; Defense +1."."""
    row, _ = first_row(Item(kind, equipped=True), strength=20)  # nothing lacking: the
    # rows' own words alone
    shown = row[row.index("worn; ") :].strip(" │|")
    assert re.fullmatch(r"worn; (Power|Defense) \+\d+(; [^.,]+)?", shown), shown

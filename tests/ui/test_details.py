"""Descriptions: every monster and item has flavour text; the details panel opens from
the inventory and from look and tells what is known (an unknown potion keeps its
secret); the look box never covers the player or the cell looked at."""

from __future__ import annotations

import re

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.content.descriptions import parse_descriptions
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.acts.actions import Use
from emberdeep.engine.things.items import UNIDENTIFIED, Item
from emberdeep.session.names import details
from emberdeep.ui import render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens import Pop
from emberdeep.ui.screens.details import DetailsScreen
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.look import CURSOR_BG, LookScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, opened, world_from_text

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
ROOM = """
##########
#........#
#...@....#
#........#
##########
"""


def rows(screen: PlayScreen, *overlays: object, size: tuple[int, int] = (100, 52)) -> str:
    console = render.new_console(*size)
    screen.draw(console)
    for overlay in overlays:
        overlay.draw(console)  # type: ignore[attr-defined]
    return "\n".join("".join(map(chr, console.ch[:, y])) for y in range(console.height))


def test_every_monster_and_item_has_flavour_text() -> None:
    texts = CONTENT.descriptions
    assert set(texts.monsters) == {kind.key for kind in CONTENT.population.monsters.kinds}
    assert set(texts.items) == set(KINDS)
    assert set(texts.unknown) == set(UNIDENTIFIED)
    assert all(len(text) > 20 for text in [*texts.monsters.values(), *texts.items.values()])


def test_a_missing_or_stray_description_is_named_with_its_file() -> None:
    text = loader.read_table("descriptions.toml").text
    monsters = [kind.key for kind in CONTENT.population.monsters.kinds]
    items = list(KINDS)
    missing = "\n".join(line for line in text.splitlines() if not line.startswith("orc ="))
    with pytest.raises(DataError, match=r"descriptions\.toml: \[monsters\]: no text for orc"):
        parse_descriptions(Table.parse("descriptions.toml", missing), monsters, items, ["potion"])
    stray = text.replace("[items]", '[items]\nunicorn = "A horse."')
    with pytest.raises(DataError, match=r"descriptions\.toml:\d+: items\.unicorn: not an item"):
        parse_descriptions(Table.parse("descriptions.toml", stray), monsters, items, UNIDENTIFIED)


def test_the_inventory_opens_an_items_details_known_or_not() -> None:
    world = world_from_text(ROOM)
    world.inventory += [Item(KINDS["sword"]), Item(KINDS["health_potion"])]
    world.identity.learn(KINDS["sword"])
    play = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    menu = InventoryScreen(play, "use")
    details = opened(menu.handle(KeyPress("?")), DetailsScreen)
    shown = rows(play, details)
    assert "Sword" in shown and "soldier's sword" in shown and "Power +" in shown
    assert details.handle(KeyPress("x")) == Pop()  # closing goes back to the list
    menu.menu.handle(KeyPress("down"))
    unknown = opened(menu.handle(KeyPress("?")), DetailsScreen)
    shown = rows(play, unknown)
    assert "You do not know what it does yet" in shown
    assert CONTENT.descriptions.items["health_potion"][:30] not in shown  # no secret given


def test_look_opens_a_monsters_details() -> None:
    world = world_from_text(ROOM)
    add_monster(world, ORC, 6, 2, hunting=False)
    world.refresh_fov()
    play = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    looking = LookScreen(play, (6, 2))
    details = opened(looking.handle(KeyPress("?")), DetailsScreen)
    shown = rows(play, details)
    assert CONTENT.descriptions.monsters["orc"][:30] in shown
    assert "Health 10/10" in shown and "Speed:" in shown


@pytest.mark.parametrize("size", [(100, 52), (80, 24)])
def test_the_look_box_never_covers_the_player_or_the_cell_looked_at(
    size: tuple[int, int],
) -> None:
    world = world_from_text(ROOM)
    add_monster(world, ORC, 5, 2, hunting=False)
    add_monster(world, ORC, 4, 3, hunting=False)
    world.refresh_fov()
    play = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    for x in range(1, 9):
        for y in range(1, 4):
            looking = LookScreen(play, (x, y))
            console = render.new_console(*size)
            play.draw_backdrop(console)
            looking.draw(console)
            view, origin = play.layout.map, play.origin()
            me = render.to_screen(world.player.position, view, origin)
            there = render.to_screen((x, y), view, origin)
            assert me is not None and there is not None
            if (x, y) != world.player.position:
                assert chr(console.ch[me]) == "@", (x, y)
            assert tuple(console.bg[there]) == CURSOR_BG, (x, y)


def test_details_show_the_enchanted_figures_and_a_staffs_charges_once() -> None:
    """Hand play read "+3 Dagger ... Power +2" and "Staff of Firebolt [3] (3/3)"."""
    screen = PlayScreen.of(world_from_text(ROOM), CONTENT, Settings())
    dagger = Item(KINDS["dagger"], enchant=3, known=True)
    shown = DetailsScreen.of_item(screen, dagger)
    assert shown.title == "+3 Dagger" and shown.lines[-1].startswith("Power +5 · ")
    assert "Attacks take 20% less time." in shown.lines
    assert sum(line.count("Power +") for line in shown.lines) == 1  # hand play read it twice
    strength = screen.world.strength
    assert details(screen.world.identity, dagger, strength).startswith("Power +5; attacks")
    ring = Item(KINDS["protection_ring"], enchant=2, known=True)
    assert DetailsScreen.of_item(screen, ring).lines[-2:] == [
        "Defense: +1 for each point of its enchantment.",  # the figure once, below
        "Defense +2",
    ]
    screen.world.identity.known.add("firebolt_staff")
    staff = Item(KINDS["firebolt_staff"], enchant=1, used=1, known=True)
    shown = DetailsScreen.of_item(screen, staff)
    assert shown.lines[-1] == "13 damage"  # 9 at level 2, more at 3
    assert shown.title == "Staff of Firebolt [2/3]"
    assert not any("charges" in line for line in shown.lines)


def test_a_mace_too_heavy_says_so_once_not_as_its_enchantment() -> None:
    """A tester's Mace said "Power +5" twice; a plain Mace too heavy for its wearer
    said "its enchantment gives -3"."""
    screen = PlayScreen.of(world_from_text(ROOM), CONTENT, Settings())
    screen.world.identity.learn(KINDS["mace"])
    plain = DetailsScreen.of_item(screen, Item(KINDS["mace"], known=True))
    assert plain.lines[-1] == "Power +2 · needs Strength 15, you have 12: -3"
    assert sum(line.count("Power +") for line in plain.lines) == 1
    enchanted = DetailsScreen.of_item(screen, Item(KINDS["mace"], enchant=2, known=True))
    assert enchanted.lines[-1] == (
        "Power +4 · its enchantment gives +2 · needs Strength 15, you have 12: -3"
    )


def test_the_scroll_of_recharging_says_it_fills_staffs_not_wands() -> None:
    """Hand play read it with a wand in the pack and was surprised by "finds no staff to
    fill": the engine refills staffs only (``sorcery.recharge``)."""
    screen = PlayScreen.of(world_from_text(ROOM), CONTENT, Settings())
    scroll = Item(KINDS["recharging_scroll"])
    screen.world.identity.known.add(scroll.kind.key)
    said = " ".join(DetailsScreen.of_item(screen, scroll).lines)
    assert "staffs" in said and "not wands" in said


def test_a_monster_called_slow_is_slower_than_you() -> None:
    """Hand play: the acid mound's words said "slow heap" and it kept pace with the
    player. The words and the numbers agree."""
    hero = CONTENT.hero.kind.move_time
    for kind in CONTENT.population.monsters.kinds:
        said = CONTENT.descriptions.monsters.get(kind.key, "")
        if re.search(r"\bslow\b", said, re.IGNORECASE):
            assert kind.move_time > hero, kind.key


def test_armour_too_heavy_shows_what_it_gives_now_and_names_the_strength_lacking() -> None:
    """Hand play wore +1 plate armour at strength 12: the pack said "Defense +8", the
    details "moves take 30 ... its enchantment gives -4" (the strength's cost called the
    enchantment's) and never the strength needed. Every figure is what wearing it does
    to the player's Defense, the sidebar's."""
    screen = PlayScreen.of(world_from_text(ROOM), CONTENT, Settings())
    world = screen.world
    world.identity.learn(KINDS["plate_armor"])
    world.strength = 12
    plate = Item(KINDS["plate_armor"], enchant=1, known=True)
    world.inventory.append(plate)
    before = world.player.defense
    world.step(Use(0))
    worn = world.player.defense - before
    assert worn == 3  # 7, +2 for its point, -6 for the five points of strength lacking
    row = InventoryScreen(screen, "use").menu.options[0].detail
    assert row.startswith(f"worn; Defense {worn:+d};") and "Needs Strength 17, you have 12" in row
    figures = DetailsScreen.of_item(screen, plate).lines[-2].split(" · ")
    assert figures == [
        f"Defense {worn:+d}",
        "moves take 30% longer",
        "sleepers wake 12% likelier",
        "its enchantment gives +2",
        "needs Strength 17, you have 12: -6",
    ]
    world.strength = 17
    strong = DetailsScreen.of_item(screen, plate).lines[-2].split(" · ")
    assert strong[0] == "Defense +9" and strong[-1] == "needs Strength 17"

from __future__ import annotations

import numpy as np
import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.actors import Actor, ActorKind, Mode
from emberdeep.engine.creatures import harm
from emberdeep.engine.play.world import World, remember_items
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from emberdeep.session.look_words import describe_in_detail, describe_tile
from emberdeep.ui import render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.layout import FULL
from emberdeep.ui.look import TOOLTIP_BG, TOOLTIP_FG, draw_tooltip
from emberdeep.ui.render import Region
from emberdeep.ui.screens.look import LookScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import add_monster, world_from_text

ROOM = """
#######
#.@..>#
#.....#
#######
"""

ORC = ActorKind("orc", "Orc", hp=10, defense=0, power=3)


def world_with_orc(hp: int = 10) -> tuple[World, Actor]:
    world = world_from_text(ROOM)
    orc = Actor.spawn(2, ORC, 3, 1)
    orc.hp = hp
    world.floor.add_actor(orc)
    world.floor.visible[...] = True
    world.floor.explored[...] = True
    return world, orc


def test_unexplored_tiles_tell_nothing() -> None:
    world, _ = world_with_orc()
    world.floor.visible[...] = False
    world.floor.explored[...] = False
    assert describe_tile(world, (3, 1)) == []
    assert describe_tile(world, (50, 50)) == []  # off the floor


def test_remembered_tiles_give_only_the_terrain() -> None:
    world, _ = world_with_orc()
    world.floor.visible[...] = False
    assert describe_tile(world, (3, 1)) == ["floor (remembered)"]  # the orc is not shown
    assert describe_tile(world, (5, 1)) == ["stairs down (remembered)"]
    assert describe_tile(world, (0, 0)) == ["wall (remembered)"]


def test_a_remembered_item_is_named_as_the_player_knew_it() -> None:
    """Hand play looked (L) at a mace remembered out of view and read "floor
    (remembered)"."""
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    world, _ = world_with_orc()
    world.floor.items += [Item(kinds["mace"], 4, 2), Item(kinds["health_potion"], 1, 2)]
    world.floor.add_actor(dead := Actor.spawn(3, ORC, 2, 2))
    dead.hp = 0
    remember_items(world.floor, world.identity)
    world.floor.visible[...] = False
    assert describe_in_detail(world, (4, 2), content) == [
        "a mace (remembered)",
        "floor (remembered)",
    ]
    assert not world.identity.is_known(kinds["health_potion"])
    assert describe_tile(world, (1, 2), content)[0] == "an unknown potion (remembered)"
    assert describe_tile(world, (2, 2), content)[0] == "remains (remembered)"


def test_visible_tiles_list_creatures_then_terrain_and_the_player_is_you() -> None:
    world, _ = world_with_orc()
    assert describe_tile(world, (3, 1)) == ["Orc (unhurt)", "floor"]
    assert describe_tile(world, (2, 1)) == ["you", "stairs up"]
    assert describe_tile(world, (5, 1)) == ["stairs down"]
    assert describe_tile(world, (0, 0)) == ["wall"]


def test_health_words_follow_the_fraction_of_hit_points_left() -> None:
    for hp, word in [
        (10, "unhurt"),
        (9, "lightly wounded"),
        (7, "lightly wounded"),
        (6, "wounded"),
        (4, "wounded"),
        (3, "badly wounded"),
        (1, "badly wounded"),
    ]:
        world, _ = world_with_orc(hp)
        assert describe_tile(world, (3, 1))[0] == f"Orc ({word})", hp


def test_remains_come_after_the_living_and_are_named_once() -> None:
    world, orc = world_with_orc()
    orc.hp = 0
    harm.die(world, orc)
    goblin = Actor.spawn(3, ActorKind("goblin", "Goblin", hp=5, defense=0, power=1), 3, 1)
    goblin.hp, goblin.blocks = 0, False
    goblin.name = "remains of Goblin"  # as saves from before 0.3 named the dead
    world.floor.add_actor(goblin)
    troll = Actor.spawn(4, ActorKind("troll", "Troll", hp=16, defense=1, power=4), 3, 1)
    troll.hp = 8
    world.floor.add_actor(troll)
    assert describe_tile(world, (3, 1)) == [
        "Troll (wounded)",
        "remains of Orc",
        "remains of Goblin",
        "floor",
    ]


def box(console: tcod.console.Console) -> tuple[int, int, int, int]:
    """Bounds (x0, y0, x1, y1), inclusive, of the cells the tooltip painted."""
    xs, ys = np.nonzero(np.all(console.rgb["bg"] == TOOLTIP_BG, axis=-1))
    assert len(xs), "nothing drawn"
    return int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())


def rows(console: tcod.console.Console) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]


LINES = ["Orc (lightly wounded)", "floor"]


def test_tooltip_sits_right_of_and_below_the_cell_with_padding_and_colours() -> None:
    console = render.new_console()
    draw_tooltip(console, (10, 10), LINES, render.FLOOR_VIEW)
    x0, y0, x1, y1 = box(console)
    assert (x0, y0) == (11, 11)
    assert (x1 - x0 + 1, y1 - y0 + 1) == (len(LINES[0]) + 4, len(LINES) + 4)
    assert chr(console.ch[x0, y0]) == "┌"
    text = rows(console)
    assert text[y0 + 2][x0 + 2 : x0 + 2 + len(LINES[0])] == LINES[0]
    assert text[y0 + 3][x0 + 2 : x0 + 7] == "floor"
    assert tuple(console.rgb["fg"][x0 + 2, y0 + 2]) == TOOLTIP_FG
    assert chr(console.ch[10, 10]) == " "  # the cell itself stays uncovered


def test_tooltip_flips_left_and_up_at_the_right_and_bottom_edges() -> None:
    view = FULL.map
    console = render.new_console()
    corner = (view.x + view.width - 1, view.y + view.height - 1)
    draw_tooltip(console, corner, LINES, view)
    x0, y0, x1, y1 = box(console)
    assert x1 < corner[0] and y1 < corner[1]  # wholly left of and above the pointer
    assert view.contains(x0, y0) and view.contains(x1, y1)


def test_tooltip_stays_inside_small_bounds_and_the_console() -> None:
    bounds = Region(5, 3, 20, 8)
    for cell in [(5, 3), (24, 10), (15, 6), (24, 3), (5, 10)]:
        console = render.new_console(30, 12)
        draw_tooltip(console, cell, ["a rather long line of text to show"], bounds)
        x0, y0, x1, y1 = box(console)
        assert bounds.contains(x0, y0) and bounds.contains(x1, y1), cell
    console = render.new_console(30, 12)
    draw_tooltip(console, (29, 11), LINES, Region(0, 0, 100, 100))  # bounds past the console
    x0, y0, x1, y1 = box(console)
    assert x1 < 30 and y1 < 12 and x0 >= 0 and y0 >= 0


def test_no_lines_draw_nothing() -> None:
    console = render.new_console()
    before = console.rgb.copy()
    draw_tooltip(console, (10, 10), [], FULL.map)
    assert np.array_equal(console.rgb, before)


HALL = """
############
#@........>#
#..........#
############
"""


def test_tab_goes_to_the_awake_then_the_asleep_then_items_then_features() -> None:
    """A tester's Tab went to items before the monsters: creatures come first, awake
    before asleep, then items, then the stairs in view, then the stairs found."""
    content = loader.load()
    world = world_from_text(HALL)
    world.floor.items.append(Item(content.population.items.kinds[0], 2, 2))
    sleeper = add_monster(world, ORC, 3, 1, hunting=False)
    sleeper.mode = Mode.ASLEEP
    awake = add_monster(world, ORC, 8, 2)
    world.refresh_fov()
    looking = LookScreen(PlayScreen.of(world, content, Settings(lighting=False)))
    seen = [looking.cursor]
    for _ in range(4):
        looking.handle(KeyPress("tab"))
        seen.append(looking.cursor)
    # (the stairs up the player stands on are no stop)
    assert seen == [awake.position, sleeper.position, (2, 2), (10, 1), awake.position]


TWO_ROOMS = """
##############
#@...#.......#
#....+......>#
#....#.......#
##############
"""


def test_tab_reaches_what_is_remembered_and_every_feature_known_nearest_first() -> None:
    """Hand play's Tab skipped a remembered item, the doors, and a trap found out of
    view: every thing the map shows is a stop, creatures, items, features, each group
    nearest first."""
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    traps = {kind.key: kind for kind in content.population.traps.kinds}  # type: ignore[union-attr]
    world = world_from_text(TWO_ROOMS)
    world.floor.explored[...] = True  # the room beyond the door seen before
    world.floor.items.append(Item(kinds["mace"], 9, 1))
    world.floor.seen_items[9, 1] = "mace"  # remembered where it was seen
    world.floor.items.append(Item(kinds["darts"], 3, 3))  # in view
    world.floor.traps[(7, 3)] = Trap(traps["pressure_plate"], 7, 3, hidden=False)
    world.floor.traps[(2, 3)] = Trap(traps["pressure_plate"], 2, 3, hidden=False)
    orc = add_monster(world, ORC, 4, 1, hunting=False)
    world.refresh_fov()
    assert not world.floor.visible[9, 1] and not world.floor.visible[7, 3]
    looking = LookScreen(PlayScreen.of(world, content, Settings(lighting=False)))
    seen = [looking.cursor]
    for _ in range(6):
        looking.handle(KeyPress("tab"))
        seen.append(looking.cursor)
    door, stairs = (5, 2), (12, 2)
    assert seen == [orc.position, (3, 3), (9, 1), (2, 3), door, (7, 3), stairs]

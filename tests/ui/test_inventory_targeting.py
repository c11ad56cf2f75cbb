from __future__ import annotations

import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.actors import ActorKind
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item, ItemKind
from emberdeep.ui import render
from emberdeep.ui.input import Click, KeyPress, MouseMove
from emberdeep.ui.layout import FULL
from emberdeep.ui.menu import LETTERS
from emberdeep.ui.screens import Pop, PopTo, Result, Screen, Stay
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.targeting import NOT_IN_VIEW, TargetingScreen
from tests.helpers import ORC, add_monster, drawn_on_stack, opened, world_from_text

ROOM = """
#################
#...............#
#...............#
#..@............#
#...............#
#...............#
#################
"""
PLAYER = (3, 3)

# A wall splits this floor: the right half cannot be seen from the start.
SPLIT = """
###########
#...#.....#
#.@.#.....#
#...#.....#
###########
"""

STATUE = ActorKind("troll", "Statue", hp=50, defense=0, power=0, moves="still")
"""Stands still and takes damage without dying; drawn with a troll's look."""
KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}
POTION, FIREBALL = KINDS["health_potion"], KINDS["fireball_scroll"]
HEALED = max(5, 30 * POTION.amount // 100)
"""What a potion restores to the 30-HP hero: a share of their health."""
CONFUSION = KINDS["confusion_scroll"]
BELOW = FULL.map.y + FULL.map.height
"""The first row under the map: aiming's words go there, over the log."""


def play(picture: str = ROOM, *items: ItemKind, mode: str = "turn-based") -> PlayScreen:
    world = world_from_text(picture)
    for kind in KINDS.values():  # these tests are about the menus, not identification
        world.identity.learn(kind)
    world.inventory.extend(Item(kind) for kind in items)
    return PlayScreen.of(world, loader.load(), Settings(mode=mode))


def text(console: tcod.console.Console) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]


def drawn(screen: Screen) -> tcod.console.Console:
    return drawn_on_stack(screen)


def open_item(screen: PlayScreen, key: str, kind: ItemKind) -> Result:
    """Open the ``key`` menu and choose ``kind`` by its letter."""
    menu = opened(screen.handle(KeyPress(key)), InventoryScreen)
    slot = [item.kind for item in screen.world.inventory].index(kind)
    return menu.handle(KeyPress(LETTERS[slot]))


def aim(screen: PlayScreen, kind: ItemKind) -> TargetingScreen:
    return opened(open_item(screen, "i", kind), TargetingScreen)


def cell_of(screen: PlayScreen, pos: tuple[int, int]) -> tuple[int, int]:
    cell = render.to_screen(pos, FULL.map, screen.origin())
    assert cell is not None
    return cell


def logged(screen: PlayScreen) -> list[str]:
    return [entry.text for entry in screen.log.entries]


def hp_of(world: World) -> int:
    return world.player.hp


# -- picking up, using, dropping -------------------------------------------------------------


def test_g_picks_up_and_i_a_drinks_the_potion() -> None:
    s = play()
    world = s.world
    world.floor.items.append(Item(POTION, *PLAYER))
    assert s.handle(KeyPress("g")) == PopTo(s)
    assert [item.kind for item in world.inventory] == [POTION]
    assert world.floor.items == [] and world.turn == 1
    assert "You pick up a potion of healing." in logged(s)
    world.player.hp = 10
    assert open_item(s, "i", POTION) == PopTo(s)
    assert hp_of(world) == 10 + HEALED
    assert world.inventory == [] and world.turn == 2
    assert logged(s)[-2:] == [
        "You drink the potion of healing.",
        f"You feel better, and recover {HEALED} hit points.",
    ]


def test_comma_picks_up_too_and_an_empty_tile_is_refused() -> None:
    s = play()
    s.handle(KeyPress(","))
    assert s.log.entries[-1].kind == MessageKind.REFUSED and s.world.turn == 0
    s.world.floor.items.append(Item(POTION, *PLAYER))
    s.handle(KeyPress(","))
    assert len(s.world.inventory) == 1


def test_a_potion_at_full_health_is_refused_and_kept() -> None:
    s = play(ROOM, POTION)
    assert open_item(s, "i", POTION) == PopTo(s)
    assert [item.kind for item in s.world.inventory] == [POTION]
    assert s.world.turn == 0
    last = s.log.entries[-1]
    assert (last.text, last.kind) == ("Your health is already full.", MessageKind.REFUSED)


def test_d_and_a_letter_drops_that_item_where_the_player_stands() -> None:
    s = play(ROOM, POTION, FIREBALL)
    assert open_item(s, "d", FIREBALL) == PopTo(s)
    assert [item.kind for item in s.world.inventory] == [POTION]
    [dropped] = s.world.floor.items
    assert dropped.kind is FIREBALL and dropped.position == PLAYER
    assert "You drop the scroll of fireball." in logged(s) and s.world.turn == 1


def test_the_menus_show_the_inventory_over_the_map_and_close_without_time() -> None:
    s = play(ROOM, POTION, FIREBALL)
    s.world.inventory.append(Item(KINDS["dagger"], equipped=True))
    for key, title in (("i", "Select an item to use"), ("d", "Select an item to drop")):
        menu = opened(s.handle(KeyPress(key)), InventoryScreen)
        rows = text(drawn(menu))
        assert any(title in row for row in rows)
        assert any("(a) ! Potion of Healing" in row for row in rows)
        assert any("(b) ? Scroll of Fireball" in row for row in rows)
        assert any("(c) | Dagger" in row and "worn" in row for row in rows)
        assert any("Health 30/30" in row for row in rows)  # the sidebar is still there
        assert menu.handle(KeyPress("escape")) == Pop()
        again = opened(s.handle(KeyPress(key)), InventoryScreen)
        assert again.handle(Click(0, 0, 3)) == Pop()
    assert s.world.turn == 0 and len(s.world.inventory) == 3
    empty = opened(play().handle(KeyPress("i")), InventoryScreen)
    assert any("not carrying anything" in row for row in text(drawn(empty)))
    assert empty.handle(KeyPress("a")) == Stay()


def test_a_click_on_an_item_row_chooses_it() -> None:
    s = play(ROOM, FIREBALL, POTION)
    s.world.player.hp = 10
    menu = opened(s.handle(KeyPress("i")), InventoryScreen)
    drawn(menu)
    y = menu.menu.row_of(1)
    assert y is not None
    assert menu.handle(Click(menu.menu.layout().text_x, y, 1)) == PopTo(s)
    assert hp_of(s.world) == 10 + HEALED


def test_the_hint_row_names_the_first_keys_a_player_needs() -> None:
    s = play(ROOM)
    console = drawn(s)
    hints = s.layout.hints
    assert hints is not None
    row = "".join(chr(c) for c in console.ch[hints.x : hints.x + hints.width, hints.y])
    for part in ("? help", "i use", "d drop", "x explore", "Q save & quit"):
        assert part in row


# -- targeting --------------------------------------------------------------------------------


def test_fireball_aimed_with_keys_burns_everything_in_the_radius() -> None:
    s = play(ROOM, POTION, FIREBALL)
    world = s.world
    near = add_monster(world, ORC, 7, 3)
    second = add_monster(world, STATUE, 9, 4)
    far = add_monster(world, STATUE, 14, 1)
    world.refresh_fov()
    targeting = aim(s, FIREBALL)
    assert targeting.cursor == near.position  # starts on the nearest monster
    for key in ("l", "right"):
        assert targeting.handle(KeyPress(key)) == Stay()
    assert targeting.cursor == (9, 3)
    rows = text(drawn(targeting))
    assert "Aim the Scroll of Fireball" in rows[BELOW] and "Esc to cancel" in rows[BELOW]
    assert "Caught in the blast: Orc, Statue" in rows[BELOW + 2]
    assert targeting.handle(KeyPress("enter")) == PopTo(s)
    assert not near.alive
    assert second.hp == STATUE.hp - FIREBALL.amount
    assert far.hp == STATUE.hp  # sqrt(29) from the blast's centre
    assert hp_of(world) == 30  # the player was 6 tiles away
    assert [item.kind for item in world.inventory] == [POTION]
    assert world.turn == 1


def test_fireball_burns_the_player_too_when_aimed_close() -> None:
    s = play(ROOM, FIREBALL)
    statue = add_monster(s.world, STATUE, 5, 3)
    s.world.refresh_fov()
    targeting = aim(s, FIREBALL)
    assert targeting.cursor == statue.position
    targeting.handle(KeyPress("h"))  # (4, 3): the player is one tile away
    assert "Caught in the blast: you, Statue" in text(drawn(targeting))[BELOW + 2]
    assert targeting.handle(KeyPress("enter")) == PopTo(s)
    assert hp_of(s.world) == 30 - FIREBALL.amount
    assert statue.hp == STATUE.hp - FIREBALL.amount


def test_targeting_follows_the_mouse_and_a_left_click_fires() -> None:
    s = play(ROOM, FIREBALL)
    statue = add_monster(s.world, STATUE, 10, 2)
    s.world.refresh_fov()
    targeting = aim(s, FIREBALL)
    cell = cell_of(s, (9, 2))
    assert targeting.handle(MouseMove(*cell)) == Stay()
    assert targeting.cursor == (9, 2)
    assert targeting.handle(Click(*cell, button=1)) == PopTo(s)
    assert statue.hp == STATUE.hp - FIREBALL.amount
    assert s.world.inventory == [] and hp_of(s.world) == 30


def test_the_area_is_highlighted_around_the_cursor_only() -> None:
    s = play(ROOM, FIREBALL)
    targeting = aim(s, FIREBALL)
    assert targeting.cursor == PLAYER  # no monster in view: starts on the player
    targeting.handle(MouseMove(*cell_of(s, (8, 3))))
    plain, aimed = drawn(s), drawn(targeting)
    bg = FULL.map
    changed = (plain.rgb["bg"] != aimed.rgb["bg"]).any(axis=-1)
    changed[:, bg.y : bg.y + 3] = False  # the text lines at the top
    inside = {cell_of(s, (8 + dx, 3 + dy)) for dx in range(-3, 4) for dy in range(-3, 4)
              if dx * dx + dy * dy <= 9}  # fmt: skip
    assert {(int(x), int(y)) for x, y in zip(*changed.nonzero(), strict=True)} == inside


def test_right_click_or_escape_cancels_without_using_the_item() -> None:
    for event in (Click(0, 0, 3), KeyPress("escape")):
        s = play(ROOM, FIREBALL)
        orc = add_monster(s.world, ORC, 6, 3)
        s.world.refresh_fov()
        targeting = aim(s, FIREBALL)
        assert targeting.handle(event) == PopTo(s)  # to the map, not the menu
        assert [item.kind for item in s.world.inventory] == [FIREBALL]
        assert orc.hp == ORC.hp and s.world.turn == 0


def test_confirming_a_tile_out_of_view_stays_and_says_why() -> None:
    s = play(SPLIT, FIREBALL)
    hidden = add_monster(s.world, STATUE, 7, 2)
    s.world.refresh_fov()
    assert not s.world.floor.visible[7, 2]
    targeting = aim(s, FIREBALL)
    assert targeting.cursor == s.world.player.position  # the statue is not in view
    for event in (KeyPress("enter"), Click(*cell_of(s, (7, 2)), button=1)):
        targeting.handle(MouseMove(*cell_of(s, (7, 2))))
        assert targeting.handle(event) == Stay()
        assert text(drawn(targeting))[BELOW][FULL.map.x :].strip() == NOT_IN_VIEW
    assert [item.kind for item in s.world.inventory] == [FIREBALL]
    assert hidden.hp == STATUE.hp and s.world.turn == 0
    targeting.handle(KeyPress("h"))  # moving on clears the warning
    assert "Aim the Scroll of Fireball" in text(drawn(targeting))[BELOW]


def test_the_cursor_stays_on_the_floor() -> None:
    s = play(ROOM, FIREBALL)
    targeting = aim(s, FIREBALL)
    for _ in range(30):
        targeting.handle(KeyPress("y"))
    assert targeting.cursor == (0, 0)
    assert targeting.handle(MouseMove(0, 0)) == Stay()  # off the small floor
    assert targeting.cursor == (0, 0)
    assert targeting.handle(Click(0, 0, 1)) == Stay()


def test_confusion_aims_at_one_creature_and_an_empty_tile_is_refused() -> None:
    s = play(ROOM, CONFUSION, CONFUSION)
    orc = add_monster(s.world, ORC, 8, 3)
    s.world.refresh_fov()
    targeting = aim(s, CONFUSION)
    assert "Enter/click to cast" in text(drawn(targeting))[BELOW]
    assert "Here: Orc (unhurt), floor" in text(drawn(targeting))[BELOW + 1]
    targeting.handle(KeyPress("j"))
    assert targeting.handle(KeyPress("enter")) == PopTo(s)
    said = [entry.text for entry in s.log.entries[-2:]]
    assert said == ["You must select an enemy to target.", "You see an orc."]  # put there
    assert len(s.world.inventory) == 2 and s.world.turn == 0
    targeting = aim(s, CONFUSION)
    targeting.handle(KeyPress("b"))
    targeting.handle(KeyPress("tab"))  # back onto the only monster
    assert targeting.cursor == orc.position
    assert targeting.handle(KeyPress("enter")) == PopTo(s)
    assert "look vacant" in logged(s)[-1] and len(s.world.inventory) == 1
    assert orc.confused == CONFUSION.turns - 1  # it has stumbled once since


def test_real_time_keeps_the_use_pending_until_the_player_is_due() -> None:
    s = play(ROOM, POTION, mode="real-time")
    world = s.world
    world.player.hp = 10
    world.player.next_time = world.time + 50  # still recovering from the last action
    assert open_item(s, "i", POTION) == PopTo(s)
    assert hp_of(world) == 10 and len(world.inventory) == 1
    for _ in range(4):  # 15 time units a tick at the default pace
        s.tick()
    assert hp_of(world) == 10 + HEALED and world.inventory == []


def test_a_third_ring_asks_which_ring_to_take_off() -> None:
    """Hand play: putting on a third ring swapped the oldest off without a word."""
    rings = KINDS["protection_ring"], KINDS["strength_ring"], KINDS["wisdom_ring"]
    screen = play(ROOM, *rings)
    world = screen.world
    first, second, third = world.inventory
    for slot in (0, 1):
        menu = opened(screen.handle(KeyPress("i")), InventoryScreen)
        menu.choose(slot)
    assert first.equipped and second.equipped
    menu = opened(screen.handle(KeyPress("i")), InventoryScreen)
    asked = opened(menu.choose(2), InventoryScreen)
    assert asked.menu.title == "Take off which ring for the Ring of Wisdom?"
    letters = screen.letters.of(world.inventory)
    assert [o.key for o in asked.menu.options] == letters[:2]  # the worn rings alone
    assert asked.handle(KeyPress(letters[2])) == Stay()  # the new ring is not offered
    asked.handle(KeyPress(letters[1]))  # the second comes off, not the oldest
    assert first.equipped and third.equipped and not second.equipped
    assert sum(i.equipped for i in world.inventory) == 2


def test_a_full_pack_says_so_with_the_item_when_stepped_on_or_picked_up() -> None:
    """Hand play walked onto a scroll with 26 things carried and heard nothing."""
    s = play(ROOM, *[POTION] * 26)
    scroll = Item(FIREBALL, PLAYER[0] + 1, PLAYER[1])
    s.world.floor.items.append(scroll)
    s.handle(KeyPress("l"))
    assert s.world.player.position == scroll.position
    assert logged(s)[-1] == "Your pack is full: the scroll of fireball stays here."
    s.handle(KeyPress("g"))
    assert logged(s)[-1] == "Your pack is full: no room for the scroll of fireball."
    s.world.inventory.pop()
    s.handle(KeyPress("h"))
    s.handle(KeyPress("l"))  # room now: nothing said about it
    assert "stays here" not in logged(s)[-1] and len(logged(s)) == 2


def test_a_full_pack_says_what_stays_once_per_item_until_the_pack_changes() -> None:
    """Hand play: explore routed over a ring the full pack could not take, and said
    "Your pack is full: the ring of quickness stays here" ten times and more."""
    s = play(ROOM, *[POTION] * 26)
    s.world.floor.items.append(Item(FIREBALL, PLAYER[0] + 1, PLAYER[1]))
    for key in "lhlhl":
        s.handle(KeyPress(key))
    assert times_said(s, "Your pack is full: the scroll of fireball stays here.") == 1
    s.world.inventory[-1] = Item(CONFUSION)  # full still, but not as it was
    s.handle(KeyPress("h"))
    s.handle(KeyPress("l"))
    assert times_said(s, "Your pack is full: the scroll of fireball stays here.") == 2


def times_said(screen: PlayScreen, text: str) -> int:
    return sum(entry.count for entry in screen.log.entries if entry.text == text)


def test_using_a_dart_from_the_pack_aims_a_throw() -> None:
    """Hand play: i, the dart, Enter opened "Aim the Dart... Enter/click to cast", and
    Enter said "Throw it instead (t)": a dead end."""
    darts = KINDS["darts"]
    s = play(ROOM, darts)
    world = s.world
    orc = add_monster(world, ORC, 7, 3)
    orc.hp = orc.max_hp = 500
    world.refresh_fov()
    targeting = aim(s, darts)
    assert targeting.throw and targeting.cursor == orc.position
    rows = text(drawn(targeting))
    assert "throw" in rows[BELOW] and "cast" not in rows[BELOW]
    assert targeting.handle(KeyPress("enter")) == PopTo(s)
    assert "Throw it instead (t)." not in logged(s)
    assert world.turn == 1 and (orc.hp < 500 or any("miss" in line for line in logged(s)))

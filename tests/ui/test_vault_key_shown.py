"""A vault key picked up is in the pack, listed wherever the pack is (the inventory at
80x24, the text env) and on the character sheet, until a vault door takes it, which the
log says: a tester read "You pick up a vault key" and found no key in the pack later;
explore had carried it to the vault's door, where it stays in the lock."""

from __future__ import annotations

import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import PickUp
from emberdeep.engine.things.items import Item
from emberdeep.env import text_view
from emberdeep.ui import render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.character import CharacterScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import drawn_on_stack, texts, world_from_text
from tests.ui.test_inventory_details import pack_row

CONTENT = loader.load()
KEY = next(kind for kind in CONTENT.population.items.kinds if kind.key == "vault_key")


def test_a_key_picked_up_is_listed_in_the_pack_whole_at_80x24() -> None:
    world = world_from_text("""
    ######
    #.@..#
    ######
    """)
    world.floor.items.append(Item(KEY, 2, 1))
    assert texts(world.step(PickUp())) == ["You pick up a vault key."]
    row, _ = pack_row(world)
    assert "(a) - Vault Key" in row and "Opens a vault" in row
    assert "a) Vault Key" in text_view.inventory(world)


def test_explore_carries_the_key_to_its_door_and_says_it_stays_in_the_lock() -> None:
    world = world_from_text("""
    ############
    #@......L..#
    ############
    """)
    world.inventory.append(Item(KEY))
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False, animation="off"))
    screen.handle(KeyPress("x"))
    count = 0
    while screen.running and count < 100:
        screen.tick()
        count += 1
    said = [entry.text for entry in screen.log.entries]
    assert "You unlock the door: the key stays in the lock." in said
    assert world.inventory == []


def test_the_character_sheet_names_the_keys_carried_whole_at_80x24() -> None:
    world = world_from_text("""
    ######
    #.@..#
    ######
    """)
    kinds = {kind.key: kind for kind in CONTENT.population.items.kinds}
    for key in ("dagger", "leather_armor", "quickness_ring", "stealth_ring"):  # the most worn
        world.inventory.append(Item(kinds[key], equipped=True))
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False, animation="off"))
    sheet = CharacterScreen(screen)
    assert not any("Key" in row for row in rows(drawn_on_stack(sheet, render.new_console(80, 24))))
    world.inventory.append(Item(KEY, count=2))
    shown = rows(drawn_on_stack(sheet, render.new_console(80, 24)))
    assert any("Keys: 2 x Vault Key (walk into a locked vault door)" in row for row in shown)
    worn = ("Dagger", "Leather Armor", "Ring of Quickness", "Ring of Stealth")
    assert all(any(name in row for row in shown) for name in worn)  # all still on it


def rows(console: tcod.console.Console) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]

"""With one slot left in the pack, a person's explore leaves items lying (the last slot
is the player's choice) but still takes more of what it stacks, and says so once."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.things.items import INVENTORY_SIZE, Item
from emberdeep.session.full_pack import NEARLY_FULL
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import world_from_text
from tests.ui.test_runs import ticks


def test_explore_with_one_slot_left_takes_only_what_stacks_and_says_so_once() -> None:
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    world = world_from_text("""
    ############
    #@.........#
    ############
    """)
    world.inventory.extend(Item(kinds["dagger"]) for _ in range(INVENTORY_SIZE - 2))
    world.inventory.append(Item(kinds["darts"], count=3))
    world.floor.items.append(Item(kinds["chain_mail"], 4, 1))
    world.floor.items.append(Item(kinds["darts"], 8, 1, count=2))
    screen = PlayScreen.of(world, content, Settings())
    for _ in range(3):  # explore, stopped by what it sees or finds, pressed again
        screen.handle(KeyPress("x"))
        ticks(screen)
    assert len(world.inventory) == INVENTORY_SIZE - 1  # the chain mail left lying
    assert world.inventory[-1].count == 5  # the darts taken: they stack
    said = [entry.text for entry in screen.log.entries]
    assert said.count(NEARLY_FULL) == 1

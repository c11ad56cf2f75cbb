"""The aiming screen speaks only of what the player knows: an item of a kind not yet
identified gives no fire warning and draws no blast (hand play: an unidentified staff
aimed from the grass warned "Fire would spread to where you stand!", naming it a fire
staff before its first use)."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts import kindling
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.things.items import Item
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.targeting import TargetingScreen
from tests.helpers import ORC, add_monster, world_from_text
from tests.ui.test_aiming import aiming_text

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
MEADOW = '''
############
#""""""....#
#""@"""....#
#""""""....#
############
'''


def test_an_unknown_staff_gives_no_fire_warning_that_would_tell_what_it_is() -> None:
    world = world_from_text(MEADOW)
    world.inventory.append(Item(KINDS["firebolt_staff"]))
    world.floor.set_tile(*world.player.position, Tile.GRASS)
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    add_monster(world, ORC, 9, 2, hunting=False)
    world.refresh_fov()
    staff = world.inventory[0]
    assert not world.identity.is_known(staff.kind)
    aiming = TargetingScreen(screen, 0)
    assert aiming.cursor == (9, 2)
    assert kindling.near_user(world.floor, world.player, staff, (9, 2)) == "under"
    assert "Fire would" not in aiming_text(screen, aiming)
    world.identity.learn(staff.kind)  # once known, the same aim warns
    assert "Fire would spread to where you stand!" in aiming_text(screen, aiming)


def test_an_unknown_blast_is_not_drawn_round_the_cursor() -> None:
    """A scroll of fireball aimed before it is known shows no blast (its radius would
    name it); known, the blast and whoever it catches are shown."""
    world = world_from_text(MEADOW)
    world.inventory.append(Item(KINDS["fireball_scroll"]))
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    add_monster(world, ORC, 9, 2, hunting=False)
    world.refresh_fov()
    aiming = TargetingScreen(screen, 0)
    aiming.set_cursor((9, 2))
    assert aiming.radius == 0 and "Caught in the blast" not in aiming_text(screen, aiming)
    world.identity.learn(world.inventory[0].kind)
    known = TargetingScreen(screen, 0)
    known.set_cursor((9, 2))
    assert known.radius == 3 and "Caught in the blast: Orc" in aiming_text(screen, known)

"""A run stopped before a risky step names what lies there and which way, and goes on
once the player has crossed it (to the next risk, named in turn)."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move
from emberdeep.engine.creatures import statuses
from emberdeep.engine.play.autopilot import Stop
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from emberdeep.session.narration import narrator_for
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import world_from_text
from tests.ui.test_runs import ticks

PLATE = "A pressure plate lies in the way (east): step on it yourself, or go round."


def test_explore_names_each_plate_in_the_way_and_goes_on_past_the_one_crossed() -> None:
    """Hand play crossed a plate and explore said "The way on is through deep water, a
    trap or gas" again: it was the next plate on, never named."""
    content = loader.load()
    traps = content.population.traps
    assert traps is not None
    plate = next(kind for kind in traps.kinds if kind.key == "pressure_plate")
    world = world_from_text("""
    ############
    #@........>#
    ############
    """)
    for x in (3, 6):
        world.floor.traps[(x, 1)] = Trap(plate, x, 1, hidden=False)
    potion = next(kind for kind in content.population.items.kinds if kind.key == "health_potion")
    world.floor.items.append(Item(potion, 9, 1))  # worth the walk
    screen = PlayScreen.of(world, content, Settings())
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert world.player.position == (2, 1) and screen.log.entries[-1].text == PLATE
    world.step(Move(1, 0))  # the player steps on it themselves
    statuses.remove(world, world.player, statuses.PARALYSED)
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert world.player.position == (5, 1) and screen.log.entries[-1].text == PLATE


def test_a_risk_further_off_says_how_many_steps() -> None:
    stop = Stop("risky", at=(4, 1), risk="deep_water")
    assert narrator_for(loader.load()).stop(stop, (1, 1)) == (
        "Deep water lies in the way (east, 3 steps): wade in yourself (the current may wash"
        " what you carry ashore), or go round."
    )

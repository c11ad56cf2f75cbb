"""Asking before a walk swims: travel (a click, the look cursor's Enter) and ``>`` or
``<`` whose known way lies through deep water (``session/swim_walk.py`` says when, and
in what words).

The question comes before the walk starts, in a box that settles (``>`` is often pressed
in a stream of keys), once: a yes starts the walk told to swim, and holds for every walk
to the same goal on the same floor (``Game.swim_granted``); a no, Esc or a right click
leaves the player where they stand, and the log says how to cross by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.session import swim_walk
from emberdeep.session.driver import Command, TakeStairs, Travel
from emberdeep.ui.screens import Pop, Push, Result
from emberdeep.ui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from emberdeep.ui.screens.play import PlayScreen


def swim_first(screen: PlayScreen, command: Command) -> Result | None:
    """The question to ask before ``command`` is carried out, when it is a walk whose
    way swims; None to carry it out at once."""
    if not isinstance(command, Travel | TakeStairs):
        return None
    stop = swim_walk.water_ahead(screen.driver, command)
    if stop is None:
        return None
    world = screen.world
    granted = (world.depth, swim_walk.walk_target(world, command))
    yes = swim_walk.swimming(command)
    if screen.game.swim_granted == granted:
        return screen.perform(yes)

    def no() -> Result:
        screen.log.add(swim_walk.stay_words(screen.narrator.names, stop, world.player.position))
        return Pop()  # back to what was open: the look cursor keeps its place

    def swim() -> Result:
        screen.game.swim_granted = granted
        return screen.perform(yes)

    ask = swim_walk.question(world, command)
    return Push(ConfirmScreen(ask, yes=swim, no=no, unbidden=True))

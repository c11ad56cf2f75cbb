"""``>`` and ``<`` never leave an ally behind without the player's say (hand play: ``>``
walked to the stairs and went down at once, and the ogre ally stayed, "too far away to
follow", with no word before): the walk stops on the stairs, and the key pressed there
asks, in a box that settles."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.creatures import statuses
from emberdeep.engine.play.world import World
from emberdeep.session.stairs_walk import stop_words
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import add_monster, opened, world_from_text

CONTENT = loader.load()
OGRE = CONTENT.hero.kinds["ogre"]
ROOM = """
    ####################
    #@.......>.........#
    #..................#
    #..................#
    ####################
    """


def with_ally(x: int, y: int, *, stuck: bool) -> tuple[PlayScreen, World, Actor]:
    world = world_from_text(ROOM)
    world.floor.explored[...] = True
    ogre = add_monster(world, OGRE, x, y, hunting=False)
    ogre.mode = Mode.ALLY
    if stuck:  # it cannot keep up: paralysed where it stands
        statuses.apply(world, ogre, statuses.PARALYSED, 100, "trap")
    return PlayScreen.of(world, CONTENT, Settings(lighting=False)), world, ogre


def ticks(screen: PlayScreen) -> None:
    for _ in range(200):
        if not screen.running:
            return
        screen.tick()


def test_the_walk_to_the_stairs_stops_on_them_when_an_ally_would_be_left() -> None:
    screen, world, ogre = with_ally(4, 3, stuck=True)
    screen.handle(KeyPress(">"))
    ticks(screen)
    assert world.depth == 1 and world.player.position == world.floor.stairs
    said = screen.log.entries[-1].text
    assert said == stop_words(screen.narrator.names, (("ogre", 1),))
    assert said.startswith("You stop on the stairs: your ogre would be left behind.")
    asked = opened(screen.handle(KeyPress(">")), ConfirmScreen)
    assert (
        asked.unbidden
        and asked.question == "Go down without your ogre? It would stay on this floor."
    )
    asked.handle(KeyPress("n"))
    assert world.depth == 1
    asked = opened(screen.handle(KeyPress(">")), ConfirmScreen)
    asked.handle(KeyPress("y"))
    assert world.depth == 2 and ogre in world.kept[1].actors.values()
    assert any("without your ogre" in entry.text for entry in screen.log.entries)


def test_the_walk_waits_on_the_stairs_for_a_slow_ally_still_coming() -> None:
    screen, world, _ = with_ally(2, 2, stuck=False)  # an ogre is slow: it falls back
    screen.handle(KeyPress(">"))
    ticks(screen)
    assert world.depth == 2
    assert not any("left behind" in entry.text for entry in screen.log.entries)
    assert [a.kind for a in world.floor.actors.values() if a.mode == Mode.ALLY] == ["ogre"]

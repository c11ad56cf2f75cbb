"""The game being played, below any screen: its world, its turn driver, its session
(saving; None when nothing is saved), its one message log and its items' letters.

Every front-end holds one of these and reads the same objects from it: the play screen
sends commands to ``driver`` and draws ``log`` (``ui/messages.py`` only draws), the agent
environment observes ``log``'s newest lines, the web's screen-reader mode reads the new
ones from the ``App``'s game without looking for any screen, the morgue takes the last
lines and a save the newest ``LOG_LINES`` (both from the session, whose log this is).
Nothing keeps a second history. The carried items' letters live here the same way: the
inventory menus show the game's ``letters`` and a save keeps the session's, one object.
"""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.engine.play.world import World
from emberdeep.session.driver import Driver, RunRules, rules_for
from emberdeep.session.game import GameSession
from emberdeep.session.letters import ItemLetters
from emberdeep.session.log import MessageLog
from emberdeep.session.narration import Narrator, narrator_for


class Game:
    """One game in progress. With a ``session`` its log and letters are the session's (a
    continued game's saved lines come first, its items keep their saved letters, and
    saves keep what is added); without, new ones."""

    def __init__(
        self,
        world: World,
        narrator: Narrator | None = None,
        *,
        session: GameSession | None = None,
        rules: RunRules | None = None,
    ) -> None:
        self.session = session
        self.log = session.log if session is not None else MessageLog()
        self.letters = session.letters if session is not None else ItemLetters()
        self.narrator = narrator
        self.driver = Driver(world, narrator, session=session, rules=rules, log=self.log)
        self.swim_granted: tuple[int, tuple[int, int]] | None = None
        """The depth and goal of the last walk the player let swim: another walk to the
        same goal on the same floor swims unasked (``ui/swim_asking.py``; hand play
        crossing a lake with islands was asked again at every island)."""

    @classmethod
    def start(
        cls, world: World, content: Content, settings: Settings, session: GameSession | None = None
    ) -> Game:
        """``world`` played as a player plays it: narrated in ``content``'s words, with
        ``settings``' runs and real time."""
        return cls(world, narrator_for(content), session=session, rules=rules_for(settings))

    @property
    def world(self) -> World:
        """The world being played (the driver's: the one every command changes)."""
        return self.driver.world

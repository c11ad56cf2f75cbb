"""The screen-reader mode's words, made in a game's worker: the log's new lines, what
is around the player, and what lies each way.

"Around you" is the player's state in one line, then one line per thing in view, nearest
first, with how many steps away it is and in which direction (creatures with their
health in words and what they are doing, items as the player knows them, the stairs,
found traps): the words of the agents' text interface, both from
``session/surroundings``. "Ways" are one line per compass direction: how far the
player can walk and what stops them (``surroundings.ways``: the walls and exits a sighted
player sees on the map). A new log line is sent once: a message that repeats counts up
on the screen ("... x2") but is not announced again, so a blocked step pressed ten
times is heard once. The worker sends them (``protocol.READER``) only while a page in
this mode is attached, and only when something changed; the page puts new log lines in a
live region and the rest in a panel.

The reader reads the game being played (``session/playing.Game``: its world and its one
log) from whatever holds it (the ``App``), never from a screen: which screens are shown
is the UI's business.
"""

from __future__ import annotations

from typing import Any, Protocol

from emberdeep.engine.play.world import World
from emberdeep.session.log import Entry
from emberdeep.session.playing import Game
from emberdeep.session.surroundings import conditions, in_view, ways

MAX_NEW = 20
"""Log lines sent at once (after a long pause, only the newest)."""


def around(world: World) -> list[str]:
    """The player's state (with what the sidebar shows in colour: statuses and hunger,
    worded as the text interface's status line), then what is in view (``in_view``), as
    sentences."""
    player = world.player
    state = f"Depth {world.depth}, turn {world.turn}, health {player.hp} of {player.max_hp}."
    statuses = conditions(world)
    if statuses:
        state += f" You are {', '.join(statuses)}."
    return [state, *(line[0].upper() + line[1:] + "." for line in in_view(world))]


class Playing(Protocol):
    """What holds the game being played, if any (the ``App``)."""

    @property
    def game(self) -> Game | None: ...


class Reader:
    """What changed for a screen reader since the last call."""

    def __init__(self, playing: Playing) -> None:
        self.playing = playing
        self.last_entry: Entry | None = None
        self.last_around: tuple[list[str], list[str]] = ([], [])

    def reset(self) -> None:
        """A page in this mode attached: it gets "around" whole, and the log from now."""
        self.last_around = ([], [])
        game = self.playing.game
        if game is not None and game.log.entries:
            self.last_entry = game.log.entries[-1]

    def update(self) -> dict[str, Any] | None:
        game = self.playing.game
        if game is None:
            now: tuple[list[str], list[str]] = (["Not in a game: the screen shows a menu."], [])
            new: list[str] = []
        else:
            now = (around(game.world), ways(game.world))
            new = self.new_lines(game.log.entries)
        if not new and now == self.last_around:
            return None
        self.last_around = now
        return {"t": "reader", "log": new, "around": now[0], "ways": now[1]}

    def new_lines(self, entries: list[Entry]) -> list[str]:
        """Entries after the last one seen (found by identity: the log trims its head),
        each as first said: never one again because it counted up ("... x2")."""
        if not entries:
            return []
        start = 0
        for index in range(len(entries) - 1, -1, -1):
            if entries[index] is self.last_entry:
                start = index + 1
                break
        fresh = [e.text for e in entries[start:]][-MAX_NEW:]
        self.last_entry = entries[-1]
        return fresh

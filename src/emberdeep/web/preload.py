"""What every game process needs, loaded once in the server's fork server.

``games.py`` starts workers with ``multiprocessing``'s fork server, preloading this
module: the code, the content and the screens are imported and parsed once, and each game
is forked from that warm process, sharing those pages instead of loading its own copy
(memory per game, and start-up in milliseconds rather than a second).
"""

from __future__ import annotations

import functools

# Imported by storage/locks.py only when a game is locked (a window's start-up does
# without it); a game process locks its game as it starts, so it is imported here,
# before the fork, and no game process imports anything after forking.
import filelock  # noqa: F401

from emberdeep import config
from emberdeep.content import loader
from emberdeep.content.loader import Content
from emberdeep.session import collector, game, playing
from emberdeep.ui import keys
from emberdeep.ui.app import App
from emberdeep.ui.screens import hall_of_fame, main_menu, options, play, prompt, saved_games


@functools.cache
def content() -> Content:
    return loader.load()


def new_app() -> App:
    """The game's shared state for this process's player: their settings and keys (from
    the config folder the worker has pointed at their own)."""
    settings, problems = config.load_settings()
    keymap, key_problems = keys.load_keymap()
    notices = [f"Settings: {problem}" for problem in problems]
    notices += [f"Keys: {problem}" for problem in key_problems]
    return App(content(), settings, notices, keymap=keymap)


# Every screen and the session, imported here (the title screen imports what its
# choices lead to only when one is chosen, for a window's first frame).
__all__ = [
    "collector",
    "content",
    "game",
    "hall_of_fame",
    "main_menu",
    "new_app",
    "options",
    "play",
    "playing",
    "prompt",
    "saved_games",
]

content()

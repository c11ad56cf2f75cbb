"""The desktop window: shows the console, turns SDL events into presenter-neutral input."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import tcod.console
import tcod.context
import tcod.event
import tcod.tileset

from emberdeep.config import Settings
from emberdeep.ui import font, layout, loop, render, sprites, window_size
from emberdeep.ui.input import (
    Click,
    CloseRequested,
    FocusLost,
    InputEvent,
    KeyPress,
    MouseMove,
    Resized,
    Wheel,
)
from emberdeep.ui.screens import Screen
from emberdeep.ui.stack import ScreenStack

if TYPE_CHECKING:
    from emberdeep.content.loader import Content

KeySym = tcod.event.KeySym

_NAMED_KEYS: dict[KeySym, str] = {
    KeySym.UP: "up", KeySym.DOWN: "down", KeySym.LEFT: "left", KeySym.RIGHT: "right",
    KeySym.HOME: "home", KeySym.END: "end", KeySym.PAGEUP: "pageup", KeySym.PAGEDOWN: "pagedown",
    KeySym.RETURN: "enter", KeySym.KP_ENTER: "enter", KeySym.ESCAPE: "escape",
    KeySym.TAB: "tab", KeySym.BACKSPACE: "backspace", KeySym.DELETE: "delete",
    KeySym.INSERT: "insert", KeySym.CLEAR: "clear",
    **{getattr(KeySym, f"KP_{n}"): f"kp_{n}" for n in range(10)},
    **{getattr(KeySym, f"F{n}"): f"f{n}" for n in range(1, 13)},
}  # fmt: skip


SIGNAL_SLICE = 0.25
"""Longest the window waits for input in one go (see ``WindowPresenter.wait``)."""


class NoDisplayError(RuntimeError):
    """No window can be opened here (no display, or SDL has no video driver)."""


def translate(event: tcod.event.Event) -> Iterator[InputEvent]:
    """SDL events (already converted to console cells) as presenter-neutral input."""
    match event:
        case tcod.event.Quit():
            yield CloseRequested()
        case tcod.event.KeyDown(sym=sym) if sym in _NAMED_KEYS:
            yield KeyPress(_NAMED_KEYS[sym])
        case tcod.event.TextInput(text=text):
            yield from (KeyPress(ch) for ch in text)
        case tcod.event.MouseMotion():
            yield MouseMove(*event.integer_position)
        case tcod.event.MouseButtonDown(button=button):
            yield Click(*event.integer_position, int(button))
        case tcod.event.MouseWheel(y=dy):
            yield Wheel(int(dy))
        case tcod.event.WindowResized():
            yield Resized()
        case tcod.event.WindowEvent(type="WindowFocusLost"):
            yield FocusLost()


def load_tileset(
    settings: Settings, content: Content | None = None
) -> tuple[tcod.tileset.Tileset, str | None]:
    """The player's tilesheet if set and usable, else the built-in font, with the sprite
    tiles of ``content`` added when given; plus any problem."""
    tileset, problem = _font_tileset(settings)
    if content is not None:
        tiles_problem = sprites.add_to_tileset(tileset, content)
        if tiles_problem is not None:  # only a player's tilesheet can be the wrong size
            problem = f"{settings.font}: {tiles_problem}"
    return tileset, problem


def load_window_tileset(settings: Settings) -> tuple[tcod.tileset.Tileset, bool, str | None]:
    """As ``load_tileset``, but the sprite tiles are left for the window to add when a
    frame first shows one (``WindowPresenter``): the default render mode is ascii, and
    fitting every sprite to the cell is a fifth of a start-up. Returns the font's tileset,
    whether its cells can take the sprites (a player's tilesheet may be the wrong size:
    tiles mode then shows ascii) and any problem for the player."""
    tileset, problem = _font_tileset(settings)
    tiles_problem = sprites.tile_size_problem(tileset)
    if tiles_problem is not None:
        return tileset, False, f"{settings.font}: {tiles_problem}"
    return tileset, True, problem


def _font_tileset(settings: Settings) -> tuple[tcod.tileset.Tileset, str | None]:
    if settings.font:
        try:
            sheet = font.tilesheet_tileset(
                Path(settings.font), settings.font_columns, settings.font_rows, settings.font_layout
            )
            return sheet, None
        except font.FontError as exc:
            fallback = font.builtin_tileset(settings.window_scale, settings.font_size)
            return fallback, f"{exc}; using the built-in font"
    return font.builtin_tileset(settings.window_scale, settings.font_size), None


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Hold back what libtcod's C code prints to stderr while a window opens: when there
    is no display the player gets our one clear line, not libtcod's debug output too."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def open_window(tileset: tcod.tileset.Tileset) -> tcod.context.Context:
    """The window, at the largest whole scale of the tileset that fits the desktop (the
    picture then stays crisp, and all of it is on screen)."""
    logging.getLogger("tcod.sdl").setLevel(logging.ERROR)
    cells = (render.SCREEN_WIDTH, render.SCREEN_HEIGHT)
    width: int | None = None
    height: int | None = None
    try:
        with quiet_stderr():
            desktop = window_size.desktop_size()
            if desktop is not None:
                cell = (tileset.tile_width, tileset.tile_height)
                cells, fit = window_size.fit_console(cells, cell, desktop, layout.MIN_SIZE)
                width, height = fit.width, fit.height
            return tcod.context.new(
                columns=cells[0],
                rows=cells[1],
                width=width,
                height=height,
                tileset=tileset,
                title="Emberdeep",
                vsync=True,
                sdl_window_flags=tcod.context.SDL_WINDOW_RESIZABLE,
                argv=[],
            )
    except RuntimeError as exc:
        # libtcod's message starts with its version and source line; keep what SDL said.
        lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
        raise NoDisplayError(lines[-1] if lines else "no display") from None


class WindowPresenter:
    """Shows the console in the window, scaled in whole steps with its aspect kept, and
    turns SDL events into presenter-neutral input."""

    paused = False

    def console_size(self) -> tuple[int, int]:
        """The console the window holds at whole scale, from 80x24 up: a window smaller
        than the full console at 1x (a small display, or the player made it so) gets fewer
        cells rather than a squashed picture, and a larger one more (more map)."""
        try:
            return self.context.recommended_console_size(*layout.MIN_SIZE)
        except (AttributeError, RuntimeError):
            return render.SCREEN_WIDTH, render.SCREEN_HEIGHT

    def __init__(
        self,
        context: tcod.context.Context,
        tileset: tcod.tileset.Tileset | None = None,
        sprites_of: Callable[[], Content] | None = None,
    ) -> None:
        """``sprites_of``: gives the content whose sprite tiles ``tileset`` (the window's)
        is to take before the first frame that shows one (asked for then: the title
        screen shows none, and may be shown before the content is loaded)."""
        self.context = context
        self.tileset = tileset
        self.sprites_of = sprites_of
        window = context.sdl_window
        if window is not None:
            window.start_text_input()

    def present(self, console: tcod.console.Console) -> None:
        pending = self.sprites_of is not None and self.tileset is not None
        if pending and int(console.ch.max()) >= sprites.SPRITE_BASE:
            assert self.tileset is not None and self.sprites_of is not None
            sprites.add_to_tileset(self.tileset, self.sprites_of())
            self.context.change_tileset(self.tileset)
            self.sprites_of = None
        self.context.present(console, keep_aspect=True, integer_scaling=True)

    def wait(self, timeout: float | None) -> list[InputEvent]:
        """Block in slices of ``SIGNAL_SLICE``: while SDL waits in C, Python's signal
        handlers cannot run, so a SIGTERM would otherwise wait for the next key."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = SIGNAL_SLICE if deadline is None else deadline - time.monotonic()
            events = [
                event
                for sdl_event in tcod.event.wait(max(0.0, min(left, SIGNAL_SLICE)))
                for event in translate(self.context.convert_event(sdl_event))
            ]
            if events or (deadline is not None and time.monotonic() >= deadline):
                return events


def run(
    screen: Screen,
    context: tcod.context.Context,
    *,
    untile: Content | None = None,
    frames: int | None = None,
    tileset: tcod.tileset.Tileset | None = None,
    sprites_of: Callable[[], Content] | None = None,
    then: Callable[[], None] | None = None,
) -> None:
    """Play ``screen`` (and what it leads to) in the window until the stack empties;
    ``tileset`` takes the sprites of the content ``sprites_of`` gives when they are first
    shown; ``then`` runs once the first frame is shown (``loop.run``)."""
    presenter = WindowPresenter(context, tileset, sprites_of)
    loop.run(ScreenStack(screen), presenter, untile=untile, frames=frames, then=then)

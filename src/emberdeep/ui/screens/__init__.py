"""Screens: each handles input and draws itself, on a stack (``ui/stack.py``).

``handle`` (and ``tick``) says what comes next as one explicit result, which the stack
carries out without looking at the screens themselves (the result kinds of HexDecimal's
python-tcod engine, with the two this game also needs):

- ``Stay()``: keep showing what is shown (the screen may have changed itself);
- ``Push(screen)``: open ``screen`` over the top one, which stays drawn (dimmed) under it;
- ``Pop()``: close the top screen, back to the one it was opened over;
- ``PopTo(screen)``: close every screen above ``screen`` (a command chosen in an overlay,
  or in an overlay opened from it, goes back to the play view that carried it out);
- ``Reset(screen)``: close every screen and show ``screen`` alone (a game after the
  title, the title after a game);
- ``Quit()``: close every screen: the program ends.

Closing the window or the terminal never reaches a screen: the stack closes every
screen through one path (``ScreenStack.close``), giving each that has an ``on_close`` (a
game to save, settings to write) its say.
"""

from __future__ import annotations

from typing import Protocol, cast, runtime_checkable

import msgspec
import tcod.console

from emberdeep.ui.input import InputEvent


class Screen(Protocol):
    def handle(self, event: InputEvent) -> Result:
        """React to one input; say what comes next."""
        ...

    def draw(self, console: tcod.console.Console) -> None: ...


class Stay(msgspec.Struct, frozen=True):
    """Keep showing what is shown."""


class Push(msgspec.Struct, frozen=True):
    """Open ``screen`` over the top one."""

    screen: Screen


class Pop(msgspec.Struct, frozen=True):
    """Close the top screen."""


class PopTo(msgspec.Struct, frozen=True):
    """Close every screen above ``screen``, which must be on the stack."""

    screen: Screen


class Reset(msgspec.Struct, frozen=True):
    """Close every screen and show ``screen`` alone."""

    screen: Screen


class Quit(msgspec.Struct, frozen=True):
    """Close every screen: nothing is left to show."""


Result = Stay | Push | Pop | PopTo | Reset | Quit


@runtime_checkable
class Ticking(Protocol):
    """A screen that wants ``tick`` called on a timer (real-time play)."""

    @property
    def tick_seconds(self) -> float | None:
        """Seconds between ticks, or None to wait for input only."""
        ...

    def tick(self) -> Result: ...


def as_ticking(screen: object) -> Ticking | None:
    """``screen`` if it is ``Ticking`` (what ``isinstance(screen, Ticking)`` says: a
    ``tick`` method and a ``tick_seconds``), else None. Asked every frame, and a runtime
    protocol's ``isinstance`` takes about 50 us in Python 3.11 (it gathers the protocol's
    members afresh each time), some 4% of a web game's CPU a key; these lookups take
    less than a microsecond."""
    if callable(getattr(screen, "tick", None)) and hasattr(screen, "tick_seconds"):
        return cast("Ticking", screen)
    return None


class Unbidden(Protocol):
    """A screen that may open in the middle of a stream of keys (a level-up box, a
    question a held step raised): ``unbidden`` says whether this one did, and the stack
    lets it settle before it takes input (``ui/stack.py``)."""

    unbidden: bool


def opened_unbidden(screen: object) -> bool:
    """Whether ``screen`` is ``Unbidden`` and opened so (screens that never open
    unbidden do not declare it)."""
    return cast("Unbidden", screen).unbidden if hasattr(screen, "unbidden") else False


@runtime_checkable
class Closing(Protocol):
    """A screen with something to keep when the window or terminal closes."""

    def on_close(self) -> None: ...

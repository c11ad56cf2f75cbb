"""A refusal said once: the same command refused again for the same reason adds nothing
to the log until something else happens.

A held key repeats its command: a diagonal step into the wall beside a doorway, pressed
by a held key, filled the log with "That way is blocked." (folded to "(x19)", it still
pushed every other line off the three-line log). The driver asks ``Repeats`` before it
says a refusal; the refusal is still reported (``Report.refused``, for agents and the
screen), only its line is not said again. A different command, or a command that did
something, makes the next refusal news.
"""

from __future__ import annotations

from emberdeep.engine.core.events import Refused


class Repeats:
    """The command under way and the refusal last said for it."""

    def __init__(self) -> None:
        self.command: object = None
        self.said: Refused | None = None

    def issued(self, command: object) -> None:
        """A command was given: a different one than before makes its refusal news."""
        if command != self.command:
            self.command, self.said = command, None

    def happened(self) -> None:
        """Something happened (time passed): the next refusal is news."""
        self.said = None

    def news(self, refused: Refused) -> bool:
        """Whether ``refused`` is to be said: not when the same command was last refused
        for the same reason with nothing between."""
        if refused == self.said:
            return False
        self.said = refused
        return True

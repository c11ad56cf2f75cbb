"""One line of the log: its text, and the kind it is coloured by.

Its own module because the narrator (``narration.py``) and each family of sentences
(``creature_sentences.py``, ``item_sentences.py``, ``world_sentences.py``) make lines, and
the turn driver and the screens carry them: every one of them imports it without importing
the others.
"""

from __future__ import annotations

import msgspec

from emberdeep.engine.core.events import MessageKind


class Line(msgspec.Struct, frozen=True):
    """One line of the log and what it is about."""

    text: str
    kind: MessageKind = MessageKind.INFO

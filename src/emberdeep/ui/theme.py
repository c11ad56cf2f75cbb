"""Applies a content palette (``palettes.toml``, ``Content.recoloured``) to the colours
the UI keeps itself: the boxes' (``ui/palette.py``) and the message kinds'
(``ui/messages.py``). Looks, terrain and statuses need nothing here: they are the
content's, already recoloured.

These are module tables rather than fields of each screen so that no drawing code asks
which palette is in use; one process shows one game (a web game is its own process), so
the one place that changes them, ``App.use_palette``, sets them for everything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.events import MessageKind
from emberdeep.ui import messages, palette

if TYPE_CHECKING:
    from emberdeep.content.palettes import Palette


def use(chosen: Palette | None) -> None:
    """Box and message colours of the ``chosen`` palette (the content's, which is None
    when it changes nothing; ``Content.palette``), or the defaults."""
    boxes = dict(palette.DEFAULTS)
    kinds = {kind.value: color for kind, color in messages.DEFAULT_KIND_COLORS.items()}
    if chosen is not None:
        boxes.update(chosen.box)
        kinds = chosen.recolour(kinds, chosen.messages)
    for name, color in boxes.items():
        setattr(palette, palette.NAMES[name], color)
    messages.KIND_COLORS.update({MessageKind(value): color for value, color in kinds.items()})

"""Where a creature would rather not step: fire, and gas that harms.

Kept on the floor (``Floor.danger``) and made again whenever fire or gas moves (a turn of
either, a release, an ignition), so the chase reads one cell of it per step considered
and pays nothing on a floor with neither (None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.terrain import gas

if TYPE_CHECKING:
    from emberdeep.engine.core.floor import Floor


def refresh(floor: Floor) -> None:
    """``Floor.danger`` made again from the floor's fire and gas."""
    if not floor.fire_active and not floor.gas_active:
        floor.danger = None
        return
    found = floor.fire > 0
    if floor.gas_active:
        found |= gas.harmful(floor)
    floor.danger = found if found.any() else None


def avoids(floor: Floor, x: int, y: int, to_x: int, to_y: int) -> bool:
    """Whether a creature at (x, y) keeps out of (to_x, to_y): it is dangerous and the
    creature is not already in danger."""
    danger = floor.danger
    return danger is not None and danger.item(to_x, to_y) and not danger.item(x, y)

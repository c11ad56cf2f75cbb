"""Where a creature would rather not step: fire, and gas that harms.

Worked out when first asked after fire or gas changed (``Floor.hazard_version``, counted
by ``gas.py`` and ``fire.py``) and kept on the floor (``Floor.danger``), so the chase
reads one cell of it per step considered, and pays nothing on a floor with neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.creatures import harm
from emberdeep.engine.terrain import gas

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor


def current(floor: Floor) -> NDArray[np.bool_] | None:
    """Where fire burns or harmful gas hangs on ``floor`` now (None: nowhere)."""
    if not floor.fire_active and not floor.gas_active:
        return None
    version, found = floor.danger
    if version != floor.hazard_version:
        found = floor.fire > 0
        if floor.gas_active:
            found |= gas.harmful(floor)
        floor.danger = (floor.hazard_version, found if found.any() else None)
        found = floor.danger[1]
    return found


def harming(floor: Floor, actor: Actor) -> NDArray[np.bool_] | None:
    """Where fire burns or harmful gas hangs that can hurt ``actor`` now (None:
    nowhere): fire is no danger to whom it cannot hurt (``harm.WARDS``: a fireproof
    hero), unless harmful gas hangs there too."""
    found = current(floor)
    if found is None or harm.WARDS["fire"] not in actor.statuses:
        return found
    warded = floor.fire > 0
    if floor.gas_active:
        warded &= ~gas.harmful(floor)
    return found & ~warded


def avoids(floor: Floor, x: int, y: int, to_x: int, to_y: int) -> bool:
    """Whether a creature at (x, y) keeps out of (to_x, to_y): it is dangerous and the
    creature is not already in danger."""
    found = current(floor)
    return found is not None and found.item(to_x, to_y) and not found.item(x, y)

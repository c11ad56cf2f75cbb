"""How monsters decide and come and go: minds, abilities, pursuit, allies, followers
on the stairs, and those a calm floor draws in.

The abilities kept in modules of their own register themselves in
``abilities.ABILITIES`` when imported: they are imported here, so that whoever reads the
registry (content's loader, the minds) finds them all.
"""

from emberdeep.engine.monsters import (  # noqa: F401 (registering, not re-exporting)
    bursts,
    corrosion,
    grapplers,
    lurkers,
    pouncers,
    thieves,
    wards,
)

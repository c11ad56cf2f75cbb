"""The fork server's last preload: everything loaded so far, frozen out of the collector.

``games.py`` lists this module after ``preload`` and the workers' modules, so by the
time it is imported the fork server holds what every game shares (the code, the parsed
content, the screens). ``gc.freeze`` moves all of it to the collector's permanent
generation, as Python's documentation advises before forking: a game's own collections
then never walk those objects. Without it, each full collection in a game walked some
50,000 shared objects (about 30 ms, a stall the player feels) and wrote to each one's
header as it went, copying the pages they sit on into that game's private memory.
"""

from __future__ import annotations

import gc

gc.collect()
gc.freeze()

"""The game as a whole: the ``World`` (the engine's door) and its clock, runs
(explore, rest, travel), the journal of commands, replays and the invariants.
"""

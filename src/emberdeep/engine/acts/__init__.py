"""What a creature can do: actions (move, attack, use, throw...) each performing itself
against the world, item effects and their magic, and the one target query every
front-end, the env, the bot and the monsters ask.
"""

"""What the floor does to those on it: gas that spreads and thins, traps, deep water,
lava and chasms.
"""

"""The engine's ground floor: what every other room stands on.

Events, the seeded streams, the floor and its maps (field of view, distances, the one
flight of anything thrown or fired), creatures as bodies with a place and a clock, and
the one perception rule. Nothing here knows items, minds or the world as a whole.
"""

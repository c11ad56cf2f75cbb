"""The save format: a world as bytes and back, column by column, every field checked
on the way in (a save is hostile input), and older formats read.
"""

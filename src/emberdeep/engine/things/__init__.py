"""What can be carried: item kinds, the registry of their effects and the facts each
effect states (what it aims at, how it flies, what using it reveals), identification.
"""

"""The rules core: cards, piles, moves, variants, deals, positions, game history and text formats.

Pure Python with no pygame, no disk and no clock, so the window, the command line and the
solver all stand on the same rules.
"""

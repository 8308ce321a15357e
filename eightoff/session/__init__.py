"""The game being played, without pygame: one owner of its state and every player action.

The window draws a `Session` and turns input into its commands; the tests drive the same
commands directly. Nothing else writes game state.
"""

"""The player's files before the store: where they live, and reading one safely.

Below the store and the locale, so that the command line chooses its language from the saved
preference (`language`) without loading the store package; the store keeps, checks and writes
every file in these same folders.
"""

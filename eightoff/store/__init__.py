"""Per-user files through platformdirs: preferences, statistics and the unfinished game."""

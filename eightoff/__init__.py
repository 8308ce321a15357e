"""Eight Off patience: rules core, solver, per-user store and a pygame-ce front end."""

__version__ = "0.1.0"

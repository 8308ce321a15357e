"""Settings for the whole suite.

Hypothesis is told no deadline and no "too slow" health check: these machines are shared and
noisy, and a test must fail for what the program does, never for how busy the machine was.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("shared-machine")

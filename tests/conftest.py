"""Settings for the whole suite.

Hypothesis is told no deadline and no "too slow" health check: these machines are shared and
noisy, and a test must fail for what the program does, never for how busy the machine was.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("shared-machine")


@pytest.fixture(autouse=True)
def signals_left_as_found() -> Iterator[None]:
    """A test that leaves signals blocked in pytest's own process fails, and the mask is put
    back: every process the later tests start would inherit it (a bus daemon that ignores
    SIGTERM kept a D-Bus test waiting for its pipes until the timeout)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    yield
    after = signal.pthread_sigmask(signal.SIG_SETMASK, before)
    assert after == before, f"the test left these signals blocked: {sorted(after - before)}"

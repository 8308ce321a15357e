"""UI tests run headless: SDL must pick its dummy drivers before pygame is first imported."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from eightoff.ui.app import App

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The desktop's scale factor comes from these (eightoff/ui/scaling.py): tests that want one set it.
os.environ.pop("GDK_SCALE", None)
os.environ.pop("QT_SCALE_FACTOR", None)


@pytest.fixture(autouse=True)
def _fresh_display() -> Iterator[None]:
    """Each test's windows are closed after it, then the display. A window left open would be
    destroyed later by its collection, after SDL may have put another test's window at the
    same address: that one would then be drawn into after it was freed (a crash seen in CI)."""
    yield
    from tests.ui.helpers import close_display

    close_display()


@pytest.fixture(autouse=True)
def _classic_palette() -> Iterator[None]:
    """The palette is module state (`theme.use`, which a table sets from its preferences): a
    test whose window turned high contrast on, as the monkey test's random clicks may, would
    otherwise change the colours every later test reads from `theme` (a CI run once saw
    test_real_window compare the screen with the high-contrast felt)."""
    yield
    from eightoff.ui import theme

    theme.use(high_contrast=False)


@pytest.fixture
def opened() -> Iterator[list[App]]:
    """Apps to close after the test, whatever happens (no solver worker process left behind)."""
    apps: list[App] = []
    yield apps
    for app in apps:
        app.session.close()
        for closer in app.closers:
            closer()


@pytest.fixture
def english_after() -> Iterator[None]:
    """A test that plays in Italian leaves the English originals for the next (the language is
    the process's: gettext's installed catalogue)."""
    yield
    from eightoff.locale import install_language

    install_language("en")

"""The loop sleeps, so a window left open costs no CPU and no battery: with the clock running it
wakes once a second, at the second the clock shows; with nothing to show it does not wake at
all. Counted through the real loop (`App.run`) over simulated time: each call of its wait is one
wake-up."""

from __future__ import annotations

import math

import pygame

from eightoff.core.piles import Pile
from eightoff.ui.app import App
from tests.ui.helpers import click_pile, clock, make_app

SECONDS = 10


class Sleeper:
    """Stands in for SDL's wait: the time passes at once, and each return is a wake-up. A
    wait without limit would sleep for ever: the run ends there."""

    def __init__(self, app: App, seconds: float) -> None:
        self.app = app
        self.end = clock(app).time + seconds
        self.woken: list[float] = []

    def __call__(self, timeout: float | None) -> list[pygame.event.Event]:
        fake = clock(self.app)
        if timeout is None or fake.time + timeout > self.end:
            fake.time = self.end
            self.app.running = False
            return []
        fake.time += timeout
        self.woken.append(fake.time)
        return []


def sleep_through(app: App, seconds: float) -> tuple[list[float], int]:
    """The loop's wake-ups (simulated times) and frames shown over `seconds` of its own running."""
    app.pump(3)  # what the last input changed is drawn
    sleeper = Sleeper(app, seconds)
    app.waiter = sleeper
    shown = 0
    present = app.window.present

    def counted_present() -> None:
        nonlocal shown
        shown += 1
        present()

    app.window.present = counted_present  # type: ignore[method-assign]
    app.run()
    return sleeper.woken, shown


def test_the_running_clock_wakes_the_loop_once_a_second_on_the_second() -> None:
    app = make_app()
    click_pile(app, Pile.column(6))  # a move: the clock starts
    assert app.session.clock.running
    woken, shown = sleep_through(app, SECONDS + 0.5)
    assert len(woken) == SECONDS and shown == SECONDS
    shown_seconds = [app.session.clock.seconds(moment) for moment in woken]
    assert all(math.isclose(value, round(value), abs_tol=0.002) for value in shown_seconds)
    app.close()


def test_a_fresh_deal_does_not_wake_the_loop() -> None:
    app = make_app()
    assert not app.session.clock.running
    assert sleep_through(app, SECONDS) == ([], 0)
    app.close()


def test_a_dialog_over_a_running_game_does_not_wake_the_loop() -> None:
    app = make_app()
    click_pile(app, Pile.column(6))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.pump()
    assert app.top is not app.table  # Help is open: the clock stops under it
    assert sleep_through(app, SECONDS) == ([], 0)
    app.close()


def test_the_picture_is_let_go_only_before_an_endless_sleep() -> None:
    app = make_app()
    releases: list[int] = []
    release = app.table.release

    def counted() -> None:
        releases.append(app.frames)
        release()

    app.table.release = counted  # type: ignore[method-assign]
    sleep_through(app, SECONDS)  # a fresh deal: one sleep, with nothing to end it
    assert len(releases) == 1
    assert app.table.view.static is None  # let go before it
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 1), buttons=(0, 0, 0)))
    app.running = True
    sleep_through(app, SECONDS)  # input that changes nothing on screen: not let go again
    assert len(releases) == 1
    click_pile(app, Pile.column(6))
    app.running = True
    sleep_through(app, SECONDS + 0.5)  # the clock runs: every sleep has its end
    assert len(releases) == 1
    assert app.table.view.static is not None  # kept between the ticks: not painted again every second
    app.close()


def shown(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def test_a_table_that_let_its_picture_go_while_idle_draws_the_same_frames() -> None:
    kept, released = make_app(), make_app()
    released.table.release()  # as the loop does before it sleeps until input
    assert released.table.view.static is None and not released.table.needs_draw()
    for app in (kept, released):
        click_pile(app, Pile.column(6))  # a card goes home: the picture is painted again
        app.pump(2)
    assert shown(released) == shown(kept)
    assert released.table.view.static is not None
    for app in (kept, released):
        app.table.release()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
        app.pump(2)  # Help over the table: the table is drawn whole under it
    assert shown(released) == shown(kept)
    kept.window.close()
    released.close()  # and the display with it

"""A long press on a covered card is a look, not a try: it shows the card without the refusal
(and its sound) that a click on the same card gives, and a click still gives it."""

from __future__ import annotations

from tests.ui.helpers import clock, grip, make_app, press, release


def test_a_long_press_peeks_without_a_refusal_and_a_click_still_says_why() -> None:
    app = make_app(sound=True)
    assert app.table.sound.sounds.on  # the dummy audio driver plays, unheard
    point = grip(app, "AC")  # covered by the ace of spades: the two cannot move together
    press(app, point)
    clock(app).time += 0.6
    app.pump()
    assert app.table.controller.peeking is not None
    release(app, point)
    assert app.table.status.notice == ""
    assert "refuse" not in app.table.sound.sounds.played
    clock(app).time += 1.0
    press(app, point)
    release(app, point)
    said = "The cards on the Ace of clubs are not in sequence, so they cannot move together"
    assert app.table.status.notice == said
    assert list(app.table.sound.sounds.played) == ["refuse"]

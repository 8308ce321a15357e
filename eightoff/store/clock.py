"""The wall clock and the local time zone, read here and nowhere in the core: the store stamps
each finished game with the time, and the statistics show that time in the player's zone."""

from __future__ import annotations

from datetime import datetime, timezone

from eightoff.core.limits import clamp_moment


def now_clamped() -> tuple[datetime, bool]:
    """The wall clock's time in UTC, clamped, and whether it was clamped. Never raises: a clock
    past year 9999 cannot even be made a datetime."""
    try:
        moment: datetime | None = datetime.now(timezone.utc)
    except (ValueError, OverflowError, OSError):
        moment = None
    return clamp_moment(moment)


def local_time(moment: datetime) -> datetime:
    """`moment` in the local time zone, for show; as it is (UTC) where the zone cannot be had:
    TZ=UTC+25 names an offset past a day, which datetime refuses."""
    try:
        return moment.astimezone()
    except (ValueError, OverflowError, OSError):
        return moment

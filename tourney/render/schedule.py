"""When each round starts, and when the folder was last brought up to date, as shown.

Both come from the folder alone, never the clock, so the same folder still gives
a byte-identical site (docs/site.md, "Dates, start times and last updated").
"""

from __future__ import annotations

import datetime as dt

from tourney.i18n import format_date
from tourney.model import Tournament


def round_start(t: Tournament, number: int) -> tuple[dt.date | None, dt.time | None]:
    """Round ``number``'s day and start time: each from its round file when written there,
    else from the schedule (tournament.yaml's ``round_dates``)."""
    rnd = t.round(number)
    dates, times = t.settings.round_dates, t.settings.round_times
    day = dates[number - 1] if 0 < number <= len(dates) else None
    time = times[number - 1] if 0 < number <= len(times) else None
    if rnd is not None and rnd.date is not None:
        day = rnd.date
    if rnd is not None and rnd.time is not None:
        time = rnd.time
    return day, time


def start_text(day: dt.date | None, time: dt.time | None) -> str:
    """'2026-10-03 19:30', '2026-10-03', or '' (a time without its day is not shown)."""
    if day is None:
        return ""
    return format_date(day) + (f" {time:%H:%M}" if time is not None else "")


def round_start_text(t: Tournament, number: int) -> str:
    return start_text(*round_start(t, number))


def last_updated(t: Tournament) -> str:
    """tournament.yaml's ``updated`` if set; else the latest day of a round with a result
    (its round file's date, or the schedule's); '' when neither is known."""
    if t.settings.updated is not None:
        return start_text(t.settings.updated, t.settings.updated_time)
    days = [round_start(t, rnd.number)[0] for rnd in t.rounds if rnd.started and rnd.published]
    known = [day for day in days if day is not None]
    return format_date(max(known)) if known else ""

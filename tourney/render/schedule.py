"""When each round starts, and when the folder was last brought up to date, as shown.

Both come from the folder alone, never the clock, so the same folder still gives
a byte-identical site (docs/site.md, "Dates, start times and last updated").
"""

from __future__ import annotations

import datetime as dt

from tourney.i18n import catalog, format_date
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


def start_text(
    day: dt.date | None, time: dt.time | None, weekday: bool = False, long: bool = False
) -> str:
    """'2026-10-03 19:30', '2026-10-03', or '' (a time without its day is not shown);
    with ``weekday`` the day's name first: 'Sat 2026-10-03 19:30' ('za 3 okt 2026'),
    written out with ``long``: 'Saturday 2026-10-03 19:30'."""
    if day is None:
        return ""
    shown = format_date(day)
    name = weekday_name(day, long) if weekday else ""
    if name:
        shown = f"{name} {shown}"
    return shown + (f" {time:%H:%M}" if time is not None else "")


def weekday_name(day: dt.date, long: bool = False) -> str:
    """The day's short name in the current language (CLDR, through Babel): Sat, za
    (``long``: Saturday, zaterdag); "" in a language tourney has no catalog for (as
    ``format_date`` keeps ISO there)."""
    lang = catalog.current()
    if lang not in catalog.LANGUAGES:
        return ""
    from babel.dates import format_date as babel_date

    return str(babel_date(day, "EEEE" if long else "EEE", locale=lang))


def round_start_text(t: Tournament, number: int, weekday: bool = False) -> str:
    """When round ``number`` starts, as shown (the site names the weekday too)."""
    return start_text(*round_start(t, number), weekday=weekday)


def last_updated(t: Tournament) -> str:
    """tournament.yaml's ``updated`` if set; else the latest day of a round with a result
    (its round file's date, or the schedule's); '' when neither is known."""
    if t.settings.updated is not None:
        return start_text(t.settings.updated, t.settings.updated_time)
    days = [round_start(t, rnd.number)[0] for rnd in t.rounds if rnd.started and rnd.published]
    known = [day for day in days if day is not None]
    return format_date(max(known)) if known else ""

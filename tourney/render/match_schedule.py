"""When and where each team match is played, and a team's next match.

The most specific value wins (docs/teams.md "Venues, dates and times"):

* venue: the host's home venue (teams.yaml; the host is the team named first in
  the match) < the round's (tournament.yaml ``round_venues``, then the round
  file's ``venue``) < the match's own ``venue``;
* day and time: the round's (``round_dates``, then the round file's ``date``,
  render.schedule.round_start) < the match's ``date``: its day replaces the
  round's, and its time, when written, the round's time.

A team's next match is its first match, in round order, that has no result yet
(no board result, not decided as a whole); once every paired match of the team
has one, the next planned round not yet paired. It follows from the folder
alone, never from the clock, so the same folder builds the same site.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.model import Match, Round, Tournament
from tourney.render.schedule import round_start, start_text


def round_venue(t: Tournament, number: int) -> str:
    """Where every match of round ``number`` is played: its round file's ``venue``,
    else tournament.yaml's ``round_venues``; "" when the matches are at the hosts'."""
    rnd = t.round(number)
    if rnd is not None and rnd.venue:
        return rnd.venue
    return dict(t.settings.round_venues).get(number, "")


def match_venue(t: Tournament, number: int, match: Match) -> str:
    """Where ``match`` of round ``number`` is played: its own venue, the round's, or the
    home venue of the team named first (the host); "" when none is written."""
    if match.venue:
        return match.venue
    shared = round_venue(t, number)
    if shared:
        return shared
    host = next((team for team in t.teams if team.id == match.white), None)
    return host.venue if host is not None else ""


def match_start(t: Tournament, number: int, match: Match) -> tuple[dt.date | None, dt.time | None]:
    """The day and start time of ``match`` of round ``number``: the round's, unless the
    match gives its own day (and then its own time, if written)."""
    day, time = round_start(t, number)
    if match.date is not None:
        day = match.date
        time = match.time if match.time is not None else time
    return day, time


@dataclass(frozen=True, slots=True)
class NextMatch:
    """A team's next match: round, match (None while the round is not paired) and its
    number, day, time and venue as far as the folder says."""

    round: int
    match: Match | None
    number: int
    day: dt.date | None
    time: dt.time | None
    venue: str


def _begun(match: Match) -> bool:
    return match.decision is not None or any(g.result is not None for g in match.games)


def next_match(t: Tournament, rounds: Sequence[Round], team_id: str) -> NextMatch | None:
    """Team ``team_id``'s first match without a result in round order among ``rounds``
    (the rounds shown), else the next planned round not paired yet; None when the team
    has withdrawn before it or no round is left."""
    team = next((team for team in t.teams if team.id == team_id), None)
    if team is None:
        return None
    gone = team.withdrawn_after
    last = 0
    for rnd in sorted(rounds, key=lambda r: r.number):
        last = max(last, rnd.number)
        if gone is not None and rnd.number > gone:
            return None
        for index, match in enumerate(rnd.matches, start=1):
            if team_id in (match.white, match.black) and not _begun(match):
                day, time = match_start(t, rnd.number, match)
                venue = match_venue(t, rnd.number, match)
                return NextMatch(rnd.number, match, match.number or index, day, time, venue)
    away = set(team.absent) | {number for number, _kind in team.byes}
    for number in range(last + 1, t.planned_rounds + 1):
        if gone is not None and number > gone:
            return None
        if number not in away:
            day, time = round_start(t, number)
            return NextMatch(number, None, 0, day, time, round_venue(t, number))
    return None


def when_text(day: dt.date | None, time: dt.time | None, long: bool = False) -> str:
    """'Sat 2026-10-10 14:30' (``long``: 'Saturday 2026-10-10 14:30'); Dutch 'za 10 okt
    2026 14:30', 'zaterdag ...': the weekday in the site's language (CLDR, through
    Babel); '' without a day (a time alone tells nothing)."""
    return start_text(day, time, weekday=True, long=long)

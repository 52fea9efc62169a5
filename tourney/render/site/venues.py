"""When and where on the pages of a team event: the schedule's matches, a match's venue
and moved start on its round page, each match on a team card, and the card's next match.

The values come from render.match_schedule (the most specific of team, round and
match wins, docs/teams.md "Venues, dates and times"); here they become text in the
site's language. Each function is one piece of a page, so that it moves with its page.
"""

from __future__ import annotations

from tourney.i18n import gettext as _
from tourney.model import Match
from tourney.render.match_schedule import (
    match_start,
    match_venue,
    next_match,
    round_venue,
    when_text,
)
from tourney.render.schedule import round_start
from tourney.render.site.event import EventData
from tourney.render.views import NextMatchLine, ScheduledMatch


def _match_href(number: int, match_number: int) -> str:
    return f"round-{number:02d}.html#match-{match_number}"


def scheduled_matches(data: EventData) -> tuple[ScheduledMatch, ...]:
    """schedule.html of a team event: every match of the rounds shown, with its day, start
    time and venue."""
    if not data.tournament.is_team:
        return ()
    t = data.tournament
    out = []
    for rnd in data.rounds:
        for index, match in enumerate(rnd.matches, start=1):
            number = match.number or index
            out.append(
                ScheduledMatch(
                    round=rnd.number,
                    number=number,
                    href=_match_href(rnd.number, number),
                    white=data.team_refs[match.white],
                    black=data.team_refs[match.black],
                    when=when_text(*match_start(t, rnd.number, match)),
                    venue=match_venue(t, rnd.number, match),
                )
            )
    # a schedule without days or venues tells nothing the round pages do not
    return tuple(out) if any(x.when or x.venue for x in out) else ()


def schedule_venue(data: EventData, number: int) -> str:
    """The schedule's venue of round ``number``: the round's own (team events)."""
    return round_venue(data.tournament, number) if data.tournament.is_team else ""


def match_where(data: EventData, number: int, match: Match) -> tuple[str, str]:
    """A match box of a round page: its venue, and its day and start time when they are
    not the round's (a moved match), else ""."""
    t = data.tournament
    start = match_start(t, number, match)
    moved = when_text(*start) if start != round_start(t, number) else ""
    return match_venue(t, number, match), moved


def card_when_where(data: EventData, number: int, match: Match | None) -> tuple[str, str]:
    """A round on a team card: the match's day and start time, and its venue."""
    if match is None:
        return "", ""
    t = data.tournament
    return when_text(*match_start(t, number, match)), match_venue(t, number, match)


def player_match_when(data: EventData, number: int, pid: str) -> str:
    """A player's next game in a team event: the day and start time of the player's match
    in round ``number`` (a moved match's own); "" when the player sits in none."""
    rnd = data.tournament.round(number)
    for match in rnd.matches if rnd is not None else ():
        if any(pid in (game.white, game.black) for game in match.games):
            return when_text(*match_start(data.tournament, number, match))
    return ""


def next_match_line(data: EventData, team_id: str) -> NextMatchLine | None:
    """The team card's "Next match" (render.match_schedule.next_match), None when the team
    has none left."""
    found = next_match(data.tournament, data.rounds, team_id)
    if found is None:
        return None
    when = when_text(found.day, found.time, long=True)
    if found.match is None:
        return NextMatchLine(found.round, "", when, found.venue, None, "", _("not paired yet"))
    match = found.match
    first = match.white == team_id
    opponent = data.team_refs[match.black if first else match.white]
    white = first == match.white_team_white(1)
    return NextMatchLine(
        round=found.round,
        href=_match_href(found.round, found.number),
        when=when,
        venue=found.venue,
        opponent=opponent,
        colour="white" if white else "black",
        note="",
    )

"""teams.html and the team cards (teams/ID.html): every team with its roster; on a card
the next match, the line-ups by round and every round's match with its day, time and
venue (docs/site.md "The pages of a team event"; docs/teams.md "Venues, dates and times").
"""

from __future__ import annotations

from fractions import Fraction

from tourney.i18n import gettext as _
from tourney.model import Team
from tourney.render import text
from tourney.render.site.team.composition import composition_tables
from tourney.render.site.team.event import Pages, TeamEvent, game_points, withdrawn
from tourney.render.site.venues import card_when_where, next_match_line
from tourney.render.views import (
    CompositionTable,
    RosterRow,
    TeamCardPage,
    TeamListPage,
    TeamRoundLine,
    TeamRow,
)


def pages(ev: TeamEvent) -> Pages:
    rows = tuple(team_row(ev, team) for team in ev.data.teams)
    yield (
        "teams.html",
        TeamListPage(
            frame=ev.frames("teams.html", _("Teams")),
            teams=rows,
            boards=ev.boards,
            show_series=ev.show_series,
        ),
    )
    tables = composition_tables(ev)
    for team, row in zip(ev.data.teams, rows, strict=True):
        yield _card(ev, team, row, tables[team.id])


def team_row(ev: TeamEvent, team: Team) -> TeamRow:
    """A team of teams.html (and the top of its card): details and roster in board order."""
    roster = tuple(
        RosterRow(
            board=index + 1,
            player=ev.data.refs[pid],
            reserve=index >= ev.boards,
            games=ev.games.get(pid, 0),
            points=text.points(ev.points.get(pid, Fraction(0))),
        )
        for index, pid in enumerate(team.roster)
    )
    rating = ev.ratings[team.id].rounded
    return TeamRow(
        team=ev.data.team_refs[team.id],
        short_name=team.short_name,
        club=team.club,
        captain=team.captain,
        series=team.series,
        rating="" if rating is None else str(rating),
        roster=roster,
        withdrawn=withdrawn(team),
    )


def _card(
    ev: TeamEvent, team: Team, row: TeamRow, composition: CompositionTable
) -> tuple[str, TeamCardPage]:
    lines = []
    for view in ev.rounds[team.id]:
        found = ev.match_of(view)
        score = ev.scores[(view.round, found[0])] if found is not None else None
        when, venue = card_when_where(ev.data, view.round, found[1] if found else None)
        gp = text.points(view.game_points)
        mp = text.points(view.match_points)
        if score is not None:
            mine, theirs = score.sides(team.id)
            gp = game_points(score, mine, theirs)
            own_mp = score.white_mp if score.match.white == team.id else score.black_mp
            mp = "" if own_mp is None else text.points(own_mp)
        lines.append(
            TeamRoundLine(
                number=view.round,
                opponent=ev.data.team_refs[view.opponent] if view.opponent else None,
                colour=str(view.colour) if view.opponent and view.colour else "",
                game_points=gp,
                match_points=mp,
                note=ev.note(view, score),
                boards=ev.match_boards(score.match, team.id) if score is not None else (),
                when=when,
                venue=venue,
            )
        )
    views = ev.rounds[team.id][: ev.data.last_decided]
    path = row.team.href
    return path, TeamCardPage(
        frame=ev.frames(path, team.name),
        team=row,
        rounds=tuple(lines),
        match_points=text.points(sum((v.match_points for v in views), Fraction(0))),
        game_points=text.points(sum((v.game_points for v in views), Fraction(0))),
        composition=composition,
        round_numbers=tuple(rnd.number for rnd in ev.data.rounds),
        next_match=next_match_line(ev.data, team.id),
    )

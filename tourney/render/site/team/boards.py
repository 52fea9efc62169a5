"""boards.html of a team event: every board's players with games, points, percentage and
performance (``tourney.engine.teams.board_stats``: a decided match counts on the boards
it seated; docs/teams.md).
"""

from __future__ import annotations

from tourney.i18n import gettext as _
from tourney.render import text
from tourney.render.site.team.event import Pages, TeamEvent, percentage
from tourney.render.views import BoardGroup, BoardStatRow, BoardStatsPage


def pages(ev: TeamEvent) -> Pages:
    groups = []
    for table in ev.data.evaluation.board_statistics():
        if table.board > ev.boards and not table.lines:
            continue
        rows = tuple(
            BoardStatRow(
                player=ev.data.refs[line.player],
                team=ev.team_ref(line.player),
                games=line.games,
                points=text.points(line.points),
                percentage=percentage(line),
                performance="" if line.performance is None else str(line.performance),
            )
            for line in table.lines
        )
        groups.append(BoardGroup(table.board, rows))
    yield (
        "boards.html",
        BoardStatsPage(frame=ev.frames("boards.html", _("Board statistics")), boards=tuple(groups)),
    )

"""players.html and players-alpha.html: the starting rank list and the players by name."""

from __future__ import annotations

from tourney.i18n import gettext as _
from tourney.render import text
from tourney.render.site.individual.names import (
    Pages,
    status_text,
)
from tourney.render.site.individual.players import Players
from tourney.render.views import (
    Link,
    PlayerListPage,
    PlayerRow,
)


def player_row(pp: Players, pid: str) -> PlayerRow:
    player = pp.data.tournament.player(pid)
    team_id = pp.data.team_of.get(pid)
    board = 0
    if team_id is not None:
        board = pp.data.tournament.team(team_id).roster.index(pid) + 1
    return PlayerRow(
        player=pp.data.refs[pid],
        club=player.club,
        fide_id=player.fide_id,
        fide_url=text.fide_profile(player.fide_id),
        team=pp.data.team_refs[team_id] if team_id is not None else None,
        board=board,
        status=status_text(pp.data, pid),
    )


def lists(pp: Players) -> Pages:
    show_club = any(p.club for p in pp.data.tournament.players)
    show_team = pp.data.tournament.is_team
    for path, order, caption, other in (
        ("players.html", pp.data.by_start, _("Starting rank list"), "players-alpha.html"),
        ("players-alpha.html", pp.data.by_name, _("Players by name"), "players.html"),
    ):
        yield (
            path,
            PlayerListPage(
                frame=pp.frames(path, caption),
                caption=caption,
                rows=tuple(player_row(pp, p.id) for p in order),
                other=Link(
                    other,
                    _("by name") if other == "players-alpha.html" else _("by starting rank"),
                ),
                show_club=show_club,
                show_team=show_team,
            ),
        )

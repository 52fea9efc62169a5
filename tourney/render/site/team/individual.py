"""individual.html (and individual-SERIES.html per series) of a team event: the players
ranked by points, percentage, rating and name (``tourney.engine.teams.board_stats``;
docs/teams.md).
"""

from __future__ import annotations

from tourney.i18n import gettext as _
from tourney.render import text
from tourney.render.site.team.event import Pages, TeamEvent, percentage
from tourney.render.views import IndividualPage, IndividualRow, Link


def pages(ev: TeamEvent) -> Pages:
    series = sorted({team.series for team in ev.t.teams if team.series})
    series_links = tuple(Link(f"individual-{text.slug(s.lower())}.html", s) for s in series)
    found = [("", "individual.html")]
    found += [(s, link.href) for s, link in zip(series, series_links, strict=True)]
    for current, path in found:
        yield path, _page(ev, path, current, series_links)


def _page(ev: TeamEvent, path: str, current: str, series: tuple[Link, ...]) -> IndividualPage:
    rows = tuple(
        IndividualRow(
            rank=str(line.rank),
            player=ev.data.refs[line.player],
            team=ev.team_ref(line.player),
            series=line.series,
            games=line.games,
            points=text.points(line.points),
            percentage=percentage(line),
        )
        for line in ev.data.evaluation.individual_ranking(None, current or None)
    )
    title = (
        _("Individual ranking: {series}").format(series=current)
        if current
        else _("Individual ranking")
    )
    return IndividualPage(frame=ev.frames(path, title), rows=rows, series=series, current=current)

"""standings.html and standings-NN.html of a team event: ranked by the primary score,
then the team tie-breaks of tournament.yaml (FIDE C.07; ``tourney.engine.teams.standings``),
with the average rating fielded in the latest match (docs/site.md "The pages of a team
event").
"""

from __future__ import annotations

from tourney.engine.teams.lineups import fielded_averages, latest_of
from tourney.i18n import gettext as _
from tourney.model import PrimaryScore
from tourney.render.site.individual import latest_tab, standings_file
from tourney.render.site.team.event import Pages, TeamEvent, average_text, withdrawn
from tourney.render.team_order import shown_tiebreaks, standing_rows, tiebreak_columns
from tourney.render.views import Link, TeamStandingsPage


def pages(ev: TeamEvent) -> Pages:
    last = ev.data.last_decided
    links = tuple(Link(standings_file(r), str(r)) for r in range(1, last + 1))
    for after in range(1, last + 1):
        yield standings_file(after), _standings(ev, after, standings_file(after), links)
    if last:
        yield "standings.html", _standings(ev, last, "standings.html", links)


def _standings(ev: TeamEvent, after: int, path: str, links: tuple[Link, ...]) -> TeamStandingsPage:
    ranked = ev.data.evaluation.team_standings(after)
    averages = ev.once("fielded averages", lambda: fielded_averages(ev.t))
    tiebreaks = ranked.standings.tiebreaks
    shown = shown_tiebreaks(ranked.standings.codes, ranked.standings.valued())
    rows = standing_rows(
        ranked,
        ev.data.team_refs,
        shown,
        lambda team: average_text(latest_of(averages, team, after)),
        lambda team: withdrawn(ev.t.team(team), after),
    )
    primary = (
        _("match points") if ev.scoring.primary is PrimaryScore.MATCH_POINTS else _("game points")
    )
    final = ev.data.evaluation.final(after)
    codes = [str(d) for d in ranked.standings.tiebreaks]
    note = _("Ranked by {score}").format(score=primary) + (
        _(", then the tie-breaks {codes}.").format(codes=", ".join(codes)) if codes else "."
    )
    return TeamStandingsPage(
        frame=ev.frames(
            path,
            (
                _("Final standings after round {number}")
                if final
                else _("Standings after round {number}")
            ).format(number=after),
            latest_tab(path, final),
        ),
        after=after,
        final=final,
        primary=primary,
        rows=rows,
        rounds=links,
        show_series=ranked.has_series,
        note=note,
        columns=tiebreak_columns(tiebreaks, shown),
    )

"""crosstable-start.html of a team round robin: a row and a column per team in number
order (the Berger numbers of FIDE C.05 Annex 1), a cell per cycle holding the row team's
game points against the column's (docs/site.md "The pages of a team event").
"""

from __future__ import annotations

from tourney.engine.teams.scores import MatchKind, TeamRound
from tourney.i18n import gettext as _
from tourney.render import text
from tourney.render.site.team.event import OUTCOME_CSS, Pages, TeamEvent, game_points
from tourney.render.views import Cell, TeamGridPage, TeamGridRow


def pages(ev: TeamEvent) -> Pages:
    after = ev.data.last_decided
    if not after or not ev.t.settings.format.is_round_robin:
        return
    data = ev.data
    ranked = data.evaluation.team_standings(after)
    lines = {line.team: line for line in ranked.rows}
    order = sorted(data.teams, key=lambda team: data.team_refs[team.id].start)
    cycles = max(ev.t.settings.cycles, 1)
    rows = []
    for team in order:
        met: dict[str, list[Cell]] = {}
        for view in ev.rounds[team.id]:
            if view.opponent is None:
                continue
            met.setdefault(view.opponent, []).append(_cell(ev, view))
        cells: list[Cell] = []
        for other in order:
            if other.id == team.id:
                cells += [Cell("×", css="self")] * cycles
                continue
            found = met.get(other.id, [])
            cells += found[:cycles] + [Cell("", title=_("not met yet"))] * (cycles - len(found))
        line = lines[team.id]
        rows.append(
            TeamGridRow(
                rank=str(line.rank),
                team=data.team_refs[team.id],
                cells=tuple(cells),
                match_points=text.points(line.match_points),
                game_points=text.points(line.game_points),
            )
        )
    yield (
        "crosstable-start.html",
        TeamGridPage(
            frame=ev.frames("crosstable-start.html", _("Team round-robin table")),
            numbers=tuple(data.team_refs[team.id].start for team in order),
            cycles=cycles,
            rows=tuple(rows),
        ),
    )


def _cell(ev: TeamEvent, view: TeamRound) -> Cell:
    """The row team's game points in one match, from its side, while its boards go on."""
    assert view.opponent is not None
    score = ev.score_of(view)
    colour = _("white") if view.colour is not None and view.colour.value == "white" else _("black")
    name = ev.data.team_refs[view.opponent].name
    base = _("round {number}, {colour} on board 1, v {team}").format(
        number=view.round, colour=colour, team=name
    )
    if score is None or view.kind is MatchKind.ANNULLED:
        return Cell("", title=f"{base}: {ev.note(view) or _('no result')}", css="bye")
    mine, theirs = score.sides(view.team)
    shown = game_points(score, mine, theirs)
    if score.white_mp is None:
        return Cell("", title=_("{what}: running, {score}").format(what=base, score=shown))
    css = OUTCOME_CSS.get(view.outcome, "loss") if view.outcome else ""
    return Cell(text.points(mine), title=f"{base}: {shown}", css=css)

"""crosstable.html of a team event: the teams in ranking order, a cell per round with the
opponent's rank, the colour on board 1 and the game points scored (docs/site.md "The
pages of a team event").
"""

from __future__ import annotations

from fractions import Fraction

from tourney.i18n import gettext as _
from tourney.i18n import pgettext
from tourney.model import ByeKind, Colour
from tourney.render import text
from tourney.render.site.team.event import OUTCOME_CSS, Pages, TeamEvent
from tourney.render.views import Cell, TeamCrossRow, TeamCrosstablePage


def pages(ev: TeamEvent) -> Pages:
    after = ev.data.last_decided
    if not after:
        return
    ranked = ev.data.evaluation.team_standings(after)
    rank = {line.team: line.rank for line in ranked.rows}
    rows = []
    for line in ranked.rows:
        cells = []
        for view in ev.rounds[line.team]:
            if view.opponent is None:
                mark = (
                    pgettext("crosstable", "bye")
                    if view.bye is not None and view.bye is not ByeKind.ZERO
                    else "–"
                )
                cells.append(Cell(mark, title=ev.note(view) or _("absent"), css="bye"))
                continue
            score = ev.score_of(view)
            opponent = ev.data.team_refs[view.opponent]
            white = view.colour is not None and view.colour.value == "white"
            colour = text.colour_letter(Colour.WHITE if white else Colour.BLACK)
            decided = score is not None and score.white_mp is not None
            mine, theirs = (
                score.sides(line.team) if score is not None else (Fraction(0), Fraction(0))
            )
            css = ""
            if decided:
                css = OUTCOME_CSS.get(view.outcome, "loss") if view.outcome else ""
            cells.append(
                Cell(
                    f"{rank[view.opponent]}{colour} {text.points(mine) if decided else ''}".rstrip(),
                    href=opponent.href,
                    title=_("round {number}: {opponent}, {score}").format(
                        number=view.round,
                        opponent=opponent.name,
                        score=f"{text.points(mine)}-{text.points(theirs)}",
                    ),
                    css=css,
                )
            )
        rows.append(
            TeamCrossRow(
                rank=str(line.rank),
                team=ev.data.team_refs[line.team],
                cells=tuple(cells),
                match_points=text.points(line.match_points),
                game_points=text.points(line.game_points),
            )
        )
    yield (
        "crosstable.html",
        TeamCrosstablePage(
            frame=ev.frames("crosstable.html", _("Team crosstable")),
            rounds=tuple(range(1, ev.data.last_paired + 1)),
            rows=tuple(rows),
            grid=ev.t.settings.format.is_round_robin,
        ),
    )

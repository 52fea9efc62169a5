"""crosstable.html and crosstable-start.html: every player's rounds by rank and by
starting number; in an individual round robin crosstable-start.html is the table by
Berger number (C.05 Annex 1) with the marks of General Regulations 6.6."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tourney.engine.scores import RoundView
from tourney.engine.standings import Standings
from tourney.engine.tiebreaks import Value
from tourney.engine.withdrawals import applies
from tourney.i18n import gettext as _
from tourney.i18n import pgettext
from tourney.render import text
from tourney.render.site.individual.names import (
    OUTCOME_CSS,
    Pages,
    absence_text,
    own_result,
)
from tourney.render.site.individual.players import Players
from tourney.render.site.round_robin import (
    CrosstableWithNotes,
    GridRowView,
    RoundRobinCrosstablePage,
    grid_cells,
    marked_title,
)
from tourney.render.views import (
    Cell,
    CrossRow,
    Link,
)


def crosstables(pp: Players) -> Pages:
    after = pp.data.last_decided
    if not after:
        return
    result = pp.standings(after)
    tpr = pp.performance(after)
    rank_of = {row.participant: row.rank for row in result.rows}
    columns = pp.columns(result)
    round_robin = applies(pp.data.tournament)
    rounds = tuple(range(1, pp.data.last_paired + 1))
    for path, by, order, other in (
        (
            "crosstable.html",
            "rank",
            [r.participant for r in result.rows],
            "crosstable-start.html",
        ),
        (
            "crosstable-start.html",
            "start",
            [p.id for p in pp.data.by_start],
            "crosstable.html",
        ),
    ):
        if round_robin and by == "start":
            yield path, _round_robin_table(pp, path, result, tpr)
            continue
        number: Callable[[str], int] = (
            (lambda pid: rank_of[pid]) if by == "rank" else (lambda pid: pp.data.numbers[pid])
        )
        rows = tuple(
            CrossRow(
                rank=pp.rank_text(result, pid),
                start=pp.data.numbers[pid],
                player=pp.data.refs[pid],
                cells=tuple(_cross_cell(pp, v, number, pid) for v in pp.data.table.views[pid]),
                points=pp.score_text(result.row(pid).points),
                values=pp.value_cells(result, pid, link=True),
                performance=text.decimal(tpr[pid].value, 0),
            )
            for pid in order
        )
        title = _("Crosstable by rank") if by == "rank" else _("Crosstable by starting number")
        yield (
            path,
            CrosstableWithNotes(
                frame=pp.frames(path, title),
                by=by,
                rounds=rounds,
                columns=columns,
                rows=rows,
                other=Link(other, _("by starting number") if by == "rank" else _("by rank")),
                notes=pp.notes,
                show_performance=pp.shows_performance(tpr),
            ),
        )


def _round_robin_table(
    pp: Players, path: str, result: Standings, tpr: Mapping[str, Value]
) -> RoundRobinCrosstablePage:
    """The table by Berger number, both cycles of a double round robin (C.05 Annex 1)."""
    data = pp.data
    order = tuple(p.id for p in data.by_start)
    grid = data.evaluation.round_robin_grid(order)
    rows = []
    for pid in order:
        points = pp.score_text(result.row(pid).points)
        if pid in result.annulled:
            points = f"({text.points(grid.row(pid).table_points)})"
        rows.append(
            GridRowView(
                rank=pp.rank_text(result, pid),
                start=data.numbers[pid],
                player=data.refs[pid],
                cells=grid_cells(grid, pid, pp.marks, data.refs),
                points=points,
                values=pp.value_cells(result, pid, link=True),
                performance=text.decimal(tpr[pid].value, 0),
            )
        )
    return RoundRobinCrosstablePage(
        frame=pp.frames(path, _("Crosstable by starting number")),
        numbers=tuple(data.numbers[pid] for pid in order),
        cycles=grid.cycles,
        columns=pp.columns(result),
        rows=tuple(rows),
        other=Link("crosstable.html", _("by rank")),
        notes=pp.notes,
        show_performance=pp.shows_performance(tpr),
    )


def _cross_cell(pp: Players, view: RoundView, number: Callable[[str], int], pid: str) -> Cell:
    if view.opponent is None or not view.opponent:
        short = {"pab": "+", "full": "+", "half": "½", "zero": "-"}
        mark = short[view.bye.value] if view.bye else ""
        return Cell(
            pgettext("crosstable", "bye") + mark if not view.absent else "–",
            title=absence_text(view),
            css="bye",
        )
    opponent = pp.data.refs[view.opponent]
    colour = text.colour_letter(view.colour)
    own = own_result(view)
    what = _("no result yet") if view.pending else (_(view.outcome.value) if view.outcome else "")
    title = _("round {number}: {opponent}, {what}").format(
        number=view.round, opponent=opponent.name, what=what
    )
    marked = pp.marks.find(view.round, pid, view.opponent)
    if marked is not None:
        # GR 6.6: annulled results in parentheses, unplayed games after a withdrawal -/+
        shown = marked.result
        outcome = shown.outcome(pid == marked.game.white) if shown is not None else None
        own = text.OUTCOME_TEXT[outcome] if outcome is not None else ""
        if marked.annulled:
            own = f"({own})" if own else "(–)"
        return Cell(
            f"{number(view.opponent)}{colour}{own}",
            href=opponent.href,
            title=marked_title(
                _("round {number}: {opponent}").format(number=view.round, opponent=opponent.name),
                marked,
                pp.marks,
                pp.data.refs,
            ),
            css="annulled" if marked.annulled else "forfeit",
        )
    return Cell(
        f"{number(view.opponent)}{colour}{own}",
        href=opponent.href,
        title=title,
        css=OUTCOME_CSS.get(view.outcome, "") if view.outcome else "",
    )

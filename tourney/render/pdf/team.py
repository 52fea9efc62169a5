"""Team standings, team crosstable, rosters, board prizes and the individual ranking, printed.

The standings and the crosstable come from the team engine
(``tourney.engine.teams.standings``: primary score, then the team tie-breaks
of C.07 in the event's order); board prizes (US Chess 31B1: each player on
the lowest board played, with all their points) and the individual ranking
(docs/teams.md: points, percentage, rating, name; the series filter) from
``tourney.engine.teams.board_stats``; a team's rating from
``tourney.engine.teams.rating`` (the event's method). This module only
arranges them into the print view models.
"""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.teams.lineups import latest_fielded_average
from tourney.engine.teams.scores import MatchKind, TeamRound
from tourney.i18n import gettext as _
from tourney.i18n import pgettext
from tourney.model import Colour, Outcome, PrimaryScore, Team
from tourney.render import text
from tourney.render.pdf.common import PrintContext, Selection, average_text
from tourney.render.pdf.views import (
    BoardPrizesDoc,
    IndividualDoc,
    PrizeBoard,
    PrizeRow,
    RostersDoc,
    RosterSheet,
    TeamCrossDoc,
    TeamStandingsDoc,
)
from tourney.render.team_order import shown_tiebreaks, standing_rows, tiebreak_columns
from tourney.render.views import Cell, IndividualRow, TeamCrossRow, TeamRef
from tourney.render.working_text import working_text

_CSS = {
    Outcome.WIN: "win",
    Outcome.FORFEIT_WIN: "win",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
    Outcome.FORFEIT_LOSS: "loss",
}


def _percentage(value: Fraction | None) -> str:
    return text.decimal(value, 1) if value is not None else ""


def team_standings_doc(ctx: PrintContext, after: int) -> TeamStandingsDoc:
    """The team standings after round ``after``: MP/GP, W-D-L, tie-breaks, average fielded."""
    earlier = ctx.evaluation.until(after)
    t = earlier.tournament
    result = earlier.team_standings(after)
    tiebreaks = result.standings.tiebreaks
    # MP and GP have their own columns: a tie-break repeating one is not printed twice.
    shown = shown_tiebreaks(result.standings.codes, result.standings.valued())
    columns = tiebreak_columns(tiebreaks, shown)
    rows = standing_rows(
        result,
        ctx.data.team_refs,
        shown,
        lambda team: average_text(latest_fielded_average(t, team, after)),
    )
    final = earlier.final(after)
    primary = "GP" if t.settings.scoring.primary is PrimaryScore.GAME_POINTS else "MP"
    ranking = tiebreak_columns(tiebreaks, range(len(tiebreaks)))
    return TeamStandingsDoc(after, final, primary, columns, rows, result.has_series, ranking)


def _cross_cell(view: TeamRound, rank: dict[str, int], refs: dict[str, TeamRef]) -> Cell:
    if view.kind is MatchKind.BYE:
        bye = pgettext("crosstable", "bye")
        return Cell(f"{bye} {text.points(view.game_points)}", title=bye, css="bye")
    if view.opponent is None or view.kind is MatchKind.ABSENT:
        return Cell("–", title=_("absent"), css="bye")
    colour = text.colour_letter(Colour.WHITE if view.colour is Colour.WHITE else Colour.BLACK)
    number = f"{rank[view.opponent]}{colour}"
    if view.kind is MatchKind.PENDING:
        return Cell(number, title=_("no result yet"))
    if view.kind is MatchKind.ANNULLED:
        return Cell(f"{number} ×", title=_("annulled (GR 6.6)"), css="bye")
    forfeit = "" if view.kind is MatchKind.PLAYED else "f"
    return Cell(
        f"{number} {text.points(view.game_points)}{forfeit}",
        title=f"{refs[view.opponent].name}",
        css=_CSS.get(view.outcome, "") if view.outcome is not None else "",
    )


def team_crosstable_doc(ctx: PrintContext, after: int) -> TeamCrossDoc:
    """Per round: the opponent's rank, the colour of board 1, game points ("f": forfeit)."""
    result = ctx.evaluation.until(after).team_standings(after)
    rank = {row.team: row.rank for row in result.rows}
    refs = ctx.data.team_refs
    rows = tuple(
        TeamCrossRow(
            rank=str(row.rank),
            team=refs[row.team],
            cells=tuple(_cross_cell(view, rank, refs) for view in row.rounds),
            match_points=text.points(row.match_points),
            game_points=text.points(row.game_points),
        )
        for row in result.rows
    )
    return TeamCrossDoc(rounds=tuple(range(1, after + 1)), rows=rows)


def roster_sheet(ctx: PrintContext, team: Team) -> RosterSheet:
    rating = ctx.evaluation.team_ratings[team.id]
    return RosterSheet(
        team=ctx.data.team_refs[team.id],
        short_name=team.short_name,
        captain=team.captain,
        club=team.club,
        series=team.series,
        rating=str(rating.rounded) if rating.rounded is not None else "",
        rating_working=working_text(rating.describe()),
        lines=ctx.roster_lines(team),
    )


def rosters_doc(ctx: PrintContext, selection: Selection) -> RostersDoc:
    teams = tuple(roster_sheet(ctx, team) for team in ctx.teams(selection))
    return RostersDoc(teams=teams, boards=ctx.t.settings.team.boards)


def _team_ref(ctx: PrintContext, team_id: str) -> TeamRef | None:
    return ctx.data.team_refs.get(team_id)


def board_prizes_doc(ctx: PrintContext, after: int) -> BoardPrizesDoc:
    """US Chess 31B1: per board, the players whose lowest board played it is."""
    tables = ctx.evaluation.board_prizes(after)
    boards = tuple(
        PrizeBoard(
            table.board,
            tuple(
                PrizeRow(
                    rank=str(line.rank),
                    player=ctx.data.refs[line.player],
                    team=_team_ref(ctx, line.team),
                    boards=", ".join(str(b) for b in line.boards),
                    games=line.games,
                    points=text.points(line.points),
                    percentage=_percentage(line.percentage),
                    performance=str(line.performance) if line.performance is not None else "",
                )
                for line in table.lines
            ),
        )
        for table in tables
    )
    return BoardPrizesDoc(after=after, boards=boards)


def individual_doc(ctx: PrintContext, after: int, series: str | None) -> IndividualDoc:
    """Everyone who played a game, ranked; ``series`` keeps one series (docs/teams.md)."""
    lines = ctx.evaluation.individual_ranking(after, series)
    rows = tuple(
        IndividualRow(
            rank=str(line.rank),
            player=ctx.data.refs[line.player],
            team=_team_ref(ctx, line.team),
            series=line.series,
            games=line.games,
            points=text.points(line.points),
            percentage=_percentage(line.percentage),
        )
        for line in lines
    )
    show_series = any(team.series for team in ctx.t.teams)
    return IndividualDoc(after=after, series=series or "", rows=rows, show_series=show_series)


def series_names(ctx: PrintContext) -> tuple[str, ...]:
    """The series in use, sorted (one individual ranking each when building every PDF)."""
    return tuple(sorted({team.series for team in ctx.t.teams if team.series}))

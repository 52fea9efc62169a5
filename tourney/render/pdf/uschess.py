"""US Chess team pairing cards (rule 31D) and wall charts (rule 31F).

31D: "The front of the pairing card should contain the team name, the team
average rating, the round-by-round results of the team, the colors of the
team, and the team's opponents. The reverse side should contain the names of
the players, their ratings, their USCF identification numbers, and the name of
the team captain." A card is printed on one page: the front above the fold
line, the back below it, each about five by eight inches.

31F: two sets of wall charts: a team chart for the team results and an
individual chart "set up by team so that the highest-average-rated team's
players would appear as numbers 1, 2, 3, 4, etc., the second-highest-rated
team's players next, and so on". The team average is the event's team rating
(``tourney.engine.teams.rating``, a typed rating winning); teams of equal
rating keep their team-number order.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from tourney.engine.teams.board_stats import board_result
from tourney.engine.teams.rating import sort_key
from tourney.engine.teams.scores import MatchKind, TeamRound
from tourney.i18n import NP_, pgettext
from tourney.i18n import gettext as _
from tourney.model import ByeKind, Colour, Game, Match, Outcome, Team
from tourney.render import text
from tourney.render.pdf.common import PrintContext, Selection
from tourney.render.pdf.views import (
    CardRound,
    PairingCard,
    PairingCardsDoc,
    WallCell,
    WallChartDoc,
    WallPlayerRow,
    WallTeamRow,
)
from tourney.render.working_text import working_text

CODE = {
    Outcome.WIN: "W",
    Outcome.DRAW: "D",
    Outcome.LOSS: "L",
    Outcome.FORFEIT_WIN: "X",
    Outcome.FORFEIT_LOSS: "F",
    Outcome.NO_CONTEST: "L",
}
BYE_CODE = {ByeKind.PAB: "B", ByeKind.FULL: "B", ByeKind.HALF: "H", ByeKind.ZERO: "U"}
COLOUR_LETTER = {Colour.WHITE: "W", Colour.BLACK: "B"}
# The codes above as the wall chart shows them: pgettext("result letter", code)
_SHOWN = (
    NP_("result letter", "W"),
    NP_("result letter", "D"),
    NP_("result letter", "L"),
    NP_("result letter", "X"),
    NP_("result letter", "F"),
    NP_("result letter", "B"),
    NP_("result letter", "H"),
    NP_("result letter", "U"),
)


def _score(view: TeamRound) -> str:
    return (
        f"{text.points(view.game_points)}-{text.points(view.opponent_game_points or Fraction(0))}"
    )


def _card_round(view: TeamRound, running: Fraction, ctx: PrintContext) -> CardRound:
    opponent = ctx.data.team_refs[view.opponent] if view.opponent else None
    colour = pgettext("colour", COLOUR_LETTER[view.colour]) if view.colour is not None else ""
    if view.kind is MatchKind.PENDING:
        return CardRound(view.round, opponent, colour, "", "", "", _("not played yet"))
    if view.kind is MatchKind.BYE and view.bye is not None:
        note = text.BYE_TEXT[view.bye]
        return CardRound(
            view.round,
            None,
            "",
            text.points(view.game_points),
            text.points(view.match_points),
            text.points(running),
            note,
        )
    if opponent is None or view.kind is MatchKind.ABSENT:
        return CardRound(view.round, None, "", "", "0", text.points(running), _("absent"))
    note = {
        MatchKind.UNPLAYED: _("forfeit"),
        MatchKind.FORFEIT_WIN: _("forfeit"),
        MatchKind.FORFEIT_LOSS: _("forfeit"),
        MatchKind.ANNULLED: _("annulled"),
    }.get(view.kind, "")
    return CardRound(
        view.round,
        opponent,
        colour,
        _score(view),
        text.points(view.match_points),
        text.points(running),
        note,
    )


def pairing_card(ctx: PrintContext, team: Team, views: tuple[TeamRound, ...]) -> PairingCard:
    rating = ctx.evaluation.team_ratings[team.id]
    rounds = []
    running = Fraction(0)
    for view in views:
        if view.kind is not MatchKind.PENDING:
            running += view.match_points
        rounds.append(_card_round(view, running, ctx))
    last = max(ctx.t.planned_rounds, len(views))
    rounds += [CardRound(n, None, "", "", "", "", "") for n in range(len(views) + 1, last + 1)]
    decided = [v for v in views if v.kind is not MatchKind.PENDING]
    return PairingCard(
        team=ctx.data.team_refs[team.id],
        short_name=team.short_name,
        rating=str(rating.rounded) if rating.rounded is not None else "",
        rating_working=working_text(rating.describe()),
        captain=team.captain,
        club=team.club,
        series=team.series,
        rounds=tuple(rounds),
        match_points=text.points(sum((v.match_points for v in decided), Fraction(0))),
        game_points=text.points(sum((v.game_points for v in decided), Fraction(0))),
        players=ctx.roster_lines(team),
    )


def pairing_cards_doc(ctx: PrintContext, selection: Selection) -> PairingCardsDoc:
    """One card per team (or the one team asked for), rounds as far as paired."""
    views = ctx.evaluation.team_rounds()
    return PairingCardsDoc(
        tuple(pairing_card(ctx, team, views[team.id]) for team in ctx.teams(selection))
    )


# -- wall charts ------------------------------------------------------------------------------


def chart_teams(ctx: PrintContext) -> tuple[Team, ...]:
    """Teams by average rating, highest first (31F); equal ratings keep their numbers' order."""
    ratings = ctx.evaluation.team_ratings
    return tuple(sorted(ctx.data.teams, key=lambda team: sort_key(ratings[team.id])))


def _seats(ctx: PrintContext) -> Iterator[tuple[int, str, Game, Match, int]]:
    """(round, player, game, match, board) for every seated player."""
    for rnd in ctx.data.rounds:
        for match in rnd.matches:
            for index, game in enumerate(match.games, start=1):
                for pid in (game.white, game.black):
                    if pid:
                        yield rnd.number, pid, game, match, game.board or index


def _player_cell(
    pid: str, game: Game, match: Match, board: int, number: dict[str, int]
) -> tuple[WallCell, Outcome | None]:
    """The player's cell (score filled in later) and outcome (None while not played)."""
    white = game.white == pid
    other = game.black if white else game.white
    result = board_result(match, game, board)
    outcome = result.outcome(white) if result is not None else None
    cell = WallCell(
        code=CODE[outcome] if outcome is not None else "",
        opponent=str(number[other]) if other in number else "",
        colour="w" if white else "b",
        score="",
    )
    return cell, outcome


def wall_chart_doc(ctx: PrintContext) -> WallChartDoc:
    """The team chart and the individual chart (31F): a column for every planned round,
    blank where a round is not paired yet, so the chart on the wall can be filled in."""
    t = ctx.t
    scoring = t.settings.scoring
    teams = chart_teams(ctx)
    team_number = {team.id: i for i, team in enumerate(teams, start=1)}
    order = [pid for team in teams for pid in team.roster]
    seated = {pid for _, pid, *_ in _seats(ctx)} - set(order)
    order += sorted(seated, key=lambda pid: (t.player(pid).name.casefold(), pid))
    number = {pid: i for i, pid in enumerate(order, start=1)}
    rounds = tuple(range(1, max(t.planned_rounds, ctx.last_paired) + 1))
    played = {
        (round_no, pid): _player_cell(pid, game, match, board, number)
        for round_no, pid, game, match, board in _seats(ctx)
    }
    players = []
    for pid in order:
        cells = []
        running = Fraction(0)
        for round_no in rounds:
            if round_no > ctx.last_paired:
                cells.append(_BLANK)
                continue
            if (round_no, pid) not in played:
                cells.append(WallCell("U", "", "", text.points(running)))
                continue
            cell, outcome = played[round_no, pid]
            if outcome is not None:
                running += scoring.outcome_points(outcome)
            shown = text.points(running) if outcome is not None else ""
            cells.append(WallCell(cell.code, cell.opponent, cell.colour, shown))
        player = t.player(pid)
        team_id = ctx.data.team_of.get(pid)
        team = t.team(team_id) if team_id is not None else None
        players.append(
            WallPlayerRow(
                number=number[pid],
                player=ctx.data.refs[pid],
                ids=player.national_id or player.fide_id,
                team=(team.short_name.strip() or team.name) if team is not None else "",
                cells=tuple(cells),
                total=text.points(running),
            )
        )
    views = ctx.evaluation.team_rounds()
    team_rows = tuple(
        _team_row(ctx, team, views[team.id], team_number, len(rounds)) for team in teams
    )
    return WallChartDoc(rounds=rounds, teams=team_rows, players=tuple(players))


_BLANK = WallCell("", "", "", "")  # a round not paired yet: left to fill in by hand


def _team_row(
    ctx: PrintContext,
    team: Team,
    views: tuple[TeamRound, ...],
    number: dict[str, int],
    columns: int,
) -> WallTeamRow:
    cells = []
    mp = gp = Fraction(0)
    for view in views:
        colour = "w" if view.colour is Colour.WHITE else "b" if view.colour is not None else ""
        opponent = str(number[view.opponent]) if view.opponent in number else ""
        if view.kind is MatchKind.BYE and view.bye is not None:
            cells.append(WallCell(BYE_CODE[view.bye], "", "", text.points(view.game_points)))
        elif view.kind is MatchKind.ABSENT or not opponent:
            cells.append(WallCell("U", "", "", ""))
        elif view.kind is MatchKind.PENDING:
            cells.append(WallCell("", opponent, colour, ""))
        else:
            code = CODE.get(view.outcome, "") if view.outcome is not None else ""
            cells.append(WallCell(code, opponent, colour, text.points(view.game_points)))
        if view.kind is not MatchKind.PENDING:
            mp += view.match_points
            gp += view.game_points
    cells += [_BLANK] * (columns - len(cells))
    rating = ctx.evaluation.team_ratings[team.id]
    return WallTeamRow(
        number=number[team.id],
        team=ctx.data.team_refs[team.id],
        rating=str(rating.rounded) if rating.rounded is not None else "",
        cells=tuple(cells),
        match_points=text.points(mp),
        game_points=text.points(gp),
    )

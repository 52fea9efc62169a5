"""Team standings: rank, team, matches, won-drawn-lost, MP, GP and the team tie-breaks.

docs/teams.md, "Results and standings": the team standings show the rank, the
team, matches played, won-drawn-lost, match points and the team tie-breaks,
each with its working (for each round the opponent and what it was worth, a
forfeit, a bye); a Series column when any team has a series. Teams are
ranked by the primary score (C.04.6 1.2.2: match points unless the event
says game points), then by the tie-breaks in order (C.07 Art. 4.2), with the
FIDE team default MP, GP, DE, BB, SB when the event names none.

Won, drawn and lost read a match by its match points, so a match awarded by
decision is a win even at 0-0 on the boards. Byes are not matches.
"""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.standings import Row, Standings, TiebreakList, standings
from tourney.engine.teams.scores import MatchKind, TeamRound, team_rounds
from tourney.engine.tiebreaks import Context, make_context
from tourney.model import Outcome, TiebreakRules, Tournament
from tourney.records import dataclass

_MATCHES = (MatchKind.PLAYED, MatchKind.UNPLAYED, MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS)
_WON = (Outcome.WIN, Outcome.FORFEIT_WIN)


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One team's line: the standings row plus its match record and rounds."""

    row: Row
    short_name: str
    series: str
    matches: int
    won: int
    drawn: int
    lost: int
    match_points: Fraction
    game_points: Fraction
    rounds: tuple[TeamRound, ...]  # per round: opponent, score, forfeit, bye

    @property
    def rank(self) -> int:
        return self.row.rank

    @property
    def team(self) -> str:
        return self.row.participant


@dataclass(frozen=True, slots=True)
class TeamStandings:
    standings: Standings
    rows: tuple[TeamRow, ...]

    @property
    def has_series(self) -> bool:
        """A Series column is shown when any team has a series (docs/teams.md)."""
        return any(row.series for row in self.rows)


def team_standings(
    tournament: Tournament,
    after: int | None = None,
    tiebreaks: TiebreakList = None,
    rules: TiebreakRules | None = None,
    context: Context | None = None,
) -> TeamStandings:
    """The team standings after round ``after`` (default: the last round with a result).

    ``context`` is ``make_context(tournament, after, rules)`` when the caller has it.
    """
    if context is None:
        context = make_context(tournament, after, rules)
    result = standings(tournament, after, tiebreaks, rules, context)
    teams_of = context.teams  # the tables the standings were computed on
    rounds = teams_of.rounds if teams_of is not None else team_rounds(tournament, result.after)
    teams = {team.id: team for team in tournament.teams}
    rows = []
    for row in result.rows:
        own = rounds[row.participant]
        matches = [r for r in own if r.kind in _MATCHES]
        team = teams[row.participant]
        rows.append(
            TeamRow(
                row=row,
                short_name=team.short_name,
                series=team.series,
                matches=len(matches),
                won=sum(1 for r in matches if r.outcome in _WON),
                drawn=sum(1 for r in matches if r.outcome is Outcome.DRAW),
                lost=sum(1 for r in matches if r.outcome not in (*_WON, Outcome.DRAW)),
                match_points=sum((r.match_points for r in own), Fraction(0)),
                game_points=sum((r.game_points for r in own), Fraction(0)),
                rounds=own,
            )
        )
    return TeamStandings(result, tuple(rows))

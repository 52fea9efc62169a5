"""Board statistics, board prizes and the individual ranking of a team event.

docs/teams.md "Results and standings": per board number, the players who sat there,
with games, points, percentage and performance. docs/teams.md "Individual ranking":
every player who played, ranked by points, then percentage, then rating (higher
first), then name; players level on points and percentage share a rank (the
rating only orders them); a player without a game played is not listed; a
series filter keeps the players of one series. US Chess 31B1 (board prizes): a
player who played on several boards is eligible only for the lowest board
played (the lowest board number, board 1 being the top board, 31B's TD tip),
with the points of all boards credited there.

How a board counts:

- points are the game points of the tournament's ``Scoring`` (``win``,
  ``draw``, ``forfeit_win``...), a forfeit win included;
- ``games`` counts only games played over the board (``Result.is_played``:
  not a forfeit);
- the percentage is points over the boards that count: games played plus
  forfeits (a forfeit win is a point scored, a forfeit loss a point lost),
  each worth ``Scoring.win``;
- a match forfeited by decision (``Match.decision``) turns every seated board
  into the decision's forfeit result (docs/teams.md "Forfeit by decision"); the
  extra game points a team gets for boards nobody sat on belong to the team,
  not to a player, and are not here;
- performance is FIDE's TPR (C.07 Art. 10.2, B.02 table 8.1.a): the average
  rating of the rated opponents in rated games (1-0, ½-½, 0-1), rounded half
  up, plus dp of the fraction scored in those games (1, ½, 0); none without
  such a game;
- a board of no team (added by hand and fitting no match, ``Round.games`` of
  a team round, see ``tourney.engine.teams.hand_boards``) is a game of its two
  players: it counts in the individual ranking (and the players' totals), but
  on no board number, so not in the board statistics or the board prizes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field
from fractions import Fraction

from tourney.engine.ratings.fide_tables import dp
from tourney.engine.rounding import round_half_up
from tourney.engine.scores import decided_result
from tourney.engine.teams.lineups import board_number
from tourney.engine.teams.rating import RatingOf, fide_rating
from tourney.model import (
    Game,
    Match,
    Outcome,
    PlayerId,
    Result,
    Round,
    Scoring,
    TeamId,
    Tournament,
)
from tourney.records import dataclass

_STANDARD = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


def board_result(match: Match, game: Game, board: int) -> Result | None:
    """The result a board counts with: a decision overrides the board's own result."""
    return decided_result(match, game, board)


@dataclass(frozen=True, slots=True)
class Sitting:
    """One player's board in one round, as it counts."""

    round_no: int
    board: int
    player: PlayerId
    team: TeamId
    opponent: PlayerId  # "" for an empty seat
    outcome: Outcome
    points: Fraction
    played: bool  # over the board (not a forfeit)
    rated: bool  # 1-0, ½-½, 0-1: counts for the performance

    @property
    def no_team(self) -> bool:
        """A board of no team (``board`` 0): counts for the player only, on no board number."""
        return self.board == 0


def sittings(
    t: Tournament, after: int | None = None, scoring: Scoring | None = None
) -> tuple[Sitting, ...]:
    """Every seated player's decided board, round by round (rounds up to ``after``).

    Boards of no team come after the round's matches, with board 0 and team "".
    """
    scoring = scoring or t.settings.scoring
    out: list[Sitting] = []
    for rnd in _rounds(t, after):
        for match in rnd.matches:
            for index, game in enumerate(match.games):
                board = board_number(match, index)
                result = board_result(match, game, board)
                if result is not None:
                    white_team = match.white_team_on(board)
                    black_team = match.black if white_team == match.white else match.white
                    out += _game_sittings(
                        rnd, board, game, result, (white_team, black_team), scoring
                    )
        if t.is_team:
            # Boards of no team (``Round.games``): board 0, no team.
            for game in rnd.games:
                if game.result is not None:
                    out += _game_sittings(rnd, 0, game, game.result, ("", ""), scoring)
    return tuple(out)


def _game_sittings(
    rnd: Round,
    board: int,
    game: Game,
    result: Result,
    teams: tuple[TeamId, TeamId],
    scoring: Scoring,
) -> list[Sitting]:
    """The two seated players of one decided board (an empty seat has none)."""
    out = []
    for pid, team, white in ((game.white, teams[0], True), (game.black, teams[1], False)):
        if pid:
            outcome = result.outcome(white)
            out.append(
                Sitting(
                    rnd.number,
                    board,
                    pid,
                    team,
                    game.black if white else game.white,
                    outcome,
                    scoring.outcome_points(outcome),
                    result.is_played,
                    result.is_rated,
                )
            )
    return out


def _rounds(t: Tournament, after: int | None) -> list[Round]:
    return [r for r in t.rounds if after is None or r.number <= after]


@dataclass(frozen=True, slots=True)
class Line:
    """One player's figures (on one board, or over the event).

    ``rank`` is shared by players level on points and percentage.
    """

    player: PlayerId
    name: str
    rating: int | None
    team: TeamId
    series: str
    games: int
    points: Fraction
    counted: int  # boards that count for the percentage: played and forfeits
    percentage: Fraction | None  # 0-100, exact
    performance: int | None
    boards: tuple[int, ...] = ()
    rank: int = 0


@dataclass(frozen=True, slots=True)
class BoardTable:
    """The players who sat on one board number."""

    board: int
    lines: tuple[Line, ...] = field(default_factory=tuple)


def _performance(t: Tournament, items: Sequence[Sitting], rating_of: RatingOf) -> int | None:
    ratings: list[int] = []
    score = Fraction(0)
    for s in items:
        if not s.rated or s.outcome not in _STANDARD or not s.opponent:
            continue
        rating = rating_of(t.player(s.opponent))
        if rating is None:
            continue
        ratings.append(rating)
        score += _STANDARD[s.outcome]
    if not ratings:
        return None
    return round_half_up(Fraction(sum(ratings), len(ratings))) + dp(score / len(ratings))


def _line(t: Tournament, pid: PlayerId, items: Sequence[Sitting], rating_of: RatingOf) -> Line:
    player = t.player(pid)
    team = _team_of(t, pid, items)
    series = _series(t, team)
    points = sum((s.points for s in items), Fraction(0))
    counted = len(items)
    top = t.settings.scoring.win
    percentage = points * 100 / (counted * top) if counted and top else None
    return Line(
        pid,
        player.name,
        rating_of(player),
        team,
        series,
        sum(s.played for s in items),
        points,
        counted,
        percentage,
        _performance(t, items, rating_of),
        tuple(sorted({s.board for s in items if not s.no_team})),
    )


def _team_of(t: Tournament, pid: PlayerId, items: Sequence[Sitting]) -> TeamId:
    for team in t.teams:
        if pid in team.roster:
            return team.id
    return items[0].team if items else ""


def _series(t: Tournament, team: TeamId) -> str:
    for entry in t.teams:
        if entry.id == team:
            return entry.series
    return ""


def _order_key(line: Line) -> tuple[Fraction, Fraction, int, str, str]:
    percentage = line.percentage if line.percentage is not None else Fraction(-1)
    rating = line.rating if line.rating is not None else -1
    return (-line.points, -percentage, -rating, line.name.casefold(), line.player)


def ranked(lines: Iterable[Line]) -> tuple[Line, ...]:
    """Points, percentage, rating (higher first), name; equal points and percentage share a rank."""
    ordered = sorted(lines, key=_order_key)
    out: list[Line] = []
    for index, line in enumerate(ordered):
        rank = index + 1
        if out and (out[-1].points, out[-1].percentage) == (line.points, line.percentage):
            rank = out[-1].rank
        out.append(_with_rank(line, rank))
    return tuple(out)


def _with_rank(line: Line, rank: int) -> Line:
    return Line(
        line.player,
        line.name,
        line.rating,
        line.team,
        line.series,
        line.games,
        line.points,
        line.counted,
        line.percentage,
        line.performance,
        line.boards,
        rank,
    )


def _group(items: Iterable[Sitting]) -> dict[PlayerId, list[Sitting]]:
    groups: dict[PlayerId, list[Sitting]] = {}
    for s in items:
        groups.setdefault(s.player, []).append(s)
    return groups


def board_statistics(
    t: Tournament, after: int | None = None, rating_of: RatingOf = fide_rating
) -> tuple[BoardTable, ...]:
    """Per board number (1 to the match size, and any board beyond it that was used)."""
    all_sittings = [s for s in sittings(t, after) if not s.no_team]
    count = max([t.settings.team.boards, *(s.board for s in all_sittings)])
    tables = []
    for board in range(1, count + 1):
        groups = _group(s for s in all_sittings if s.board == board)
        lines = [_line(t, pid, items, rating_of) for pid, items in groups.items()]
        tables.append(BoardTable(board, ranked(lines)))
    return tuple(tables)


def _matches_series(line: Line, series: str | None) -> bool:
    return series is None or line.series.strip().casefold() == series.strip().casefold()


def individual_ranking(
    t: Tournament,
    after: int | None = None,
    series: str | None = None,
    rating_of: RatingOf = fide_rating,
) -> tuple[Line, ...]:
    """Every player who played a game, ranked (docs/teams.md "Individual ranking").

    ``series`` keeps the players of teams of that series (compared without
    regard to capitals or edge spaces); the ranks are those within the filter.
    """
    groups = _group(sittings(t, after))
    lines = [_line(t, pid, items, rating_of) for pid, items in groups.items()]
    return ranked(line for line in lines if line.games > 0 and _matches_series(line, series))


def board_prizes(
    t: Tournament, after: int | None = None, rating_of: RatingOf = fide_rating
) -> tuple[BoardTable, ...]:
    """US Chess 31B1: each player on the lowest board number played, with all their points.

    Boards of no team are on no board number: they count for no board prize.
    """
    groups = _group(s for s in sittings(t, after) if not s.no_team)
    lines = [_line(t, pid, items, rating_of) for pid, items in groups.items()]
    count = max([t.settings.team.boards, *(min(line.boards) for line in lines)])
    return tuple(
        BoardTable(board, ranked(line for line in lines if min(line.boards) == board))
        for board in range(1, count + 1)
    )

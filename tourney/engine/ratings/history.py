"""Club ratings by the FIDE rating formula (Rating Regulations B.02, Art. 8.3).

A club keeps its own rating per time control (standard, rapid, blitz). Only
finalized club tournaments change it, one tournament at a time in the order
they were finalized (docs/results.md). These are the club's ratings, not FIDE's.

For one player and one tournament (B.02 Art. 8.3, as docs/results.md states it):

* rated games are those played over the board: 1-0, ½-½, 0-1 (``Result.is_rated``);
  forfeits, byes and games decided before a move are not; a played game that a
  withdrawal later annulled still counts, because it is still in the round;
* every game is scored 1, ½ or 0, whatever the tournament's point system;
* the expected score of a game comes from table 8.1.b with the opponent's
  rating *before the tournament*; a difference above 400 counts as 400 for a
  player rated below 2650 (Art. 8.3.1, amended 1 Oct 2025); a player rated
  2650 or more uses the real difference;
* K (Art. 8.3.3) is 40 until the player has 30 rated games, 10 once the
  player's rating has reached 2400 (and ever after), otherwise 20; if K times
  the player's rated games in the tournament exceeds 700, K becomes the largest
  whole number with K x games <= 700;
* the change is K x (score - expected score), rounded once per tournament to
  the nearest whole number, 0.5 away from zero (Art. 8.3.4).

Not applied, because docs/results.md does not ask for them: FIDE's K = 40 for players
up to 18 rated below 2300, the rating floor, and initial ratings for unrated
players (a club member always starts from an initial rating).

Recomputing after a correction or a changed initial rating is simply rating the
whole sequence again (``rate_in_order``): it is cheap and every later
tournament then uses the corrected ratings.

>>> k_factor(rated_games_before=12, reached_2400=False, games_in_tournament=5)
40
>>> k_factor(rated_games_before=12, reached_2400=False, games_in_tournament=18)
38
>>> rating_change(20, Fraction(5, 2), Fraction(157, 100))
19
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from fractions import Fraction

from tourney.engine.ratings.fide_tables import expected_score
from tourney.engine.rounding import round_half_up
from tourney.model import (
    ClubPlayer,
    Game,
    PlayerId,
    RatingPeriod,
    Result,
    Round,
)
from tourney.records import dataclass

CAP = 400  # B.02 Art. 8.3.1: a larger difference counts as 400 ...
CAP_EXEMPT_FROM = 2650  # ... for players rated below 2650
K_NEW = 40
K_STANDARD = 20
K_TOP = 10
NEW_PLAYER_GAMES = 30  # K = 40 until this many rated games
TOP_RATING = 2400  # K = 10 once reached
K_TIMES_GAMES_MAX = 700

# Score of a rated game for White; Black scores 1 - this.
_WHITE_SCORE: dict[Result, Fraction] = {
    Result.WHITE_WINS: Fraction(1),
    Result.DRAW: Fraction(1, 2),
    Result.BLACK_WINS: Fraction(0),
}


@dataclass(frozen=True, slots=True)
class RatingState:
    """A player's club rating in one time control, before a tournament."""

    rating: int
    rated_games: int = 0  # rated games played before (for K = 40)
    reached_2400: bool = False  # K = 10 for good once the rating has been 2400+

    @staticmethod
    def initial(rating: int, rated_games: int = 0) -> RatingState:
        return RatingState(rating, rated_games, rating >= TOP_RATING)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One rated game seen from one player: opponent, opponent's rating before, score."""

    opponent: PlayerId
    opponent_rating: int
    score: Fraction
    expected: Fraction


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One row of a tournament's rating-changes table (docs/results.md)."""

    player: PlayerId
    ro: int  # rating before the tournament
    k: int
    games: int  # rated games in the tournament
    score: Fraction
    expected: Fraction
    exact: Fraction  # K x (score - expected), before rounding
    change: int
    new: int
    detail: tuple[RatedGame, ...] = ()


@dataclass(frozen=True, slots=True)
class TournamentRating:
    """The rating changes of one tournament, in the order of ``players``."""

    event: str
    period: RatingPeriod
    changes: tuple[RatingChange, ...]

    def of(self, player: PlayerId) -> RatingChange | None:
        for change in self.changes:
            if change.player == player:
                return change
        return None


@dataclass(frozen=True, slots=True)
class RatedEvent:
    """A finalized club tournament to rate: its id, time control and games."""

    event: str
    period: RatingPeriod
    games: tuple[Game, ...]
    players: tuple[PlayerId, ...] = ()  # table order; default: order of first appearance


@dataclass(frozen=True, slots=True)
class RatingHistory:
    """Every tournament's changes, in rating order, and the ratings after the last."""

    tournaments: tuple[TournamentRating, ...]
    final: Mapping[RatingPeriod, Mapping[PlayerId, RatingState]] = field(default_factory=dict)

    def of(self, player: PlayerId, period: RatingPeriod) -> tuple[tuple[str, RatingChange], ...]:
        """A player's rating history in one time control: (event, change) per tournament."""
        rows = []
        for tournament in self.tournaments:
            change = tournament.of(player)
            if tournament.period is period and change is not None:
                rows.append((tournament.event, change))
        return tuple(rows)


def b02_expected(own: int, opponent: int) -> Fraction:
    """Expected score of one game (table 8.1.b), with the 400-point rule below 2650."""
    return expected_score(own, opponent, cap=CAP if own < CAP_EXEMPT_FROM else None)


def k_factor(rated_games_before: int, reached_2400: bool, games_in_tournament: int) -> int:
    """K for one tournament (B.02 Art. 8.3.3 as docs/results.md states it), with the 700 cap."""
    if rated_games_before < NEW_PLAYER_GAMES:
        k = K_NEW
    elif reached_2400:
        k = K_TOP
    else:
        k = K_STANDARD
    if games_in_tournament > 0 and k * games_in_tournament > K_TIMES_GAMES_MAX:
        k = K_TIMES_GAMES_MAX // games_in_tournament
    return k


def round_away_from_zero(value: Fraction) -> int:
    """Nearest whole number, 0.5 away from zero (B.02 Art. 8.3.4)."""
    magnitude = round_half_up(abs(value))
    return magnitude if value >= 0 else -magnitude


def rating_change(k: int, score: Fraction, expected: Fraction) -> int:
    """K x (score - expected), rounded once (B.02 Art. 8.3.2 d and 8.3.4)."""
    return round_away_from_zero(k * (score - expected))


def rated_games(rounds: Iterable[Round]) -> tuple[Game, ...]:
    """Every game of the rounds (individual boards and boards of matches) that is rated."""
    return tuple(
        game
        for rnd in rounds
        for game in rnd.all_games()
        if game.result is not None and game.result.is_rated and game.white and game.black
    )


def rate_tournament(
    games: Iterable[Game],
    before: Mapping[PlayerId, RatingState],
    players: Sequence[PlayerId] = (),
    event: str = "",
    period: RatingPeriod = RatingPeriod.STANDARD,
) -> TournamentRating:
    """Every player's rating change for one tournament.

    ``before`` holds the ratings before the tournament; a game counts for a
    player only when both players have a rating there (a guest without a club
    rating changes nobody's rating). When ``players`` is given, the table has
    exactly those players (with a rating), in that order, including any without
    rated games (their change is 0); by default it lists every rated player in
    the order they first appear in ``games``.
    """
    detail: dict[PlayerId, list[RatedGame]] = {}
    order: list[PlayerId] = list(players)
    for game in games:
        if game.result is None or not game.result.is_rated:
            continue
        if game.white not in before or game.black not in before:
            continue
        white_score = _WHITE_SCORE[game.result]
        for own, opp, score in (
            (game.white, game.black, white_score),
            (game.black, game.white, 1 - white_score),
        ):
            own_rating, opp_rating = before[own].rating, before[opp].rating
            detail.setdefault(own, []).append(
                RatedGame(opp, opp_rating, score, b02_expected(own_rating, opp_rating))
            )
            if own not in order and not players:
                order.append(own)
    changes = []
    for player in order:
        if player not in before:
            continue
        state = before[player]
        rows = tuple(detail.get(player, ()))
        score = sum((g.score for g in rows), Fraction(0))
        expected = sum((g.expected for g in rows), Fraction(0))
        k = k_factor(state.rated_games, state.reached_2400, len(rows))
        exact = k * (score - expected)
        change = round_away_from_zero(exact)
        changes.append(
            RatingChange(
                player,
                state.rating,
                k,
                len(rows),
                score,
                expected,
                exact,
                change,
                state.rating + change,
                rows,
            )
        )
    return TournamentRating(event, period, tuple(changes))


def after(state: RatingState, change: RatingChange) -> RatingState:
    """The rating state after a tournament."""
    return RatingState(
        change.new,
        state.rated_games + change.games,
        state.reached_2400 or change.new >= TOP_RATING,
    )


def rate_in_order(
    events: Sequence[RatedEvent],
    initial: Mapping[RatingPeriod, Mapping[PlayerId, RatingState]],
) -> RatingHistory:
    """Rate tournaments one after another, each time control on its own.

    ``events`` must be in the order the tournaments were finalized. Each
    tournament uses the ratings left by the previous one in its time control.
    """
    current: dict[RatingPeriod, dict[PlayerId, RatingState]] = {
        period: dict(states) for period, states in initial.items()
    }
    tournaments = []
    for event in events:
        states = current.setdefault(event.period, {})
        result = rate_tournament(event.games, states, event.players, event.event, event.period)
        for change in result.changes:
            states[change.player] = after(states[change.player], change)
        tournaments.append(result)
    return RatingHistory(tuple(tournaments), current)


def initial_states(
    members: Iterable[ClubPlayer], period: RatingPeriod
) -> dict[PlayerId, RatingState]:
    """The club members' starting ratings in one time control (members without one are unrated)."""
    states = {}
    for member in members:
        ratings = dict(member.ratings)
        if period not in ratings:
            continue
        games = dict(member.rated_games).get(period, 0)
        states[member.id] = RatingState.initial(ratings[period], games)
    return states

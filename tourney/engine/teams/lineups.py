"""Line-ups: who sits on which board of a match (docs/teams.md "Line-ups", US Chess 31B).

A match's boards are listed board 1 first; the team named ``white`` has White on
board 1 and every odd board, so on board k its player is White when k is odd
and Black when k is even. An empty seat is an empty id.

Line-ups (``TeamOptions.lineups``):

- ``required`` (the default, the FIDE procedure): a team plays the players of
  its roster in board order; a reserve moves up for an absent player, so an
  empty board only ever comes after the seated ones; a board the team cannot
  fill is a forfeit win for the opponent, and a board is left empty only when
  no other player of the roster is available.
- ``free``: the captain names any players of the roster; empty boards may be
  anywhere (unless the board order forbids it).

Board order (``TeamOptions.board_order``, keyed by text in ``ORDER_RULES``):

- ``fixed`` (default, FIDE): a player listed lower on the roster never sits
  above one listed higher: a line-up may leave players out, not reorder them.
- ``chosen``: any roster player, reserves included, on any board each round.
- ``us-31b`` (US Chess 31B): higher-rated players on lower board numbers;
  missing boards always at the bottom; unrated players below every rated one;
  alternates must be rated lower than the regulars.
- ``us-31b2`` (variation 31B2): as 31B, but an unrated player may play on any board.

``default_lineup`` is what ``tourney pair`` seats: the first available players
of the roster (regulars, then reserves moving up), in roster order (under
``chosen`` too: the captain changes it in the round file before the first
result), or by rating under 31B. ``check_round`` returns every breach of these
rules for ``tourney check``. The loader already reports a player seated for a
team whose roster does not hold them, a player twice in a round, and too many
boards, so those are not repeated here.

``fielded_average`` is the average rating of the players a team actually
fielded in a match (docs/teams.md "Average rating fielded"): unrated players are
left out of the mean, and so is a player who lost by forfeit (never came).
It is for information only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise

from tourney.engine.pairing.berger import board_colours
from tourney.engine.teams.rating import RatingOf, fide_rating
from tourney.engine.teams.scores import teams_out
from tourney.model import (
    BoardOrder,
    Game,
    LineupRule,
    Match,
    MatchDecision,
    Outcome,
    PlayerId,
    Result,
    Round,
    Team,
    TeamId,
    Tournament,
)
from tourney.records import dataclass

US_31B = "us-31b"
US_31B2 = "us-31b2"

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class LineupProblem:
    """One breach of the line-up rules.

    ``round_no`` 0 and ``match`` 0 are roster problems (US Chess 31B alternates);
    ``board`` 0 is the line-up as a whole.
    """

    round_no: int
    match: int
    team: TeamId
    board: int
    player: PlayerId
    rule: str
    message: str
    severity: str = ERROR

    def describe(self) -> str:
        where = f"round {self.round_no}, match {self.match}, " if self.round_no else ""
        board = f"board {self.board}, " if self.board else ""
        return f"{where}{self.team}, {board}{self.message} [{self.rule}]"


# -- the seats of a match ----------------------------------------------------------------


def board_number(match: Match, index: int) -> int:
    """The board number of ``match.games[index]`` (its ``board``, else its position)."""
    return match.games[index].board or index + 1


def player_of(match: Match, game: Game, board: int, team: TeamId) -> PlayerId:
    """``team``'s player on this board ("" for an empty seat)."""
    white_team = match.white_team_on(board)
    return game.white if team == white_team else game.black


def seats(match: Match, team: TeamId, boards: int = 0) -> tuple[PlayerId, ...]:
    """``team``'s player on boards 1, 2, ... ("" for an empty or missing board)."""
    by_board = {
        board_number(match, i): player_of(match, game, board_number(match, i), team)
        for i, game in enumerate(match.games)
    }
    count = max([boards, *by_board])
    return tuple(by_board.get(board, "") for board in range(1, count + 1))


def _rating(t: Tournament, pid: PlayerId, rating_of: RatingOf) -> int | None:
    return rating_of(t.player(pid))


def _name(t: Tournament, pid: PlayerId) -> str:
    return t.player(pid).name


# -- board order rules ----------------------------------------------------------------------

Seated = Sequence[tuple[int, PlayerId]]  # (board, player), board order, no empty seats
Finding = tuple[int, PlayerId, str, str]  # board, player, rule, message
OrderRule = Callable[[Tournament, Team, Seated, RatingOf], list[Finding]]


def _fixed(t: Tournament, team: Team, seated: Seated, rating_of: RatingOf) -> list[Finding]:
    """docs/teams.md Board order, Fixed: roster positions must rise with the board number."""
    position = {pid: i for i, pid in enumerate(team.roster, start=1)}
    on_roster = [(board, pid) for board, pid in seated if pid in position]
    found = []
    for (b1, p1), (b2, p2) in pairwise(on_roster):
        if position[p1] > position[p2]:
            found.append(
                (
                    b1,
                    p1,
                    "board-order",
                    f"{_name(t, p1)} (roster {position[p1]}) sits above {_name(t, p2)} "
                    f"(roster {position[p2]}, board {b2}): the board order is fixed by the "
                    "roster (docs/teams.md Board order)",
                )
            )
    return found


def _chosen(t: Tournament, team: Team, seated: Seated, rating_of: RatingOf) -> list[Finding]:
    """docs/teams.md Board order, Chosen for each round: any roster player on any board."""
    return []


def _by_rating(unrated_anywhere: bool) -> OrderRule:
    def rule(t: Tournament, team: Team, seated: Seated, rating_of: RatingOf) -> list[Finding]:
        found: list[Finding] = []
        rated = [(b, p, r) for b, p in seated if (r := _rating(t, p, rating_of)) is not None]
        for (b1, p1, r1), (b2, p2, r2) in pairwise(rated):
            if r1 < r2:
                found.append(
                    (
                        b2,
                        p2,
                        "us-31b",
                        f"{_name(t, p2)} ({r2}) is rated above {_name(t, p1)} ({r1}, board "
                        f"{b1}): higher-rated players play on lower board numbers (US Chess 31B)",
                    )
                )
        if unrated_anywhere or not rated:
            return found
        last_rated = rated[-1]
        for board, pid in seated:
            if board < last_rated[0] and _rating(t, pid, rating_of) is None:
                found.append(
                    (
                        board,
                        pid,
                        "us-31b-unrated",
                        f"unrated {_name(t, pid)} sits above rated {_name(t, last_rated[1])} "
                        f"(board {last_rated[0]}): unrated players play on higher-numbered "
                        "boards than rated players (US Chess 31B; variation 31B2 allows any board)",
                    )
                )
        return found

    return rule


ORDER_RULES: dict[str, OrderRule] = {
    BoardOrder.FIXED.value: _fixed,
    BoardOrder.CHOSEN.value: _chosen,
    US_31B: _by_rating(unrated_anywhere=False),
    US_31B2: _by_rating(unrated_anywhere=True),
}

US_RULES = frozenset({US_31B, US_31B2})


def order_name(t: Tournament, order: str | None = None) -> str:
    """The board order in force: ``order`` if given, else the tournament's option."""
    name = str(order if order is not None else t.settings.team.board_order)
    if name not in ORDER_RULES:
        raise ValueError(f"unknown board order '{name}'; known: {', '.join(ORDER_RULES)}")
    return name


# -- the default line-up (what ``tourney pair`` seats) ---------------------------------------


def _rating_order(
    t: Tournament, players: Sequence[PlayerId], rating_of: RatingOf
) -> list[PlayerId]:
    """31B: higher-rated first, unrated last (a valid order under 31B2 too); stable."""

    def key(pid: PlayerId) -> tuple[int, int]:
        rating = _rating(t, pid, rating_of)
        return (1, 0) if rating is None else (0, -rating)

    return sorted(players, key=key)


def available_players(t: Tournament, team: Team, round_no: int) -> list[PlayerId]:
    """The roster players who may play in this round, in roster order."""
    return [pid for pid in team.roster if t.player(pid).available(round_no)]


def default_lineup(
    t: Tournament,
    team: Team,
    round_no: int,
    order: str | None = None,
    rating_of: RatingOf = fide_rating,
) -> tuple[PlayerId, ...]:
    """The players ``team`` fields in ``round_no``, board 1 first (fewer when it cannot fill all).

    The first available roster players (a reserve moves up for an absent one),
    seated in roster order, or by rating under US Chess 31B.
    """
    chosen = available_players(t, team, round_no)[: t.settings.team.boards]
    if order_name(t, order) in US_RULES:
        chosen = _rating_order(t, chosen, rating_of)
    return tuple(chosen)


def seat_match(
    t: Tournament,
    first: Team,
    second: Team,
    round_no: int,
    number: int,
    order: str | None = None,
) -> Match:
    """A match seated with both default line-ups; a board one team cannot fill is a forfeit.

    ``first`` has White on board 1 and the odd boards (docs/teams.md Pairing). A board
    neither team can fill is left out. A team out of the round as a team (absent
    in it, or withdrawn before it: a round robin pairs it anyway) seats nobody and
    the match is forfeited as a whole by decision to the other team, or is a double
    forfeit when both are out or neither can seat anybody (docs/teams.md "A double
    forfeit the pairing wrote itself").
    """
    out = teams_out(t, round_no) & {first.id, second.id}
    home = () if first.id in out else default_lineup(t, first, round_no, order)
    away = () if second.id in out else default_lineup(t, second, round_no, order)
    games = []
    boards = t.settings.team.boards
    for board, (white_team, _) in enumerate(board_colours(first.id, second.id, boards), start=1):
        a = home[board - 1] if board <= len(home) else ""
        b = away[board - 1] if board <= len(away) else ""
        white, black = (a, b) if white_team == first.id else (b, a)
        if not white and not black:
            continue
        result = None
        if not (white and black):
            result = Result.WHITE_FORFEIT_WIN if white else Result.BLACK_FORFEIT_WIN
        games.append(Game(white=white, black=black, result=result, board=board))
    decision = None
    if out:  # docs/teams.md: a team out of the round as a team forfeits the match as a whole
        decision = (
            MatchDecision.NEITHER
            if len(out) == 2
            else MatchDecision.BLACK_TEAM
            if first.id in out
            else MatchDecision.WHITE_TEAM
        )
    elif not games:  # docs/teams.md: neither team able to field a player is a double forfeit
        decision = MatchDecision.NEITHER
    return Match(
        white=first.id, black=second.id, games=tuple(games), decision=decision, number=number
    )


# -- validation ------------------------------------------------------------------------------


def _problem(
    rnd: int, match: int, team: TeamId, finding: Finding, severity: str = ERROR
) -> LineupProblem:
    board, pid, rule, message = finding
    return LineupProblem(rnd, match, team, board, pid, rule, message, severity)


def _gaps(t: Tournament, team_seats: Sequence[PlayerId], us: bool) -> list[Finding]:
    """Empty boards above a seated one (a reserve moves up; 31B: missing boards last)."""
    last_seated = max((b for b, pid in enumerate(team_seats, start=1) if pid), default=0)
    why = (
        "missing boards are always the last boards (US Chess 31B)"
        if us
        else "a reserve moves up for an absent player, so empty boards come last "
        "(docs/teams.md Line-ups, Required)"
    )
    return [
        (
            board,
            "",
            "empty-board",
            f"board {board} is empty but board {last_seated} is seated: {why}",
        )
        for board, pid in enumerate(team_seats, start=1)
        if not pid and board < last_seated
    ]


def _unfilled(
    t: Tournament, team: Team, team_seats: Sequence[PlayerId], rnd: Round, boards: int
) -> list[Finding]:
    """Required: a board is empty only when no other roster player is available."""
    empty = [b for b in range(1, boards + 1) if b > len(team_seats) or not team_seats[b - 1]]
    if not empty:
        return []
    seated_in_round = {pid for game in rnd.all_games() for pid in (game.white, game.black)}
    idle = [pid for pid in available_players(t, team, rnd.number) if pid not in seated_in_round]
    if not idle:
        return []
    names = ", ".join(_name(t, pid) for pid in idle[: len(empty)])
    return [
        (
            empty[0],
            idle[0],
            "unfilled",
            f"{len(empty)} board(s) left empty (from board {empty[0]}) while {names} "
            "available: only a board the team cannot fill is a forfeit (docs/teams.md Line-ups, "
            "Required)",
        )
    ]


def check_match(
    t: Tournament,
    rnd: Round,
    match: Match,
    order: str | None = None,
    rating_of: RatingOf = fide_rating,
) -> list[LineupProblem]:
    """Every line-up problem of both teams of ``match`` in round ``rnd``."""
    options = t.settings.team
    name = order_name(t, order)
    us = name in US_RULES
    required = str(options.lineups) == LineupRule.REQUIRED.value
    player_ids = {p.id for p in t.players}
    problems: list[LineupProblem] = []
    for team_id in (match.white, match.black):
        try:
            team = t.team(team_id)
        except KeyError:
            continue
        team_seats = seats(match, team_id, options.boards)
        known = [(b, pid) for b, pid in enumerate(team_seats, start=1) if pid in player_ids]
        findings: list[tuple[Finding, str]] = []
        if required or us:
            findings += [(f, ERROR) for f in _gaps(t, team_seats, us)]
        if required and match.decision is None:  # a decided match seats nobody it need not
            findings += [(f, WARNING) for f in _unfilled(t, team, team_seats, rnd, options.boards)]
        findings += [(f, ERROR) for f in ORDER_RULES[name](t, team, known, rating_of)]
        problems += [_problem(rnd.number, match.number, team_id, f, s) for f, s in findings]
    return problems


def check_round(
    t: Tournament, rnd: Round, order: str | None = None, rating_of: RatingOf = fide_rating
) -> list[LineupProblem]:
    """The line-up problems of every match of a round, match by match."""
    return [
        problem
        for index, match in enumerate(rnd.matches, start=1)
        for problem in check_match(
            t, rnd, match if match.number else _numbered(match, index), order, rating_of
        )
    ]


def _numbered(match: Match, number: int) -> Match:
    return Match(match.white, match.black, match.games, match.decision, number)


def check_rosters(
    t: Tournament, order: str | None = None, rating_of: RatingOf = fide_rating
) -> list[LineupProblem]:
    """US Chess 31B: alternates must be rated lower than the regular team members."""
    if order_name(t, order) not in US_RULES:
        return []
    boards = t.settings.team.boards
    problems = []
    for team in t.teams:
        regulars = [
            (pid, r)
            for pid in team.roster[:boards]
            if (r := _rating(t, pid, rating_of)) is not None
        ]
        if not regulars:
            continue
        lowest_id, lowest = min(regulars, key=lambda item: item[1])
        for position, pid in enumerate(team.roster[boards:], start=boards + 1):
            rating = _rating(t, pid, rating_of)
            if rating is not None and rating > lowest:
                problems.append(
                    LineupProblem(
                        0,
                        0,
                        team.id,
                        position,
                        pid,
                        "us-31b-alternate",
                        f"alternate {_name(t, pid)} ({rating}) is rated above regular "
                        f"{_name(t, lowest_id)} ({lowest}): alternates must be lower-rated "
                        "than regular team members (US Chess 31B)",
                    )
                )
    return problems


def check_lineups(
    t: Tournament, order: str | None = None, rating_of: RatingOf = fide_rating
) -> list[LineupProblem]:
    """Everything ``tourney check`` prints about line-ups: rosters, then every round."""
    if not t.is_team:
        return []
    problems = check_rosters(t, order, rating_of)
    for rnd in t.rounds:
        problems += check_round(t, rnd, order, rating_of)
    return problems


# -- average rating fielded ------------------------------------------------------------------


def fielded(match: Match, team: TeamId) -> tuple[PlayerId, ...]:
    """The players ``team`` actually fielded: seated, and not absent (a forfeit loss)."""
    out = []
    for index, game in enumerate(match.games):
        pid = player_of(match, game, board_number(match, index), team)
        if not pid:
            continue
        if (
            game.result is not None
            and game.result.outcome(pid == game.white) is Outcome.FORFEIT_LOSS
        ):
            continue
        out.append(pid)
    return tuple(out)


def fielded_average(
    t: Tournament, match: Match, team: TeamId, rating_of: RatingOf = fide_rating
) -> Fraction | None:
    """The mean rating of the rated players ``team`` fielded in ``match``; None if none is rated."""
    ratings = [r for pid in fielded(match, team) if (r := _rating(t, pid, rating_of)) is not None]
    return Fraction(sum(ratings), len(ratings)) if ratings else None


def match_averages(
    t: Tournament, match: Match, rating_of: RatingOf = fide_rating
) -> tuple[Fraction | None, Fraction | None]:
    """(white team's, black team's) average rating fielded, as on a match sheet."""
    return (
        fielded_average(t, match, match.white, rating_of),
        fielded_average(t, match, match.black, rating_of),
    )


def _matches_of(rounds: Iterable[Round], team: TeamId) -> list[Match]:
    return [m for rnd in rounds for m in rnd.matches if team in (m.white, m.black)]


def latest_fielded_average(
    t: Tournament, team: TeamId, after: int | None = None, rating_of: RatingOf = fide_rating
) -> Fraction | None:
    """The value of ``team``'s latest match up to round ``after`` (the standings column)."""
    rounds = [r for r in t.rounds if after is None or r.number <= after]
    for match in reversed(_matches_of(rounds, team)):
        if fielded(match, team):
            return fielded_average(t, match, team, rating_of)
    return None


FieldedAverages = Mapping[TeamId, tuple[tuple[int, Fraction | None], ...]]


def fielded_averages(t: Tournament, rating_of: RatingOf = fide_rating) -> FieldedAverages:
    """Each team's matches in which it fielded a player, in round order: (round, the
    average rating fielded). Every team's ``latest_fielded_average`` after every round
    at once (``latest_of``), each match looked at once."""
    out: dict[TeamId, list[tuple[int, Fraction | None]]] = {}
    for rnd in t.rounds:
        for match in rnd.matches:
            for team in (match.white, match.black):
                if fielded(match, team):
                    value = fielded_average(t, match, team, rating_of)
                    out.setdefault(team, []).append((rnd.number, value))
    return {team: tuple(found) for team, found in out.items()}


def latest_of(averages: FieldedAverages, team: TeamId, after: int) -> Fraction | None:
    """``latest_fielded_average(t, team, after)`` from ``fielded_averages(t)``."""
    for number, value in reversed(averages.get(team, ())):
        if number <= after:
            return value
    return None

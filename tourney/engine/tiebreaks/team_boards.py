"""Team scores and board tie-breaks (C.07 Art. 12 and 13.1).

- MPTS, GPTS (also written MP, GP): match points and game points; MPVGP
  (13.1): the secondary score, game points when match points are primary
  and the other way round.
- WIN, WON on ``:MP`` count won matches (7.1: any round worth a won match;
  7.2: won over the board). On ``:GP`` they count boards, the way FIDE's
  tie-break checker reads a game-point tie-break: every board won (WIN), and
  every board won over the board (WON).
- BB, also BC (12.1, board count): the board points weighted by the board
  number, ``sum(board x points on that board)``. Lower is better: with equal
  game points the team whose points came on the higher boards is ahead.
- TBR (12.2, top board result): the points on board 1, then board 2, ...
- BBE (12.3, bottom board elimination): the game points without the last
  board, then without the last two, ...

Board points per round (docs/teams.md; the checker's conventions in the reference
README): the boards of a played match as played; every board of a match
decided without a game at the value of the match result (a forfeit win is a
win on every board); a team Swiss bye counts as a win on every board (C.07
Art. 12, as Board Count does) although its game points are a drawn match's;
a half-point bye a draw on every board, a full-point bye a win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tourney.engine.scores import ScoreTable
from tourney.engine.teams.scores import MatchKind, TeamRound, TeamTables
from tourney.engine.tiebreaks import counts
from tourney.engine.tiebreaks.base import Context, Step, Value, total
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.model import ByeKind, Outcome

ONE = Fraction(1)
ZERO = Fraction(0)


def _teams(ctx: Context) -> TeamTables:
    assert ctx.teams is not None, "a team tie-break needs a team event"
    return ctx.teams


def round_boards(teams: TeamTables, team_round: TeamRound) -> dict[int, Fraction]:
    """Board number -> this team's points on it in one round (Art. 12 board points)."""
    scoring = teams.scoring
    boards = range(1, teams.boards + 1)
    kind = team_round.kind
    if kind is MatchKind.PLAYED:
        out = {b: ZERO for b in boards}
        for board in team_round.boards:
            out[board.board] = out.get(board.board, ZERO) + board.points
        return out
    if kind is MatchKind.BYE:
        value = {
            ByeKind.PAB: scoring.win,
            ByeKind.FULL: scoring.win,
            ByeKind.HALF: scoring.draw,
        }.get(team_round.bye or ByeKind.ZERO, ZERO)
        return {b: value for b in boards}
    if kind in (MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS, MatchKind.UNPLAYED):
        value = {
            Outcome.FORFEIT_WIN: scoring.win,
            Outcome.WIN: scoring.win,
            Outcome.DRAW: scoring.draw,
        }.get(team_round.outcome or Outcome.LOSS, ZERO)
        return {b: value for b in boards}
    return {b: ZERO for b in boards}


def board_totals(teams: TeamTables, team: str) -> dict[int, Fraction]:
    """Board number -> the team's board points over all rounds."""
    out = {b: ZERO for b in range(1, teams.boards + 1)}
    for team_round in teams.rounds[team]:
        for board, points in round_boards(teams, team_round).items():
            out[board] = out.get(board, ZERO) + points
    return out


def match_points(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """MPTS / MP: match points."""
    return _rounds_sum(_teams(ctx).mp, "match points")


def game_points(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """GPTS / GP: game points."""
    return _rounds_sum(_teams(ctx).gp, "game points")


def secondary_score(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """MPVGP, 13.1: the other score (game points when match points are primary)."""
    teams = _teams(ctx)
    table = teams.secondary() if descriptor.score is None else teams.table(descriptor.score)
    return _rounds_sum(table, "secondary score")


def _rounds_sum(table: ScoreTable, what: str) -> dict[str, Value]:
    values = {}
    for pid in table:
        steps = tuple(
            Step(v.round, v.opponent, v.describe(), v.points, note=what)
            for v in table.views[pid]
            if not v.pending
        )
        values[pid] = Value(total(steps), steps)
    return values


def wins(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """WIN, 7.1: won matches (``:MP``), or boards won, forfeits and byes included (``:GP``)."""
    if not ctx.on_game_points:
        return counts.wins(ctx, descriptor)
    return _board_count(ctx, over_the_board=False)


def games_won(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """WON, 7.2: matches won over the board (``:MP``), or boards won over the board (``:GP``)."""
    if not ctx.on_game_points:
        return counts.games_won(ctx, descriptor)
    return _board_count(ctx, over_the_board=True)


def _board_count(ctx: Context, *, over_the_board: bool) -> dict[str, Value]:
    teams = _teams(ctx)
    win = teams.scoring.win
    values = {}
    for pid in ctx.table:
        steps = []
        for team_round in teams.rounds[pid]:
            if over_the_board:
                count = sum(
                    1 for b in team_round.boards if b.played and b.points == win and b.player
                )
                if team_round.kind is not MatchKind.PLAYED:
                    count = 0
            else:
                count = sum(1 for p in round_boards(teams, team_round).values() if p == win)
            steps.append(
                Step(
                    team_round.round,
                    team_round.opponent,
                    team_round.describe(),
                    Fraction(count),
                    rule="7.2" if over_the_board else "7.1",
                    note="boards won" + (" over the board" if over_the_board else ""),
                )
            )
        values[pid] = Value(total(steps), tuple(steps))
    return values


def board_count(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """BB / BC, 12.1: sum of board number x board points; lower is better."""
    teams = _teams(ctx)
    values = {}
    for pid in ctx.table:
        totals = board_totals(teams, pid)
        steps = tuple(
            Step(
                None,
                None,
                f"board {board}: {points} points",
                board * points,
                rule="12.1",
                note=f"{board} x {points}",
            )
            for board, points in sorted(totals.items())
        )
        values[pid] = Value(total(steps), steps, note="lower is better: points on higher boards")
    return values


def _places(
    group: Sequence[str], key: Mapping[str, tuple[Fraction, ...]], note: str
) -> dict[str, Value]:
    ordered = sorted(group, key=lambda pid: tuple(-v for v in key[pid]))
    values: dict[str, Value] = {}
    place = 1
    for index, pid in enumerate(ordered):
        if index and key[pid] != key[ordered[index - 1]]:
            place = index + 1
        steps = tuple(
            Step(None, None, f"step {i}", v, rule=note) for i, v in enumerate(key[pid], start=1)
        )
        values[pid] = Value(Fraction(place), steps, note=f"place {place} of {len(group)}")
    return values


def top_board_result(
    ctx: Context, descriptor: Descriptor, group: Sequence[str]
) -> Mapping[str, Value]:
    """TBR, 12.2: points on board 1, then board 2, ... (place inside the tied group)."""
    teams = _teams(ctx)
    key = {}
    for pid in group:
        totals = board_totals(teams, pid)
        key[pid] = tuple(totals[b] for b in sorted(totals))
    return _places(group, key, "12.2")


def bottom_board_elimination(
    ctx: Context, descriptor: Descriptor, group: Sequence[str]
) -> Mapping[str, Value]:
    """BBE, 12.3: game points without the last board, then without the last two, ..."""
    teams = _teams(ctx)
    key = {}
    for pid in group:
        totals = board_totals(teams, pid)
        remaining = sum(totals.values(), ZERO)
        steps = []
        for board in sorted(totals, reverse=True)[:-1]:
            remaining -= totals[board]
            steps.append(remaining)
        key[pid] = tuple(steps)
    return _places(group, key, "12.3")

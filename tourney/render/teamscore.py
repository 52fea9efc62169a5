"""Match points and game points of a team event, for the site (seed 000, C.04.6 Art. 1.2).

A stop-gap until the team-events engine ranks teams with their C.07 team
tie-breaks: this module only adds up each match (game points from the board
results, match points once every board has a result), applies a match
forfeited as a whole (seed 000, "A match forfeited as a whole") and the team
byes (C.04.6 Art. 3.1: a PAB is a drawn match unless the rules say otherwise),
and ranks by the primary score, then the other one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from tourney.model import (
    ByeKind,
    ForfeitedMatchScore,
    Game,
    Match,
    MatchDecision,
    Outcome,
    PrimaryScore,
    Scoring,
    Tournament,
)


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match added up; match points are None while a board has no result."""

    white_gp: Fraction
    black_gp: Fraction
    white_mp: Fraction | None
    black_mp: Fraction | None


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team in one round: its match (or bye) and what it scored."""

    round: int
    opponent: str | None
    white: bool  # White on board 1
    game_points: Fraction
    against: Fraction
    match_points: Fraction | None
    bye: ByeKind | None = None
    match: Match | None = None


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A team's totals after a round, and its place."""

    rank: int
    team: str
    match_points: Fraction
    game_points: Fraction
    played: int
    won: int
    drawn: int
    lost: int


def white_team_has_white(game: Game, match: Match, team_of: Mapping[str, str]) -> bool:
    """Whether the player with White on this board is from the match's ``white`` team."""
    if game.white and game.white in team_of:
        return team_of[game.white] == match.white
    if game.black and game.black in team_of:
        return team_of[game.black] != match.white
    return game.board % 2 == 1 or game.board == 0


def score_match(
    match: Match, scoring: Scoring, boards: int, team_of: Mapping[str, str]
) -> MatchScore:
    """Game and match points of both teams of a match."""
    if match.decision is not None:
        white = _forfeited(match, scoring, boards, True, team_of)
        black = _forfeited(match, scoring, boards, False, team_of)
        won = {
            MatchDecision.WHITE_TEAM: (scoring.match_win, scoring.match_loss, white, Fraction(0)),
            MatchDecision.BLACK_TEAM: (scoring.match_loss, scoring.match_win, Fraction(0), black),
            MatchDecision.NEITHER: (
                scoring.match_loss,
                scoring.match_loss,
                Fraction(0),
                Fraction(0),
            ),
        }[match.decision]
        return MatchScore(won[2], won[3], won[0], won[1])
    white_gp = black_gp = Fraction(0)
    complete = True
    for game in match.games:
        if game.result is None:
            complete = False
            continue
        first = scoring.outcome_points(game.result.outcome(True))
        second = scoring.outcome_points(game.result.outcome(False))
        if white_team_has_white(game, match, team_of):
            white_gp, black_gp = white_gp + first, black_gp + second
        else:
            white_gp, black_gp = white_gp + second, black_gp + first
    if not complete:
        return MatchScore(white_gp, black_gp, None, None)
    if white_gp == black_gp:
        return MatchScore(white_gp, black_gp, scoring.match_draw, scoring.match_draw)
    if white_gp > black_gp:
        return MatchScore(white_gp, black_gp, scoring.match_win, scoring.match_loss)
    return MatchScore(white_gp, black_gp, scoring.match_loss, scoring.match_win)


def _forfeited(
    match: Match, scoring: Scoring, boards: int, white: bool, team_of: Mapping[str, str]
) -> Fraction:
    """Game points a match forfeited as a whole pays the team it is awarded to."""
    win = scoring.outcome_points(Outcome.FORFEIT_WIN)
    if scoring.forfeited_match is ForfeitedMatchScore.FULL:
        return boards * win
    seated = 0
    for game in match.games:
        own_white = white_team_has_white(game, match, team_of) == white
        seated += bool(game.white if own_white else game.black)
    return seated * win


def bye_points(scoring: Scoring, boards: int, kind: ByeKind) -> tuple[Fraction, Fraction]:
    """Match and game points of a team bye (C.04.6 Art. 3.1 for the PAB)."""
    if kind is ByeKind.PAB:
        mp, gp = scoring.team_pab_match_points, scoring.team_pab_game_points
        return (
            scoring.match_draw if mp is None else mp,
            boards * scoring.draw if gp is None else gp,
        )
    if kind is ByeKind.FULL:
        return scoring.match_win, boards * scoring.win
    if kind is ByeKind.HALF:
        return scoring.match_draw, boards * scoring.draw
    return Fraction(0), Fraction(0)


def team_rounds(t: Tournament, after: int) -> dict[str, tuple[TeamRound, ...]]:
    """Every team's rounds 1..``after``; a team in no match and without a bye is absent."""
    scoring, boards = t.settings.scoring, t.settings.team.boards
    team_of = {pid: team.id for team in t.teams for pid in team.roster}
    out: dict[str, list[TeamRound]] = {team.id: [] for team in t.teams}
    for number in range(1, after + 1):
        rnd = t.round(number)
        seen: dict[str, TeamRound] = {}
        if rnd is not None:
            for match in rnd.matches:
                s = score_match(match, scoring, boards, team_of)
                seen[match.white] = TeamRound(
                    number, match.black, True, s.white_gp, s.black_gp, s.white_mp, match=match
                )
                seen[match.black] = TeamRound(
                    number, match.white, False, s.black_gp, s.white_gp, s.black_mp, match=match
                )
            for bye in rnd.byes:
                if bye.participant in out and bye.participant not in seen:
                    mp, gp = bye_points(scoring, boards, bye.kind)
                    seen[bye.participant] = TeamRound(
                        number, None, False, gp, Fraction(0), mp, bye=bye.kind
                    )
        for team_id in out:
            out[team_id].append(
                seen.get(team_id)
                or TeamRound(
                    number, None, False, Fraction(0), Fraction(0), Fraction(0), ByeKind.ZERO
                )
            )
    return {team_id: tuple(rounds) for team_id, rounds in out.items()}


def team_standings(t: Tournament, after: int, numbers: Mapping[str, int]) -> tuple[TeamLine, ...]:
    """Teams ranked by the primary score, then the other; equal on both share a rank."""
    rounds = team_rounds(t, after)
    scoring = t.settings.scoring
    lines = []
    for team_id, views in rounds.items():
        matches = [v for v in views if v.opponent is not None and v.match_points is not None]
        mp = sum((v.match_points or Fraction(0) for v in views), Fraction(0))
        gp = sum((v.game_points for v in views), Fraction(0))
        won = sum(1 for v in matches if v.match_points == scoring.match_win)
        lost = sum(1 for v in matches if v.match_points == scoring.match_loss)
        lines.append((team_id, mp, gp, len(matches), won, len(matches) - won - lost, lost))
    mp_first = scoring.primary is PrimaryScore.MATCH_POINTS

    def key(line: tuple[str, Fraction, Fraction, int, int, int, int]) -> tuple[Fraction, Fraction]:
        return (-line[1], -line[2]) if mp_first else (-line[2], -line[1])

    lines.sort(key=lambda line: (key(line), numbers[line[0]]))
    ranked: list[TeamLine] = []
    for index, line in enumerate(lines):
        rank = index + 1
        if ranked and key(lines[index - 1]) == key(line):
            rank = ranked[-1].rank
        ranked.append(TeamLine(rank, *line))
    return tuple(ranked)

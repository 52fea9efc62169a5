"""Each team's rounds as TRF-2026 records 801 and 802 show them (informative records).

For every round: the opponent (or the bye: PAB, FPB, HPB, ZPB), the team's colour
(its board-1 colour, C.04.6 Art. 1.6.1), its game points in the match, whether the
match was decided as a whole (``+`` won, ``-`` lost by forfeit), and each board's
result from the team's side (``1 = 0 + -``, blank while not played). The records are
informative: standings never come from them; a reader checks them against the
matches (tourney.load.trf_team_results).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.teams.scores import bye_points, match_result
from tourney.model import ByeKind, MatchDecision, Outcome, Tournament

BYE_NAMES = {ByeKind.PAB: "PAB", ByeKind.FULL: "FPB", ByeKind.HALF: "HPB", ByeKind.ZERO: "ZPB"}
BOARD_CODES = {
    Outcome.WIN: "1",
    Outcome.DRAW: "=",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.NO_CONTEST: "0",
}


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round: ``opponent`` a team id, or ``bye`` one of BYE_NAMES' values."""

    opponent: str = ""
    bye: str = ""
    colour: str = "-"  # "w", "b", or "-" without a match
    game_points: Fraction | None = None  # None while the match has no result
    forfeit: str = ""  # "+" / "-": the match decided as a whole
    boards: str = ""  # the team's result on each board, board 1 first


def team_rounds(t: Tournament) -> dict[str, list[TeamRound]]:
    """Every team's rounds in order (an empty ``TeamRound`` where it has nothing)."""
    scoring, boards = t.settings.scoring, t.settings.team.boards
    team_of = {pid: team.id for team in t.teams for pid in team.roster}
    out: dict[str, list[TeamRound]] = {team.id: [] for team in t.teams}
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        seen: dict[str, TeamRound] = {}
        for match in rnd.matches:
            result = match_result(match, scoring, boards, team_of)
            for own, other, first in (
                (match.white, match.black, True),
                (match.black, match.white, False),
            ):
                codes = []
                for index, game in enumerate(match.games, start=1):
                    board = game.board or index
                    side_white = match.white_team_white(board) == first
                    if game.result is None:
                        codes.append(" ")
                    else:
                        codes.append(BOARD_CODES[game.result.outcome(side_white)])
                points = None
                if result is not None:
                    points = result.white_game_points if first else result.black_game_points
                forfeit = ""
                if match.decision is not None:
                    won = match.decision is (
                        MatchDecision.WHITE_TEAM if first else MatchDecision.BLACK_TEAM
                    )
                    forfeit = "+" if won else "-"
                white_on_1 = match.white_team_white(1) == first
                seen[own] = TeamRound(
                    opponent=other,
                    colour="w" if white_on_1 else "b",
                    game_points=points,
                    forfeit=forfeit,
                    boards="".join(codes),
                )
        for bye in rnd.byes:
            _, gp = bye_points(bye.kind, scoring, boards)
            seen.setdefault(bye.participant, TeamRound(bye=BYE_NAMES[bye.kind], game_points=gp))
        for team_id, rounds in out.items():
            rounds.append(seen.get(team_id, TeamRound()))
    return out

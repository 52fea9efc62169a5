"""A match's boards in team order, and the tie-break columns of a team table.

A match is read team against team: under "Utrecht 1 – Rokade 1" every board
lists Utrecht's player first, marked W or B for the colour they had, and the
result is written from Utrecht's side ("1-0": a point for Utrecht), as the
match score above it is. The colours alternate from board to board
(C.04.6 Art. 4: the first team has White on the odd boards), so a table by
colour would swap the teams' columns on every other board.

The site, the team card and the team-pairings PDF all use ``team_boards``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from tourney.engine.scores import decided_result
from tourney.engine.tiebreaks import lookup
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.model import Game, Match, Result
from tourney.render import text
from tourney.render.tiebreak_text import tiebreak_name
from tourney.render.views import Column, PlayerRef, TeamBoard, TeamRef, TeamStandingRow

if TYPE_CHECKING:
    from tourney.engine.teams.standings import TeamStandings

# The same result seen from the other side of the board.
_FLIPPED = {
    Result.WHITE_WINS: Result.BLACK_WINS,
    Result.BLACK_WINS: Result.WHITE_WINS,
    Result.DRAW: Result.DRAW,
    Result.WHITE_FORFEIT_WIN: Result.BLACK_FORFEIT_WIN,
    Result.BLACK_FORFEIT_WIN: Result.WHITE_FORFEIT_WIN,
    Result.DOUBLE_FORFEIT: Result.DOUBLE_FORFEIT,
    Result.NO_CONTEST: Result.NO_CONTEST,
    Result.WHITE_WINS_UNPLAYED: Result.BLACK_WINS_UNPLAYED,
    Result.BLACK_WINS_UNPLAYED: Result.WHITE_WINS_UNPLAYED,
    Result.DRAW_UNPLAYED: Result.DRAW_UNPLAYED,
}

# Tie-breaks that only repeat a column the team tables print anyway.
SCORE_CODES = frozenset({"MP", "GP", "MPTS", "GPTS"})


def result_for(value: Result | None, white: bool) -> str:
    """A board's result as the side with ``white`` (True: White) reads it."""
    if value is None:
        return ""
    return text.result(value if white else _FLIPPED[value])


def _plays_white(
    game: Game, board: int, first: str, home: bool, team_of: Mapping[str, str]
) -> bool:
    """Whether team ``first``'s player had White: by the line-ups, else by the board number."""
    if game.white and team_of.get(game.white) == first:
        return True
    if game.black and team_of.get(game.black) == first:
        return False
    # C.04.6 Art. 4: the team named first (``home``) has White on the odd boards.
    return (board % 2 == 1) == home


def team_boards(
    match: Match,
    first: str,
    ref: Callable[[str], PlayerRef | None],
    team_of: Mapping[str, str],
) -> tuple[TeamBoard, ...]:
    """The boards of ``match`` with team ``first``'s player first on every board."""
    home = first == match.white
    boards = []
    for index, game in enumerate(match.games):
        board = game.board or index + 1
        white = _plays_white(game, board, first, home, team_of)
        mine, theirs = (game.white, game.black) if white else (game.black, game.white)
        boards.append(
            TeamBoard(
                board=board,
                first=ref(mine),
                first_colour="W" if white else "B",
                result=result_for(decided_result(match, game, board), white),
                second=ref(theirs),
                second_colour="B" if white else "W",
            )
        )
    return tuple(boards)


def shown_tiebreaks(codes: Sequence[str], valued: Sequence[int] | None = None) -> tuple[int, ...]:
    """Indexes of the tie-breaks a team table prints: MP and GP have their own columns, and
    one without a value in any row (``valued``: ``Standings.valued()``) is left out."""
    return tuple(
        i
        for i, code in enumerate(codes)
        if code not in SCORE_CODES and (valued is None or i in valued)
    )


def tiebreak_columns(tiebreaks: Sequence[Descriptor], shown: Sequence[int]) -> tuple[Column, ...]:
    """The printed columns of the tie-breaks at ``shown``: code, name and C.07 article."""
    return tuple(
        Column(str(tiebreaks[i]), tiebreak_name(tiebreaks[i]), lookup(tiebreaks[i]).article)
        for i in shown
    )


def standing_rows(
    ranked: TeamStandings,
    refs: Mapping[str, TeamRef],
    shown: Sequence[int],
    average: Callable[[str], str],
    note: Callable[[str], str] = lambda team: "",
) -> tuple[TeamStandingRow, ...]:
    """The rows of a team table (the site's standings pages and the standings PDF): the
    tie-breaks at ``shown`` with their own decimals, ``average`` and ``note`` by team id."""
    places = {i: lookup(ranked.standings.tiebreaks[i]).decimals for i in shown}
    return tuple(
        TeamStandingRow(
            rank=str(line.rank),
            team=refs[line.team],
            series=line.series,
            played=line.matches,
            won=line.won,
            drawn=line.drawn,
            lost=line.lost,
            match_points=text.points(line.match_points),
            game_points=text.points(line.game_points),
            average=average(line.team),
            values=tuple(text.decimal(line.row.values[i], places[i]) for i in shown),
            note=note(line.team),
        )
        for line in ranked.rows
    )

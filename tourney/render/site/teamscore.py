"""Team standings lines for the site's standings.json (docs/teams.md, C.04.6 Art. 1.2).

A thin view over the evaluation's team standings (``Evaluation.team_standings``:
match and game points and the ranking with the team tie-breaks of the event,
C.07). Only ``team_standings`` is left here, in the shape
``tourney.render.site.pages`` reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.evaluation import Evaluation


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


def team_standings(evaluation: Evaluation, after: int) -> tuple[TeamLine, ...]:
    """The teams ranked by the primary score and the event's team tie-breaks (level
    teams in the order of their pairing numbers)."""
    return tuple(
        TeamLine(
            row.rank,
            row.team,
            row.match_points,
            row.game_points,
            row.matches,
            row.won,
            row.drawn,
            row.lost,
        )
        for row in evaluation.team_standings(after).rows
    )

"""Team standings lines for the site's standings.json (docs/teams.md, C.04.6 Art. 1.2).

A thin view over the engine: match and game points come from
``tourney.engine.teams.scores`` and the ranking, with the team tie-breaks of the
event (C.07), from ``tourney.engine.teams.standings``. Only ``team_standings``
is left here, in the shape ``tourney.render.site.pages`` reads; new code should call
the engine directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.teams.standings import team_standings as ranked_teams
from tourney.model import Tournament


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


def team_standings(t: Tournament, after: int, numbers: Mapping[str, int]) -> tuple[TeamLine, ...]:
    """The teams ranked by the primary score and the event's team tie-breaks.

    ``numbers`` (team pairing numbers) is no longer needed: the engine orders
    teams level on everything by their numbers itself. It stays for the caller.
    """
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
        for row in ranked_teams(t, after).rows
    )

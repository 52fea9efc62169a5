"""``pair --replace`` never drops a line-up silently (docs/security.md, docs/teams.md).

A team's line-up for a match (``tourney lineup``, or boards edited by hand) is
a decision of its captain. Pairing the round again seats every team in its
default line-up, so a replaced round would lose those choices without a word.
So ``--replace`` of a round whose matches seat any team other than by its
default line-up is refused, naming the matches.
"""

from __future__ import annotations

from tourney.engine.teams.lineups import default_lineup, seats
from tourney.errors import Refused
from tourney.model import Round, Tournament


def chosen_lineups(t: Tournament, rnd: Round) -> list[str]:
    """``match 3 (Amstel 1)`` for every team seated otherwise than by default in ``rnd``."""
    found = []
    for match in rnd.matches:
        for team_id in (match.white, match.black):
            team = next((x for x in t.teams if x.id == team_id), None)
            if team is None:
                continue
            seated = tuple(p for p in seats(match, team_id) if p)
            if seated and seated != default_lineup(t, team, rnd.number):
                found.append(f"match {match.number} ({team.name or team.id})")
    return found


def refuse_replacing_lineups(t: Tournament, number: int) -> None:
    """``Refused`` when round ``number`` holds line-ups that re-pairing would drop."""
    rnd = t.round(number)
    if rnd is None or not t.is_team:
        return
    chosen = chosen_lineups(t, rnd)
    if chosen:
        shown = ", ".join(chosen[:6]) + (" ..." if len(chosen) > 6 else "")
        raise Refused(
            f"round {number} holds line-ups ({shown}); pairing it again would seat every "
            "team by its default line-up and drop them. Nothing was written. Remove "
            f"rounds/{number:02d}.yaml yourself to pair it again, then set the line-ups again "
            "with 'tourney lineup' (docs/teams.md)"
        )

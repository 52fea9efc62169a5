"""``tourney ratings``'s use case: the club's own ratings (FIDE B.02 formula,
docs/results.md) as rows and as the data ``--format json`` prints.

The ratings are computed by ``tourney.load.club_state.club_ratings`` (every rated
tournament in the order it was finalized); this module shapes them.
"""

from __future__ import annotations

from typing import Any

from tourney.engine.ratings.club import member_history
from tourney.engine.ratings.history import TournamentRating
from tourney.load.club_state import ClubRatings, club_ratings
from tourney.model import RatingPeriod
from tourney.number_text import decimal

NOT_FIDE = "These are the club's own ratings, calculated with the FIDE formula; not FIDE ratings."


def change_rows(result: TournamentRating, names: dict[str, str]) -> list[dict[str, Any]]:
    """The rating changes table of one tournament as rows of text values."""
    return [
        {
            "id": c.player,
            "name": names.get(c.player, c.player),
            "ro": c.ro,
            "k": c.k,
            "games": c.games,
            "score": decimal(c.score),
            "expected": decimal(c.expected),
            "change": c.change,
            "new": c.new,
        }
        for c in result.changes
    ]


def ratings_data(state: ClubRatings) -> dict[str, Any]:
    names = {m.id: m.name for m in state.club.members}
    members = []
    for member in state.club.members:
        history: dict[str, list[dict[str, Any]]] = {}
        for period in RatingPeriod:
            rows = member_history(state.history, member, period)
            if rows:
                history[period.value] = [
                    {
                        "event": row.event or None,
                        "rating": row.rating,
                        "change": row.change.change if row.change else None,
                    }
                    for row in rows
                ]
        members.append({"id": member.id, "name": member.name, "history": history})
    return {
        "club": state.club.name,
        "note": NOT_FIDE,
        "tournaments": [
            {"event": t.event, "period": t.period.value, "changes": change_rows(t, names)}
            for t in state.history.tournaments
        ],
        "members": members,
        "warnings": list(state.warnings),
    }


__all__ = [
    "NOT_FIDE",
    "ClubRatings",
    "TournamentRating",
    "change_rows",
    "club_ratings",
    "member_history",
    "ratings_data",
]

"""A club's ratings over its finalized tournaments (docs/ratings.md "Ratings", FIDE B.02 Art. 8.3).

``tourney.engine.ratings.history`` rates one tournament and a sequence of them; this
module turns the club's tournaments into that sequence:

* players play under their club member id (``member:`` in players.yaml); the
  caller passes the map from player id to member id, and a player without a
  member (a guest) changes nobody's rating and gets none;
* only finalized, rated club tournaments are passed, in the order they were
  finalized (the club's ratings-log.yaml); each is rated in its own time
  control (tournament.yaml ``rating_period``);
* every computation starts again from the members' initial ratings, so a
  correction or a changed initial rating recomputes the tournament it affects
  and every later one (``rating_differences`` says what that changed).

These are the club's own ratings, not FIDE ratings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field, replace

from tourney.engine.ratings.history import (
    RatedEvent,
    RatingChange,
    RatingHistory,
    RatingState,
    initial_states,
    rate_in_order,
    rated_games,
)
from tourney.model import ClubPlayer, Game, PlayerId, RatingPeriod, Tournament
from tourney.records import dataclass

GUEST = "guest:"  # prefix of a non-member in a club tournament (never in the initial ratings)


@dataclass(frozen=True, slots=True)
class ClubEvent:
    """One finalized club tournament: folder name, the tournament, player id -> member id."""

    name: str
    tournament: Tournament
    member_of: Mapping[PlayerId, PlayerId] = field(default_factory=dict)

    def member(self, player: PlayerId) -> PlayerId:
        return self.member_of.get(player) or GUEST + player


def rated_event(event: ClubEvent) -> RatedEvent:
    """The tournament's rated games under member ids, and its members in players.yaml order."""
    games = tuple(
        Game(event.member(g.white), event.member(g.black), g.result, g.board)
        for g in rated_games(event.tournament.rounds)
    )
    members: list[PlayerId] = []
    for player in event.tournament.players:
        member = event.member_of.get(player.id)
        if member and member not in members:
            members.append(member)
    return RatedEvent(event.name, event.tournament.settings.rating_period, games, tuple(members))


def initial_ratings(
    members: Sequence[ClubPlayer],
) -> dict[RatingPeriod, dict[PlayerId, RatingState]]:
    """Every time control's starting ratings (members.yaml ``ratings`` and ``rated_games``)."""
    return {period: initial_states(members, period) for period in RatingPeriod}


def club_history(members: Sequence[ClubPlayer], events: Sequence[ClubEvent]) -> RatingHistory:
    """Rate ``events`` in order (the order they were finalized) from the initial ratings."""
    return rate_in_order([rated_event(e) for e in events], initial_ratings(members))


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One line of a member's rating history in one time control."""

    event: str  # "" for the initial rating
    rating: int  # the rating after the event (or the initial rating)
    change: RatingChange | None = None


def member_history(
    history: RatingHistory, member: ClubPlayer, period: RatingPeriod
) -> tuple[HistoryEntry, ...]:
    """The initial rating, then the rating after each tournament the member was rated in."""
    initial = dict(member.ratings).get(period)
    if initial is None:
        return ()
    rows = [HistoryEntry("", initial)]
    rows += [
        HistoryEntry(event, change.new, change) for event, change in history.of(member.id, period)
    ]
    return tuple(rows)


def current_ratings(history: RatingHistory) -> dict[tuple[RatingPeriod, PlayerId], int]:
    """Every member's rating now, per time control."""
    return {
        (period, member): state.rating
        for period, states in history.final.items()
        for member, state in states.items()
    }


def ratings_at_start(
    history: RatingHistory, event: str, period: RatingPeriod
) -> dict[PlayerId, int]:
    """Each member's club rating when tournament ``event`` began: its Ro when the
    tournament is rated, else the rating after the last rated tournament (today's)."""
    ratings = {member: state.rating for member, state in history.final.get(period, {}).items()}
    rated = next((r for r in history.tournaments if r.event == event), None)
    if rated is not None:
        ratings.update((c.player, c.ro) for c in rated.changes)
    return ratings


def with_club_ratings(t: Tournament, ratings: Mapping[PlayerId, int]) -> Tournament:
    """``t`` with each club member's ``club_rating`` taken from ``ratings`` (by member)."""
    players = tuple(
        replace(p, club_rating=ratings.get(p.member, p.club_rating)) if p.member else p
        for p in t.players
    )
    return replace(t, players=players)


def rating_differences(
    before: RatingHistory, after: RatingHistory
) -> list[tuple[RatingPeriod, PlayerId, int, int]]:
    """(time control, member, old, new) for every current rating a change of input moved."""
    old, new = current_ratings(before), current_ratings(after)
    return [
        (period, member, old[(period, member)], rating)
        for (period, member), rating in sorted(new.items())
        if (period, member) in old and old[(period, member)] != rating
    ]

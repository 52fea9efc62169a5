"""What a club folder says about its finalized tournaments: ratings and series input.

Reads (never writes) the club folder: the ratings log (the order tournaments
were finalized in), each tournament's final.yaml, and which member each
player of a tournament is (``member:`` in players.yaml; a player without one is
a guest, never a member, whatever its id). The engine does the rest:
``tourney.engine.ratings.club`` and ``tourney.engine.series``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from tourney.engine.ratings.club import (
    ClubEvent,
    club_history,
    ratings_at_start,
    with_club_ratings,
)
from tourney.engine.ratings.history import RatingHistory
from tourney.engine.scores import last_decided_round
from tourney.engine.series import EventPlacements, SeriesStandings, series_id, series_standings
from tourney.engine.standings import standings
from tourney.fs import regular
from tourney.load.final import read_final, read_ratings_log
from tourney.load.folder import load_club
from tourney.model import Club, SeriesDefinition, Tournament
from tourney.records import dataclass


def member_map(folder: Path) -> dict[str, str]:
    """players.yaml of a tournament folder: player id -> club member id (members only)."""
    path = folder / "players.yaml"
    if not path.is_file():
        return {}
    root = yaml.compose(regular.read_text(path), Loader=yaml.SafeLoader)
    out: dict[str, str] = {}
    for item in root.value if isinstance(root, SequenceNode) else ():
        if not isinstance(item, MappingNode):
            continue
        fields = {
            k.value: str(v.value)
            for k, v in item.value
            if isinstance(k, ScalarNode) and isinstance(v, ScalarNode)
        }
        member = fields.get("member", "")
        if member:
            out[fields.get("id") or member] = member
    return out


@dataclass(frozen=True, slots=True)
class ClubRatings:
    """The club, its rated tournaments in finalize order, and their rating history."""

    club: Club
    events: tuple[ClubEvent, ...]
    history: RatingHistory
    warnings: tuple[str, ...] = ()


def rated_events(folder: Path, club: Club) -> tuple[list[ClubEvent], list[str]]:
    """The rated, finalized tournaments in the order of the ratings log, and warnings."""
    tournaments: Mapping[str, Tournament] = dict(club.tournaments)
    warnings: list[str] = []
    events: list[ClubEvent] = []
    logged = read_ratings_log(folder)
    for name in logged:
        if name not in tournaments:
            warnings.append(f"ratings-log.yaml names '{name}', which is not a tournament folder")
            continue
        if any(e.name == name for e in events):
            warnings.append(f"ratings-log.yaml names '{name}' twice; it is rated once")
            continue
        record = read_final(folder / name)
        if record is None:
            warnings.append(f"'{name}' is in ratings-log.yaml but not finalized: not rated")
            continue
        events.append(ClubEvent(name, tournaments[name], member_map(folder / name)))
    for name in tournaments:
        record = read_final(folder / name)
        if record is not None and record.rated and name not in logged:
            warnings.append(f"'{name}' is finalized as rated but missing from ratings-log.yaml")
    return events, warnings


def club_ratings(folder: Path) -> ClubRatings:
    """Load the club and rate its finalized tournaments from the initial ratings on."""
    club = load_club(folder)
    events, warnings = rated_events(folder, club)
    return ClubRatings(club, tuple(events), club_history(club.members, events), tuple(warnings))


def rating_history(folder: Path, club: Club) -> RatingHistory:
    """The club ratings of an already loaded club, as ``tourney ratings`` computes them
    (the ratings log's warnings are ``tourney check``'s to give)."""
    events, _ = rated_events(folder, club)
    return club_history(club.members, events)


def event_placements(
    folder: Path, name: str, t: Tournament, by_member: bool = True
) -> EventPlacements | None:
    """Final ranks from final.yaml, else the live standings; None before any result.

    Each row counts for its series id (``engine.series.series_id``): a member by
    ``member:``, a guest as a person of this event only.
    """
    record = read_final(folder / name)
    if record is not None:
        rows = [(series_id(t, name, r.participant, by_member), r.rank) for r in record.rows]
        return EventPlacements(name, tuple(rows))
    if last_decided_round(t) == 0:
        return None
    live = standings(t)
    rows = [(series_id(t, name, r.participant, by_member), r.rank) for r in live.rows]
    return EventPlacements(name, tuple(rows), live=True)


def series_table(folder: Path, club: Club, definition: SeriesDefinition) -> SeriesStandings:
    tournaments = dict(club.tournaments)
    by_member = bool(club.members)
    results = {
        name: event_placements(folder, name, tournaments[name], by_member)
        for name in definition.tournaments
        if name in tournaments
    }
    return series_standings(definition, results)


def participant_names(club: Club) -> dict[str, str]:
    """Display names by series id: members first, then every tournament's guests and teams."""
    names = {m.id: m.name for m in club.members}
    by_member = bool(club.members)
    for event, t in club.tournaments:
        for player in t.players:
            names.setdefault(series_id(t, event, player.id, by_member), player.name)
        for team in t.teams:
            names.setdefault(team.id, team.name)
    return names


def with_current_club_ratings(folder: Path, t: Tournament) -> Tournament:
    """``t`` (a tournament folder) with each club member's club rating as it stands now:
    the initial rating moved by every finalized rated tournament of the club (docs/results.md).
    Pairing numbers are drawn from it (docs/pairing.md: round 1 pairs by rating)."""
    from tourney.load.final import club_of

    club = club_of(folder)
    if club is None or not any(p.member for p in t.players):
        return t
    history = club_ratings(club).history
    start = ratings_at_start(history, folder.resolve().name, t.settings.rating_period)
    return with_club_ratings(t, start)

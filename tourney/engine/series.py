"""Series (grand prix) standings over a club's tournaments (docs/pairing.md "How it works").

* Each event awards placement points from the series table: first place the
  first number, second place the second, and so on; places beyond the table
  score nothing.
* Players who tie for a position share the pooled points of those positions
  evenly, FIDE style: three players sharing 2nd place with the table
  25, 18, 15, 12 get (18 + 15 + 12) / 3 = 15 each. A tie is a shared rank of
  the event's standings.
* When a series counts the best N events, only a player's N highest scores
  count (equal scores: the earlier event is the one counted).
* The standings are a live projection: an event not yet finalized counts with
  its current standings, and is marked live.
* One identity per person (docs/series.md "Who is who"): in a club with members,
  a player is the same person across events only through ``member:``; a guest
  (no ``member:``) is a person of that one event, whatever its id, so a guest
  whose id happens to equal a member's id never scores for that member.

>>> from fractions import Fraction as F
>>> pooled_points([("a", 1), ("b", 2), ("c", 2), ("d", 2), ("e", 5)], [F(25), F(18), F(15), F(12)])
{'a': Fraction(25, 1), 'b': Fraction(15, 1), 'c': Fraction(15, 1), 'd': Fraction(15, 1), 'e': Fraction(0, 1)}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tourney.model import SeriesDefinition, Tournament
from tourney.records import dataclass

GUEST_SEPARATOR = "/"  # a guest's series id: "<event folder>/<player id>"


def pooled_points(
    placements: Sequence[tuple[str, int]], table: Sequence[Fraction]
) -> dict[str, Fraction]:
    """Placement points per participant; a rank shared by k players pools k positions.

    ``placements`` are (participant, rank) with standings ranks: a rank shared
    by k participants covers positions rank .. rank + k - 1.
    """
    by_rank: dict[int, list[str]] = {}
    for participant, rank in placements:
        by_rank.setdefault(rank, []).append(participant)
    points: dict[str, Fraction] = {}
    for rank, group in sorted(by_rank.items()):
        positions = range(rank, rank + len(group))
        pool = sum((table[p - 1] for p in positions if 1 <= p <= len(table)), Fraction(0))
        for participant in group:
            points[participant] = pool / len(group)
    return {participant: points[participant] for participant, _ in placements}


def series_id(t: Tournament, event: str, participant: str, by_member: bool) -> str:
    """Whom a row of event ``event``'s standings counts for in a series.

    A team counts under its team id. A player counts under its club member id
    (``member:``); in a club with members (``by_member``) any other player is a
    guest of that event alone, ``event/id``, and never matches a member by a
    bare id. A club without members.yaml matches its players by player id.

    >>> from tourney.model import Format, Player, Settings
    >>> t = Tournament(Settings("N", Format.SWISS, 3),
    ...     (Player("m1", "A", member="m1"), Player("m4", "Gast, Gerrit")))
    >>> series_id(t, "night-1", "m1", True), series_id(t, "night-1", "m4", True)
    ('m1', 'night-1/m4')
    >>> series_id(t, "night-1", "m4", False)
    'm4'
    """
    if t.is_team:
        return participant
    try:
        member = t.player(participant).member
    except KeyError:  # a row of final.yaml whose player has left players.yaml
        member = ""
    if member:
        return member
    return f"{event}{GUEST_SEPARATOR}{participant}" if by_member else participant


@dataclass(frozen=True, slots=True)
class EventPlacements:
    """One event of a series: its standings ranks, and whether they are final or live."""

    event: str
    placements: tuple[tuple[str, int], ...]
    live: bool = False


@dataclass(frozen=True, slots=True)
class SeriesRow:
    rank: int
    participant: str
    total: Fraction
    points: tuple[Fraction | None, ...]  # per event of the series; None: not played
    counted: tuple[bool, ...]  # whether each event's points count (best N)


@dataclass(frozen=True, slots=True)
class SeriesStandings:
    series: SeriesDefinition
    events: tuple[str, ...]
    live: tuple[bool, ...]  # per event: standings not final yet
    started: tuple[bool, ...]  # per event: any placement at all
    rows: tuple[SeriesRow, ...]


def best_of(points: Sequence[Fraction | None], best: int | None) -> tuple[bool, ...]:
    """Which events count: all played ones, or the ``best`` highest (earlier first on equal).

    >>> best_of([Fraction(10), None, Fraction(25), Fraction(10)], 2)
    (True, False, True, False)
    """
    played = [(-p, i) for i, p in enumerate(points) if p is not None]
    chosen = {i for _, i in sorted(played)[: best if best is not None else len(played)]}
    return tuple(i in chosen for i in range(len(points)))


def _live(result: EventPlacements | None) -> bool:
    return result is not None and result.live


def series_standings(
    definition: SeriesDefinition, results: Mapping[str, EventPlacements | None]
) -> SeriesStandings:
    """The series table: every participant's points per event, the counted total, the ranks."""
    events = definition.tournaments
    per_event: list[dict[str, Fraction]] = []
    order: list[str] = []
    for name in events:
        result = results.get(name)
        scored = pooled_points(result.placements, definition.points) if result else {}
        per_event.append(scored)
        order += [p for p in scored if p not in order]
    rows = []
    for participant in order:
        points = tuple(scored.get(participant) for scored in per_event)
        counted = best_of(points, definition.best)
        total = sum((p for p, c in zip(points, counted, strict=True) if c and p), Fraction(0))
        rows.append((participant, total, points, counted))
    rows.sort(key=lambda row: (-row[1], row[0]))
    ranked: list[SeriesRow] = []
    for index, (participant, total, points, counted) in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].total == total else index + 1
        ranked.append(SeriesRow(rank, participant, total, points, counted))
    return SeriesStandings(
        series=definition,
        events=tuple(events),
        live=tuple(_live(results.get(n)) for n in events),
        started=tuple(results.get(n) is not None for n in events),
        rows=tuple(ranked),
    )

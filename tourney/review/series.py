"""How a change moves a club's series (grand prix) standings, in words a captain reads.

Pure: both versions' series tables in (``tourney.engine.series``, computed by
``tourney.load.club_state.series_table`` from each version of the club
folder), the participants whose series rank or total moves out. A corrected
result in one event of a series changes that event's placements (its live
standings, or its final standings once ``tourney result --correct`` stores
them again), hence its placement points, the totals and the series ranks
(docs/series.md). A series whose standings do not move gives nothing.

>>> from fractions import Fraction as F
>>> from tourney.model import SeriesDefinition
>>> from tourney.engine.series import EventPlacements, series_standings
>>> cup = SeriesDefinition("cup", "Winter Cup", ("a", "b"), (F(10), F(6)))
>>> old = series_standings(cup, {"a": EventPlacements("a", (("J", 1), ("B", 2)))})
>>> new = series_standings(cup, {"a": EventPlacements("a", (("B", 1), ("J", 2)))})
>>> change = compare_series("club", old, new, {"J": "Jansen", "B": "Bakker"})
>>> series_sentence(change)
"series 'Winter Cup': Bakker up from 2nd to 1st (6 → 10 pts); Jansen down from 1st to 2nd (10 → 6 pts)"
>>> compare_series("club", old, old, {}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tourney.engine.series import SeriesStandings
from tourney.review.changes import Movement, importance, places_in_words

UNIT = "pts"  # series totals are placement points


@dataclass(frozen=True, slots=True)
class SeriesChange:
    """One series of a club whose standings move: each participant whose rank or total does."""

    club: str  # the club folder, as the user named it
    series: str  # the series id in club.yaml
    name: str  # the series name
    movements: tuple[Movement, ...]


def compare_series(
    club: str,
    old: SeriesStandings,
    new: SeriesStandings,
    names: Mapping[str, str],
) -> SeriesChange | None:
    """The participants whose series rank or total differs, most important first; None if none.

    A participant in one version only (a first result in a live event, or a
    last one removed) enters or leaves the series standings.
    """
    before = {row.participant: row for row in old.rows}
    after = {row.participant: row for row in new.rows}
    movements = []
    for pid in [*after, *(p for p in before if p not in after)]:
        a, b = before.get(pid), after.get(pid)
        if a is not None and b is not None and (a.rank, a.total) == (b.rank, b.total):
            continue
        movements.append(
            Movement(
                pid,
                names.get(pid, pid),
                a.rank if a else None,
                b.rank if b else None,
                a.total if a else None,
                b.total if b else None,
            )
        )
    if not movements:
        return None
    movements.sort(key=importance)
    return SeriesChange(club, new.series.id, new.series.name, tuple(movements))


def series_sentence(change: SeriesChange, limit: int = 4) -> str:
    """``series 'Winter Cup': Jansen up from 2nd to 1st (14½ → 15 pts); ...``."""
    return f"series '{change.name}': {places_in_words(change.movements, UNIT, limit)}"

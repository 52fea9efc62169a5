"""``tourney series``'s use case: a club's series (grand prix) standings (docs/pairing.md),
and their JSON shape (``--format json``).

Placement points from the series table (``tourney.engine.series``), an event not
finalized counted with its live standings (``tourney.load.club_state.series_table``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tourney.engine.series import SeriesStandings
from tourney.errors import Refused, did_you_mean
from tourney.load.club_state import participant_names, series_table
from tourney.load.folder import load_club
from tourney.number_text import decimal


def series_tables(folder: Path, series: str | None) -> tuple[list[SeriesStandings], dict[str, str]]:
    """The standings of the club's series (all, or ``series`` by id) and the names of
    their participants. ``InvalidInput`` for a club with errors, ``Refused`` for a
    series the club does not define."""
    club = load_club(folder)
    chosen = [s for s in club.series if series is None or s.id == series]
    if not chosen:
        ids = [s.id for s in club.series]
        if series is None:
            raise Refused(f"{folder}/club.yaml defines no series")
        raise Refused(
            f"no series '{series}' in {folder}/club.yaml; "
            + (did_you_mean(series, ids) or "known: " + ", ".join(ids))
        )
    return [series_table(folder, club, s) for s in chosen], participant_names(club)


def series_data(table: SeriesStandings, names: dict[str, str]) -> dict[str, Any]:
    events = [
        {"id": name, "live": live, "started": started}
        for name, live, started in zip(table.events, table.live, table.started, strict=True)
    ]
    rows = [
        {
            "rank": row.rank,
            "id": row.participant,
            "name": names.get(row.participant, row.participant),
            "total": decimal(row.total),
            "events": {
                name: {"points": decimal(p) if p is not None else None, "counted": c}
                for name, p, c in zip(table.events, row.points, row.counted, strict=True)
            },
        }
        for row in table.rows
    ]
    return {
        "id": table.series.id,
        "name": table.series.name,
        "best": table.series.best,
        "events": events,
        "rows": rows,
    }


__all__ = ["SeriesStandings", "series_data", "series_tables"]

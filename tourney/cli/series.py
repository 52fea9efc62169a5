"""``tourney series CLUBDIR [SERIES]``: series (grand prix) standings, docs/pairing.md.

Placement points from the series table, ties sharing the pooled points of
their positions, only the best N events when the series says so. An event
that is not finalized counts with its live standings (marked ``live``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from tourney.cli.common import fail
from tourney.engine.series import SeriesStandings
from tourney.errors import InvalidInput, Refused, did_you_mean
from tourney.load.club_state import participant_names, series_table
from tourney.load.folder import load_club
from tourney.number_text import decimal


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


def _print(table: SeriesStandings, names: dict[str, str]) -> None:
    from rich.console import Console
    from rich.table import Table

    best = f", best {table.series.best} count" if table.series.best else ""
    out = Table(title=f"{table.series.name}{best}")
    out.add_column("Rank", justify="right")
    out.add_column("Name")
    for name, live, started in zip(table.events, table.live, table.started, strict=True):
        label = name + (" (live)" if live else "") + ("" if started else " (not started)")
        out.add_column(label, justify="right")
    out.add_column("Total", justify="right")
    previous = None
    for row in table.rows:
        cells = []
        for points, counted in zip(row.points, row.counted, strict=True):
            if points is None:
                cells.append("-")
            else:
                text = decimal(points)
                cells.append(text if counted else f"({text})")
        rank = "" if row.rank == previous else str(row.rank)
        previous = row.rank
        out.add_row(rank, names.get(row.participant, row.participant), *cells, decimal(row.total))
    Console().print(out)


@click.command("series")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("series", required=False)
@click.option(
    "--format", "output", type=click.Choice(["table", "json"]), default="table", show_default=True
)
def command(folder: Path, series: str | None, output: str) -> None:
    """Standings of the series of club FOLDER (all of them, or SERIES by id)."""
    try:
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
        tables = [series_table(folder, club, s) for s in chosen]
    except (InvalidInput, Refused) as error:
        fail(error, "no series standings")
    names = participant_names(club)
    if output == "json":
        click.echo(
            json.dumps([series_data(t, names) for t in tables], ensure_ascii=False, indent=1)
        )
        return
    for table in tables:
        _print(table, names)
    click.echo("Points in (brackets) do not count (best N); live: not finalized yet.")

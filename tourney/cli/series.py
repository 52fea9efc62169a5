"""``tourney series CLUBDIR [SERIES]``: series (grand prix) standings, docs/pairing.md.

Placement points from the series table, ties sharing the pooled points of
their positions, only the best N events when the series says so. An event
that is not finalized counts with its live standings (marked ``live``).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from tourney.app.series import SeriesStandings, series_data, series_tables
from tourney.cli.common import fail
from tourney.errors import InvalidInput, Refused
from tourney.number_text import decimal


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
        tables, names = series_tables(folder, series)
    except (InvalidInput, Refused) as error:
        fail(error, "no series standings")
    if output == "json":
        click.echo(
            json.dumps([series_data(t, names) for t in tables], ensure_ascii=False, indent=1)
        )
        return
    for table in tables:
        _print(table, names)
    click.echo("Points in (brackets) do not count (best N); live: not finalized yet.")

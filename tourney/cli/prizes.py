"""``tourney prizes FOLDER``: the prize list (docs/prizes.md), as a table, JSON or CSV.

The prizes of tournament.yaml's ``prizes:`` after the last round with a result (or
``--after N``), shared among tied players by the event's rule; one prize per player.
``--format csv`` is the treasurer's list (one line per prize paid).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click

from tourney.app.prizes import prize_list
from tourney.cli.common import fail, print_diagnostics
from tourney.errors import InvalidInput, Refused

CSV_COLUMNS = (
    "prize",
    "place",
    "id",
    "name",
    "fide_id",
    "federation",
    "points",
    "shared_by",
    "amount",
    "currency",
)


@click.command("prizes")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--after", type=click.IntRange(min=1), help="After this round (default: the last).")
@click.option(
    "--format",
    "output",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
    help="json: a list of objects with id and amount; csv: the treasurer's list.",
)
def command(folder: Path, after: int | None, output: str) -> None:
    """The prize list of FOLDER: place and category prizes, shared by the event's rule."""
    try:
        found = prize_list(folder, after)
    except (InvalidInput, Refused) as error:
        fail(error, "no prize list")
    print_diagnostics(found.warnings)
    t, played, rows = found.tournament, found.after, [dict(r) for r in found.rows]
    assert t.settings.prizes is not None
    prizes = t.settings.prizes
    if output == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    if output == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for row in rows:
            row = row | {"amount": money(row["cents"])}
            writer.writerow([_cell(str(row[c])) for c in CSV_COLUMNS])
        click.echo(buffer.getvalue(), nl=False)
        return
    final = played >= t.planned_rounds
    state = "final" if final else f"provisional: round {played} of {t.planned_rounds}"
    click.echo(f"{t.settings.name}: prizes after round {played} ({state}), {prizes.sharing.value}")
    group = ""
    for row in rows:
        if row["prize"] != group:
            group = row["prize"]
            click.echo(f"{group}:")
        shared = f" (shared by {row['shared_by']})" if row["shared_by"] > 1 else ""
        click.echo(
            f"  {row['place']:>5}  {row['name']} ({row['id']}), {row['points']}: "
            f"{money(row['cents'])} {row['currency']}{shared}"
        )
    total = sum(row["cents"] for row in rows)
    click.echo(f"total: {money(total)} {prizes.currency}")


def _cell(value: str) -> str:
    """A spreadsheet does not run a cell as a formula (OWASP CSV injection, docs/security.md)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def money(cents: int) -> str:
    """12345 -> "123.45"."""
    return f"{cents // 100}.{cents % 100:02d}"

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
from typing import Any

import click

from tourney.cli.common import fail, print_diagnostics
from tourney.engine.evaluation import evaluate
from tourney.engine.finalize import number_text
from tourney.engine.prizes import Share, money, prize_shares
from tourney.errors import InvalidInput
from tourney.model import Tournament

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


def prize_rows(
    t: Tournament, shares: tuple[Share, ...], points: dict[str, str]
) -> list[dict[str, Any]]:
    """One object per prize won: who, which group and places, the amount in cents and units."""
    assert t.settings.prizes is not None
    currency = t.settings.prizes.currency
    rows = []
    for share in shares:
        player = t.player(share.player)
        rows.append(
            {
                "id": share.player,
                "name": player.name,
                "prize": share.group,
                "place": share.places,
                "shared_by": share.shared,
                "points": points[share.player],
                "amount": share.cents / 100,
                "cents": share.cents,
                "currency": currency,
                "fide_id": player.fide_id,
                "federation": player.federation,
            }
        )
    return rows


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
    from tourney.check.validate import validate

    try:
        validated = validate(folder)
        t = validated.require_tournament()
    except InvalidInput as error:
        fail(error, "no prize list")
    print_diagnostics(validated.warnings)
    prizes = t.settings.prizes
    if prizes is None:
        click.echo(f"{folder}/tournament.yaml has no 'prizes:' (docs/prizes.md)", err=True)
        raise SystemExit(1)
    evaluation = evaluate(t)
    last = evaluation.last_decided
    if after is not None and after > last:
        raise click.UsageError(f"--after {after}: the last round with a result is {last}")
    played = after or last
    if not played:
        click.echo("no round has a result yet: no prize list", err=True)
        raise SystemExit(1)
    result = evaluation.standings(played)
    points = {row.participant: number_text(row.points) for row in result.rows}
    rows = prize_rows(t, prize_shares(t, result), points)
    if output == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    if output == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for row in rows:
            row = row | {"amount": money(row["cents"])}
            writer.writerow([row[c] for c in CSV_COLUMNS])
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

"""``tourney ratings CLUBDIR``: the club's own ratings (FIDE B.02 formula, docs/results.md).

Prints, for every rated tournament in the order it was finalized, the rating
changes table (Ro, K, rated games, score, expected score, change, new rating),
then every member's rating history per time control. ``--format json`` gives
the same as data for the site. These are the club's ratings, not FIDE's.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from tourney.app.ratings import (
    NOT_FIDE,
    ClubRatings,
    TournamentRating,
    change_rows,
    club_ratings,
    member_history,
    ratings_data,
)
from tourney.cli.common import fail
from tourney.errors import InvalidInput, Refused
from tourney.model import RatingPeriod


def print_changes(result: TournamentRating, names: dict[str, str], title: str = "") -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title or f"{result.event}: rating changes ({result.period.value})")
    for heading in ("Name", "Ro", "K", "Games", "Score", "Expected", "Δ", "New"):
        table.add_column(heading, justify="left" if heading == "Name" else "right")
    for row in change_rows(result, names):
        delta = f"{row['change']:+d}" if row["change"] else "0"
        table.add_row(
            row["name"],
            str(row["ro"]),
            str(row["k"]),
            str(row["games"]),
            row["score"],
            row["expected"],
            delta,
            str(row["new"]),
        )
    Console().print(table)


def _print_history(state: ClubRatings, period: RatingPeriod | None, only: str | None) -> None:
    from rich.console import Console
    from rich.table import Table

    events = [t.event for t in state.history.tournaments]
    for p in [period] if period else list(RatingPeriod):
        used = [t.event for t in state.history.tournaments if t.period is p]
        table = Table(title=f"Rating history ({p.value})")
        table.add_column("Name")
        table.add_column("Initial", justify="right")
        for event in used:
            table.add_column(event, justify="right")
        table.add_column("Now", justify="right")
        shown = False
        for member in state.club.members:
            if only and member.id != only:
                continue
            rows = member_history(state.history, member, p)
            if not rows:
                continue
            after = {row.event: row for row in rows[1:]}
            cells = []
            for event in used:
                row = after.get(event)
                cells.append(f"{row.rating} ({row.change.change:+d})" if row and row.change else "")
            table.add_row(member.name, str(rows[0].rating), *cells, str(rows[-1].rating))
            shown = True
        if shown and (used or period):
            Console().print(table)
    if not events:
        click.echo("no rated tournament yet: every rating is the initial one")


@click.command("ratings")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--period", type=click.Choice([p.value for p in RatingPeriod]), help="One time control only."
)
@click.option("--member", "only", metavar="ID", help="One member's history only.")
@click.option(
    "--format", "output", type=click.Choice(["table", "json"]), default="table", show_default=True
)
def command(folder: Path, period: str | None, only: str | None, output: str) -> None:
    """The club ratings of FOLDER: rating changes per tournament and every member's history."""
    try:
        state = club_ratings(folder)
    except (InvalidInput, Refused) as error:
        fail(error, "no ratings")
    for warning in state.warnings:
        click.echo(f"warning: {warning}", err=True)
    if only and only not in {m.id for m in state.club.members}:
        fail(Refused(f"no member '{only}' in {folder}/members.yaml"), "no ratings")
    chosen = RatingPeriod(period) if period else None
    if output == "json":
        click.echo(json.dumps(ratings_data(state), ensure_ascii=False, indent=1))
        return
    names = {m.id: m.name for m in state.club.members}
    for result in state.history.tournaments:
        if chosen and result.period is not chosen:
            continue
        if only and result.of(only) is None:
            continue
        print_changes(result, names)
    _print_history(state, chosen, only)
    click.echo(NOT_FIDE)

"""``tourney finalize DIR``: final standings stored, the tournament never reopened (docs/results.md).

It lists what it will do and asks to confirm (``--yes`` for scripts).
``--end-after N`` ends a Swiss early first. In a club folder the tournament
is rated (club ratings, FIDE B.02 formula) unless ``--unrated``.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from tourney.app.finalize import (
    Finalized,
    FinalizePlan,
    apply,
    finalize_locks,
    plan,
    rating_changes,
)
from tourney.app.folder import open_tournament
from tourney.cli.common import fail, print_diagnostics, shown
from tourney.cli.exits import leave
from tourney.errors import ExitStatus, InvalidInput, Refused, TourneyError


def _show_ratings(club: Path, name: str) -> None:
    from tourney.cli.ratings import print_changes

    changes, names = rating_changes(club, name)
    for result in changes:
        print_changes(result, names)


def _finalize(
    folder: Path,
    today: dt.date,
    end_date: dt.datetime | None,
    end_after: int | None,
    unrated: bool,
    yes: bool,
) -> tuple[Finalized, FinalizePlan]:
    try:
        print_diagnostics(open_tournament(folder)[1])  # the checks of every command
        planned = plan(folder, today, end_date.date() if end_date else None, end_after, unrated)
    except (InvalidInput, Refused) as error:
        fail(error)
    click.echo(f"Finalizing {planned.tournament.settings.name} ({shown(folder)}) will:")
    for line in planned.describe():
        click.echo(f"  {line}")
    if not yes and not _confirmed():
        click.echo("cancelled: nothing was changed", err=True)
        leave(ExitStatus.REFUSED)
    try:  # every file of the club and the tournament, or none
        return apply(folder, planned, today), planned
    except (InvalidInput, Refused) as error:
        fail(error, "the tournament is not finalized; nothing was changed")


def _confirmed() -> bool:
    try:
        return click.confirm("Finalize?", default=False)
    except click.Abort:  # no answer (end of input)
        click.echo("", err=True)
        return False


@click.command("finalize")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--end-date",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="The end date to write (default: keep tournament.yaml's, else today).",
)
@click.option(
    "--end-after",
    type=click.IntRange(min=1),
    metavar="N",
    help="End a Swiss early: after round N.",
)
@click.option("--unrated", is_flag=True, help="An ad-hoc club tournament: ratings unchanged.")
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
def command(
    folder: Path,
    end_date: dt.datetime | None,
    end_after: int | None,
    unrated: bool,
    yes: bool,
) -> None:
    """Finalize the tournament in FOLDER: every round must be published and complete."""
    today = dt.date.today()
    # The tournament's lock, then its club's (ratings-log.yaml): a second finalize, or any
    # command changing the folder meanwhile, stops at once (exit 3) instead of interleaving.
    try:
        with finalize_locks(folder):
            done, planned = _finalize(folder, today, end_date, end_after, unrated, yes)
    except TourneyError as error:
        fail(error)
    for path in dict.fromkeys(done.written):
        verb = "deleted" if not path.exists() else "wrote"
        click.echo(f"{verb} {shown(path)}")
    if planned.rated and planned.club is not None:
        _show_ratings(planned.club, folder.resolve().name)
    click.echo(f"{planned.tournament.settings.name} is finalized.")

"""``tourney round start|status DIR``: mark a round as started; every round's status.

A round is done when every board has a result, running when it was started
(``started: true`` in its file, written by ``round start``) or any result exists,
otherwise pending (docs/round-robin.md "Playing ahead and round status").
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.round import start as start_round
from tourney.app.round import statuses
from tourney.cli.common import fail, print_diagnostics
from tourney.errors import InvalidInput, Refused

_FOLDER = click.argument("folder", type=click.Path(file_okay=False, path_type=Path))


@click.group("round")
def group() -> None:
    """Mark a round as started; list every round's status."""


@group.command("start")
@_FOLDER
@click.argument("number", type=click.IntRange(min=1))
@click.option("--undo", is_flag=True, help="Remove the mark (the round was not started).")
def start(folder: Path, number: int, undo: bool) -> None:
    """Mark round NUMBER of FOLDER as started (running) before its first result."""
    try:
        change = start_round(folder, number, undo, print_diagnostics)
    except (InvalidInput, Refused) as error:
        fail(error)
    if not change.written:
        what = "is not marked as started" if undo else "is already marked as started"
        click.echo(f"round {number} {what} ({change.path}): nothing written")
        return
    mark = "started: true removed" if undo else "started: true"
    click.echo(f"{change.path}: {mark}; round {number} is {change.after.value}")


@group.command("status")
@_FOLDER
def round_status(folder: Path) -> None:
    """Every round of FOLDER: date, boards, status (pending, running, done, not paired)."""
    try:
        lines, warnings = statuses(folder)
    except InvalidInput as error:
        fail(error, "no status")
    print_diagnostics(warnings)
    for line in lines:
        click.echo(
            f"round {line.number:>2}  {line.when:<16}  {line.state:<10}  {line.boards}".rstrip()
        )


commands = (group,)

"""``tourney round start|status DIR``: mark a round as started; every round's status.

A round is done when every board has a result, running when it was started
(``started: true`` in its file, written by ``round start``) or any result exists,
otherwise pending (docs/round-robin.md "Playing ahead and round status").
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.folder import open_tournament
from tourney.cli.common import fail, print_diagnostics
from tourney.edit.round_state import mark_started
from tourney.engine.withdrawals import status
from tourney.errors import InvalidInput, Refused
from tourney.fs.lock import folder_lock
from tourney.render.schedule import round_start_text

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
    with folder_lock(folder, "tourney round start", on_busy=fail):
        try:
            t, warnings = open_tournament(folder)
            print_diagnostics(warnings)
            change = mark_started(t, folder, number, undo)
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
        t, warnings = open_tournament(folder)
    except InvalidInput as error:
        fail(error, "no status")
    print_diagnostics(warnings)
    last = max((r.number for r in t.rounds), default=0)
    for number in range(1, max(t.planned_rounds, last) + 1):
        rnd = t.round(number)
        found = status(t, number)
        state = found.value if found is not None else "not paired"
        boards = ""
        if rnd is not None:
            count = len(rnd.matches) if t.is_team else len(rnd.games)
            boards = f"{count} {'matches' if t.is_team else 'boards'}"
        when = round_start_text(t, number)
        click.echo(f"round {number:>2}  {when:<16}  {state:<10}  {boards}".rstrip())


commands = (group,)

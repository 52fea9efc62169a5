"""``tourney recover DIR``: undo the changes of a command that was killed mid-way."""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.recover import recover
from tourney.cli.common import fail
from tourney.errors import TourneyError


@click.command("recover")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
def command(folder: Path) -> None:
    """Put back the files a killed command had changed in FOLDER (its .tourney-journal)."""
    try:
        restored = recover(folder)
    except TourneyError as error:
        fail(error)
    if restored is None:
        click.echo(f"{folder}: no interrupted command; nothing to recover")
        return
    for path in restored:
        click.echo(f"put back {path}")
    click.echo(f"{folder}: {len(restored)} files as they were before the interrupted command")

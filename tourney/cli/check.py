"""``tourney check [DIR]``: validate a tournament or club folder."""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.folder import validate
from tourney.cli.common import fail, print_diagnostics
from tourney.cli.quick import check_summary
from tourney.errors import InvalidInput
from tourney.model import Club


@click.command("check")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
def command(folder: Path) -> None:
    """Validate every file of FOLDER (a tournament or a club); print each problem with file:line."""
    validated = validate(folder, publishing=True)
    try:
        loaded = validated.folder()
    except InvalidInput as error:
        fail(error, "the folder is not valid")
    for note in validated.notes:  # docs/pairing.md: sign-ups wait for approval
        click.echo(note)
    print_diagnostics(validated.warnings)
    if isinstance(loaded, Club):
        club = loaded
        count = len(club.tournaments)
        click.echo(
            f"{folder}: club '{club.name}' with {count} tournament"
            f"{'s' if count != 1 else ''}, {len(club.members)} members: OK"
        )
        return
    click.echo(check_summary(folder, loaded))  # also the quick form's (tourney.cli.quick)

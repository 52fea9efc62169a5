"""``tourney check [DIR]``: validate a tournament or club folder."""

from __future__ import annotations

from pathlib import Path

import click

from tourney.check.clubs import club_diagnostics
from tourney.check.forbidden import no_club_warnings
from tourney.cli.common import fail, print_diagnostics
from tourney.edit.finalize import stale_final
from tourney.edit.teams import lineup_diagnostics
from tourney.errors import InvalidInput
from tourney.load.folder import read_path
from tourney.model import Club


@click.command("check")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
def command(folder: Path) -> None:
    """Validate every file of FOLDER (a tournament or a club); print each problem with file:line."""
    try:
        loaded, warnings = read_path(folder)
    except InvalidInput as error:
        fail(error, "the folder is not valid")
    if not isinstance(loaded, Club) and loaded.is_team:
        lineup = [*lineup_diagnostics(folder, loaded), *club_diagnostics(loaded, folder)]
        if any(d.severity == "error" for d in lineup):
            fail(InvalidInput([*warnings, *lineup]), "the folder is not valid")
        warnings = [*warnings, *lineup]
    if not isinstance(loaded, Club) and not loaded.is_team:
        warnings = [*warnings, *no_club_warnings(loaded, folder)]
    events = (
        [(folder, loaded)]
        if not isinstance(loaded, Club)
        else [(folder / name, t) for name, t in loaded.tournaments]
    )
    for path, t in events:  # docs/results.md: a finalized tournament changes only by --correct
        warnings = [*warnings, *stale_final(path, t)]
    for t in [loaded] if not isinstance(loaded, Club) else [t for _, t in loaded.tournaments]:
        waiting = [p for p in t.players if not p.approved]
        if waiting:  # docs/pairing.md: sign-ups wait for approval and are not paired
            names = ", ".join(f"{p.name} ({p.id})" for p in waiting)
            click.echo(f"{t.settings.name}: {len(waiting)} sign-up(s) awaiting approval: {names}")
    print_diagnostics(warnings)
    if isinstance(loaded, Club):
        count = len(loaded.tournaments)
        click.echo(
            f"{folder}: club '{loaded.name}' with {count} tournament"
            f"{'s' if count != 1 else ''}, {len(loaded.members)} members: OK"
        )
        return
    s = loaded.settings
    what = f"{len(loaded.teams)} teams, " if loaded.is_team else ""
    click.echo(
        f"{folder}: '{s.name}', {s.format.value}, {what}{len(loaded.players)} players, "
        f"{len(loaded.rounds)} of {loaded.planned_rounds} rounds: OK"
    )

"""``tourney recover DIR``: undo the changes of a command that was killed mid-way."""

from __future__ import annotations

from pathlib import Path

import click

from tourney.cli.common import fail
from tourney.errors import Refused, TourneyError
from tourney.fs import journal
from tourney.fs.lock import club_folder, folder_lock


@click.command("recover")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
def command(folder: Path) -> None:
    """Put back the files a killed command had changed in FOLDER (its .tourney-journal)."""
    try:
        with folder_lock(folder, "tourney recover", on_busy=fail, interrupted_ok=True):
            if not journal.exists(folder):
                club = club_folder(folder)
                if club is not None and journal.exists(club):
                    raise Refused(
                        f"the interrupted command's journal is in the club folder {club}; "
                        f"run `tourney recover {club}`"
                    )
                click.echo(f"{folder}: no interrupted command; nothing to recover")
                return
            try:
                restored = journal.recover(folder)
            except journal.Malformed as error:
                raise Refused(
                    f"{folder / journal.JOURNAL} is not a journal tourney wrote: {error}; "
                    "nothing was restored. Look at it, remove it by hand if it is not yours "
                    "(it may have come with a pull request), and restore the folder from git "
                    'if needed (docs/security.md "Multi-file edits")'
                ) from None
            except OSError as error:
                raise Refused(
                    f"the journal cannot be read back ({error}); restore from git"
                ) from error
    except TourneyError as error:
        fail(error)
    for path in restored:
        click.echo(f"put back {path}")
    click.echo(f"{folder}: {len(restored)} files as they were before the interrupted command")

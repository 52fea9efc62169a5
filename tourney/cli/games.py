"""``tourney games DIR FILE.pgn [--force]``: split a broadcast's PGN into games/NN.pgn.

The games of each round go to DIR/games/NN.pgn as the file writes them
(``tourney.edit.games``); an existing round's file is replaced only with
``--force``. ``tourney check`` then reports a game whose players, colours or
result differ from the round file (docs/games.md).
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.cli.common import fail
from tourney.edit.games import split
from tourney.errors import InvalidInput, Refused
from tourney.fs.lock import folder_lock
from tourney.load.folder import display, load_tournament


@click.command("games")
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@click.argument("pgn", metavar="FILE.pgn", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace a round's games file that exists.")
def command(folder: Path, pgn: Path, force: bool) -> None:
    """Split FILE.pgn (a broadcast's download) into DIR/games/NN.pgn, one file per round."""
    try:
        text = pgn.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise click.FileError(str(pgn), str(error)) from None
    with folder_lock(folder, "tourney games", on_busy=fail):
        try:
            t = load_tournament(folder)
            done = split(folder, t, text, display(pgn), force)
        except (InvalidInput, Refused) as error:
            fail(error)
    for number, path, count in done.files:
        games = "game" if count == 1 else "games"
        click.echo(f"Round {number}: {count} {games} in {display(path)}")

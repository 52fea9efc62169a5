"""``tourney games DIR FILE.pgn [--force]``: split a broadcast's PGN into games/NN.pgn.

The games of each round go to DIR/games/NN.pgn as the file writes them
(``tourney.edit.games``); an existing round's file is replaced only with
``--force``. ``tourney check`` then reports a game whose players, colours or
result differ from the round file (docs/games.md).
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.games import display, split_games
from tourney.cli.exits import fail
from tourney.errors import TourneyError


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
    try:
        done = split_games(folder, text, pgn, force)
    except TourneyError as error:  # bad input, a file there already, the folder busy
        fail(error)
    for number, path, count in done.files:
        games = "game" if count == 1 else "games"
        click.echo(f"Round {number}: {count} {games} in {display(path)}")

"""Split a broadcast's PGN into the folder's games/NN.pgn: ``tourney games``'s use case
(docs/games.md). The folder lock held, the tournament loaded, ``tourney.edit.games``
writes the files; ``InvalidInput``, ``Refused`` or ``Locked`` (nothing written) otherwise."""

from __future__ import annotations

from pathlib import Path

from tourney.edit.games import Split, split
from tourney.fs.lock import folder_lock
from tourney.load.folder import display, load_tournament


def split_games(folder: Path, text: str, pgn: Path, force: bool = False) -> Split:
    """Write games/NN.pgn of ``folder`` for every round of ``text`` (the file ``pgn``)."""
    with folder_lock(folder, "tourney games"):
        return split(folder, load_tournament(folder), text, display(pgn), force)


__all__ = ["Split", "display", "split_games"]

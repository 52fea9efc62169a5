"""The open transactions, as the atomic writer sees them: before it writes a file it asks
``active_for(path)`` whether one wants to remember the file's old bytes.

It lives apart from ``tourney.fs.transaction`` (which puts files back with the atomic
writer) so that the writer and the transaction do not import each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol


class Undoable(Protocol):
    """An open transaction (``tourney.fs.transaction.Transaction``)."""

    def covers(self, path: Path) -> bool: ...

    def before_write(self, path: Path, durable: bool = True) -> None: ...


OPEN: list[Undoable] = []  # innermost last


def active_for(path: Path) -> Undoable | None:
    """The open transaction whose folder holds ``path``, if any."""
    for open_one in reversed(OPEN):
        if open_one.covers(path):
            return open_one
    return None

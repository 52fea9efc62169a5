"""All or nothing: the files a command changes in a folder, put back if it fails.

A command that changes several files (``result --correct`` writes the round
file, corrections.yaml and final.yaml; ``pair`` the round files, their
``.why.txt`` and locked.yaml) opens a transaction on the folder. Every write
into the folder through ``tourney.fs.atomic`` first records what the file held
(or that it did not exist, and which folders the write created). When the body
ends with an exception (an ``InvalidInput``, a full disk, a bug, a failed
``sys.exit``), every recorded file is put back, newest first, with the same
atomic writer; then the exception goes on. A body that ends normally (or exits
with status 0) keeps its writes.

Each single write is atomic (a reader sees the old file or the new one); the
transaction makes the set of writes atomic for every failure the process
survives. For a process killed mid-way (kill -9, power loss) each old file is
also stored on disk first (``tourney.fs.journal``), and ``tourney recover`` puts
them back.

The folder lock opens one for every command that holds it, so a command gets
it with the one line it already has: ``with folder_lock(folder, ...)``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Iterator
from dataclasses import field
from pathlib import Path

from tourney.fs import journal
from tourney.fs.atomic import write_bytes
from tourney.fs.undo import OPEN
from tourney.records import dataclass

_MISSING = None
_ENTRY = itertools.count()  # journal entries of this process, numbered in order


@dataclass
class Transaction:
    """The files of ``folder`` changed so far, as they were before, in order of first change."""

    folder: Path
    saved: dict[Path, bytes | None] = field(default_factory=dict)
    created_dirs: list[Path] = field(default_factory=list)
    journaled: bool = False  # an old file is stored in FOLDER/.tourney-journal

    def covers(self, path: Path) -> bool:
        return os.path.abspath(path).startswith(os.path.abspath(self.folder) + os.sep)

    def before_write(self, path: Path, durable: bool = True) -> None:
        """Remember ``path`` as it is, the first time the transaction writes it; a
        ``durable`` file (every data file; not the pages of a built site) on disk too."""
        key = Path(os.path.abspath(path))
        if key in self.saved:
            return
        missing = key.parent
        while not missing.exists() and self.covers(missing):
            self.created_dirs.append(missing)
            missing = missing.parent
        try:
            self.saved[key] = key.read_bytes() if key.is_file() and not key.is_symlink() else None
        except OSError:
            self.saved[key] = _MISSING
        if durable and journal.journaled(self.folder, key):  # only data files (journal.data_path)
            journal.record(self.folder, next(_ENTRY), key, self.saved[key])
            self.journaled = True

    def roll_back(self) -> list[Path]:
        """Put every recorded file back; the paths that could not be restored."""
        failed = []
        for path, data in reversed(list(self.saved.items())):
            try:
                if data is None:
                    with contextlib.suppress(FileNotFoundError):
                        path.unlink()
                else:
                    write_bytes(path, data)
            except OSError:
                failed.append(path)
        for directory in sorted(set(self.created_dirs), key=lambda p: -len(p.parts)):
            with contextlib.suppress(OSError):
                directory.rmdir()
        return failed


def active_for(path: Path) -> Transaction | None:
    """The open transaction whose folder holds ``path``, if any (``tourney.fs.undo``)."""
    for open_one in reversed(OPEN):
        if open_one.covers(path) and isinstance(open_one, Transaction):
            return open_one
    return None


def _succeeded(error: BaseException) -> bool:
    """``sys.exit(0)`` and click's ``Exit(0)`` end a command that did its work."""
    if isinstance(error, SystemExit):
        return error.code in (0, None)
    return getattr(error, "exit_code", None) == 0 and type(error).__name__ == "Exit"


@contextlib.contextmanager
def transaction(folder: Path) -> Iterator[Transaction]:
    """Writes into ``folder`` in the body are kept together, or all undone on an exception."""
    current = Transaction(folder)
    OPEN.append(current)
    try:
        yield current
    except BaseException as error:
        OPEN.remove(current)
        if not _succeeded(error):
            current.roll_back()
        _end(current)
        raise
    else:
        OPEN.remove(current)
        _end(current)


def _end(current: Transaction) -> None:
    """Hand the record to the enclosing transaction, or, as the outermost, drop the journal."""
    outer = active_for(current.folder / "x")
    if outer is not None:  # the enclosing transaction must still be able to undo these
        for path, data in current.saved.items():
            outer.saved.setdefault(path, data)
        outer.created_dirs += current.created_dirs
        outer.journaled = outer.journaled or current.journaled
    elif current.journaled:
        journal.clear(current.folder)


__all__ = ["Transaction", "active_for", "transaction"]

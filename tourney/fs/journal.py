"""The on-disk copy of what a multi-file edit changed, so a killed command can be undone.

``tourney.fs.transaction`` puts every file back when a command fails and lives on.
A command killed mid-way (``kill -9``, a power loss) cannot; before each first
change of a file it therefore stores the file's old bytes (or that it did not
exist) in ``FOLDER/.tourney-journal/``, synced to disk, and removes the journal
when the command ends, done or undone. A journal found later means a command
was interrupted: the folder lock refuses every command until ``tourney recover``
puts those files back (docs/security.md "Multi-file edits"). Recovery is never
automatic, because a journal could come with a pull request: the user asks for
it, and sees which files it restores.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path

from tourney.fs.atomic import write_bytes

JOURNAL = ".tourney-journal"


def journal_dir(folder: Path) -> Path:
    return folder / JOURNAL


def exists(folder: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(journal_dir(folder)).st_mode)
    except FileNotFoundError:
        return False


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def record(folder: Path, index: int, path: Path, data: bytes | None) -> None:
    """Store entry ``index``: ``path`` (inside ``folder``) held ``data`` (None: no file)."""
    directory = journal_dir(folder)
    directory.mkdir(parents=True, exist_ok=True)
    if not stat.S_ISDIR(os.lstat(directory).st_mode):  # a link is refused
        raise OSError(f"{directory} is not a folder")
    relative = os.path.relpath(path, folder)
    head = json.dumps({"path": relative, "existed": data is not None}) + "\n"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(directory / f"{index:05d}", flags, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(head.encode("utf-8") + (data or b""))
        handle.flush()
        os.fsync(handle.fileno())
    _fsync_dir(directory)


def clear(folder: Path) -> None:
    """Remove the journal: the command ended, its files are as they should be."""
    directory = journal_dir(folder)
    if not exists(folder):
        return
    for entry in directory.iterdir():
        with contextlib.suppress(FileNotFoundError):
            entry.unlink()
    with contextlib.suppress(OSError):
        directory.rmdir()


def entries(folder: Path) -> list[tuple[Path, bytes | None]]:
    """The journal's entries in the order they were made: (file, old bytes or None).

    Refuses (``ValueError``) an entry that is not a regular file of the journal or
    that names a file outside the folder."""
    from tourney.fs.regular import read_regular

    found = []
    root = os.path.realpath(folder)
    for entry in sorted(journal_dir(folder).iterdir()):
        raw = read_regular(entry, folder)
        head, _, data = raw.partition(b"\n")
        info = json.loads(head.decode("utf-8"))
        target = Path(os.path.normpath(os.path.join(folder, str(info["path"]))))
        inside = os.path.realpath(target.parent)
        if ".." in Path(str(info["path"])).parts or (
            not (inside + os.sep).startswith(root + os.sep) and inside != root
        ):
            raise ValueError(f"{entry} names a file outside the folder")
        found.append((target, data if info["existed"] else None))
    return found


def recover(folder: Path) -> list[Path]:
    """Put back every file the journal names, as it was before the interrupted command."""
    restored = []
    for target, data in reversed(entries(folder)):
        if data is None:
            target.unlink(missing_ok=True)
        else:
            write_bytes(target, data, undoable=False)
        restored.append(target)
    clear(folder)
    return sorted(set(restored))

"""The on-disk copy of what a multi-file edit changed, so a killed command can be undone.

``tourney.fs.transaction`` puts every file back when a command fails and lives on.
A command killed mid-way (``kill -9``, a power loss) cannot; before each first
change of a data file it therefore stores the file's old bytes (or that it did not
exist) in ``FOLDER/.tourney-journal/``, synced to disk, and removes the journal
when the command ends, done or undone. A journal found later means a command
was interrupted: the folder lock refuses every command until ``tourney recover``
puts those files back (docs/security.md "Multi-file edits"). Recovery is never
automatic, because a journal could come with a pull request: the user asks for
it, and sees which files it restores.

A journal is ours alone: it may only name the data files tourney itself writes
(``data_path``) in the folder that owns it (a tournament, or a club and its
tournaments), never anything under ``.git/`` or outside; an entry that is not
exactly what ``record`` writes makes the whole journal refused (``Malformed``),
before anything is restored.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from pathlib import Path

from tourney.fs.atomic import write_bytes

JOURNAL = ".tourney-journal"

# The files tourney writes under a folder lock (data files, docs/folder-format.md);
# nothing else may be named by a journal entry.
DATA_FILES = frozenset(
    {
        "tournament.yaml",
        "players.yaml",
        "teams.yaml",
        "final.yaml",
        "corrections.yaml",
        "locked.yaml",
        "club.yaml",
        "members.yaml",
        "ratings-log.yaml",
    }
)
_ROUND_FILE = re.compile(r"[0-9]{2,3}\.(yaml|why\.txt)\Z")
_ENTRY_NAME = re.compile(r"[0-9]{5,}\Z")
_FOLDER_NAME = re.compile(r"[^./\\][^/\\]*\Z")  # a tournament folder of a club: no hidden one


class Malformed(ValueError):
    """The journal is not a folder of entries tourney wrote: it is refused as a whole."""


def journal_dir(folder: Path) -> Path:
    return folder / JOURNAL


def exists(folder: Path) -> bool:
    """Whether anything is at ``FOLDER/.tourney-journal`` (a folder, or a file or link in its way)."""
    try:
        os.lstat(journal_dir(folder))
    except FileNotFoundError:
        return False
    except OSError:
        return True
    return True


def data_path(relative: str) -> bool:
    """Whether ``relative`` (to the folder owning the journal) is a data file tourney writes:
    ``NAME``, ``rounds/NN.yaml``, ``rounds/NN.why.txt``, or one of those in a tournament
    folder of a club (``FOLDER/...``)."""
    parts = relative.split("/")

    def own(rest: list[str]) -> bool:
        if len(rest) == 1:
            return rest[0] in DATA_FILES
        return len(rest) == 2 and rest[0] == "rounds" and bool(_ROUND_FILE.match(rest[1]))

    return own(parts) or (len(parts) > 1 and bool(_FOLDER_NAME.match(parts[0])) and own(parts[1:]))


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def journaled(folder: Path, path: Path) -> bool:
    """Whether a write of ``path`` goes into ``folder``'s journal (a data file of it)."""
    relative = os.path.relpath(os.path.abspath(path), os.path.abspath(folder))
    return data_path(relative.replace(os.sep, "/"))


def record(folder: Path, index: int, path: Path, data: bytes | None) -> None:
    """Store entry ``index``: ``path`` (inside ``folder``) held ``data`` (None: no file)."""
    directory = journal_dir(folder)
    with contextlib.suppress(FileExistsError):  # a file or link in its place: refused below
        directory.mkdir(parents=True, exist_ok=True)
    if not stat.S_ISDIR(os.lstat(directory).st_mode):  # a link is refused
        raise OSError(f"{directory} is not a folder")
    relative = os.path.relpath(path, folder)
    import json  # here: a command that writes nothing (check) never loads it

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
    try:
        if not stat.S_ISDIR(os.lstat(directory).st_mode):
            return  # not ours: never removed
    except OSError:
        return
    for entry in directory.iterdir():
        with contextlib.suppress(FileNotFoundError):
            entry.unlink()
    with contextlib.suppress(OSError):
        directory.rmdir()


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISREG(mode):
        return "a file"
    return "a special file"


def _entry(folder: Path, entry: Path) -> tuple[Path, bytes | None]:
    from tourney.fs.regular import UnsafeFile, read_regular

    if not _ENTRY_NAME.match(entry.name):
        raise Malformed(f"{entry.name}: not a journal entry (tourney names them 00000, 00001, ...)")
    try:
        raw = read_regular(entry, folder)
    except UnsafeFile as error:
        raise Malformed(f"{entry.name}: {error.what}") from None
    head, newline, data = raw.partition(b"\n")
    import json  # a journal left behind is rare: loaded only to read one

    try:
        info = json.loads(head.decode("utf-8")) if newline else None
    except (UnicodeDecodeError, ValueError):
        info = None
    if (
        not isinstance(info, dict)
        or set(info) != {"path", "existed"}
        or not isinstance(info["path"], str)
        or not isinstance(info["existed"], bool)
        or (not info["existed"] and data)
    ):
        raise Malformed(
            f'{entry.name}: not a journal entry (a first line {{"path": ..., "existed": ...}} '
            "as tourney writes it)"
        )
    relative = info["path"]
    if os.path.isabs(relative) or ".." in relative.split("/") or not data_path(relative):
        raise Malformed(
            f"{entry.name} names {relative!r}, which is not a data file of {folder} "
            "(tourney only journals its own files of the folder, never one outside it)"
        )
    target = folder / relative
    root = os.path.realpath(folder)
    inside = os.path.realpath(target.parent)
    if not (inside + os.sep).startswith(root + os.sep) and inside != root:
        raise Malformed(f"{entry.name} names a file outside the folder, through a link")
    return target, data if info["existed"] else None


def entries(folder: Path) -> list[tuple[Path, bytes | None]]:
    """The journal's entries in the order they were made: (file, old bytes or None).

    Refuses (``Malformed``) a journal that is not a folder, an entry that is not a
    regular file written as ``record`` writes it, and one naming anything but a data
    file of the folder (``data_path``): the whole journal, before anything is restored."""
    directory = journal_dir(folder)
    mode = os.lstat(directory).st_mode
    if not stat.S_ISDIR(mode):
        raise Malformed(f"{JOURNAL} is {_kind(mode)}, not a folder of journal entries")
    found = [_entry(folder, entry) for entry in sorted(directory.iterdir())]
    seen = [target for target, _ in found]
    if len(set(seen)) != len(seen):
        raise Malformed("two entries name the same file (tourney saves a file once)")
    return found


def problem(folder: Path) -> str | None:
    """Why the journal of ``folder`` is not one tourney wrote, or None (also: no journal)."""
    if not exists(folder):
        return None
    try:
        entries(folder)
    except Malformed as error:
        return str(error)
    except OSError as error:
        return f"it cannot be read ({error.strerror or error})"
    return None


def recover(folder: Path) -> list[Path]:
    """Put back every file the journal names, as it was before the interrupted command."""
    restored = []
    for target, data in reversed(entries(folder)):
        if data is None:
            if target.is_symlink() or target.is_file():
                target.unlink()
        else:
            write_bytes(target, data, undoable=False)
        restored.append(target)
    clear(folder)
    return sorted(set(restored))

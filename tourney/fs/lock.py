"""One command at a time per folder: a lock file, ``.tourney.lock``, in the tournament folder.

Two ``tourney pair`` (or ``build``) commands started at the same moment on the
same folder must not interleave: the second one stops at once with a clear
message (exit 3) and writes nothing. The first one holds the lock while it
loads, computes and writes, and removes the file when it is done.

How it works: the lock file is opened and locked with ``fcntl.flock``. The
kernel releases such a lock when the process ends, however it ends (even
``kill -9``), so a lock left behind by a dead process is taken over without
asking anyone to delete it. The file also says who holds it (pid, host,
command, start time) so that the message can name them. After the lock is
taken the file is checked to be still the one at the path (a previous holder
may have removed it in between), else the attempt is repeated.

Where ``fcntl`` does not exist (Windows) the file is created with
``O_CREAT | O_EXCL`` instead; a lock whose pid no longer runs on this host is
stale and is taken over.

The command wires it in with one line::

    with folder_lock(folder, "tourney pair", on_busy=fail):
        ...  # load, pair, write

``on_busy`` is called with the ``Locked`` error (``tourney.cli.common.fail``
prints it and exits 3); without it ``Locked`` is raised.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tourney.errors import Refused
from tourney.fs.journal import JOURNAL
from tourney.fs.journal import exists as journal_exists
from tourney.fs.journal import problem as journal_problem
from tourney.fs.regular import UnsafeFile, open_regular, read_regular
from tourney.fs.transaction import transaction

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = ".tourney.lock"


class Locked(Refused):
    """Another command holds the folder's lock; nothing was done (exit 3)."""

    def __init__(self, path: Path, holder: dict[str, Any]) -> None:
        self.path = path
        self.holder = holder
        who = describe(holder)
        message = (
            f"another tourney command is working on {path.parent} ({who}); nothing was done. "
            "Try again when it has finished."
        )
        if not USE_FLOCK:  # an OS lock vanishes with its process; this file may not
            message += f" If no tourney command is running, delete {path}"
        super().__init__(message)


class UnsafeLock(Refused):
    """The lock file is a link or a special file: a pull request may have put it there."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(
            f"{path} is {what}; tourney never writes through one, so nothing was done. "
            "Remove it (docs/security.md)"
        )


def describe(holder: dict[str, Any]) -> str:
    """``'tourney pair', pid 4711 on host, since 2026-10-03T19:02:11'`` from the file's data."""
    if not holder:
        return "holder unknown"
    parts = []
    if holder.get("command"):
        parts.append(f"'{holder['command']}'")
    if holder.get("pid"):
        parts.append(
            f"pid {holder['pid']}" + (f" on {holder['host']}" if holder.get("host") else "")
        )
    if holder.get("since"):
        parts.append(f"since {holder['since']}")
    return ", ".join(parts) or "holder unknown"


def lock_path(folder: Path) -> Path:
    return folder / LOCK_NAME


def _holder_data(command: str) -> bytes:
    data = {
        "pid": os.getpid(),
        "host": _host(),
        "command": command,
        "since": dt.datetime.now().astimezone().replace(microsecond=0).isoformat(),
    }
    import json  # here: check, which takes no lock, never loads it

    return (json.dumps(data, sort_keys=True) + "\n").encode("utf-8")


def read_holder(path: Path) -> dict[str, Any]:
    """What the lock file says about its holder; ``{}`` when it is missing or unreadable."""
    import json

    try:
        data = json.loads(read_regular(path, limit=4096).decode("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def pid_alive(pid: int) -> bool:
    """Whether a process with this pid runs on this machine."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, but belongs to someone else
        return True
    except OSError:
        return False
    return True


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (on_disk.st_dev, on_disk.st_ino)


def _acquire_flock(path: Path, command: str) -> int:
    assert fcntl is not None
    for _ in range(50):
        fd = open_regular(path, write=True)  # never a link: it would truncate its target
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise Locked(path, read_holder(path)) from None
        except OSError:
            os.close(fd)
            raise
        if not _same_file(fd, path):  # the previous holder removed it meanwhile: retry
            os.close(fd)
            continue
        os.ftruncate(fd, 0)
        os.write(fd, _holder_data(command))
        return fd
    raise Locked(path, read_holder(path))  # pragma: no cover - a lock changing hands 50 times


def _acquire_exclusive(path: Path, command: str) -> int:
    """The fallback without ``flock``: create the file or find it held, or stale."""
    for _ in range(50):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            holder = read_holder(path)
            stale = holder.get("host") == _host() and not pid_alive(int(holder.get("pid") or 0))
            if not stale:
                raise Locked(path, holder) from None
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            continue
        os.write(fd, _holder_data(command))
        return fd
    raise Locked(path, read_holder(path))  # pragma: no cover


USE_FLOCK = fcntl is not None
_UNWRITABLE = {errno.ENOENT, errno.ENOTDIR, errno.EACCES, errno.EPERM, errno.EROFS, errno.EISDIR}


def _try_acquire(path: Path, command: str) -> int | None:
    """The locked file descriptor, or None where no lock can be written.

    A folder that does not exist (the command reports that itself) or that
    cannot be written (where the command cannot write either) is not locked.
    """
    try:
        return _acquire_flock(path, command) if USE_FLOCK else _acquire_exclusive(path, command)
    except UnsafeFile as error:
        raise UnsafeLock(path, error.what) from None
    except OSError as error:
        if error.errno in _UNWRITABLE:
            return None
        raise


class Interrupted(Refused):
    """A command that was changing the folder was killed; ``tourney recover`` undoes it."""

    def __init__(self, folder: Path, owner: Path | None = None) -> None:
        owner = folder if owner is None else owner
        where = "" if owner == folder else f" (in its club folder {owner})"
        wrong = journal_problem(owner)
        if wrong is not None:  # not ours: recover would refuse it too (E260)
            super().__init__(
                f"{owner / JOURNAL} is not a journal tourney wrote ({wrong}){where}, so no "
                "command changes the folder; look at it and remove it by hand if it is not "
                'yours (it may have come with a pull request; docs/security.md "Multi-file edits")'
            )
            return
        super().__init__(
            f"a command that was changing {owner} was interrupted before it finished "
            f"(its journal, {owner / JOURNAL}, is still there{where}); run `tourney recover "
            f"{owner}` to put back the files it changed, then run the command again"
        )


def club_folder(folder: Path) -> Path | None:
    """The club folder holding the tournament ``folder`` (its parent has club.yaml), if any.

    Its journal (a killed ``finalize`` of a club tournament) covers the tournament too."""
    parent = folder.absolute().parent
    return parent if (parent / "club.yaml").is_file() and folder.absolute() != parent else None


def interrupted(folder: Path) -> Path | None:
    """The folder (``folder`` or its club) whose journal says a command was interrupted."""
    if journal_exists(folder):
        return folder
    club = club_folder(folder)
    if club is not None and journal_exists(club):
        return club
    return None


@contextlib.contextmanager
def folder_lock(
    folder: Path,
    command: str = "tourney",
    on_busy: Callable[[Locked], object] | None = None,
    interrupted_ok: bool = False,
) -> Iterator[Path]:
    """Hold ``FOLDER/.tourney.lock`` for the body; ``Locked`` (or ``on_busy``) when it is held.

    The lock file is removed when the body ends, also on an exception; a crash
    leaves it behind, and the next command takes it over. A folder that does
    not exist or cannot be written is not locked (the body reports it).
    """
    path = lock_path(folder)
    try:
        fd = _try_acquire(path, command)
    except Locked as error:
        if on_busy is None:
            raise
        on_busy(error)
        raise  # on_busy is expected to exit; if it returns, the error stands
    if fd is None:
        with transaction(folder):
            yield path
        return
    try:
        owner = None if interrupted_ok else interrupted(folder)
        if owner is not None:  # docs/security.md "Multi-file edits"
            raise Interrupted(folder, owner if owner != folder else None)
        with transaction(folder):  # the command's writes: all, or none (tourney.fs.transaction)
            yield path
    finally:
        # Remove while still holding the lock, so no one locks a file about to vanish.
        with contextlib.suppress(FileNotFoundError):
            if _same_file(fd, path):
                path.unlink()
        os.close(fd)


__all__ = [
    "LOCK_NAME",
    "Interrupted",
    "Locked",
    "UnsafeLock",
    "club_folder",
    "folder_lock",
    "interrupted",
    "lock_path",
    "pid_alive",
    "read_holder",
]


def _host() -> str:
    """This machine's name; ``socket`` loads only when a lock is written or judged,
    not on every read-only command (bench/startup.py)."""
    import socket

    return socket.gethostname()

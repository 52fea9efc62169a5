"""Reading a file of a tournament folder that may come from a stranger's pull request.

A folder is untrusted input (docs/security.md): git stores symbolic links, so a
pull request can turn ``rounds/03.yaml`` into a link to ``~/.env`` or
``/dev/zero``, and a FIFO would make every command wait forever. So a data file
is opened without following a link (``O_NOFOLLOW``) and without blocking
(``O_NONBLOCK``), checked to be a regular file with ``fstat`` on the open
descriptor (no race with a swap after a check), and read up to a size cap. A
refusal names the file and what it is, never what a link points to or holds.

``special_entries`` lists the links and special files inside a folder's data
places so that ``tourney check`` and ``tourney diff`` can report them.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from tourney.errors import Diagnostic, ExitStatus, TourneyError

MAX_BYTES = 16 * 1024 * 1024  # far above any real data file; stops a runaway read

# Where the loader looks, relative to a tournament or club folder.
DATA_FOLDERS = ("rounds", "pages", "templates", "games")
LOCK_FILE = ".tourney.lock"  # tourney.fs.lock's, named here so that a folder there is reported


class UnsafeFile(OSError, TourneyError):
    """A data file that is a link, a special file or too large: refused unread (exit 1)."""

    status = ExitStatus.INVALID_INPUT

    def __init__(self, path: Path, what: str) -> None:
        self.path = path
        self.what = what
        super().__init__(errno.EPERM, what, str(path))

    def __str__(self) -> str:
        return f"{self.path}: {self.what}"


def kind(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def _check_parents(path: Path, base: Path | None) -> None:
    """No folder between ``base`` and ``path`` may be a link (O_NOFOLLOW checks the last part)."""
    if base is None:
        return
    try:
        inside = path.relative_to(base)
    except ValueError:
        return
    current = base
    for part in inside.parts[:-1]:
        current = current / part
        try:
            mode = os.lstat(current).st_mode
        except OSError:
            return  # the open below reports a missing folder
        if stat.S_ISLNK(mode):
            raise UnsafeFile(current, kind(mode))


def open_regular(path: Path, base: Path | None = None, *, write: bool = False) -> int:
    """An open descriptor of the regular file ``path``, never through a link; else ``UnsafeFile``.

    ``write`` opens it for reading and writing and creates it if missing (the lock file).
    """
    _check_parents(path, base)
    flags = os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    flags |= (os.O_RDWR | os.O_CREAT) if write else os.O_RDONLY
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise UnsafeFile(path, "a symbolic link") from None
        if error.errno == errno.ENXIO:  # a FIFO with no writer, or a socket
            raise UnsafeFile(path, "a special file") from None
        if error.errno == errno.EISDIR:
            raise UnsafeFile(path, "a folder") from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnsafeFile(path, kind(mode))
        # A regular file never blocks, but clear O_NONBLOCK for plain semantics.
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path, base: Path | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``; ``UnsafeFile`` for a link, a special or huge file.

    ``base`` is the tournament folder: no folder between it and ``path`` may be a link.
    """
    fd = open_regular(path, base)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise UnsafeFile(path, f"a file larger than {limit:,} bytes")
    return data


def read_text(path: Path, base: Path | None = None, limit: int = MAX_BYTES) -> str:
    """``read_regular`` decoded as UTF-8 (``UnicodeDecodeError`` when it is not)."""
    return read_regular(path, base, limit).decode("utf-8")


def _walk(directory: Path) -> Iterator[os.DirEntry[str]]:
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        yield entry
        if entry.is_dir(follow_symlinks=False):
            yield from _walk(Path(entry.path))


def special_entries(folder: Path) -> list[tuple[Path, str]]:
    """Every link or special file at the top of ``folder`` or inside its data folders.

    Each comes with what it is (``kind``); ``.git`` is not looked into.
    """
    found: list[tuple[Path, str]] = []
    try:
        top = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []
    for entry in top:
        if entry.name == ".git":
            continue
        mode = entry.stat(follow_symlinks=False).st_mode
        special = not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))
        if special or (entry.name == LOCK_FILE and stat.S_ISDIR(mode)):  # a folder: no lock
            found.append((Path(entry.path), kind(mode)))
        elif stat.S_ISDIR(mode) and entry.name in DATA_FOLDERS:
            for inner in _walk(Path(entry.path)):
                inner_mode = inner.stat(follow_symlinks=False).st_mode
                if not (stat.S_ISREG(inner_mode) or stat.S_ISDIR(inner_mode)):
                    found.append((Path(inner.path), kind(inner_mode)))
    return found


def special_diagnostics(folder: Path, display: Callable[[Path], str]) -> list[Diagnostic]:
    """``special_entries`` as errors for ``tourney check`` and every loader (docs/security.md)."""
    return [_diagnostic(display(path), what) for path, what in special_entries(folder)]


def refusal(error: UnsafeFile, display: Callable[[Path], str]) -> Diagnostic:
    """A refused read as a diagnostic that names the file, not what it holds or points to.

    It equals the one ``special_diagnostics`` gives for the same file, so a loader
    that has both reports it once.
    """
    return _diagnostic(display(error.path), error.what)


def _diagnostic(name: str, what: str) -> Diagnostic:
    return Diagnostic(
        name,
        0,
        0,
        f"refused unread: this is {what}; a tournament folder holds only regular files and folders",
        "replace it with a copy of the file, or remove it (docs/security.md)",
        code="E107",
    )

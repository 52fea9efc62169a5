"""The one way tourney writes a file: to a temporary file beside it, then rename.

A reader (or a crash) sees either the old file or the new one, never half of
one. ``os.replace`` is atomic on POSIX when both paths are in one folder.

A process killed between creating the temporary file and the rename (kill -9,
power loss) leaves the hidden ``.NAME.XXXXXXXX.tmp`` behind. Every loader
ignores hidden files, so it is harmless; the next write of the same target
removes such leftovers once they are older than ``STALE_SECONDS`` (a younger
one may belong to a writer that is still running). Nothing else is removed:
only regular files whose name is exactly the pattern ``mkstemp`` gave for that
target. docs/robustness.md describes this.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from collections.abc import Set
from pathlib import Path

from tourney.errors import Refused
from tourney.fs.regular import kind
from tourney.fs.undo import active_for

STALE_SECONDS = 3600.0  # a temp file this old belongs to no running writer
_RANDOM_PART = "[a-z0-9_]{8}"  # what tempfile.mkstemp puts between prefix and suffix


def write_text(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8 with LF line ends, atomically."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(
    path: Path, data: bytes, *, durable: bool = True, tidy: bool = True, undoable: bool = True
) -> None:
    """Write ``data`` atomically.

    ``durable`` (the default, for every data file) syncs the file to disk before
    the rename, so a power loss cannot leave an empty file behind; only the site
    writer, whose files a build makes again, passes False. ``tidy`` removes
    stale temp files of ``path`` first; the site writer does that once per folder.
    ``undoable=False`` keeps the write out of the open transaction (``tourney recover``
    writing the journal's files back).
    """
    refuse_unsafe_target(path)
    journal = active_for(path) if undoable else None
    if journal is not None:  # a multi-file edit: remember the old text to put it back
        journal.before_write(path, durable)
    path.parent.mkdir(parents=True, exist_ok=True)
    if tidy:
        remove_stale_temps(path)
    fd, tmp = _private_temp(path.parent, f".{path.name}.", ".tmp")
    try:
        # mkstemp makes the file private (0600); give it the mode the file had, or
        # the mode a plain new file gets (0666 less the umask), so a web server can read it
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# tempfile.mkstemp's names and flags, without importing tempfile (and with it shutil,
# random and the compression modules: a few milliseconds of every writing command's start)
_NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_TEMP_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _private_temp(folder: Path, prefix: str, suffix: str) -> tuple[int, str]:
    """A new file only this user can read (0600), ``prefix`` + 8 random characters of
    ``_RANDOM_PART`` + ``suffix`` in ``folder``, opened for writing: its descriptor and
    path, as ``tempfile.mkstemp`` gives them."""
    for _ in range(10000):  # tempfile's TMP_MAX
        name = "".join(_NAME_CHARACTERS[b % 37] for b in os.urandom(8))
        tmp = os.path.join(folder, prefix + name + suffix)
        try:
            return os.open(tmp, _TEMP_FLAGS, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")


def remove(path: Path) -> None:
    """Delete the file ``path`` (a missing one is fine); an open transaction can put it back."""
    refuse_unsafe_target(path)
    journal = active_for(path)
    if journal is not None:
        journal.before_write(path)
    path.unlink(missing_ok=True)


class UnsafeTarget(Refused):
    """The path to write is a link, a device, a FIFO or a folder: replacing it is refused.

    ``os.replace`` would replace a link or a device node itself (``-p /dev/full``
    would delete the device); writing through it could reach any file. Either is
    a surprise no one asked for (docs/security.md).
    """

    def __init__(self, path: Path, what: str) -> None:
        self.path = path
        super().__init__(
            f"{path} is {what}; tourney writes only regular files and never through a link, "
            "so nothing was written. Give another path (docs/security.md)"
        )


def refuse_unsafe_target(path: Path) -> None:
    """``UnsafeTarget`` unless ``path`` is missing or a regular file."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise UnsafeTarget(path, kind(mode))


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def stale_temps(path: Path, now: float | None = None) -> list[Path]:
    """Temp files a crashed write of ``path`` left, older than ``STALE_SECONDS``."""
    return stale_temps_in(path.parent, {path.name}, now)


_ANY_TEMP = re.compile(rf"\.(.+)\.{_RANDOM_PART}\.tmp")


def stale_temps_in(directory: Path, names: Set[str], now: float | None = None) -> list[Path]:
    """Temp files crashed writes of ``names`` (files in ``directory``) left, in one scan."""
    limit = (time.time() if now is None else now) - STALE_SECONDS
    found = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return []
    for entry in entries:
        match = _ANY_TEMP.fullmatch(entry.name)
        if match is None or match.group(1) not in names:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and info.st_mtime < limit:
            found.append(Path(entry.path))
    return sorted(found)


def remove_stale_temps(path: Path) -> None:
    """Remove what :func:`stale_temps` finds; a file that cannot be removed is left."""
    remove_stale_temps_in(path.parent, {path.name})


def remove_stale_temps_in(directory: Path, names: Set[str]) -> None:
    """Remove what :func:`stale_temps_in` finds; a file that cannot be removed is left."""
    for temp in stale_temps_in(directory, names):
        with contextlib.suppress(OSError):
            temp.unlink()

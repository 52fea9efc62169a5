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
import tempfile
import time
from pathlib import Path

STALE_SECONDS = 3600.0  # a temp file this old belongs to no running writer
_RANDOM_PART = "[a-z0-9_]{8}"  # what tempfile.mkstemp puts between prefix and suffix


def write_text(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8 with LF line ends, atomically."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private (0600); give it the mode the file had, or
        # the mode a plain new file gets (0666 less the umask), so a web server can read it
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def stale_temps(path: Path, now: float | None = None) -> list[Path]:
    """Temp files a crashed write of ``path`` left, older than ``STALE_SECONDS``."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.{_RANDOM_PART}\.tmp")
    limit = (time.time() if now is None else now) - STALE_SECONDS
    found = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return []
    for entry in entries:
        if not pattern.fullmatch(entry.name):
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
    for temp in stale_temps(path):
        with contextlib.suppress(OSError):
            temp.unlink()

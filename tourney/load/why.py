"""rounds/NN.why.txt as read: the fingerprint of the pairing it explains, and its lines.

``tourney.edit.why_file`` writes it; the file's format is described there.
"""

from __future__ import annotations

import re
from pathlib import Path

from tourney.fs import regular

SUFFIX = ".why.txt"
_FINGERPRINT = re.compile(r"^#\s*pairing:\s*([0-9a-f]+)\s*$")


def why_path(folder: Path, number: int) -> Path:
    return folder / "rounds" / f"{number:02d}{SUFFIX}"


def parse(text: str) -> tuple[str, tuple[str, ...]]:
    """The fingerprint and the lines; a file without a fingerprint explains nothing."""
    found = ""
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("#") and not lines:  # the header: comments before the first line
            match = _FINGERPRINT.match(line)
            if match and not found:
                found = match.group(1)
            continue
        if line.strip():
            lines.append(line.rstrip())
    return (found, tuple(lines)) if found else ("", ())


def read(folder: Path, number: int) -> tuple[str, tuple[str, ...]]:
    """What rounds/NN.why.txt holds; nothing when it is missing or unreadable as UTF-8."""
    path = why_path(folder, number)
    try:
        return parse(regular.read_text(path))
    except (OSError, UnicodeDecodeError):
        return "", ()
